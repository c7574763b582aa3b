import type { Database } from "@db/client";
import { roleContexts, userProfessionalRoles, userProfiles } from "@db/schema";
import type { OnboardingProfileInput, OnboardingStep } from "@domain/rules/onboarding";
import type { RoleInput } from "@domain/rules/roles";
import { and, eq, sql } from "drizzle-orm";
import { getOnboardingRole } from "~/queries/onboarding.server";
import { addRole, deleteRole, switchContext, updateRole } from "./roles.server";
import { deleteRoleDocuments } from "./verification.server";

/** Records where the person is in the wizard (user_profiles.onboarding_step), so a reload resumes. */
export async function setOnboardingStep(db: Database, userId: string, step: OnboardingStep): Promise<void> {
  await db
    .update(userProfiles)
    .set({ onboardingStep: step, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId));
}

/** The profile step: writes the profile fields and moves on to the role step. */
export async function saveOnboardingProfile(
  db: Database,
  userId: string,
  input: OnboardingProfileInput,
): Promise<void> {
  await db
    .update(userProfiles)
    .set({
      fullName: input.full_name,
      phone: input.phone ?? null,
      location: input.location,
      yearsExperience: input.years_experience ?? null,
      professionalSummary: input.professional_summary ?? null,
      bio: input.bio ?? null,
      onboardingStep: "role",
      updatedAt: sql`now()`,
    })
    .where(eq(userProfiles.id, userId));
}

/**
 * The role step. The first time it adds the role (addRole). When the person comes back to this step:
 * the same role type updates the role they added (updateRole); another type replaces that role, as
 * long as it is their only role and not yet verified (a new type is a new role). The chosen role's
 * context becomes the active one, and the wizard moves on to verification.
 */
export async function saveOnboardingRole(
  db: Database,
  userId: string,
  input: RoleInput,
): Promise<{ roleId: string }> {
  const existing = await getOnboardingRole(db, userId);
  let roleId: string;
  if (existing && existing.roleType === input.role_type) {
    const { role_type: _type, ...fields } = input;
    await updateRole(db, userId, existing.id, fields);
    roleId = existing.id;
  } else {
    if (existing) {
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(userProfessionalRoles)
        .where(eq(userProfessionalRoles.userId, userId));
      if (count === 1 && existing.verificationStatus !== "verified") {
        await deleteRoleDocuments(db, userId, existing.id);
        await deleteRole(db, userId, existing.id);
      }
    }
    ({ roleId } = await addRole(db, userId, input));
  }
  const [context] = await db
    .select({ id: roleContexts.id })
    .from(roleContexts)
    .where(and(eq(roleContexts.professionalRoleId, roleId), eq(roleContexts.userId, userId)));
  if (context) await switchContext(db, userId, context.id);
  await setOnboardingStep(db, userId, "verification");
  return { roleId };
}

/** The last step: onboarding_completed true and onboarding_step complete (spec 000 section 4). */
export async function completeOnboarding(db: Database, userId: string): Promise<void> {
  await db
    .update(userProfiles)
    .set({ onboardingCompleted: true, onboardingStep: "complete", updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId));
}
