import { parseWithZod } from "@conform-to/zod";
import { AUTH_FALLBACK_MESSAGES } from "@domain/rules/account-messages";
import { AccountSettingsSchema } from "@domain/rules/profile";
import { USER_ACTION_LIMITS, userActionLimitMessage } from "@domain/rules/rate-limits";
import { hitRateLimit, type RateLimitResult } from "~/auth/rate-limit.server";
import { getDb } from "~/db.server";

/**
 * The account form (/settings/account: time zone and e-mail notifications; the profile's fields are
 * /profile/edit's), checked on the server only: the page's JavaScript carries no zod (issue 27,
 * part 3); Conform shows the errors the action answers (lastResult).
 */

export { ACCOUNT_SETTINGS_SAVED } from "@domain/rules/profile";

export const parseAccountForm = (formData: FormData) =>
  parseWithZod(formData, { schema: AccountSettingsSchema });

/** The alert over a refused form. */
export const ACCOUNT_FAILED = {
  title: AUTH_FALLBACK_MESSAGES.profileUpdateFailed,
  message: "Please correct the highlighted fields and try again.",
};

export const profileLimitMessage = (retryAfter: number) =>
  userActionLimitMessage("update_profile", retryAfter);

/**
 * Spec 002: update_profile, 3 per minute, keyed by user id (shared with /profile/edit: both write the
 * profile row). If the limiter fails, the update goes ahead.
 */
export async function profileRateLimit(userId: string): Promise<RateLimitResult> {
  try {
    return await hitRateLimit(
      await getDb(),
      `update_profile:user:${userId}`,
      USER_ACTION_LIMITS.update_profile,
    );
  } catch (error) {
    console.error("update_profile rate limiter failed; allowing the update", error);
    return { allowed: true, remaining: 0, retryAfter: 0 };
  }
}
