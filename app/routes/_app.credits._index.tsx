import { CREDIT_PACKAGE_IDS, type CreditPackageId, DEFAULT_CREDIT_PACKAGE_ID } from "@domain/credits";
import { purchaseErrorMessage } from "@domain/credits/checkout";
import { type HistoryRow, parseHistorySort, parseHistoryType } from "@domain/credits/history";
import { CREDIT_RULES_TEXT } from "@domain/credits/status";
import { DEFAULT_TIME_ZONE } from "@domain/rfp/time";
import { isRoleVerified } from "@domain/roles";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { viewerTimeZone } from "~/auth/actors.server";
import { CreditWidget } from "~/components/credits/credit-widget";
import { HistoryDialog, TransactionTable } from "~/components/credits/history-dialog";
import { PurchaseDialog } from "~/components/credits/purchase-dialog";
import { RouteErrorBoundary, responseMessage } from "~/components/errors/error-screens";
import { Alert } from "~/components/ui/alert";
import { getDb } from "~/db.server";
import { requireVendorContext } from "~/payments/guards.server";
import { missingSettingLabels, paymentsConfig } from "~/payments/stripe.server";
import { listCreditTransactions } from "~/queries/credit-history.server";
import { getVendorCredits } from "~/queries/credits.server";

export const meta: MetaFunction = () => [{ title: "Vendor Credits · Association Commons" }];

const PAGE = "/credits";
const RECENT = 5;

/** Vendor credits (spec 001 section 2.7): balance, purchase and history dialogs (?dialog=purchase|history). */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireVendorContext(request);
  const db = await getDb();
  const params = new URL(request.url).searchParams;
  const dialog = params.get("dialog");
  const type = parseHistoryType(params.get("type"));
  const sort = parseHistorySort(params.get("sort"));
  const requested = params.get("package");
  const selectedPackageId: CreditPackageId = CREDIT_PACKAGE_IDS.includes(requested as CreditPackageId)
    ? (requested as CreditPackageId)
    : DEFAULT_CREDIT_PACKAGE_ID;

  const [credits, recent, history] = await Promise.all([
    getVendorCredits(db, viewer.user.id).catch((error) => {
      console.error("credits: balance failed", error);
      return null;
    }),
    listCreditTransactions(db, viewer.user.id, { limit: RECENT }).catch((): HistoryRow[] => []),
    dialog === "history"
      ? listCreditTransactions(db, viewer.user.id, { type, sort }).catch((error): null => {
          console.error("credits: history failed", error);
          return null;
        })
      : Promise.resolve([] as Awaited<ReturnType<typeof listCreditTransactions>>),
  ]);
  const config = paymentsConfig();
  return json({
    credits,
    recent,
    dialog: dialog === "purchase" || dialog === "history" ? dialog : null,
    history: (history ?? []) as HistoryRow[],
    historyFailed: history === null,
    type,
    sort,
    selectedPackageId,
    purchaseError: purchaseErrorMessage(params.get("error")),
    priceIds: config.prices,
    paymentsConfigured: config.missing.length === 0,
    // The names of missing settings are for administrators; vendors are asked to contact support.
    missingConfiguration: viewer.roles.some((r) => r.roleType === "admin" && r.isCurrent && r.isVerified)
      ? missingSettingLabels(config.missing)
      : [],
    canPurchase: viewer.role.isCurrent && isRoleVerified(viewer.role.verificationStatus),
    timeZone: viewerTimeZone(viewer) ?? DEFAULT_TIME_ZONE,
  });
}

export default function CreditsPage() {
  const data = useLoaderData<typeof loader>();
  const balance = data.credits?.balance ?? 0;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold">Vendor Credits</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{CREDIT_RULES_TEXT}</p>
      </div>
      <CreditWidget
        variant="dashboard"
        balance={data.credits ? data.credits.balance : null}
        lifetimeEarned={data.credits?.lifetime_earned}
        lifetimeSpent={data.credits?.lifetime_spent}
        error={data.credits ? null : "failed"}
        purchaseHref={`${PAGE}?dialog=purchase`}
        historyHref={`${PAGE}?dialog=history`}
        retryHref={PAGE}
      />
      <section aria-labelledby="recent-heading" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recent activity
          </h2>
          <Link
            to={`${PAGE}?dialog=history`}
            preventScrollReset
            className="text-sm font-medium text-blue-700 underline dark:text-blue-300"
          >
            View all transactions
          </Link>
        </div>
        {data.recent.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No Transactions
          </p>
        ) : (
          <TransactionTable
            rows={data.recent}
            caption="Recent credit transactions"
            timeZone={data.timeZone}
          />
        )}
      </section>
      <PurchaseDialog
        key={`${data.selectedPackageId}-${data.purchaseError ?? ""}`}
        open={data.dialog === "purchase"}
        closeHref={PAGE}
        balance={balance}
        selectedPackageId={data.selectedPackageId}
        priceIds={data.priceIds}
        paymentsConfigured={data.paymentsConfigured}
        missingConfiguration={data.missingConfiguration}
        canPurchase={data.canPurchase}
        error={data.purchaseError}
      />
      <HistoryDialog
        open={data.dialog === "history"}
        closeHref={PAGE}
        rows={data.history}
        timeZone={data.timeZone}
        type={data.type}
        sort={data.sort}
        failed={data.historyFailed}
        action={PAGE}
      />
    </div>
  );
}

/** A refusal (4xx) in the page's own frame; a fault goes to the route error page, with its error id. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status >= 500) return <RouteErrorBoundary />;
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-4 text-3xl font-semibold">Vendor Credits</h1>
      <Alert title={responseMessage(error) ?? "Something went wrong loading your credits."} />
    </div>
  );
}
