import type { Queryable } from "@db/client";
import {
  rfpProposals,
  rfps,
  roleContexts,
  userProfessionalRoles,
  userProfiles,
  verificationDocuments,
} from "@db/schema";
import { isProfileComplete, type NudgeStep, nudgeSteps } from "@domain/onboarding-nudge";
import { isOnboardingStep } from "@domain/onboarding-summary";
import { isRoleType, type RoleType } from "@domain/roles";
import type { OnboardingStep } from "@domain/rules/onboarding";
import { and, asc, eq } from "drizzle-orm";

export interface OnboardingRole {
  id: string;
  roleType: RoleType;
  title: string;
  organizationName: string | null;
  description: string | null;
  responsibilities: string[];
  verificationStatus: string;
  verificationMethod: string | null;
  verificationReference: string | null;
}

export interface OnboardingState {
  step: OnboardingStep;
  completed: boolean;
  profile: {
    fullName: string | null;
    phone: string | null;
    location: string | null;
    yearsExperience: number | null;
    professionalSummary: string | null;
    bio: string | null;
  };
  /** The role chosen in onboarding: the active context's role, else the first role. */
  role: OnboardingRole | null;
  documentCount: number;
}

const roleColumns = {
  id: userProfessionalRoles.id,
  roleType: userProfessionalRoles.roleType,
  title: userProfessionalRoles.title,
  organizationName: userProfessionalRoles.organizationName,
  description: userProfessionalRoles.description,
  responsibilities: userProfessionalRoles.responsibilities,
  verificationStatus: userProfessionalRoles.verificationStatus,
  verificationMethod: userProfessionalRoles.verificationMethod,
  verificationReference: userProfessionalRoles.verificationReference,
};

/** The active context's role, else the user's first role by display order. */
export async function getOnboardingRole(db: Queryable, userId: string): Promise<OnboardingRole | null> {
  const [active] = await db
    .select(roleColumns)
    .from(userProfiles)
    .innerJoin(roleContexts, eq(roleContexts.id, userProfiles.activeRoleContext))
    .innerJoin(userProfessionalRoles, eq(userProfessionalRoles.id, roleContexts.professionalRoleId))
    .where(and(eq(userProfiles.id, userId), eq(userProfessionalRoles.userId, userId)));
  const [row] = active
    ? [active]
    : await db
        .select(roleColumns)
        .from(userProfessionalRoles)
        .where(eq(userProfessionalRoles.userId, userId))
        .orderBy(asc(userProfessionalRoles.displayOrder), asc(userProfessionalRoles.createdAt))
        .limit(1);
  if (!row || !isRoleType(row.roleType)) return null;
  return { ...row, roleType: row.roleType };
}

export { isOnboardingStep };

/** Everything the onboarding wizard shows, for one person. */
export async function getOnboardingState(db: Queryable, userId: string): Promise<OnboardingState | null> {
  const [profile] = await db
    .select({
      step: userProfiles.onboardingStep,
      completed: userProfiles.onboardingCompleted,
      fullName: userProfiles.fullName,
      phone: userProfiles.phone,
      location: userProfiles.location,
      yearsExperience: userProfiles.yearsExperience,
      professionalSummary: userProfiles.professionalSummary,
      bio: userProfiles.bio,
    })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  if (!profile) return null;
  const role = await getOnboardingRole(db, userId);
  const documents = role
    ? await db
        .select({ id: verificationDocuments.id })
        .from(verificationDocuments)
        .where(eq(verificationDocuments.professionalRoleId, role.id))
    : [];
  const { step, completed, ...fields } = profile;
  return {
    step: isOnboardingStep(step) ? step : "welcome",
    completed,
    profile: fields,
    role,
    documentCount: documents.length,
  };
}

export interface OnboardingNudgeData {
  steps: NudgeStep[];
  completedCount: number;
  total: number;
}

/**
 * The onboarding nudge for a person (spec 000 section 2.9), or null when it should not show: they
 * dismissed it, or every step is done.
 */
export async function getOnboardingNudge(db: Queryable, userId: string): Promise<OnboardingNudgeData | null> {
  // One round: the profile, the role, and whether the person wrote an RFP (managers) or sent a
  // proposal (vendors); the RFP steps are done once they did.
  const [[profile], role, authored, proposed] = await Promise.all([
    db
      .select({
        dismissed: userProfiles.onboardingNudgeDismissed,
        fullName: userProfiles.fullName,
        location: userProfiles.location,
        professionalSummary: userProfiles.professionalSummary,
        bio: userProfiles.bio,
      })
      .from(userProfiles)
      .where(eq(userProfiles.id, userId)),
    getOnboardingRole(db, userId),
    db.select({ id: rfps.id }).from(rfps).where(eq(rfps.authorId, userId)).limit(1),
    db.select({ id: rfpProposals.id }).from(rfpProposals).where(eq(rfpProposals.vendorId, userId)).limit(1),
  ]);
  if (!profile || profile.dismissed) return null;
  const steps = nudgeSteps({
    roleType: role?.roleType ?? null,
    verificationStatus: role?.verificationStatus ?? null,
    profileComplete: isProfileComplete(profile),
    hasRole: role !== null,
    hasCreatedRfp: role?.roleType === "manager" && authored.length > 0,
    hasSubmittedProposal: role?.roleType === "vendor" && proposed.length > 0,
  });
  const completedCount = steps.filter((s) => s.done).length;
  if (steps.length === 0 || completedCount === steps.length) return null;
  return { steps, completedCount, total: steps.length };
}

/**
 * Whether the person left onboarding half-way (spec 000 section 2.8): past the welcome step and not
 * finished. Signing in brings them back to the step they were on (/onboarding resumes it) instead of
 * the page they asked for. (Someone who never started has no role, and every page that needs one
 * sends them to onboarding already.)
 */
export async function hasUnfinishedOnboarding(db: Queryable, userId: string): Promise<boolean> {
  const [profile] = await db
    .select({ completed: userProfiles.onboardingCompleted, step: userProfiles.onboardingStep })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return Boolean(profile && !profile.completed && profile.step !== "welcome");
}
