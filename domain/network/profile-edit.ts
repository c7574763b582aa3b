import { z } from "zod";
import { ProfileUpdateSchema } from "../rules/profile";
import { USERNAME_MESSAGES, usernameProblem } from "./username";

export { PROFILE_EDIT_MESSAGES } from "./profile";

/**
 * /profile/edit (issue 28, part 1): the one place a person edits what their profile shows (the
 * account settings page links here). It uses the profile rules (ProfileUpdateSchema of spec 002
 * section 5: full name 2 to 100 with NAME_REQUIRED / NAME_TOO_SHORT / NAME_TOO_LONG, bio at most 500,
 * website URL, phone pattern, years 0 to 50) and adds the username and the version the form was
 * rendered from.
 */

/** The profile fields this form edits: every field of the profile but the account-level ones. */
export const PROFILE_EDIT_FIELDS = [
  "full_name",
  "display_name",
  "company_name",
  "job_title",
  "linkedin_url",
  "twitter_handle",
  "bio",
  "professional_summary",
  "years_experience",
  "location",
  "website_url",
  "phone",
  "is_public",
] as const;
export type ProfileEditField = (typeof PROFILE_EDIT_FIELDS)[number];

export const UsernameSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z.string({ required_error: USERNAME_MESSAGES.required }).superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  }),
);

const version = z.string({ required_error: "Missing version" }).min(1).max(200);

export const ProfileEditSchema = ProfileUpdateSchema.pick({
  full_name: true,
  display_name: true,
  company_name: true,
  job_title: true,
  linkedin_url: true,
  twitter_handle: true,
  bio: true,
  professional_summary: true,
  years_experience: true,
  location: true,
  website_url: true,
  phone: true,
  is_public: true,
}).extend({
  intent: z.literal("update-profile"),
  username: UsernameSchema,
  version,
});
export type ProfileEditInput = z.output<typeof ProfileEditSchema>;

/** Every form of /profile/edit, told apart by `intent`. */
export const ProfileEditActionSchema = z.discriminatedUnion("intent", [
  ProfileEditSchema,
  z.object({ intent: z.literal("upload-avatar") }),
  z.object({ intent: z.literal("remove-avatar") }),
]);
export type ProfileEditAction = z.output<typeof ProfileEditActionSchema>;
