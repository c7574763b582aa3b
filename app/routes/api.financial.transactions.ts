import { centsToInput, periodWindow, TRANSACTION_LIST_LIMIT } from "@domain/finance";
import { readFinanceQuery } from "@domain/finance/query";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson } from "~/api-json.server";
import { associationToday, NO_STORE, requireFinanceApi } from "~/auth/finance.server";
import { getDb } from "~/db.server";
import { listTransactions } from "~/queries/finance.server";

/**
 * GET /api/financial/transactions?limit=10&period&category&search (spec 001 section 8):
 * { transactions, total }, newest first, amounts as integer cents and as a decimal string.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireFinanceApi(request);
  const params = new URL(request.url).searchParams;
  const query = readFinanceQuery(params);
  const asked = Number(params.get("limit") ?? TRANSACTION_LIST_LIMIT);
  const limit = Number.isInteger(asked) && asked >= 1 && asked <= 100 ? asked : TRANSACTION_LIST_LIMIT;
  const today = associationToday(viewer);
  const { rows, total } = await listTransactions(
    await getDb(),
    viewer.association.id,
    {
      category: query.category ?? null,
      search: query.search ?? null,
      window: periodWindow(query.period, today, viewer.association.fiscalYearStartMonth),
    },
    { limit },
  );
  return apiJson(
    {
      transactions: rows.map((r) => ({
        id: r.id,
        type: r.type,
        category: r.category,
        amount: centsToInput(r.amountCents),
        amount_cents: r.amountCents,
        description: r.description,
        date: r.date,
        property_id: viewer.association.id,
        property_name: viewer.association.name,
        status: r.status,
        // Issue 13: the optional unit or property it concerns, and the board's approval (part 9).
        property_reference: r.property,
        board_approval: r.approvalStatus,
        receipt_url: r.receiptFileName ? `/financial/transactions/${r.id}/receipt` : null,
        created_by: { full_name: r.createdBy },
      })),
      total,
    },
    { headers: NO_STORE },
  );
}
