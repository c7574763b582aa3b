import { COMMERCE_MESSAGES } from "@domain/learning/commerce";
import { formatPrice } from "@domain/learning/courses";
import { PAYMENT_OPS_MESSAGES } from "@domain/learning/payment-ops";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { PurchaseView } from "~/queries/learning-commerce.server";
import { purchaseLoader } from "./_app.learning-hub.purchases.$sessionId.server";

/** While the webhook has not landed the page reloads itself every few seconds (no JavaScript needed). */
const PENDING_REFRESH_SECONDS = 3;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Your purchase · Learning Hub · Association Commons" },
  ...(data?.purchase.status === "pending"
    ? [{ httpEquiv: "refresh", content: String(PENDING_REFRESH_SECONDS) } as const]
    : []),
];

export const loader = ({ request, params }: LoaderFunctionArgs) => purchaseLoader(request, params.sessionId);

export default function PurchasePage() {
  const purchase = useLoaderData<typeof loader>().purchase as PurchaseView;
  const what = purchase.itemType === "course" ? "course" : "learning path";
  // With JavaScript the page asks again in place (the meta refresh does it without).
  const { revalidate, state } = useRevalidator();
  const pending = purchase.status === "pending";
  useEffect(() => {
    if (!pending || state !== "idle") return;
    const timer = window.setTimeout(revalidate, PENDING_REFRESH_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [pending, state, revalidate]);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{purchase.title}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {what === "course" ? "Course" : "Learning path"} · {formatPrice(purchase.amountCents)}
      </p>
      <section
        aria-live="polite"
        data-testid="purchase-status"
        className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      >
        {purchase.status === "pending" ? (
          <>
            <p className="font-semibold">{COMMERCE_MESSAGES.enrolling}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              We enrol you as soon as Stripe confirms the payment; this page updates by itself. If it does not
              change within a few minutes, the payment may still be processing: you will not be charged twice.
            </p>
          </>
        ) : purchase.status === "paid" ? (
          <>
            <p className="font-semibold text-emerald-800 dark:text-emerald-300">
              {COMMERCE_MESSAGES.enrolled}
            </p>
            <p className="mt-3">
              <Link to={purchase.startHref} className="btn btn-primary">
                {purchase.itemType === "course" ? "Go to the course" : "Go to the path"}
              </Link>
            </p>
          </>
        ) : purchase.status === "duplicate" ? (
          <>
            <p className="font-semibold">{PAYMENT_OPS_MESSAGES.duplicatePage}</p>
            <p className="mt-3">
              <Link to={purchase.startHref} className="btn btn-primary">
                {purchase.itemType === "course" ? "Go to the course" : "Go to the path"}
              </Link>
            </p>
          </>
        ) : (
          <p className="font-semibold">
            {purchase.status === "failed" ? COMMERCE_MESSAGES.failed : COMMERCE_MESSAGES.refunded}
          </p>
        )}
      </section>
      <p className="text-sm">
        <Link to={purchase.startHref} className="text-blue-700 underline dark:text-blue-300">
          Back to the {what}
        </Link>
      </p>
    </div>
  );
}
