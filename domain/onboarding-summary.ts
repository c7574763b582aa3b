import type { RoleType } from "./roles/types";
import { requiresVerification, VERIFICATION_STATUS_LABELS } from "./roles/verification";
import { ONBOARDING_STEPS, type OnboardingStep } from "./rules/onboarding-steps";

export const isOnboardingStep = (value: unknown): value is OnboardingStep =>
  typeof value === "string" && (ONBOARDING_STEPS as readonly string[]).includes(value);

/** The onboarding wizard's final button: the product's enter label (spec 000 section 2.8). */
export const ONBOARDING_ENTER_LABEL = "Enter Association Commons";

export type SummaryVerification = "Pending Review" | "Not Required" | "Complete" | "Verified" | "Rejected";

/**
 * Verification in the completion summary (spec 000 section 2.8): for a role that requires
 * verification, submitted shows Pending Review, otherwise Not Required; a role that needs none shows
 * Complete. (A role an administrator already decided shows that decision.)
 */
export function summaryVerificationLabel(roleType: RoleType, status: string): SummaryVerification {
  if (!requiresVerification(roleType)) return "Complete";
  if (status === "submitted") return "Pending Review";
  if (status === "verified") return VERIFICATION_STATUS_LABELS.verified as "Verified";
  if (status === "rejected") return VERIFICATION_STATUS_LABELS.rejected as "Rejected";
  return "Not Required";
}
