import { z } from "zod";
import { BILLING_INTERVALS, PLAN_IDS } from "./plans";

/**
 * The subscription lifecycle's events (issue 14, parts 2 and 3). One stream per subscription:
 * `subscription-{Stripe subscription id}` for paid plans, `subscription-comp_{uuid}` for a
 * complimentary plan an administrator granted. Times are ISO-8601 strings.
 */

const iso = z.string().datetime({ offset: true });
const isoOrNull = iso.nullable();

/** Stripe's subscription statuses. */
export const STRIPE_SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
export type StripeSubscriptionStatus = (typeof STRIPE_SUBSCRIPTION_STATUSES)[number];

const subject = {
  subjectType: z.enum(["user", "association"]),
  subjectId: z.string().uuid(),
};

/** The fields of a Stripe subscription this product keeps, as read from Stripe at `observedAt`. */
const stripeState = {
  status: z.enum(STRIPE_SUBSCRIPTION_STATUSES),
  planId: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  trialEndsAt: isoOrNull,
  currentPeriodEnd: isoOrNull,
  cancelAtPeriodEnd: z.boolean(),
  /** When this state was read from Stripe: an older reading never overwrites a newer one. */
  observedAt: iso,
};

export const SubscriptionStarted = z.object({
  type: z.literal("SubscriptionStarted"),
  data: z.object({
    subscriptionId: z.string().min(1).max(255),
    ...subject,
    customerId: z.string().min(1).max(255),
    ...stripeState,
    startedAt: iso,
  }),
});

export const SubscriptionUpdated = z.object({
  type: z.literal("SubscriptionUpdated"),
  data: z.object({ subscriptionId: z.string().min(1), ...stripeState }),
});

export const SubscriptionEnded = z.object({
  type: z.literal("SubscriptionEnded"),
  data: z.object({
    subscriptionId: z.string().min(1),
    /** canceled: Stripe ended it; revoked: an administrator took a complimentary plan back; expired: its period ran out. */
    reason: z.enum(["canceled", "revoked", "expired"]),
    endedAt: iso,
    endedBy: z.string().uuid().nullable(),
  }),
});

export const ComplimentaryPlanGranted = z.object({
  type: z.literal("ComplimentaryPlanGranted"),
  data: z.object({
    subscriptionId: z.string().min(1),
    ...subject,
    planId: z.enum(PLAN_IDS),
    grantedBy: z.string().uuid(),
    reason: z.string().min(1).max(500),
    grantedAt: iso,
    endsAt: iso,
  }),
});

export const InvoicePaid = z.object({
  type: z.literal("InvoicePaid"),
  data: z.object({
    subscriptionId: z.string().min(1),
    invoiceId: z.string().min(1).max(255),
    number: z.string().max(255).nullable(),
    amountPaid: z.number().int().nonnegative(),
    currency: z.string().length(3),
    hostedInvoiceUrl: z.string().url().nullable(),
    invoicePdf: z.string().url().nullable(),
    periodStart: isoOrNull,
    periodEnd: isoOrNull,
    paidAt: iso,
  }),
});

export const InvoicePaymentFailed = z.object({
  type: z.literal("InvoicePaymentFailed"),
  data: z.object({
    subscriptionId: z.string().min(1),
    invoiceId: z.string().min(1).max(255),
    number: z.string().max(255).nullable(),
    /** Stripe's attempt_count: each failed attempt is recorded (and noticed) once. */
    attempt: z.number().int().positive(),
    amountDue: z.number().int().nonnegative(),
    currency: z.string().length(3),
    hostedInvoiceUrl: z.string().url().nullable(),
    failedAt: iso,
    nextAttemptAt: isoOrNull,
  }),
});

/** customer.subscription.trial_will_end: the trial ends in three days (noticed once per trial end). */
export const TrialEndingNoticed = z.object({
  type: z.literal("TrialEndingNoticed"),
  data: z.object({ subscriptionId: z.string().min(1), trialEndsAt: iso, noticedAt: iso }),
});

/** A yearly plan renews in seven days (subscription_expiring; once per renewal). */
export const RenewalReminded = z.object({
  type: z.literal("RenewalReminded"),
  data: z.object({
    subscriptionId: z.string().min(1),
    renewsAt: iso,
    amount: z.number().int().nonnegative(),
    remindedAt: iso,
  }),
});

export const SubscriptionEvent = z.discriminatedUnion("type", [
  SubscriptionStarted,
  SubscriptionUpdated,
  SubscriptionEnded,
  ComplimentaryPlanGranted,
  InvoicePaid,
  InvoicePaymentFailed,
  TrialEndingNoticed,
  RenewalReminded,
]);
export type SubscriptionEvent = z.infer<typeof SubscriptionEvent>;

export const SUBSCRIPTION_EVENT_SCHEMAS = {
  SubscriptionStarted,
  SubscriptionUpdated,
  SubscriptionEnded,
  ComplimentaryPlanGranted,
  InvoicePaid,
  InvoicePaymentFailed,
  TrialEndingNoticed,
  RenewalReminded,
} as const;

export const SUBSCRIPTION_STREAM_TYPE = "subscription";
export const subscriptionStreamId = (id: string) => `subscription-${id}`;
