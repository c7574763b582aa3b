/**
 * Spec 002 section 5, profile update: every rule and code, one test each; the update_profile limit
 * and its message (sections 8 and 9); the password-change rules, the appearance choices and the
 * session device names of the settings pages.
 */
import { APPEARANCE_SAVED_MESSAGE, AppearanceSchema, appearanceClasses } from "@domain/rules/appearance";
import {
  isTimeZone,
  PROFILE_CODES,
  PROFILE_LIMITS,
  PROFILE_UPDATED_MESSAGE,
  ProfileUpdateSchema,
  profileErrorCode,
} from "@domain/rules/profile";
import { USER_ACTION_LIMITS, userActionLimitMessage } from "@domain/rules/rate-limits";
import { ChangePasswordSchema } from "@domain/rules/security";
import { SECURITY_MESSAGES } from "@domain/rules/security-messages";
import { describeDevice } from "@domain/sessions/device";
import { describe, expect, it } from "vitest";
import type { z } from "zod";

/** The messages a schema gives for `input`, by field. */
function messages(schema: z.ZodTypeAny, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

const profile = (fields: Record<string, unknown>) => ({ full_name: "Valid Name", ...fields });
const codeOf = (field: string, input: Record<string, unknown>) => {
  const first = messages(ProfileUpdateSchema, input)[field]?.[0];
  return first ? profileErrorCode(first) : undefined;
};

describe("profile update rules (spec 002 section 5)", () => {
  it("NAME_REQUIRED: full_name is required, blank and whitespace-only included", () => {
    expect(PROFILE_CODES.NAME_REQUIRED).toBe("Full name is required");
    for (const input of [{}, { full_name: "" }, { full_name: "   " }]) {
      expect(codeOf("full_name", input)).toBe("NAME_REQUIRED");
    }
  });

  it("NAME_TOO_SHORT: full_name has at least 2 characters (after trimming)", () => {
    expect(PROFILE_LIMITS.nameMin).toBe(2);
    expect(codeOf("full_name", { full_name: "A" })).toBe("NAME_TOO_SHORT");
    expect(codeOf("full_name", { full_name: " A " })).toBe("NAME_TOO_SHORT");
    expect(PROFILE_CODES.NAME_TOO_SHORT).toBe("Full name must be at least 2 characters");
    expect(ProfileUpdateSchema.safeParse({ full_name: "Al" }).success).toBe(true);
  });

  it("NAME_TOO_LONG: full_name has at most 100 characters", () => {
    expect(PROFILE_LIMITS.nameMax).toBe(100);
    expect(codeOf("full_name", { full_name: "x".repeat(101) })).toBe("NAME_TOO_LONG");
    expect(PROFILE_CODES.NAME_TOO_LONG).toBe("Full name must be at most 100 characters");
    expect(ProfileUpdateSchema.safeParse({ full_name: "x".repeat(100) }).success).toBe(true);
  });

  it("BIO_TOO_LONG: bio has at most 500 characters", () => {
    expect(PROFILE_LIMITS.bio).toBe(500);
    expect(codeOf("bio", profile({ bio: "b".repeat(501) }))).toBe("BIO_TOO_LONG");
    expect(PROFILE_CODES.BIO_TOO_LONG).toBe("Bio must be at most 500 characters");
    expect(ProfileUpdateSchema.safeParse(profile({ bio: "b".repeat(500) })).success).toBe(true);
  });

  it("INVALID_WEBSITE_URL: website must be a valid URL if given (http or https only)", () => {
    for (const website_url of ["not a url", "example.com", "javascript:alert(1)", "ftp://example.com"]) {
      expect(codeOf("website_url", profile({ website_url }))).toBe("INVALID_WEBSITE_URL");
    }
    // One message per bad value, not one per check.
    expect(messages(ProfileUpdateSchema, profile({ website_url: "nope" })).website_url).toHaveLength(1);
    expect(PROFILE_CODES.INVALID_WEBSITE_URL).toBe("Please enter a valid website URL");
    for (const website_url of ["https://example.com", "http://example.com/a?b=c", "", undefined]) {
      expect(ProfileUpdateSchema.safeParse(profile({ website_url })).success).toBe(true);
    }
    expect(codeOf("linkedin_url", profile({ linkedin_url: "javascript:alert(1)" }))).toBe(
      "INVALID_WEBSITE_URL",
    );
  });

  it("INVALID_PHONE_NUMBER: an optional plus, a non-zero digit, then up to 15 more digits", () => {
    for (const phone of ["0123456", "+0123", "12345678901234567", "555-CALL-NOW", "+"]) {
      expect(codeOf("phone", profile({ phone }))).toBe("INVALID_PHONE_NUMBER");
    }
    expect(PROFILE_CODES.INVALID_PHONE_NUMBER).toBe("Please enter a valid phone number");
    for (const phone of ["1", "+13055550100", "1234567890123456", "+1 (305) 555-0100", ""]) {
      expect(ProfileUpdateSchema.safeParse(profile({ phone })).success).toBe(true);
    }
  });

  it("maps each message back to its code, and has exactly the codes of spec 002 section 8", () => {
    expect(Object.keys(PROFILE_CODES).sort()).toEqual([
      "BIO_TOO_LONG",
      "INVALID_PHONE_NUMBER",
      "INVALID_WEBSITE_URL",
      "NAME_REQUIRED",
      "NAME_TOO_LONG",
      "NAME_TOO_SHORT",
    ]);
    expect(profileErrorCode("something else")).toBeUndefined();
  });

  it("years of experience are 0 to 50 (spec 002 section 9)", () => {
    expect(messages(ProfileUpdateSchema, profile({ years_experience: "-1" })).years_experience).toEqual([
      "Years of experience cannot be negative",
    ]);
    expect(messages(ProfileUpdateSchema, profile({ years_experience: "51" })).years_experience).toEqual([
      "Years of experience cannot be more than 50",
    ]);
    expect(ProfileUpdateSchema.parse(profile({ years_experience: "50" })).years_experience).toBe(50);
  });

  it("keeps the time zone to names the runtime knows, and reads checkboxes as on/off", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    const parsed = ProfileUpdateSchema.parse(profile({ is_public: "on" }));
    expect(parsed).toMatchObject({ is_public: true, email_notifications: false });
  });

  it("says Profile updated after a successful update", () => {
    expect(PROFILE_UPDATED_MESSAGE).toBe("Profile updated");
  });
});

describe("update_profile rate limit (spec 002 sections 8 and 9)", () => {
  it("allows 3 per minute", () => {
    expect(USER_ACTION_LIMITS.update_profile).toEqual({ limit: 3, windowSeconds: 60 });
  });

  it("answers with the limit message, naming the wait when known", () => {
    expect(userActionLimitMessage("update_profile", 42)).toBe(
      "You're updating your profile too frequently. Please try again in 42 seconds.",
    );
    expect(userActionLimitMessage("update_profile")).toBe(
      "You're updating your profile too frequently. Please try again later.",
    );
  });
});

describe("change password", () => {
  const base = {
    intent: "change-password",
    current_password: "the-old-password",
    new_password: "a-brand-new-password",
    confirm_password: "a-brand-new-password",
  };

  it("accepts 12 to 128 characters, different from the current one and confirmed", () => {
    expect(ChangePasswordSchema.safeParse(base).success).toBe(true);
    expect(
      messages(ChangePasswordSchema, { ...base, new_password: "short", confirm_password: "short" }),
    ).toEqual({ new_password: ["Password must be at least 12 characters"] });
    const long = "x".repeat(129);
    expect(messages(ChangePasswordSchema, { ...base, new_password: long, confirm_password: long })).toEqual({
      new_password: ["Password must be at most 128 characters"],
    });
    expect(messages(ChangePasswordSchema, { ...base, confirm_password: "something-else-here" })).toEqual({
      confirm_password: ["Passwords do not match"],
    });
    expect(
      messages(ChangePasswordSchema, {
        ...base,
        new_password: base.current_password,
        confirm_password: base.current_password,
      }),
    ).toEqual({ new_password: ["The new password must be different from the current one"] });
    expect(messages(ChangePasswordSchema, { ...base, current_password: "" })).toEqual({
      current_password: ["Current password is required"],
    });
  });

  it("only under its own intent, and fails with Password update failed", () => {
    expect(ChangePasswordSchema.safeParse({ ...base, intent: "revoke-session" }).success).toBe(false);
    expect(SECURITY_MESSAGES.passwordUpdateFailed).toBe("Password update failed");
  });
});

describe("appearance", () => {
  it("offers system, light and dark, compact mode and reduced motion", () => {
    expect(AppearanceSchema.parse({ theme: "dark", compact_mode: "on" })).toEqual({
      theme: "dark",
      compact_mode: true,
      reduced_motion: false,
    });
    expect(AppearanceSchema.safeParse({ theme: "neon" }).success).toBe(false);
    expect(APPEARANCE_SAVED_MESSAGE).toBe("Appearance saved");
  });

  it("names the page root's classes as the root loader does", () => {
    expect(appearanceClasses({ theme: "system", compactMode: false, reducedMotion: true })).toEqual({
      theme: "theme-system",
      compact: false,
      "reduce-motion": true,
    });
    expect(appearanceClasses({ theme: "dark", compactMode: true, reducedMotion: false }).theme).toBe("dark");
  });
});

describe("session devices in plain words", () => {
  it.each([
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome on macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      "Edge on Windows",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox on Linux"],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
      "Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iPad",
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome on ChromeOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Vivaldi/6.7.3329.41",
      "Vivaldi on Windows",
    ],
    ["curl/8.5.0", "curl on unknown system"],
    [null, "Unknown device"],
    ["", "Unknown device"],
    ["SomeBot/1.0", "Unknown browser on unknown system"],
  ])("%s -> %s", (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});
