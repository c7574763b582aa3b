import { createHash } from "node:crypto";
import type { Database, Queryable } from "@db/client";
import { pgErrorCode } from "@db/pipeline";
import { userProfiles } from "@db/schema";
import {
  PROFILE_EDIT_FIELDS,
  PROFILE_EDIT_MESSAGES,
  type ProfileEditInput,
} from "@domain/network/profile-edit";
import { USERNAME_MESSAGES } from "@domain/network/username";
import type { AppearanceInput } from "@domain/rules/appearance";
import type { AccountSettingsInput, ProfileUpdateInput } from "@domain/rules/profile";
import { eq, sql } from "drizzle-orm";

export class ProfileNotFoundError extends Error {
  constructor() {
    super("Profile not found");
  }
}

/** Each profile field of the forms (snake case, as posted) and its column. */
const PROFILE_COLUMNS = {
  full_name: "fullName",
  display_name: "displayName",
  phone: "phone",
  location: "location",
  bio: "bio",
  website_url: "websiteUrl",
  linkedin_url: "linkedinUrl",
  twitter_handle: "twitterHandle",
  company_name: "companyName",
  job_title: "jobTitle",
  professional_summary: "professionalSummary",
  years_experience: "yearsExperience",
  timezone: "timezone",
  is_public: "isPublic",
  email_notifications: "emailNotifications",
} as const satisfies Record<keyof ProfileUpdateInput, keyof typeof userProfiles.$inferInsert>;

/** The columns to write for the given fields of a checked form; a field left empty is cleared. */
function profileColumns<K extends keyof ProfileUpdateInput>(
  input: Pick<ProfileUpdateInput, K>,
  fields: readonly K[],
): Partial<typeof userProfiles.$inferInsert> {
  const set: Record<string, unknown> = {};
  for (const field of fields) set[PROFILE_COLUMNS[field]] = input[field] ?? null;
  return set as Partial<typeof userProfiles.$inferInsert>;
}

const ACCOUNT_FIELDS = ["timezone", "email_notifications"] as const;

/**
 * Writes the account settings page's fields (time zone, e-mail notifications) and updated_at (spec 000
 * section 7). The profile's own fields are /profile/edit's (editOwnProfile). A field left empty is
 * cleared.
 */
export async function updateAccountSettings(db: Queryable, userId: string, input: AccountSettingsInput) {
  const updated = await db
    .update(userProfiles)
    .set({ ...profileColumns(input, ACCOUNT_FIELDS), updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId))
    .returning({ id: userProfiles.id });
  if (updated.length === 0) throw new ProfileNotFoundError();
}

/** What /profile/edit shows and edits, with the version the form carries. */
export interface ProfileEditValues {
  username: string;
  full_name: string | null;
  display_name: string | null;
  company_name: string | null;
  job_title: string | null;
  linkedin_url: string | null;
  twitter_handle: string | null;
  bio: string | null;
  professional_summary: string | null;
  years_experience: number | null;
  location: string | null;
  website_url: string | null;
  phone: string | null;
  is_public: boolean;
  avatar_url: string | null;
  version: string;
}

/**
 * The version of the profile as /profile/edit edits it: a digest of the fields that form writes (and
 * the username). Not updated_at: switching the active role or folding the sidebar writes updated_at too,
 * and must not make an open profile form stale.
 */
export function profileEditVersion(values: Omit<ProfileEditValues, "version" | "avatar_url">): string {
  const fields = [
    values.username,
    values.full_name,
    values.display_name,
    values.company_name,
    values.job_title,
    values.linkedin_url,
    values.twitter_handle,
    values.bio,
    values.professional_summary,
    values.years_experience,
    values.location,
    values.website_url,
    values.phone,
    values.is_public,
  ];
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex").slice(0, 32);
}

/** The profile's editable values and version, optionally locking the row (inside a transaction). */
export async function readProfileEditValues(
  db: Queryable,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<ProfileEditValues | null> {
  const query = db
    .select({
      username: userProfiles.username,
      full_name: userProfiles.fullName,
      display_name: userProfiles.displayName,
      company_name: userProfiles.companyName,
      job_title: userProfiles.jobTitle,
      linkedin_url: userProfiles.linkedinUrl,
      twitter_handle: userProfiles.twitterHandle,
      bio: userProfiles.bio,
      professional_summary: userProfiles.professionalSummary,
      years_experience: userProfiles.yearsExperience,
      location: userProfiles.location,
      website_url: userProfiles.websiteUrl,
      phone: userProfiles.phone,
      is_public: userProfiles.isPublic,
      avatar_url: userProfiles.avatarUrl,
    })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) return null;
  const values = { ...row, username: row.username ?? "" };
  return { ...values, version: profileEditVersion(values) };
}

export type ProfileEditResult =
  | { ok: true; username: string }
  | { ok: false; kind: "conflict"; message: string; current: ProfileEditValues }
  | { ok: false; kind: "validation"; message: string; fieldErrors: Record<string, string[]> };

/**
 * Saves /profile/edit (issue 28): the profile fields (the account form's rules and column mapping) and
 * the username, when the form's version is still the profile's (else a conflict with the current
 * values: 409). A username someone else holds is refused on the field (the unique index decides).
 */
export async function editOwnProfile(
  db: Database,
  userId: string,
  input: ProfileEditInput,
): Promise<ProfileEditResult> {
  try {
    return await db.transaction(async (tx) => {
      const current = await readProfileEditValues(tx, userId, { lock: true });
      if (!current) throw new ProfileNotFoundError();
      if (current.version !== input.version) {
        return { ok: false, kind: "conflict", message: PROFILE_EDIT_MESSAGES.stale, current } as const;
      }
      await tx
        .update(userProfiles)
        .set({
          ...profileColumns(input, PROFILE_EDIT_FIELDS),
          username: input.username,
          updatedAt: sql`now()`,
        })
        .where(eq(userProfiles.id, userId));
      return { ok: true, username: input.username } as const;
    });
  } catch (error) {
    const { code, constraint } = pgErrorCode(error);
    if (code === "23505" && (constraint === undefined || constraint === "user_profiles_username_unique")) {
      return {
        ok: false,
        kind: "validation",
        message: USERNAME_MESSAGES.taken,
        fieldErrors: { username: [USERNAME_MESSAGES.taken] },
      };
    }
    throw error;
  }
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
