import {
  CREDIT_PACKAGES,
  type CreditPackageId,
  creditCount,
  creditStatusMessage,
  formatCents,
  packageTotalCredits,
  pricePerCreditCents,
} from "@domain/credits";
import { PURCHASE_MESSAGES, VENDOR_CREDITS_PRODUCT_TYPE } from "@domain/credits/checkout";
import { Link } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { AlertTriangle, Coins, XCircle } from "~/components/ui/icons";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { UrlDialog } from "./modal";

/**
 * Per package: the CSS that shows its summary and button text while its tile is checked. The summary
 * follows the selected radio through `:has()`, so it is right without JavaScript too.
 */
const SHOW_WHEN_CHECKED: Record<CreditPackageId, string> = {
  single: "hidden group-has-[#package-single:checked]:inline",
  starter: "hidden group-has-[#package-starter:checked]:inline",
  professional: "hidden group-has-[#package-professional:checked]:inline",
  business: "hidden group-has-[#package-business:checked]:inline",
};
const SHOW_BLOCK_WHEN_CHECKED: Record<CreditPackageId, string> = {
  single: "hidden group-has-[#package-single:checked]:block",
  starter: "hidden group-has-[#package-starter:checked]:block",
  professional: "hidden group-has-[#package-professional:checked]:block",
  business: "hidden group-has-[#package-business:checked]:block",
};

export interface PurchaseDialogProps {
  open: boolean;
  closeHref: string;
  balance: number;
  selectedPackageId: CreditPackageId;
  /** The configured Stripe price id per package (public, like the publishable key). */
  priceIds: Partial<Record<CreditPackageId, string>>;
  /** False shows "Payment Configuration Required" and disables Purchase. */
  paymentsConfigured: boolean;
  /** Human names of the missing Stripe settings: given to administrators only (else empty). */
  missingConfiguration: string[];
  /** Unverified vendors see why they cannot buy yet. */
  canPurchase: boolean;
  /** An error carried back by a no-JavaScript post. */
  error: string | null;
}

export function PurchaseDialog({
  open,
  closeHref,
  balance,
  selectedPackageId,
  priceIds,
  paymentsConfigured,
  missingConfiguration,
  canPurchase,
  error: initialError,
}: PurchaseDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const configured = paymentsConfigured;
  const disabled = busy || !configured || !canPurchase;

  /** With JavaScript: the spec's JSON call, then on to Stripe's hosted checkout. */
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const packageId = new FormData(event.currentTarget).get("packageId");
    const pkg = CREDIT_PACKAGES.find((p) => p.id === packageId);
    if (!pkg) return setError(PURCHASE_MESSAGES.invalidPackage);
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/create-checkout-session", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          priceId: priceIds[pkg.id] ?? "",
          quantity: 1,
          metadata: {
            productType: VENDOR_CREDITS_PRODUCT_TYPE,
            packageId: pkg.id,
            credits: String(pkg.credits),
            bonusCredits: String(pkg.bonus_credits),
          },
        }),
      });
      const data = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!response.ok || !data.url) throw new Error(data.error || PURCHASE_MESSAGES.fallback);
      window.location.assign(data.url);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : PURCHASE_MESSAGES.fallback);
      setBusy(false);
    }
  }

  return (
    <UrlDialog
      open={open}
      closeHref={closeHref}
      title="Purchase Credits"
      description="Credits are used to submit proposals: one credit per proposal."
      testId="purchase-dialog"
    >
      <form
        method="post"
        action="/api/create-checkout-session"
        onSubmit={submit}
        className="group flex flex-col gap-4"
        aria-busy={busy || undefined}
      >
        <div className="flex items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-blue-950 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100">
          <Coins aria-hidden="true" className="h-6 w-6 shrink-0" />
          <div className="text-sm">
            <p>
              Current balance: <strong data-testid="purchase-balance">{creditCount(balance)}</strong>
            </p>
            <p className="text-blue-900/80 dark:text-blue-200">{creditStatusMessage(balance)}</p>
          </div>
        </div>

        {error ? (
          <div
            role="alert"
            className="flex gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <XCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <div>
              <p className="font-semibold">{PURCHASE_MESSAGES.errorTitle}</p>
              <p>{error}</p>
            </div>
          </div>
        ) : null}

        {configured ? null : (
          <div
            role="status"
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <div>
              <p className="font-semibold">{PURCHASE_MESSAGES.configurationTitle}</p>
              {missingConfiguration.length > 0 ? (
                <p>
                  Payments are not set up yet: missing {missingConfiguration.join(", ")}. Please contact
                  support.
                </p>
              ) : (
                <p>{PURCHASE_MESSAGES.notConfigured}</p>
              )}
            </div>
          </div>
        )}

        {canPurchase ? null : (
          <div
            role="status"
            className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800"
          >
            <p>{PURCHASE_MESSAGES.verificationRequired}</p>
            <Link
              to="/settings/verification"
              className="mt-1 inline-block font-medium text-blue-700 underline dark:text-blue-300"
            >
              Verify your vendor role
            </Link>
          </div>
        )}

        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Choose a package</legend>
          <IdempotencyKey />
          <div className="grid grid-cols-2 gap-2 sm:gap-3">
            {CREDIT_PACKAGES.map((pkg) => (
              <div key={pkg.id} className="relative">
                <input
                  type="radio"
                  name="packageId"
                  id={`package-${pkg.id}`}
                  value={pkg.id}
                  defaultChecked={pkg.id === selectedPackageId}
                  className="peer sr-only"
                />
                <label
                  htmlFor={`package-${pkg.id}`}
                  data-testid={`package-${pkg.id}`}
                  className="flex h-full cursor-pointer flex-col gap-1 rounded-lg border-2 border-slate-200 p-2 sm:p-3 hover:border-blue-300 peer-checked:border-blue-600 peer-checked:bg-blue-50 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-400 dark:border-slate-700 dark:peer-checked:border-blue-400 dark:peer-checked:bg-blue-950"
                >
                  <span className="flex flex-wrap items-start justify-between gap-1">
                    <span className="font-semibold">{pkg.name}</span>
                    {pkg.popular ? (
                      <span className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-medium text-white">
                        Most Popular
                      </span>
                    ) : null}
                  </span>
                  <span className="text-xl font-bold tabular-nums sm:text-2xl">{formatCents(pkg.price)}</span>
                  <span className="text-sm">
                    {creditCount(pkg.credits)}
                    {pkg.bonus_credits > 0 ? ` + ${pkg.bonus_credits} bonus` : ""}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                    <span>{formatCents(pricePerCreditCents(pkg))} per credit</span>
                    {pkg.savings ? (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800 dark:bg-green-900 dark:text-green-100">
                        {pkg.savings}
                      </span>
                    ) : (
                      <span>{pkg.description}</span>
                    )}
                  </span>
                </label>
              </div>
            ))}
          </div>
        </fieldset>

        <section
          aria-label="Purchase summary"
          className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
        >
          <h3 className="mb-2 font-semibold">Purchase summary</h3>
          {CREDIT_PACKAGES.map((pkg) => (
            <dl key={pkg.id} data-testid={`summary-${pkg.id}`} className={SHOW_BLOCK_WHEN_CHECKED[pkg.id]}>
              <div className="flex justify-between gap-4">
                <dt>Package</dt>
                <dd className="font-medium">{pkg.name}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>Credits</dt>
                <dd className="font-medium">{pkg.credits}</dd>
              </div>
              {pkg.bonus_credits > 0 ? (
                <div className="flex justify-between gap-4">
                  <dt>Bonus credits</dt>
                  <dd className="font-medium">{pkg.bonus_credits}</dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-4">
                <dt>Total</dt>
                <dd className="font-semibold">{formatCents(pkg.price)}</dd>
              </div>
              <div className="mt-1 flex justify-between gap-4 border-t border-slate-200 pt-1 dark:border-slate-700">
                <dt>New balance</dt>
                <dd className="font-semibold">{creditCount(balance + packageTotalCredits(pkg))}</dd>
              </div>
            </dl>
          ))}
        </section>

        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
          <Link to={closeHref} replace preventScrollReset className={buttonClass("secondary")}>
            Cancel
          </Link>
          <Button disabled={disabled} data-testid="purchase-submit">
            {busy
              ? "Processing..."
              : CREDIT_PACKAGES.map((pkg) => (
                  <span key={pkg.id} className={SHOW_WHEN_CHECKED[pkg.id]}>
                    Purchase {formatCents(pkg.price)}
                  </span>
                ))}
          </Button>
        </div>
      </form>
    </UrlDialog>
  );
}
