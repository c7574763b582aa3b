import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { syncCheckoutSession } from "~/commands/credit-checkout.server";
import { buttonClass } from "~/components/ui/button";
import { CheckCircle2, Loader2, XCircle } from "~/components/ui/icons";
import { getDb } from "~/db.server";
import { requireVendorContext } from "~/payments/guards.server";
import { getCreditedCheckoutSession, getVendorCredits } from "~/queries/credits.server";

/** Seconds between checks while a payment is still processing. */
const REFRESH_SECONDS = 5;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Payment · Vendor Credits · Association Commons" },
  ...(data?.status === "processing" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : []),
];

/**
 * Back from Stripe Checkout. A session our ledger already credited (the webhook came first) shows its
 * success straight away. Otherwise the redirect proves nothing, so the session is asked of Stripe and, once
 * paid, credited through the same idempotent path as the webhook: the vendor sees the credits at once,
 * and a webhook arriving later changes nothing. Unpaid (delayed methods) shows "Processing your
 * payment..." and checks again every few seconds.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireVendorContext(request);
  const db = await getDb();
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  // Our own ledger first: when the webhook already credited this session, say so at once (no call to
  // Stripe, no spinner while Stripe is slow or unreachable).
  const credited = sessionId ? await getCreditedCheckoutSession(db, viewer.user.id, sessionId) : null;
  const outcome = credited
    ? { status: "credited" as const, credits: credited.credits }
    : await syncCheckoutSession(db, viewer.user.id, sessionId);
  const { balance } = await getVendorCredits(db, viewer.user.id);
  if (outcome.status === "credited") {
    return json({ status: "credited" as const, credits: outcome.credits, balance });
  }
  if (outcome.status === "awaiting_payment" || outcome.status === "unavailable") {
    return json({ status: "processing" as const, credits: 0, balance });
  }
  return json({ status: "not_found" as const, credits: 0, balance }, { status: 404 });
}

export default function CreditsSuccess() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl">
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {data.status === "credited" ? (
          <>
            <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-green-600" />
            <h1 className="mt-3 text-2xl font-semibold">Payment successful</h1>
            <p className="mt-2" role="status">
              {data.credits} {data.credits === 1 ? "credit was" : "credits were"} added to your account. Your
              balance is now <strong data-testid="success-balance">{data.balance}</strong>{" "}
              {data.balance === 1 ? "credit" : "credits"}.
            </p>
          </>
        ) : data.status === "processing" ? (
          <>
            <Loader2 aria-hidden="true" className="mx-auto h-12 w-12 animate-spin text-blue-600" />
            <h1 className="mt-3 text-2xl font-semibold">Processing your payment...</h1>
            <p className="mt-2" role="status">
              Your credits will be added as soon as the payment is confirmed. This page checks again every{" "}
              {REFRESH_SECONDS} seconds.
            </p>
          </>
        ) : (
          <>
            <XCircle aria-hidden="true" className="mx-auto h-12 w-12 text-red-600" />
            <h1 className="mt-3 text-2xl font-semibold">Payment not found</h1>
            <p className="mt-2">We could not find this payment for your account. No credits were added.</p>
          </>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Link to="/credits" className={buttonClass("primary")}>
            Back to Vendor Credits
          </Link>
          <Link to="/credits?dialog=history" className={buttonClass("secondary")}>
            View History
          </Link>
        </div>
      </div>
    </div>
  );
}
