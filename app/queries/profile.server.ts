import type { Queryable } from "@db/client";
import { userProfiles } from "@db/schema";
import { eq } from "drizzle-orm";

/** The fields the account settings page edits (time zone, e-mail notifications), plus the read-only e-mail. */
export async function getEditableProfile(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      email: userProfiles.email,
      timezone: userProfiles.timezone,
      email_notifications: userProfiles.emailNotifications,
    })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row ?? null;
}
export type EditableProfile = NonNullable<Awaited<ReturnType<typeof getEditableProfile>>>;

/** Appearance preferences (the root loader reads the same columns for the page root's classes). */
export async function getAppearance(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      theme: userProfiles.theme,
      compactMode: userProfiles.compactMode,
      reducedMotion: userProfiles.reducedMotion,
    })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  if (!row) return null;
  const theme = row.theme === "light" || row.theme === "dark" ? row.theme : "system";
  return { ...row, theme } as const;
}

/** The address notification e-mail goes to and whether it is on (the unsubscribe page). */
export async function getEmailNotificationSetting(db: Queryable, userId: string) {
  const [row] = await db
    .select({ email: userProfiles.email, on: userProfiles.emailNotifications })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row ?? null;
}
