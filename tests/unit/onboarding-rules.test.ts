/**
 * Spec 000 section 5, onboarding: every message and limit of the profile and verification steps, one
 * test each (the role step's messages are in tests/unit/roles.test.ts), the file checks by content,
 * the completion summary and What's Next (section 2.8) and the nudge (section 2.9).
 */
import { isProfileComplete, NUDGE_STEPS, nudgeSteps } from "@domain/onboarding-nudge";
import { ONBOARDING_ENTER_LABEL, summaryVerificationLabel } from "@domain/onboarding-summary";
import { VERIFICATION_FILE_MAX_BYTES } from "@domain/roles";
import {
  checkVerificationFile,
  ONBOARDING_STEPS,
  OnboardingProfileSchema,
  VerificationSchema,
  verificationReference,
  whatsNext,
  YEARS_EXPERIENCE_MAX,
} from "@domain/rules/onboarding";
import { fileTypeFromBuffer } from "file-type";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { FAKE_PDF, TINY_GIF, TINY_JPEG, TINY_PDF, TINY_PNG } from "../support/files";

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

const validProfile = { full_name: "Morgan Manager", location: "Miami, FL" };

describe("onboarding steps (spec 000 sections 2.8 and 9)", () => {
  it("has 5 steps: welcome, profile, role, verification, complete", () => {
    expect(ONBOARDING_STEPS).toEqual(["welcome", "profile", "role", "verification", "complete"]);
  });
});

describe("profile step (spec 000 section 5)", () => {
  it("accepts a name and a location alone (phone, years, summary and bio are optional)", () => {
    expect(messages(OnboardingProfileSchema, validProfile)).toEqual({});
  });

  it("requires full_name: Full name is required", () => {
    expect(messages(OnboardingProfileSchema, { ...validProfile, full_name: "  " }).full_name).toEqual([
      "Full name is required",
    ]);
  });

  it("requires location: Location is required", () => {
    expect(messages(OnboardingProfileSchema, { ...validProfile, location: "" }).location).toEqual([
      "Location is required",
    ]);
  });

  it("accepts a phone of digits, spaces, hyphens, parentheses and a leading plus", () => {
    expect(messages(OnboardingProfileSchema, { ...validProfile, phone: "+1 (305) 555-0100" })).toEqual({});
  });

  it("refuses any other phone: Please enter a valid phone number", () => {
    for (const phone of ["555-CALL-NOW", "1+305", "305.555.0100"]) {
      expect(messages(OnboardingProfileSchema, { ...validProfile, phone }).phone).toEqual([
        "Please enter a valid phone number",
      ]);
    }
  });

  it("refuses negative years: Years of experience cannot be negative", () => {
    expect(
      messages(OnboardingProfileSchema, { ...validProfile, years_experience: "-1" }).years_experience,
    ).toEqual(["Years of experience cannot be negative"]);
  });

  it("takes years of experience in the range 0 to 50", () => {
    expect(YEARS_EXPERIENCE_MAX).toBe(50);
    expect(OnboardingProfileSchema.parse({ ...validProfile, years_experience: "0" }).years_experience).toBe(
      0,
    );
    expect(OnboardingProfileSchema.parse({ ...validProfile, years_experience: "50" }).years_experience).toBe(
      50,
    );
    expect(
      messages(OnboardingProfileSchema, { ...validProfile, years_experience: "51" }).years_experience,
    ).toHaveLength(1);
  });
});

describe("verification step (spec 000 section 5)", () => {
  it("requires a method: Please select a verification method", () => {
    expect(messages(VerificationSchema, {}).method).toEqual(["Please select a verification method"]);
    expect(messages(VerificationSchema, { method: "carrier_pigeon" }).method).toEqual([
      "Please select a verification method",
    ]);
  });

  it("needs a document for document_upload: Please upload at least one verification document", () => {
    expect(messages(VerificationSchema, { method: "document_upload", documentCount: 0 }).documents).toEqual([
      "Please upload at least one verification document",
    ]);
    expect(messages(VerificationSchema, { method: "document_upload", documentCount: 1 })).toEqual({});
  });

  it("needs a license number for cam_license: CAM license number is required", () => {
    expect(
      messages(VerificationSchema, { method: "cam_license", license_number: " " }).license_number,
    ).toEqual(["CAM license number is required"]);
  });

  it("needs a bar number for bar_number: Bar number is required", () => {
    expect(messages(VerificationSchema, { method: "bar_number" }).bar_number).toEqual([
      "Bar number is required",
    ]);
  });

  it("needs a registration number for sunbiz: Business registration number is required", () => {
    expect(messages(VerificationSchema, { method: "sunbiz" }).registration_number).toEqual([
      "Business registration number is required",
    ]);
  });

  it("needs nothing more for manual review, and keeps the method's reference", () => {
    expect(messages(VerificationSchema, { method: "manual" })).toEqual({});
    expect(
      verificationReference(VerificationSchema.parse({ method: "sunbiz", registration_number: "P1" })),
    ).toBe("P1");
  });
});

describe("verification files, checked by content (spec 000 sections 5 and 9)", () => {
  const check = async (name: string, bytes: Buffer, size = bytes.length) =>
    checkVerificationFile({ name, size, sniffedType: (await fileTypeFromBuffer(bytes))?.mime });

  it("accepts a real PDF, PNG and JPG", async () => {
    expect(await check("license.pdf", TINY_PDF)).toEqual({ ok: true, contentType: "application/pdf" });
    expect(await check("badge.png", TINY_PNG)).toEqual({ ok: true, contentType: "image/png" });
    expect(await check("photo.jpg", TINY_JPEG)).toEqual({ ok: true, contentType: "image/jpeg" });
  });

  it("refuses a text file renamed .pdf: filename: Only PDF, JPG, and PNG files are accepted", async () => {
    expect(await check("renamed.pdf", FAKE_PDF)).toEqual({
      ok: false,
      message: "renamed.pdf: Only PDF, JPG, and PNG files are accepted",
    });
  });

  it("refuses other real types (a GIF) with the same message", async () => {
    expect(await check("animation.gif", TINY_GIF)).toEqual({
      ok: false,
      message: "animation.gif: Only PDF, JPG, and PNG files are accepted",
    });
  });

  it("takes files under 10 MB: filename: File size must be less than 10MB", async () => {
    expect(VERIFICATION_FILE_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect((await check("big.pdf", TINY_PDF, VERIFICATION_FILE_MAX_BYTES - 1)).ok).toBe(true);
    expect(await check("big.pdf", TINY_PDF, VERIFICATION_FILE_MAX_BYTES)).toEqual({
      ok: false,
      message: "big.pdf: File size must be less than 10MB",
    });
  });
});

describe("completion (spec 000 section 2.8)", () => {
  it("shows Pending Review for a submitted role that requires verification", () => {
    expect(summaryVerificationLabel("manager", "submitted")).toBe("Pending Review");
  });

  it("shows Not Required for a role that requires verification but skipped it", () => {
    expect(summaryVerificationLabel("vendor", "pending")).toBe("Not Required");
  });

  it("shows Complete for a role that needs no verification", () => {
    expect(summaryVerificationLabel("homeowner", "not_required")).toBe("Complete");
    expect(summaryVerificationLabel("other", "not_required")).toBe("Complete");
  });

  it("ends with the product's enter label", () => {
    expect(ONBOARDING_ENTER_LABEL).toBe("Enter Association Commons");
  });

  it("lists 3 next steps: Create Your First RFP for board members and managers", () => {
    for (const role of ["board_member", "manager"]) {
      expect(whatsNext(role).map((s) => s.title)).toEqual([
        "Explore the Directory",
        "Complete Your Profile",
        "Create Your First RFP",
      ]);
    }
  });

  it("lists Browse Available RFPs as the third step for every other role", () => {
    for (const role of ["vendor", "attorney", "cpa", "homeowner", "other"]) {
      expect(whatsNext(role)[2]?.title).toBe("Browse Available RFPs");
    }
  });
});

describe("onboarding nudge (spec 000 section 2.9)", () => {
  const facts = { profileComplete: false, hasRole: true, verificationStatus: "pending" } as const;

  it("links only to pages that exist", () => {
    for (const roleType of ["board_member", "manager", "vendor", "attorney", "homeowner"] as const) {
      for (const step of nudgeSteps({ ...facts, roleType })) {
        expect(NUDGE_STEPS[step.id].exists).toBe(true);
      }
    }
    expect(NUDGE_STEPS["board-room"].exists).toBe(false);
    expect(NUDGE_STEPS.directory.exists).toBe(false);
  });

  it("starts with the profile (/profile/edit) and numbers the steps", () => {
    const steps = nudgeSteps({ ...facts, roleType: "manager" });
    expect(steps[0]).toMatchObject({ id: "profile", number: 1, href: "/profile/edit", done: false });
    expect(steps.map((s) => s.number)).toEqual(steps.map((_, i) => i + 1));
  });

  it("gives vendors the verification link (/vendors/verification is /settings/verification)", () => {
    const steps = nudgeSteps({ ...facts, roleType: "vendor" });
    expect(steps.find((s) => s.id === "verification")?.href).toBe("/settings/verification");
  });

  it("marks completed steps done", () => {
    const steps = nudgeSteps({
      roleType: "manager",
      verificationStatus: "submitted",
      profileComplete: true,
      hasRole: true,
      hasCreatedRfp: true,
    });
    expect(steps.every((s) => s.done)).toBe(true);
  });

  it("shows a vendor Browse available RFPs (/rfps), done once they sent a proposal", () => {
    const steps = nudgeSteps({ ...facts, roleType: "vendor" });
    expect(steps.map((s) => [s.id, s.href])).toEqual([
      ["profile", "/profile/edit"],
      ["verification", "/settings/verification"],
      ["browse-rfps", "/rfps"],
    ]);
    expect(steps.find((s) => s.id === "browse-rfps")).toMatchObject({
      title: "Browse available RFPs",
      done: false,
    });
    const after = nudgeSteps({ ...facts, roleType: "vendor", hasSubmittedProposal: true });
    expect(after.find((s) => s.id === "browse-rfps")?.done).toBe(true);
  });

  it("shows a manager Create your first RFP: to /rfps/new once verified, to verification until then", () => {
    const step = (verificationStatus: string, extra: { hasCreatedRfp?: boolean } = {}) =>
      nudgeSteps({ ...facts, roleType: "manager", verificationStatus, ...extra }).find(
        (s) => s.id === "create-rfp",
      );
    expect(step("verified")).toMatchObject({
      title: "Create your first RFP",
      href: "/rfps/new",
      done: false,
    });
    expect(step("verified")?.note).toBeUndefined();
    expect(step("pending")).toMatchObject({ href: "/settings/verification", note: "Verify to create" });
    expect(step("rejected")).toMatchObject({ href: "/settings/verification", note: "Verify to create" });
    expect(step("submitted")).toMatchObject({
      href: "/settings/verification",
      note: "Verification pending",
    });
    expect(step("verified", { hasCreatedRfp: true })?.done).toBe(true);
  });

  it("asks for a role first when there is none", () => {
    const steps = nudgeSteps({
      roleType: null,
      verificationStatus: null,
      profileComplete: true,
      hasRole: false,
    });
    expect(steps.map((s) => [s.id, s.done])).toEqual([
      ["profile", true],
      ["role", false],
    ]);
  });

  it("counts a profile complete with a name, a location and a summary or bio", () => {
    const base = { fullName: "A", location: "B", professionalSummary: null, bio: null };
    expect(isProfileComplete(base)).toBe(false);
    expect(isProfileComplete({ ...base, bio: "Hi" })).toBe(true);
  });
});
