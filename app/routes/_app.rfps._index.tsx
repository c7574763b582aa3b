import { SAVED_SEARCH_UPGRADE_URL } from "@domain/rfp/saved-searches";
import {
  activeFilterCount,
  clearSearch,
  pageCount,
  parseRfpSearch,
  REFRESH_SPIN_MS,
  RFP_LIST_TEXT,
} from "@domain/rfp/search";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { rfpViewer, vendorActor, viewerMayCreateRfps, viewerTimeZone } from "~/auth/actors.server";
import { requireContext } from "~/auth/guards.server";
import {
  createSavedSearch,
  deleteSavedSearch,
  renameSavedSearch,
  type SavedSearchResult,
  setSavedSearchAlerts,
} from "~/commands/saved-searches.server";
import { Pager } from "~/components/rfps/pager";
import { RfpCard } from "~/components/rfps/rfp-card";
import { parseSavedSearch } from "~/components/rfps/saved-search-schema.server";
import { type SavedSearchActionData, SavedSearches } from "~/components/rfps/saved-searches";
import { ActiveFilterChips, QuickFilters, RfpSearchForm, searchHref } from "~/components/rfps/search-form";
import { buttonClass } from "~/components/ui/button";
import { LayoutGrid, List, RefreshCw } from "~/components/ui/icons";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { cardData, type RfpCardData } from "~/queries/rfp-present.server";
import { searchRfps } from "~/queries/rfp-search.server";
import { listSavedSearches } from "~/queries/saved-searches.server";

export const meta: MetaFunction = () => [{ title: "RFPs · Association Commons" }];

/**
 * /rfps: the RFP list with search and filters (spec 001 sections 2.2 to 2.4). Everything is in the
 * URL, so a search is a link, the back button works and the page works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireContext(request);
  const url = new URL(request.url);
  const filters = parseRfpSearch(url.searchParams);
  const view = url.searchParams.get("view") === "list" ? "list" : "grid";
  const now = new Date().toISOString();
  const timeZone = viewerTimeZone(viewer);
  const db = await getDb();
  // The saved searches and the search do not depend on each other: both at once.
  const [saved, searched] = await Promise.allSettled([
    listSavedSearches(db, viewer.user.id, now),
    searchRfps(db, rfpViewer(viewer), filters, { now, timeZone }),
  ]);
  if (saved.status === "rejected") throw saved.reason;
  const base = {
    filters,
    view,
    mayCreate: viewerMayCreateRfps(viewer),
    today: now.slice(0, 10),
    saved: saved.value.list,
    professional: saved.value.professional,
  } as const;
  if (searched.status === "rejected") {
    console.error("RFP search failed", searched.reason);
    return json(
      {
        ...base,
        error: "The RFPs could not be loaded. Please try again.",
        total: 0,
        rfps: [] as RfpCardData[],
      },
      { status: 500 },
    );
  }
  const result = searched.value;
  const vendor = vendorActor(viewer);
  return json({
    ...base,
    error: null,
    total: result.total,
    rfps: result.rfps.map((r) =>
      cardData(r, { userId: viewer.user.id, verifiedVendor: vendor.verifiedVendor }, now, timeZone),
    ),
  });
}

/**
 * The saved searches' forms (issue 14): save, rename, alerts on or off, delete. Each answers on this
 * page: success redirects back to the same search with a toast; a refusal (validation 400, a plan limit
 * 402 with the upgrade link, another person's search 404) comes back to the form it belongs to.
 */
export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireContext(request);
  const userId = viewer.user.id;
  const submission = parseSavedSearch(await readForm(request));
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const back = `/rfps${url.searchParams.size > 0 ? `?${url.searchParams}` : ""}`;
  if (submission.status !== "success") {
    const payload = submission.payload as { intent?: string; id?: string };
    const formId =
      payload.intent === "save-search" || !payload.id
        ? "save-search"
        : payload.intent === "rename-search"
          ? `search-${payload.id}`
          : `row-${payload.id}`;
    return json<SavedSearchActionData>(
      { formId, result: submission.reply(), message: null, upgradeUrl: null },
      { status: 400 },
    );
  }
  const v = submission.value;
  const db = await getDb();
  let outcome: SavedSearchResult<{ id: string }>;
  let done: string;
  switch (v.intent) {
    case "save-search":
      outcome = await once(request, userId, submission.payload, (db) => createSavedSearch(db, userId, v));
      done = `Saved the search "${v.name}".`;
      break;
    case "rename-search":
      outcome = await renameSavedSearch(db, userId, v.id, v.name);
      done = `Renamed the search to "${v.name}".`;
      break;
    case "search-alerts":
      outcome = await setSavedSearchAlerts(db, userId, v.id, v.alerts);
      done = v.alerts ? "E-mail alerts are on for this search." : "E-mail alerts are off for this search.";
      break;
    case "delete-search":
      outcome = await deleteSavedSearch(db, userId, v.id);
      done = "Deleted the saved search.";
      break;
  }
  if (outcome.ok) return redirectWithFlash(back, { message: done, tone: "success" });
  const { kind, message, field } = outcome.error;
  const status = domainErrorStatus(kind);
  const upgradeUrl = kind === "plan_required" ? SAVED_SEARCH_UPGRADE_URL : null;
  if (kind === "not_found") throw json({ error: message }, { status });
  const conform = v.intent === "save-search" || v.intent === "rename-search";
  const formId = v.intent === "save-search" ? "save-search" : conform ? `search-${v.id}` : `row-${v.id}`;
  return json<SavedSearchActionData>(
    {
      formId,
      result: conform
        ? submission.reply(
            field === "name" ? { fieldErrors: { name: [message] } } : { formErrors: [message] },
          )
        : null,
      message: conform ? null : message,
      upgradeUrl,
    },
    { status },
  );
}

function RefreshButton() {
  const revalidator = useRevalidator();
  const [spinning, setSpinning] = useState(false);
  useEffect(() => {
    if (!spinning) return;
    const t = setTimeout(() => setSpinning(false), REFRESH_SPIN_MS);
    return () => clearTimeout(t);
  }, [spinning]);
  return (
    <button
      type="button"
      onClick={() => {
        setSpinning(true);
        revalidator.revalidate();
      }}
      className={buttonClass("ghost", "js-only")}
      aria-label="Refresh"
    >
      <RefreshCw aria-hidden="true" className={`h-4 w-4 ${spinning ? "animate-spin" : ""}`} />
    </button>
  );
}

export default function RfpList() {
  const { filters, view, mayCreate, today, error, total, rfps, saved, professional } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/rfps";
  const filtered = activeFilterCount(filters) > 0 || filters.q !== "";
  const pages = pageCount(total, filters.limit);
  const toggle = (active: boolean) =>
    `inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm ${active ? "bg-slate-200 font-semibold dark:bg-slate-700" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`;

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold">RFPs</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Requests for proposals from associations. Search, filter and open one to see everything it asks
            for.
          </p>
        </div>
        {mayCreate ? (
          <Link to="/rfps/new" className={buttonClass("primary")}>
            Create RFP
          </Link>
        ) : null}
      </div>

      <RfpSearchForm key={JSON.stringify({ ...filters, q: "" })} filters={filters} view={view} />
      <QuickFilters filters={filters} view={view} today={today} />
      <ActiveFilterChips filters={filters} view={view} />

      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 pb-2 dark:border-slate-800">
        <p
          className="text-sm text-slate-600 dark:text-slate-400"
          aria-live="polite"
          data-testid="result-count"
        >
          {error ? "" : `${total.toLocaleString("en-US")} ${total === 1 ? "RFP" : "RFPs"}`}
          {loading ? " · Loading…" : ""}
        </p>
        <div className="flex flex-wrap items-center gap-1">
          <SavedSearches
            filters={filters}
            total={total}
            saved={saved}
            professional={professional}
            actionData={actionData as SavedSearchActionData | undefined}
          />
          <RefreshButton />
          <span className="mx-1 h-5 w-px bg-slate-300 dark:bg-slate-700" aria-hidden="true" />
          <Link
            to={searchHref(filters, { page: filters.page }, "grid")}
            className={toggle(view === "grid")}
            aria-current={view === "grid" ? "true" : undefined}
          >
            <LayoutGrid aria-hidden="true" className="h-4 w-4" /> Grid
          </Link>
          <Link
            to={searchHref(filters, { page: filters.page }, "list")}
            className={toggle(view === "list")}
            aria-current={view === "list" ? "true" : undefined}
          >
            <List aria-hidden="true" className="h-4 w-4" /> List
          </Link>
        </div>
      </div>

      {error ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-6 text-center dark:border-red-800 dark:bg-red-950"
        >
          <h2 className="text-lg font-semibold text-red-900 dark:text-red-100">{RFP_LIST_TEXT.errorTitle}</h2>
          <p className="mt-1 text-sm text-red-800 dark:text-red-200">{error}</p>
          <Link
            to={searchHref(filters, { page: filters.page }, view)}
            reloadDocument
            className={buttonClass("secondary", "mt-4")}
          >
            {RFP_LIST_TEXT.tryAgain}
          </Link>
        </div>
      ) : rfps.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <h2 className="text-lg font-semibold">{RFP_LIST_TEXT.emptyTitle}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {filtered ? RFP_LIST_TEXT.emptyFiltered : RFP_LIST_TEXT.emptyUnfiltered}
          </p>
          {filtered ? (
            <Link
              to={searchHref(clearSearch(filters), {}, view)}
              className={buttonClass("secondary", "mt-4")}
            >
              {RFP_LIST_TEXT.clearFilters}
            </Link>
          ) : null}
        </div>
      ) : (
        <ul
          className={view === "grid" ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "space-y-3"}
          aria-label="RFPs"
        >
          {rfps.map((r) => (
            <li key={r.id}>
              <RfpCard rfp={r} layout={view} />
            </li>
          ))}
        </ul>
      )}

      <Pager page={filters.page} pages={pages} href={(page) => searchHref(filters, { page }, view)} />
    </div>
  );
}
