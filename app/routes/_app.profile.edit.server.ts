import { parseWithZod } from "@conform-to/zod";
import { ProfileEditActionSchema } from "@domain/network/profile-edit";
import { USER_ACTION_LIMITS, userActionLimitMessage } from "@domain/rules/rate-limits";
import { hitRateLimit, type RateLimitResult } from "~/auth/rate-limit.server";
import { type ReceivedAvatar, readAvatarUpload } from "~/commands/avatars.server";
import { getDb } from "~/db.server";
import { isMultipart, readForm } from "~/forms.server";

/**
 * /profile/edit's one pipeline: every form (the profile's fields, the photo upload, remove photo) is
 * read here, multipart or not, and checked with one schema, a union on `intent`. Only the upload may
 * carry a file.
 */
export async function readProfileEditForm(request: Request) {
  const { formData, files } = isMultipart(request)
    ? await readAvatarUpload(request)
    : { formData: await readForm(request), files: [] as ReceivedAvatar[] };
  return { files, submission: parseWithZod(formData, { schema: ProfileEditActionSchema }) };
}

/** A per-user limit of spec 002 section 9; if the limiter itself fails, the action goes ahead. */
async function userLimit(
  action: "update_profile" | "upload_file",
  userId: string,
): Promise<RateLimitResult & { message: string }> {
  try {
    const hit = await hitRateLimit(await getDb(), `${action}:user:${userId}`, USER_ACTION_LIMITS[action]);
    return { ...hit, message: userActionLimitMessage(action, hit.retryAfter) };
  } catch (error) {
    console.error(`${action} rate limiter failed; allowing it`, error);
    return { allowed: true, remaining: 0, retryAfter: 0, message: "" };
  }
}

export const profileUpdateLimit = (userId: string) => userLimit("update_profile", userId);
export const avatarUploadLimit = (userId: string) => userLimit("upload_file", userId);
