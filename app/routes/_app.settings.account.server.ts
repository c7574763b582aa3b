import { parseWithZod } from "@conform-to/zod";
import { AUTH_FALLBACK_MESSAGES } from "@domain/rules/account-messages";
import { ProfileUpdateSchema } from "@domain/rules/profile";
import { USER_ACTION_LIMITS, userActionLimitMessage } from "@domain/rules/rate-limits";
import { hitRateLimit, type RateLimitResult } from "~/auth/rate-limit.server";
import { getDb } from "~/db.server";

/**
 * The account form (/settings/account), checked on the server only: the page's JavaScript carries no
 * zod (issue 27, part 3); Conform shows the errors the action answers (lastResult).
 */

export { PROFILE_UPDATED_MESSAGE } from "@domain/rules/profile";

export const parseProfileForm = (formData: FormData) =>
  parseWithZod(formData, { schema: ProfileUpdateSchema });

/** The alert over a refused form. */
export const PROFILE_FAILED = {
  title: AUTH_FALLBACK_MESSAGES.profileUpdateFailed,
  message: "Please correct the highlighted fields and try again.",
};

export const profileLimitMessage = (retryAfter: number) =>
  userActionLimitMessage("update_profile", retryAfter);

/** Spec 002: update_profile, 3 per minute, keyed by user id. If the limiter fails, the update goes ahead. */
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
