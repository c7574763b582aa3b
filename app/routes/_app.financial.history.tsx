import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { mayOpenBoardRoom } from "~/auth/board-room.server";
import { requireFinance } from "~/auth/finance.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { HistoryList } from "~/components/finance/history";
import { ArrowLeft } from "~/components/ui/icons";
import { getDb } from "~/db.server";
import { auditLog } from "~/queries/finance.server";
import { presentHistory } from "~/queries/finance-present.server";

export const meta: MetaFunction = () => [{ title: "History · Financials · Association Commons" }];

const PAGE_SIZE = 100;
const QuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) });

/**
 * /financial/history: the audit view of the association's books (issue 13, part 3). Every create,
 * change and delete, newest first, with who and when and the values before and after; deleted
 * (voided) budgets and transactions stay here, marked voided.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireFinance(request);
  const { page } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const rows = await auditLog(await getDb(), viewer.association.id, {
    limit: PAGE_SIZE + 1,
    offset: (page - 1) * PAGE_SIZE,
  });
  return json({
    association: viewer.association.name,
    page,
    more: rows.length > PAGE_SIZE,
    // An approval's motion links to its minutes only for a viewer the board room admits.
    entries: presentHistory(
      rows.slice(0, PAGE_SIZE),
      viewer.association.timeZone,
      await mayOpenBoardRoom(viewer, viewer.association.id),
    ),
  });
}

export default function FinanceHistory() {
  const { association, entries, page, more } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <Link
        to="/financials"
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the financials
      </Link>
      <h1 className="text-3xl font-semibold">Financial history</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {association}: every change to the budgets and transactions. Deleted records are voided, never erased,
        and no longer count in any total.
      </p>
      <HistoryList entries={entries} showRecord />
      <nav aria-label="Pages" className="flex gap-3 text-sm">
        {page > 1 ? <Link to={`/financial/history?page=${page - 1}`}>Newer</Link> : null}
        {more ? <Link to={`/financial/history?page=${page + 1}`}>Older</Link> : null}
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
