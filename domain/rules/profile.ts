import { z } from "zod";

/** Profile update rules and codes (spec 002 section 5). */
export const PROFILE_CODES = {
  NAME_REQUIRED: "Full name is required",
  NAME_TOO_SHORT: "Full name must be at least 2 characters",
  NAME_TOO_LONG: "Full name must be at most 100 characters",
  BIO_TOO_LONG: "Bio must be at most 500 characters",
  INVALID_WEBSITE_URL: "Please enter a valid website URL",
  INVALID_PHONE_NUMBER: "Please enter a valid phone number",
} as const;
export type ProfileCode = keyof typeof PROFILE_CODES;

export { PROFILE_LIMITS } from "./profile-limits";

import { PROFILE_LIMITS } from "./profile-limits";

/** An optional plus, a non-zero digit, then up to 15 more digits. */
export const PROFILE_PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;

export { isTimeZone } from "@domain/time-zone";

import { isTimeZone } from "@domain/time-zone";

/** An absolute http(s) address (so a link to it can never run script). */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

export const ProfileUpdateSchema = z.object({
  full_name: z.preprocess(
    blankToUndefined,
    z
      .string({ required_error: PROFILE_CODES.NAME_REQUIRED })
      .trim()
      .min(PROFILE_LIMITS.nameMin, PROFILE_CODES.NAME_TOO_SHORT)
      .max(PROFILE_LIMITS.nameMax, PROFILE_CODES.NAME_TOO_LONG),
  ),
  display_name: optionalText(100),
  bio: z.preprocess(
    blankToUndefined,
    z.string().trim().max(PROFILE_LIMITS.bio, PROFILE_CODES.BIO_TOO_LONG).optional(),
  ),
  website_url: z.preprocess(
    blankToUndefined,
    z.string().trim().max(2048).refine(isWebUrl, PROFILE_CODES.INVALID_WEBSITE_URL).optional(),
  ),
  phone: z.preprocess(
    // People type spaces, hyphens and parentheses; the rule applies to what is left.
    (v) =>
      typeof v === "string"
        ? v.replace(/[\s\-().]/g, "") === ""
          ? undefined
          : v.replace(/[\s\-().]/g, "")
        : v,
    z.string().regex(PROFILE_PHONE_PATTERN, PROFILE_CODES.INVALID_PHONE_NUMBER).optional(),
  ),
  location: optionalText(120),
  company_name: optionalText(160),
  job_title: optionalText(120),
  linkedin_url: z.preprocess(
    blankToUndefined,
    z.string().trim().max(2048).refine(isWebUrl, PROFILE_CODES.INVALID_WEBSITE_URL).optional(),
  ),
  twitter_handle: optionalText(40),
  professional_summary: optionalText(1000),
  years_experience: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ invalid_type_error: "Years of experience must be a number" })
      .int("Years of experience must be a whole number")
      .min(0, "Years of experience cannot be negative")
      .max(50, "Years of experience cannot be more than 50")
      .optional(),
  ),
  timezone: z.preprocess(
    blankToUndefined,
    z.string().trim().max(64).refine(isTimeZone, "Please choose a time zone from the list").optional(),
  ),
  is_public: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  email_notifications: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});
export type ProfileUpdateInput = z.output<typeof ProfileUpdateSchema>;

/** The code of the first profile rule an input breaks, for APIs that answer with a code. */
export function profileErrorCode(message: string): ProfileCode | undefined {
  return (Object.keys(PROFILE_CODES) as ProfileCode[]).find((code) => PROFILE_CODES[code] === message);
}

/** Shown after a successful profile update; failures show AUTH_FALLBACK_MESSAGES.profileUpdateFailed. */
export const PROFILE_UPDATED_MESSAGE = "Profile updated";

/**
 * /settings/account's form: the account-level preferences kept on the profile row (time zone, e-mail
 * notifications). What others see of a person (name, bio, links, ...) is edited on /profile/edit only.
 */
export const AccountSettingsSchema = ProfileUpdateSchema.pick({ timezone: true, email_notifications: true });
export type AccountSettingsInput = z.output<typeof AccountSettingsSchema>;
export const ACCOUNT_SETTINGS_SAVED = "Account settings saved";
