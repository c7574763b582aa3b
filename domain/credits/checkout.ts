/**
 * Credit checkout rules (spec 001 sections 7 and 8): which package a purchase request may buy, the
 * purchase messages, and which Stripe webhook events credit a vendor. Pure: no I/O, no clock.
 */
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

export type SessionPurchase =
  | { ok: true; vendorId: string; package: CreditPackage; amountPaid: number; currency: string }
  | { ok: false; reason: "not_credits" | "invalid" };

/** The purchase a paid checkout session stands for, read from what our server put in it. */
export function purchaseFromSession(session: CheckoutSessionFacts): SessionPurchase {
  const meta = session.metadata ?? {};
  if (meta.productType !== VENDOR_CREDITS_PRODUCT_TYPE) return { ok: false, reason: "not_credits" };
  const pkg = findCreditPackage(meta.packageId ?? "");
  const vendorId = session.clientReferenceId ?? meta.userId ?? "";
  if (
    !pkg ||
    !UUID.test(vendorId) ||
    (meta.userId && meta.userId !== vendorId) ||
    session.mode !== "payment"
  ) {
    return { ok: false, reason: "invalid" };
  }
  return {
    ok: true,
    vendorId,
    package: pkg,
    amountPaid: session.amountTotal ?? pkg.price,
    currency: (session.currency ?? "usd").toLowerCase(),
  };
}
