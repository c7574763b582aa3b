import type { SubmissionResult } from "@conform-to/react";
import { dateLabel, type FinanceTab, periodWindow } from "@domain/finance";
import { readFinanceQuery } from "@domain/finance/query";
import { json, redirect } from "@remix-run/node";
import { associationToday, requireFinanceReader } from "~/auth/finance.server";
import { associationPlanNotice } from "~/auth/plan.server";
import { financialsHref, financialsPath } from "~/components/finance/links";
import { getDb } from "~/db.server";
import { associationChoices } from "~/queries/finance-admin.server";
import type { Scope } from "~/queries/finance-present.server";

/**
 * What the /financials routes share on the server (issue 27, part 4): the layout (_app.financials)
 * and each tab's route read the same person's access once per request, and write back to the tab
 * the person came from.
 */

const readers = new WeakMap<Request, ReturnType<typeof requireFinanceReader>>();

/** requireFinanceReader, asked once per request: the layout's and the tab's loaders run side by side. */
export function financeReader(request: Request) {
  let reader = readers.get(request);
  if (!reader) {
    reader = requireFinanceReader(request);
    readers.set(request, reader);
  }
  return reader;
}

/**
 * The filters the URL asks for (read on the server: the query's schema stays out of the page's
 * JavaScript). A homeowner of an association that shares its summary sees the Overview's figures and
 * charts only: no search.
 */
export function askedQuery(request: Request, access: string) {
  const asked = readFinanceQuery(new URL(request.url).searchParams);
  return access === "summary" ? { ...asked, search: undefined } : asked;
}

/**
 * A tab's loader's start: the reader, the query (its tab from the route), scope and window; null for
 * an administrator who has not chosen an association yet (the layout shows the chooser). A homeowner
 * of an association that shares its summary reads the Overview only: another tab sends them there.
 */
export async function financeTab(request: Request, tab: FinanceTab) {
  const reader = await financeReader(request);
  if (reader.access === "choose") return null;
  const { viewer, access } = reader;
  const query = { ...askedQuery(request, access), tab };
  if (access === "summary" && tab !== "overview") throw redirect(financialsHref("overview", query));
  const today = associationToday(viewer);
  const scope: Scope = {
    associationId: viewer.association.id,
    fiscalYearStartMonth: viewer.association.fiscalYearStartMonth,
    today,
  };
  const window = periodWindow(query.period, today, viewer.association.fiscalYearStartMonth);
  return { viewer, access, query, today, scope, window, category: query.category ?? null };
}

/** Parameters that belong to one request only, never carried back to the tab. */
const ONE_SHOT = ["index", "tab", "void", "remove"];

/** Where a write returns to: the tab, with the filters the person came from. */
export function backTo(request: Request, tab: FinanceTab) {
  const params = new URLSearchParams(new URL(request.url).search);
  for (const param of ONE_SHOT) params.delete(param);
  const search = params.toString();
  return search ? `${financialsPath(tab)}?${search}` : financialsPath(tab);
}

/** An action's answer to a form it refused: the form's intent and Conform's result. */
export type FinanceReply<Intent extends string> = {
  intent: Intent | null;
  result: SubmissionResult<string[]>;
  /** plan-contribution: the fund whose form the result belongs to. */
  fundId?: string;
};

export function replyWith<Intent extends string>(
  intent: Intent | null,
  result: SubmissionResult<string[]>,
  status: number,
  fundId?: string,
) {
  return json<FinanceReply<Intent>>({ intent, result, fundId }, { status });
}

/** The layout's data (_app.financials.tsx): access, the administrator's chooser, the plan notice, the filters. */
export async function layoutLoader(request: Request) {
  const reader = await financeReader(request);
  // A platform administrator opens any association's books, once they have chosen one.
  const adminChooser =
    reader.access === "choose" || ("admin" in reader.viewer && reader.viewer.admin)
      ? {
          associations: await associationChoices(await getDb()),
          chosen: reader.access === "choose" ? null : reader.viewer.association.id,
        }
      : null;
  if (reader.access === "choose") return json({ access: "choose" as const, adminChooser });
  const { viewer, access } = reader;
  // The tab comes from the route matched (below): moving between tabs does not re-run this loader.
  const query = askedQuery(request, access);
  const today = associationToday(viewer);
  const window = periodWindow(query.period, today, viewer.association.fiscalYearStartMonth);
  return json({
    access,
    adminChooser,
    // Issue 14: without the association's plan or its trial, the books are read-only (402 on writes).
    planLimit: access === "manage" ? await associationPlanNotice(viewer.association.id, "financials") : null,
    association: viewer.association.name,
    query,
    today,
    window: { from: dateLabel(window.from), to: dateLabel(window.to) },
  });
}
