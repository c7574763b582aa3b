/**
 * The Stripe events subscription billing handles (issue 14, part 3), and the shapes they must have
 * before anything reads them: a signed but malformed event is a 400, never a 500. Pure.
 */
import { z } from "zod";
import type { InvoiceFacts } from "./decide";

export const BILLING_WEBHOOK_EVENTS = [
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
] as const;
export type BillingWebhookEventType = (typeof BILLING_WEBHOOK_EVENTS)[number] | "checkout.session.completed";

const id = z.string().min(1).max(255);
/** An expandable reference: an id, or the object with its id. */
const ref = z.union([id, z.object({ id })]).transform((v) => (typeof v === "string" ? v : v.id));
const unix = z.number().int().nonnegative();

export const SubscriptionObjectSchema = z.object({ id, object: z.literal("subscription").optional() });

export const InvoiceObjectSchema = z.object({
  id,
  number: z.string().max(255).nullable().optional(),
  currency: z.string().length(3),
  amount_paid: z.number().int().nonnegative().optional(),
  amount_due: z.number().int().nonnegative().optional(),
  hosted_invoice_url: z.string().url().nullable().optional(),
  invoice_pdf: z.string().url().nullable().optional(),
  attempt_count: z.number().int().nonnegative().optional(),
  next_payment_attempt: unix.nullable().optional(),
  period_start: unix.nullable().optional(),
  period_end: unix.nullable().optional(),
  /** Current API versions: the subscription is under parent.subscription_details. */
  parent: z
    .object({ subscription_details: z.object({ subscription: ref }).nullable().optional() })
    .nullable()
    .optional(),
  /** Older API versions. */
  subscription: ref.nullable().optional(),
});

export const SubscriptionCheckoutSchema = z.object({
  id,
  mode: z.literal("subscription"),
  subscription: ref.nullable().optional(),
});

export const BillingWebhookEventSchema = z.object({
  id,
  type: z.string(),
  created: unix,
  data: z.object({ object: z.object({ id }).passthrough() }),
});

/** Whether an event is subscription billing's: the six subscription and invoice events, or a completed
 * checkout in subscription mode (the credit path takes the payment-mode ones). */
export function isBillingEvent(event: { type: string; data?: { object?: unknown } }): boolean {
  if ((BILLING_WEBHOOK_EVENTS as readonly string[]).includes(event.type)) return true;
  const object = event.data?.object as { mode?: unknown } | undefined;
  return event.type === "checkout.session.completed" && object?.mode === "subscription";
}

const isoOf = (seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000).toISOString();

/** The subscription an invoice belongs to (null: a one-off invoice, not ours to record). */
export function invoiceSubscriptionId(invoice: z.infer<typeof InvoiceObjectSchema>): string | null {
  return invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
}

export function invoiceFacts(invoice: z.infer<typeof InvoiceObjectSchema>, paid: boolean): InvoiceFacts {
  return {
    invoiceId: invoice.id,
    number: invoice.number ?? null,
    amount: (paid ? invoice.amount_paid : invoice.amount_due) ?? 0,
    currency: invoice.currency,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    periodStart: isoOf(invoice.period_start),
    periodEnd: isoOf(invoice.period_end),
    attempt: Math.max(1, invoice.attempt_count ?? 1),
    nextAttemptAt: isoOf(invoice.next_payment_attempt),
  };
}

export { isoOf as isoFromUnix };
