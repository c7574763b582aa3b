import { DEFAULT_PERIOD, FINANCE_TABS, type FinanceTab } from "@domain/finance";
import type { FinanceQuery } from "@domain/finance/query";

/**
 * The financials' addresses (issue 27, part 4): one nested route per tab, the Overview at /financials
 * and the others at /financials/{tab}. The filters travel in the query string; `tab` no longer does
 * (the Overview redirects an old ?tab= link or bookmark to its tab's path).
 */
export const financialsPath = (tab: FinanceTab) =>
  tab === "overview" ? "/financials" : `/financials/${tab}`;

/** The tab a /financials path shows (the Overview for /financials and anything unknown). */
export function tabOfPath(pathname: string): FinanceTab {
  const segment = pathname.replace(/\/+$/, "").split("/")[2] ?? "";
  return (FINANCE_TABS as readonly string[]).includes(segment) && segment !== "overview"
    ? (segment as FinanceTab)
    : "overview";
}

type Patch = Partial<Record<Exclude<keyof FinanceQuery, "tab">, string | number | undefined>>;

/** A tab with the page's filters (defaults left out), changed by `patch`. */
export function financialsHref(tab: FinanceTab, query: Omit<FinanceQuery, "tab">, patch: Patch = {}) {
  const params = new URLSearchParams();
  const merged = { ...query, ...patch } as Record<string, string | number | undefined>;
  for (const key of ["period", "category", "search", "type", "status", "page"]) {
    const value = merged[key];
    if (value === undefined || value === "") continue;
    if (key === "period" && value === DEFAULT_PERIOD) continue;
    if (key === "type" && value === "expense") continue;
    if (key === "page" && value === 1) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${financialsPath(tab)}?${search}` : financialsPath(tab);
}

export function exportHref(query: FinanceQuery) {
  const params = new URLSearchParams({ type: query.tab, period: query.period });
  if (query.category) params.set("category", query.category);
  if (query.search) params.set("search", query.search);
  return `/api/financial/export?${params.toString()}`;
}
