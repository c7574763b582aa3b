import type { Queryable } from "@db/client";
import { userProfiles } from "@db/schema";
import type { AppearanceInput } from "@domain/rules/appearance";
import type { ProfileUpdateInput } from "@domain/rules/profile";
import { eq, sql } from "drizzle-orm";

export class ProfileNotFoundError extends Error {
  constructor() {
    super("Profile not found");
  }
}

/**
 * Writes the profile fields of the account settings page and updated_at (spec 000 section 7).
 * A field left empty is cleared.
 */
export async function updateProfile(db: Queryable, userId: string, input: ProfileUpdateInput) {
  const updated = await db
    .update(userProfiles)
    .set({
      fullName: input.full_name,
      displayName: input.display_name ?? null,
      phone: input.phone ?? null,
      location: input.location ?? null,
      bio: input.bio ?? null,
      websiteUrl: input.website_url ?? null,
      linkedinUrl: input.linkedin_url ?? null,
      twitterHandle: input.twitter_handle ?? null,
      companyName: input.company_name ?? null,
      jobTitle: input.job_title ?? null,
      professionalSummary: input.professional_summary ?? null,
      yearsExperience: input.years_experience ?? null,
      timezone: input.timezone ?? null,
      isPublic: input.is_public,
      emailNotifications: input.email_notifications,
      updatedAt: sql`now()`,
    })
    .where(eq(userProfiles.id, userId))
    .returning({ id: userProfiles.id });
  if (updated.length === 0) throw new ProfileNotFoundError();
}

/** Saves the appearance preferences the root loader turns into classes on <html>. */
export async function updateAppearance(db: Queryable, userId: string, input: AppearanceInput) {
  const updated = await db
    .update(userProfiles)
    .set({
      theme: input.theme,
      compactMode: input.compact_mode,
      reducedMotion: input.reduced_motion,
      updatedAt: sql`now()`,
    })
    .where(eq(userProfiles.id, userId))
    .returning({ id: userProfiles.id });
  if (updated.length === 0) throw new ProfileNotFoundError();
}

/**
 * Turns notification e-mail on or off (the account settings checkbox, and the unsubscribe link in every
 * notification e-mail). Returns the address it applies to, or null when there is no such profile.
 */
export async function setEmailNotifications(db: Queryable, userId: string, on: boolean) {
  const [row] = await db
    .update(userProfiles)
    .set({ emailNotifications: on, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId))
    .returning({ email: userProfiles.email });
  return row?.email ?? null;
}
