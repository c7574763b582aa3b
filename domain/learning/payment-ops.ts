/**
 * The learning hub's payment operations (decision 086): a second payment for what a person already
 * owns is refunded, and sessions that did not match are held for an administrator. Pure.
 */
import { COURSE_PRODUCT_TYPE, type LearningSessionFacts, PATH_PRODUCT_TYPE } from "./commerce";

/**
 * The idempotency key of a session's refund at Stripe: derived from the session alone, so every
 * attempt (a retried round, a second server, a repeated webhook) asks Stripe for the same refund and
 * Stripe makes it once (it keeps keys 24 hours; the ledger's unique session holds it beyond).
 */
export const learningRefundKey = (checkoutSessionId: string) => `learning-refund:${checkoutSessionId}`;

/** Why a session was held, as the administrators' screen says it. */
export const HOLD_REASONS: Record<string, string> = {
  invalid_metadata: "The session's metadata is not what our server wrote (buyer, item or amount)",
  currency_mismatch: "Paid in another currency than US dollars",
  amount_mismatch: "The amount paid is not the price quoted",
  purchase_mismatch: "The buyer, item or amount differs from the purchase we recorded",
  unknown_buyer: "The buyer is not a known account",
  not_enrollable: "The course or path can no longer be enrolled in",
  "not a learning session": "Not a learning session",
};

export const holdReasonText = (reason: string) => HOLD_REASONS[reason] ?? reason;

export const PAYMENT_OPS_MESSAGES = {
  duplicateTitle: (title: string) => `You already own ${title}: your second payment is being refunded`,
  duplicateBody:
    "You paid twice for the same item. You stay enrolled once, and the second payment goes back to your card (Stripe usually takes 5 to 10 days to show it).",
  duplicatePage: "You already owned this, so this second payment is being refunded to your card.",
  alreadyResolved: "This session was already handled.",
  notFound: "No held session with this id.",
  cannotEnrol: "This session does not name a known person and an existing course or path: refund it instead.",
  alreadyOwns: "This person already owns it: refund this session instead.",
  cannotRefund: "This session has no payment to refund.",
  enrolled: "Enrolled. The session is no longer held.",
  refundQueued: "Refund requested. It is sent to Stripe now and retried until Stripe confirms it.",
} as const;

/** What a held session said, kept for the administrator (ids only when they look like ids). */
export interface HeldSessionFacts {
  buyerReference: string | null;
  itemType: "course" | "path" | null;
  itemId: string | null;
  amountCents: number | null;
  currency: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_INT = 2_147_483_647;

export function heldSessionFacts(session: LearningSessionFacts): HeldSessionFacts {
  const meta = session.metadata;
  const itemType =
    meta.productType === COURSE_PRODUCT_TYPE
      ? "course"
      : meta.productType === PATH_PRODUCT_TYPE
        ? "path"
        : null;
  const rawItem = itemType === "course" ? meta.courseId : itemType === "path" ? meta.pathId : undefined;
  const buyer = session.client_reference_id ?? meta.userId ?? null;
  const amount = session.amount_total;
  return {
    buyerReference: buyer ? buyer.slice(0, 255) : null,
    itemType,
    itemId: rawItem && UUID.test(rawItem) ? rawItem.toLowerCase() : null,
    amountCents:
      typeof amount === "number" && Number.isSafeInteger(amount) && amount >= 0 && amount <= MAX_INT
        ? amount
        : null,
    currency: session.currency ? session.currency.toLowerCase().slice(0, 16) : null,
  };
}

/** A buyer reference that can name an account (its id), or null. */
export const buyerIdOf = (reference: string | null) =>
  reference && UUID.test(reference) ? reference.toLowerCase() : null;
