import { z } from "zod";
import {
  VERIFICATION_FILE_MAX_BYTES,
  VERIFICATION_FILE_TYPES,
  VERIFICATION_METHODS,
  type VerificationMethod,
} from "../roles/verification";
import {
  ONBOARDING_MESSAGES,
  ONBOARDING_STEPS,
  type OnboardingStep,
  PROFILE_TEXT_LIMITS,
  whatsNext,
  YEARS_EXPERIENCE_MAX,
} from "./onboarding-steps";

export {
  ONBOARDING_MESSAGES,
  ONBOARDING_STEPS,
  type OnboardingStep,
  PROFILE_TEXT_LIMITS,
  whatsNext,
  YEARS_EXPERIENCE_MAX,
};

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Digits, spaces, hyphens and parentheses, with an optional leading plus. */
export const ONBOARDING_PHONE_PATTERN = /^\+?[\d\s\-()]+$/;

export const OnboardingProfileSchema = z.object({
  full_name: z.preprocess(
    blankToUndefined,
    z
      .string({ required_error: ONBOARDING_MESSAGES.fullNameRequired })
      .trim()
      .max(PROFILE_TEXT_LIMITS.fullName),
  ),
  phone: z.preprocess(
    blankToUndefined,
    z.string().trim().max(40).regex(ONBOARDING_PHONE_PATTERN, ONBOARDING_MESSAGES.phoneInvalid).optional(),
  ),
  location: z.preprocess(
    blankToUndefined,
    z
      .string({ required_error: ONBOARDING_MESSAGES.locationRequired })
      .trim()
      .max(PROFILE_TEXT_LIMITS.location),
  ),
  years_experience: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ invalid_type_error: "Years of experience must be a number" })
      .int("Years of experience must be a whole number")
      .min(0, ONBOARDING_MESSAGES.yearsNegative)
      .max(YEARS_EXPERIENCE_MAX, `Years of experience cannot be more than ${YEARS_EXPERIENCE_MAX}`)
      .optional(),
  ),
  professional_summary: z.preprocess(
    blankToUndefined,
    z.string().trim().max(PROFILE_TEXT_LIMITS.summary).optional(),
  ),
  bio: z.preprocess(blankToUndefined, z.string().trim().max(PROFILE_TEXT_LIMITS.bio).optional()),
});
export type OnboardingProfileInput = z.output<typeof OnboardingProfileSchema>;

/**
 * The verification step's fields (the files are checked separately, by content, on the server).
 * `documentCount` is how many acceptable files arrived with the form.
 */
export const VerificationSchema = z
  .object({
    method: z.preprocess(
      blankToUndefined,
      // One message for a missing or unknown method (zod refuses required_error beside an errorMap).
      z.enum(VERIFICATION_METHODS, { errorMap: () => ({ message: ONBOARDING_MESSAGES.methodRequired }) }),
    ),
    license_number: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
    bar_number: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
    registration_number: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
    documentCount: z.number().int().min(0).default(0),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (v.method === "document_upload" && v.documentCount < 1)
      need("documents", ONBOARDING_MESSAGES.documentsRequired);
    if (v.method === "cam_license" && !v.license_number)
      need("license_number", ONBOARDING_MESSAGES.camLicenseRequired);
    if (v.method === "bar_number" && !v.bar_number) need("bar_number", ONBOARDING_MESSAGES.barNumberRequired);
    if (v.method === "sunbiz" && !v.registration_number)
      need("registration_number", ONBOARDING_MESSAGES.registrationRequired);
  });
export type VerificationInput = z.output<typeof VerificationSchema>;

/** The reference number a method carries, if any. */
export function verificationReference(v: VerificationInput): string | undefined {
  const byMethod: Record<VerificationMethod, string | undefined> = {
    document_upload: undefined,
    cam_license: v.license_number,
    bar_number: v.bar_number,
    sunbiz: v.registration_number,
    manual: undefined,
  };
  return byMethod[v.method];
}

export type FileCheck =
  | { ok: true; contentType: (typeof VERIFICATION_FILE_TYPES)[number] }
  | { ok: false; message: string };

/**
 * Checks one verification file: its type as sniffed from its content (not its name or the browser's
 * claim) and its size. Errors read "filename: reason".
 */
export function checkVerificationFile(file: {
  name: string;
  size: number;
  sniffedType: string | undefined;
}): FileCheck {
  const type = VERIFICATION_FILE_TYPES.find((t) => t === file.sniffedType);
  if (!type) return { ok: false, message: `${file.name}: ${ONBOARDING_MESSAGES.fileType}` };
  if (file.size >= VERIFICATION_FILE_MAX_BYTES)
    return { ok: false, message: `${file.name}: ${ONBOARDING_MESSAGES.fileSize}` };
  return { ok: true, contentType: type };
}
