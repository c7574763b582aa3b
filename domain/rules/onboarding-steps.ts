/**
 * The onboarding steps, their limits and messages, without the schemas (onboarding.ts re-exports
 * them): pages import these from here, so zod stays out of their JavaScript (decision 056).
 */

/** The five onboarding steps, in order (spec 000 section 2.8). */
export const ONBOARDING_STEPS = ["welcome", "profile", "role", "verification", "complete"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_MESSAGES = {
  fullNameRequired: "Full name is required",
  locationRequired: "Location is required",
  phoneInvalid: "Please enter a valid phone number",
  yearsNegative: "Years of experience cannot be negative",
  methodRequired: "Please select a verification method",
  documentsRequired: "Please upload at least one verification document",
  camLicenseRequired: "CAM license number is required",
  barNumberRequired: "Bar number is required",
  registrationRequired: "Business registration number is required",
  fileType: "Only PDF, JPG, and PNG files are accepted",
  fileSize: "File size must be less than 10MB",
  updateProfileFailed: "Failed to update profile",
  completeFailed: "Failed to complete onboarding",
  submitVerificationFailed: "Failed to submit verification",
} as const;

export const YEARS_EXPERIENCE_MAX = 50;
export const PROFILE_TEXT_LIMITS = { fullName: 100, location: 120, summary: 1000, bio: 500 };

/** What's Next (spec 000 section 2.8): the third step depends on the role. */
export function whatsNext(roleType: string | undefined) {
  const authors = roleType === "board_member" || roleType === "manager";
  return [
    { title: "Explore the Directory", description: "Find and connect with professionals in your area." },
    { title: "Complete Your Profile", description: "Add your experience, skills and a photo." },
    authors
      ? { title: "Create Your First RFP", description: "Request proposals from verified vendors." }
      : { title: "Browse Available RFPs", description: "Find projects that match your expertise." },
  ];
}
