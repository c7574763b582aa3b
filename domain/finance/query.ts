import { z } from "zod";
import {
  DEFAULT_PERIOD,
  FINANCE_CATEGORIES,
  FINANCE_PERIODS,
  FINANCE_TABS,
  TRANSACTION_STATUSES,
} from "./index";

/**
 * The financial pages' query (spec 001 section 2.9: "A search box, a period select and a category
 * select sit above the list"), shared by /financials, its export and the reports. Anything unknown
 * falls back to its default rather than failing.
 */
export const FinanceQuerySchema = z.object({
  tab: z.enum(FINANCE_TABS).catch("overview"),
  period: z.enum(FINANCE_PERIODS).catch(DEFAULT_PERIOD),
  category: z.enum(FINANCE_CATEGORIES).optional().catch(undefined),
  search: z.string().trim().max(200).optional().catch(undefined),
  type: z.enum(["income", "expense", "all"]).catch("expense"),
  status: z.enum(TRANSACTION_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type FinanceQuery = z.infer<typeof FinanceQuerySchema>;

export function readFinanceQuery(params: URLSearchParams): FinanceQuery {
  const query = FinanceQuerySchema.parse(Object.fromEntries(params));
  return { ...query, search: query.search || undefined };
}
