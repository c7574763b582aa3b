/**
 * Credit checkout rules (spec 001 sections 7 and 8): which package a purchase request may buy, the
 * purchase messages, and which Stripe webhook events credit a vendor. Pure: no I/O, no clock.
 */
import { z } from "zod";
import { type CreditPackage, type CreditPackageId, findCreditPackage } from "./packages";

export const PURCHASE_MESSAGES = {
  notConfigured: "Payment system is not configured. Please contact support.",
  invalidPackage: "Invalid credit package configuration",
  checkoutFailed: "Failed to create checkout session",
  scriptFailed: "Failed to load",
  fallback: "Purchase failed",
  errorTitle: "Purchase Failed",
  configurationTitle: "Payment Configuration Required",
  verificationRequired:
    "Your vendor role must be verified before you can purchase credits. Verification review takes about 1-2 business days.",
} as const;

/** Short codes for the purchase errors, so a no-JavaScript redirect can carry one in the URL. */
export const PURCHASE_ERROR_CODES = {
  not_configured: PURCHASE_MESSAGES.notConfigured,
  invalid_package: PURCHASE_MESSAGES.invalidPackage,
  checkout_failed: PURCHASE_MESSAGES.checkoutFailed,
  failed: PURCHASE_MESSAGES.fallback,
} as const;
export type PurchaseErrorCode = keyof typeof PURCHASE_ERROR_CODES;

export function purchaseErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return code in PURCHASE_ERROR_CODES
    ? PURCHASE_ERROR_CODES[code as PurchaseErrorCode]
    : PURCHASE_MESSAGES.fallback;
}

/** The product type a credit checkout carries in its metadata (spec 001 section 7). */
export const VENDOR_CREDITS_PRODUCT_TYPE = "vendor_credits";

/** The payment-provider price id configured for each package (unset: not configured). */
export type PackagePriceIds = Partial<Record<CreditPackageId, string>>;

export type PackageCheck =
  | { ok: true; package: CreditPackage; priceId: string }
  | { ok: false; code: "not_configured" | "invalid_package" };

/**
 * The package a purchase request may buy. The server trusts only the package id: price and credits
 * come from the catalogue, and a client price id must be the one configured for that package.
 */
export function checkPurchaseRequest(
  request: { packageId: string; priceId?: string | null },
  prices: PackagePriceIds,
): PackageCheck {
  const pkg = findCreditPackage(request.packageId);
  if (!pkg) return { ok: false, code: "invalid_package" };
  const configured = prices[pkg.id];
  if (!configured) return { ok: false, code: "not_configured" };
  if (request.priceId != null && request.priceId !== configured)
    return { ok: false, code: "invalid_package" };
  return { ok: true, package: pkg, priceId: configured };
}

/** The metadata a checkout session carries: all strings (spec 001 section 7), plus the buyer. */
export function checkoutMetadata(pkg: CreditPackage, vendorId: string) {
  return {
    productType: VENDOR_CREDITS_PRODUCT_TYPE,
    packageId: pkg.id,
    credits: String(pkg.credits),
    bonusCredits: String(pkg.bonus_credits),
    userId: vendorId,
  };
}

export type WebhookDecision = "fulfil" | "await_payment" | "ignore";

/**
 * What a Stripe event means for a credit purchase: a completed session credits only once paid; an
 * unpaid one (delayed payment methods) waits for `checkout.session.async_payment_succeeded`.
 */
export function webhookDecision(
  eventType: string,
  paymentStatus: string | null | undefined,
): WebhookDecision {
  switch (eventType) {
    case "checkout.session.completed":
      return paymentStatus === "paid" ? "fulfil" : "await_payment";
    case "checkout.session.async_payment_succeeded":
      return "fulfil";
    default:
      return "ignore";
  }
}

export interface CheckoutSessionFacts {
  id: string;
  mode: string | null;
  paymentStatus: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string> | null;
  amountTotal: number | null;
  currency: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The currency of every credit package's price (spec 001 section 9: US cents). */
export const CREDIT_PRICE_CURRENCY = "usd";

/**
 * Why a paid credit session is not credited but kept for an administrator to review (issue 11,
 * part 6): its metadata does not name a package and a buyer we made it for, it was paid at another
 * amount or in another currency than the package's price, or the buyer is no vendor of ours.
 */
export const PAYMENT_REVIEW_REASONS = {
  invalid_metadata: "The session does not name a credit package and a buyer as our checkout does",
  amount_mismatch: "The amount paid is not the package's price",
  currency_mismatch: "The currency is not the package's",
  unknown_buyer: "The buyer has no account",
  not_a_vendor: "The buyer has no vendor role",
} as const;
export type PaymentReviewReason = keyof typeof PAYMENT_REVIEW_REASONS;

export type SessionPurchase =
  | {
      ok: true;
      reason?: undefined;
      vendorId: string;
      package: CreditPackage;
      amountPaid: number;
      currency: string;
    }
  | { ok: false; reason: "not_credits"; vendorId?: undefined }
  | { ok: false; reason: "review"; review: PaymentReviewReason; vendorId: string | null };

/**
 * The purchase a paid checkout session stands for, read from what our server put in it and checked
 * against what was paid: exactly the package's price, in its currency. Whether the buyer is a vendor
 * is the caller's to check (it needs the database).
 */
export function purchaseFromSession(session: CheckoutSessionFacts): SessionPurchase {
  const meta = session.metadata ?? {};
  if (meta.productType !== VENDOR_CREDITS_PRODUCT_TYPE) return { ok: false, reason: "not_credits" };
  const pkg = findCreditPackage(meta.packageId ?? "");
  const vendorId = session.clientReferenceId ?? meta.userId ?? "";
  const review = (reason: PaymentReviewReason) =>
    ({
      ok: false,
      reason: "review",
      review: reason,
      vendorId: UUID.test(vendorId) ? vendorId : null,
    }) as const;
  if (
    !pkg ||
    !UUID.test(vendorId) ||
    (meta.userId && meta.userId !== vendorId) ||
    session.mode !== "payment"
  ) {
    return review("invalid_metadata");
  }
  const currency = (session.currency ?? "").toLowerCase();
  if (currency !== CREDIT_PRICE_CURRENCY) return review("currency_mismatch");
  if (session.amountTotal !== pkg.price) return review("amount_mismatch");
  return { ok: true, vendorId, package: pkg, amountPaid: session.amountTotal, currency };
}

/** The checkout events that may credit a vendor. */
export const CREDIT_CHECKOUT_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
] as const;

/**
 * The shape a signed checkout event must have before anything reads it (issue 11, part 6): a signed
 * but malformed event (no session id, a numeric one, `data: null`, no metadata) is refused with 400,
 * never a 500. Stripe always sends `metadata` as an object, empty or not.
 */
export const CheckoutSessionEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.enum(CREDIT_CHECKOUT_EVENTS),
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(255),
      mode: z.string().nullable().optional(),
      payment_status: z.string().nullable().optional(),
      client_reference_id: z.string().nullable().optional(),
      metadata: z.record(z.string(), z.string()),
      amount_total: z.number().int().nullable().optional(),
      currency: z.string().nullable().optional(),
    }),
  }),
});
export type CheckoutSessionEvent = z.infer<typeof CheckoutSessionEventSchema>;

/** Signature timestamps may be at most this far in the future (Stripe's library checks only the past). */
export const WEBHOOK_FUTURE_TOLERANCE_SECONDS = 300;

/** Whether a Stripe-Signature header's timestamp (t=...) lies too far ahead of `nowSeconds`. */
export function signatureFromTheFuture(header: string, nowSeconds: number): boolean {
  const t = /(?:^|,)\s*t=(\d+)/.exec(header)?.[1];
  return t !== undefined && Number(t) - nowSeconds > WEBHOOK_FUTURE_TOLERANCE_SECONDS;
}
