import type { RoleType } from "./types";

/** Verification methods and the roles that may use them (spec 000 section 3). */
export const VERIFICATION_METHODS = [
  "document_upload",
  "cam_license",
  "bar_number",
  "sunbiz",
  "manual",
] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

export const VERIFICATION_METHOD_LABELS: Record<VerificationMethod, string> = {
  document_upload: "Upload documents",
  cam_license: "CAM license number",
  bar_number: "Bar number",
  sunbiz: "Sunbiz business registration",
  manual: "Manual review",
};

export const VERIFICATION_METHOD_HINTS: Record<VerificationMethod, string> = {
  document_upload: "A license, certificate of insurance, board resolution or similar document.",
  cam_license: "Your Florida Community Association Manager license number.",
  bar_number: "Your state bar number.",
  sunbiz: "Your company's registration number in Florida's Sunbiz business registry.",
  manual: "Our team contacts you to confirm your role.",
};

const METHOD_ROLES: Record<VerificationMethod, readonly RoleType[] | "all"> = {
  document_upload: "all",
  cam_license: ["manager"],
  bar_number: ["attorney"],
  sunbiz: ["vendor", "manager"],
  manual: "all",
};

export function verificationMethodsFor(roleType: RoleType): VerificationMethod[] {
  return VERIFICATION_METHODS.filter((method) => {
    const roles = METHOD_ROLES[method];
    return roles === "all" || roles.includes(roleType);
  });
}

/** Verification is required for every role except homeowner and other. */
export function requiresVerification(roleType: RoleType): boolean {
  return roleType !== "homeowner" && roleType !== "other";
}

/** A role that requires verification defaults to document_upload. */
export function defaultVerificationMethod(roleType: RoleType): VerificationMethod | null {
  return requiresVerification(roleType) ? "document_upload" : null;
}

export type VerificationStatus = "not_required" | "pending" | "submitted" | "verified" | "rejected";

export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  not_required: "Not Required",
  pending: "Pending",
  submitted: "Pending Review",
  verified: "Verified",
  rejected: "Rejected",
};

/** The status of a new role: pending verification, or not_required for roles that need none. */
export function initialVerificationStatus(roleType: RoleType): VerificationStatus {
  return requiresVerification(roleType) ? "pending" : "not_required";
}

/**
 * Issue 11, part 7: verification vouches for a role at a named organization, so renaming the
 * organization of a verified role (or of one whose documents are under review) sends it back to
 * verification. Returns the new status, or null when the edit keeps the status. Names compare
 * without case and surrounding spaces ("Roofers" to "roofers " is no rename).
 */
export function verificationAfterOrganizationEdit(
  roleType: RoleType,
  status: string,
  before: string | null | undefined,
  after: string | null | undefined,
): VerificationStatus | null {
  if (!requiresVerification(roleType)) return null;
  if (status !== "verified" && status !== "submitted") return null;
  const normalize = (name: string | null | undefined) => (name ?? "").trim().toLowerCase();
  return normalize(before) === normalize(after) ? null : "pending";
}

/** A role counts as verified when reviewed and approved, or when it needs no verification. */
export function isRoleVerified(status: string): boolean {
  return status === "verified" || status === "not_required";
}

export const VERIFICATION_REVIEW_TIME = "Verification review takes about 1-2 business days";

/** Upload rules for verification documents (spec 000 sections 5 and 9). */
export const VERIFICATION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const VERIFICATION_FILE_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
