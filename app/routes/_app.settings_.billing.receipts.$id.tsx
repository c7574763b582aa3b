import { creditCount, formatCents } from "@domain/credits/packages";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageNotFound } from "~/auth/guards.server";
import { requireUser } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { getDb } from "~/db.server";
import { getCreditReceipt } from "~/queries/billing.server";

export const meta: MetaFunction = () => [{ title: "Receipt · Billing · Association Commons" }];

/** The receipt of one of the signed-in vendor's credit purchases; anyone else's id is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = params.id ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(id)) pageNotFound();
  const receipt = await getCreditReceipt(await getDb(), user.id, id);
  if (!receipt) pageNotFound();
  return json({ receipt, email: user.email });
}

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(iso),
  );

export default function Receipt() {
  const { receipt, email } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto flex max-w-xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Receipt</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">Association Commons, vendor credits</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Date</dt>
        <dd>{when(receipt.createdAt)} UTC</dd>
        <dt className="text-slate-600 dark:text-slate-400">Billed to</dt>
        <dd>{email}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Item</dt>
        <dd>
          {receipt.packageName} ({creditCount(receipt.credits)})
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Amount paid</dt>
        <dd className="font-semibold">
          {formatCents(receipt.price)} {receipt.currency.toUpperCase()}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Payment reference</dt>
        <dd className="break-all">{receipt.checkoutSessionId ?? "None"}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Receipt number</dt>
        <dd className="break-all">{receipt.id}</dd>
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-400">Paid by card through Stripe.</p>
      <Link to="/settings/billing" className="text-sm text-blue-700 underline dark:text-blue-300">
        Back to Billing
      </Link>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
