import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { CircleSlash } from "~/components/ui/icons";
import { requireVendorContext } from "~/payments/guards.server";

export const meta: MetaFunction = () => [
  { title: "Payment cancelled · Vendor Credits · Association Commons" },
];

/** Back from Stripe Checkout without paying: nothing was charged. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireVendorContext(request);
  return json({});
}

export default function CreditsCancel() {
  return (
    <div className="mx-auto max-w-xl">
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <CircleSlash aria-hidden="true" className="mx-auto h-12 w-12 text-slate-500" />
        <h1 className="mt-3 text-2xl font-semibold">Payment cancelled</h1>
        <p className="mt-2">No payment was taken and your credit balance has not changed.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Link to="/credits?dialog=purchase" className={buttonClass("primary")}>
            Try again
          </Link>
          <Link to="/credits" className={buttonClass("secondary")}>
            Back to Vendor Credits
          </Link>
        </div>
      </div>
    </div>
  );
}
