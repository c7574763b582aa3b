import { readFinanceQuery } from "@domain/finance/query";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson } from "~/api-json.server";
import { associationToday, NO_STORE, requireFinanceApi } from "~/auth/finance.server";
import { getDb } from "~/db.server";
import { summaryFor } from "~/queries/finance-present.server";

/**
 * GET /api/financial/summary?period&category (spec 001 section 8): { summary } with the spec's fields,
 * money in integer cents, for the active association's board members and managers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireFinanceApi(request);
  const query = readFinanceQuery(new URL(request.url).searchParams);
  const { summary } = await summaryFor(
    await getDb(),
    {
      associationId: viewer.association.id,
      fiscalYearStartMonth: viewer.association.fiscalYearStartMonth,
      today: associationToday(viewer),
    },
    query.period,
    query.category ?? null,
  );
  return apiJson({ summary, currency: viewer.association.currency }, { headers: NO_STORE });
}
