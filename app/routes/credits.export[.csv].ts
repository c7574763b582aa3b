import { parseHistorySort, parseHistoryType } from "@domain/credits/history";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { viewerTimeZone } from "~/auth/actors.server";
import { getDb } from "~/db.server";
import { requireVendorContext } from "~/payments/guards.server";
import { CREDIT_EXPORT_LIMIT, listCreditTransactions } from "~/queries/credit-history.server";
import { historyCsv } from "~/routes/credits.export[.csv].server";

/** GET /credits/export.csv: the vendor's credit history as a CSV download, with the dialog's filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireVendorContext(request);
  const params = new URL(request.url).searchParams;
  const type = parseHistoryType(params.get("type"));
  const rows = await listCreditTransactions(await getDb(), viewer.user.id, {
    type,
    sort: parseHistorySort(params.get("sort")),
    limit: CREDIT_EXPORT_LIMIT,
  });
  const day = new Date().toISOString().slice(0, 10);
  const name = `credit-history${type === "all" ? "" : `-${type}`}-${day}.csv`;
  // A byte-order mark so spreadsheet programs read the text as UTF-8.
  return new Response(`\uFEFF${historyCsv(rows, viewerTimeZone(viewer))}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
