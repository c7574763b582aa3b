import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { Overview, Sharing } from "~/components/finance/overview";
import { overviewAction, overviewLoader } from "./_app.financials._index.server";

/**
 * /financials, the Overview (spec 001 section 2.9): the summary, the charts and, for the board, recent
 * transactions and the finance settings. Its loader and action are in _app.financials._index.server.ts:
 * a route module's server imports each cost the page a small chunk of JavaScript (issue 27, part 3).
 */
export const loader = ({ request }: LoaderFunctionArgs) => overviewLoader(request);

export const action = ({ request }: ActionFunctionArgs) => overviewAction(request);

export default function FinancialsOverview() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.access === "choose") return null;
  return (
    <>
      <Overview data={data.overview} query={data.query} manage={data.access === "manage"} />
      {data.access === "manage" ? (
        <Sharing
          on={Boolean(data.sharing)}
          thresholdCents={data.threshold ?? null}
          thresholdResult={actionData?.intent === "threshold" ? actionData.result : undefined}
          sharingResult={actionData?.intent === "sharing" ? actionData.result : undefined}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
