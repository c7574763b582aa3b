import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson } from "~/api-json.server";
import { associationToday, NO_STORE, requireFinanceApi } from "~/auth/finance.server";
import { getDb } from "~/db.server";
import { listBudgets } from "~/queries/finance.server";
import { presentBudget } from "~/queries/finance-present.server";

/** GET /api/financial/budgets (spec 001 section 8): { budgets } with spent computed, money in integer cents. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireFinanceApi(request);
  const today = associationToday(viewer);
  const rows = await listBudgets(await getDb(), viewer.association.id);
  return apiJson(
    {
      budgets: rows.map((r) => {
        const b = presentBudget(r, today);
        return {
          id: b.id,
          name: b.name,
          category: b.category,
          allocated_amount: b.allocatedCents,
          spent_amount: b.spentCents,
          period: b.period,
          start_date: b.startDate,
          end_date: b.endDate,
          status: b.status,
          board_approval: b.approval,
          properties: [{ id: viewer.association.id, name: viewer.association.name }],
        };
      }),
    },
    { headers: NO_STORE },
  );
}
