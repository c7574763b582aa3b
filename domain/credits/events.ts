import { z } from "zod";
import { CREDIT_PACKAGE_IDS } from "./packages";

const positiveInt = z.number().int().positive();

export const CreditsPurchased = z.object({
  type: z.literal("CreditsPurchased"),
  data: z.object({
    vendorId: z.string().uuid(),
    checkoutSessionId: z.string().min(1),
    packageId: z.enum(CREDIT_PACKAGE_IDS),
    packageName: z.string().min(1),
    credits: positiveInt,
    bonusCredits: z.number().int().nonnegative(),
    /** What the vendor paid, in cents. */
    amountPaid: z.number().int().nonnegative(),
    currency: z.string().length(3),
    purchasedAt: z.string().datetime({ offset: true }),
  }),
});

export const CreditsSpent = z.object({
  type: z.literal("CreditsSpent"),
  data: z.object({
    vendorId: z.string().uuid(),
    amount: positiveInt,
    referenceId: z.string().min(1),
    referenceType: z.literal("proposal_submission"),
    description: z.string().min(1),
    spentAt: z.string().datetime({ offset: true }),
  }),
});

export const CreditsRefunded = z.object({
  type: z.literal("CreditsRefunded"),
  data: z.object({
    vendorId: z.string().uuid(),
    amount: positiveInt,
    /** The reference of the spend being refunded (a proposal id). */
    referenceId: z.string().min(1),
    referenceType: z.literal("proposal_submission"),
    reason: z.string().min(1),
    refundedAt: z.string().datetime({ offset: true }),
  }),
});

export const CreditsBonusGranted = z.object({
  type: z.literal("CreditsBonusGranted"),
  data: z.object({
    vendorId: z.string().uuid(),
    amount: positiveInt,
    reason: z.string().min(1).max(500),
    grantedBy: z.string().uuid().nullable(),
    grantedAt: z.string().datetime({ offset: true }),
  }),
});

export const CreditsEvent = z.discriminatedUnion("type", [
  CreditsPurchased,
  CreditsSpent,
  CreditsRefunded,
  CreditsBonusGranted,
]);
export type CreditsEvent = z.infer<typeof CreditsEvent>;
export type CreditsEventType = CreditsEvent["type"];

export const CREDITS_EVENT_SCHEMAS = {
  CreditsPurchased,
  CreditsSpent,
  CreditsRefunded,
  CreditsBonusGranted,
} as const;

export const creditsStreamId = (vendorId: string) => `credits-${vendorId}`;
export const CREDITS_STREAM_TYPE = "credits";
