/**
 * The shapes of the Stripe events a learning purchase reads (decision 078), checked in the webhook
 * before anything reads them: a signed but malformed event is a 400, never a 500. Kept apart from
 * ./commerce.ts so that pages importing the rules carry no zod.
 */
import { z } from "zod";
import { LEARNING_CHECKOUT_EVENTS, REFUND_EVENT } from "./commerce";

/** A learning checkout event, checked before anything reads it: malformed is a 400, never a 500. */
export const LearningCheckoutEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.enum(LEARNING_CHECKOUT_EVENTS),
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(255),
      mode: z.string().nullable().optional(),
      payment_status: z.string().nullable().optional(),
      client_reference_id: z.string().nullable().optional(),
      payment_intent: z
        .union([z.string().max(255), z.object({ id: z.string().max(255) })])
        .nullable()
        .optional(),
      metadata: z.record(z.string(), z.string()),
      amount_total: z.number().int().nullable().optional(),
      currency: z.string().nullable().optional(),
    }),
  }),
});
export type LearningCheckoutEvent = z.infer<typeof LearningCheckoutEventSchema>;

/** A refund event (a charge with what was refunded of it). */
export const RefundEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.literal(REFUND_EVENT),
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(255),
      payment_intent: z
        .union([z.string().max(255), z.object({ id: z.string().max(255) })])
        .nullable()
        .optional(),
      amount: z.number().int().nonnegative(),
      amount_refunded: z.number().int().nonnegative(),
      refunded: z.boolean().optional(),
    }),
  }),
});
export type RefundEvent = z.infer<typeof RefundEventSchema>;
