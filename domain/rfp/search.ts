import { pageNumber } from "../rules/paging";
import {
  PROPERTY_TYPES,
  type PropertyType,
  type RfpCategory,
  type RfpStatus,
  URGENT_WITHIN_DAYS,
} from "./types";

/**
 * Finding RFPs (spec 001 sections 2.2, 2.3 and 3 "RFP search filters"; section 7 "RFP search"): the
 * filters as the URL carries them, parsed and normalised here so the page, the query and the saved
 * searches agree on one shape. Pure: no I/O, no clock (the caller passes `now`).
 */

/** Spec 001 section 7: page default 20, maximum 100. */
export const RFP_PAGE_SIZE = 20;
export const RFP_PAGE_SIZE_MAX = 100;
/** Spec 001 section 2.3: the pager shows at most 5 page numbers. */
export const PAGER_MAX_NUMBERS = 5;
/** Spec 001 section 2.3: the search box is debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec 001 section 2.3: refresh spins for 1 s. */
export const REFRESH_SPIN_MS = 1000;

/** Spec 001 section 3: the search categories, each covering creation categories. */
export const SEARCH_CATEGORIES = [
  {
    id: "construction",
    label: "Construction & Maintenance",
    covers: ["construction", "maintenance", "painting", "roofing", "plumbing", "electrical", "hvac"],
  },
  { id: "landscaping", label: "Landscaping & Grounds", covers: ["landscaping"] },
  { id: "security", label: "Security Services", covers: ["security"] },
  { id: "insurance_legal", label: "Insurance & Legal", covers: ["insurance", "legal"] },
  { id: "financial", label: "Financial Services", covers: ["financial"] },
  { id: "management", label: "Property Management", covers: ["management"] },
  { id: "technology", label: "Technology & Software", covers: ["technology"] },
  { id: "cleaning", label: "Cleaning & Janitorial", covers: ["cleaning"] },
  { id: "professional", label: "Professional Services", covers: ["consulting"] },
  { id: "emergency", label: "Emergency Services", covers: [] },
  { id: "other", label: "Other", covers: ["other"] },
] as const satisfies readonly { id: string; label: string; covers: readonly RfpCategory[] }[];
export type SearchCategoryId = (typeof SEARCH_CATEGORIES)[number]["id"];

export const SORT_KEYS = [
  { id: "newest", label: "Newest first" },
  { id: "deadline", label: "Deadline" },
  { id: "budget", label: "Budget" },
  { id: "proposals", label: "Proposal count" },
  { id: "relevance", label: "Best match" },
] as const;
export type SortKey = (typeof SORT_KEYS)[number]["id"];
export type SortOrder = "asc" | "desc";

/** Statuses a search may ask for; drafts only ever match the viewer's own (or an admin's view). */
export const SEARCH_STATUSES = [
  { id: "published", label: "Open" },
  { id: "closed", label: "Closed" },
  { id: "cancelled", label: "Cancelled" },
  { id: "draft", label: "Draft" },
] as const satisfies readonly { id: RfpStatus; label: string }[];

/** Budget ranges offered as one click (whole dollars; null is open-ended). */
export const BUDGET_RANGES = [
  { id: "under-5k", label: "Under $5,000", min: null, max: 5000 },
  { id: "5k-25k", label: "$5,000 – $25,000", min: 5000, max: 25000 },
  { id: "25k-100k", label: "$25,000 – $100,000", min: 25000, max: 100000 },
  { id: "over-100k", label: "Over $100,000", min: 100000, max: null },
] as const;

/** Deadline windows offered as one click (days from today). */
export const DEADLINE_WINDOWS = [
  { id: "3", label: "Within 3 days", days: 3 },
  { id: "7", label: "Within 7 days", days: 7 },
  { id: "30", label: "Within 30 days", days: 30 },
] as const;

export interface RfpSearchFilters {
  q: string;
  categories: SearchCategoryId[];
  /** Spec 001 section 3: property_types[]. */
  propertyTypes: PropertyType[];
  state: string;
  location: string;
  budgetMin: number | null;
  budgetMax: number | null;
  /** yyyy-mm-dd, inclusive. */
  deadlineFrom: string | null;
  deadlineTo: string | null;
  /** Empty: the default, open RFPs (published, deadline ahead). */
  statuses: RfpStatus[];
  urgent: boolean;
  /** Only the viewer's own RFPs. */
  mine: boolean;
  sort: SortKey;
  order: SortOrder;
  page: number;
  limit: number;
}

export const DEFAULT_RFP_SEARCH: RfpSearchFilters = {
  q: "",
  categories: [],
  propertyTypes: [],
  state: "",
  location: "",
  budgetMin: null,
  budgetMax: null,
  deadlineFrom: null,
  deadlineTo: null,
  statuses: [],
  urgent: false,
  mine: false,
  sort: "newest",
  order: "desc",
  page: 1,
  limit: RFP_PAGE_SIZE,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STATE = /^[A-Za-z]{2}$/;

/** Budgets are whole dollars in an integer column: a filter past its largest value is that value. */
const MAX_BUDGET_FILTER = 2_147_483_647;

function wholeNumber(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const n = Number(value.replace(/[$,\s]/g, ""));
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.min(Math.floor(n), MAX_BUDGET_FILTER);
}

/** A calendar date that exists ("2026-02-31" does not: JavaScript would roll it into March). */
function validDate(value: string | null): string | null {
  if (!value || !DATE.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value ? value : null;
}

function positiveInt(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) return fallback;
  return Math.min(n, max);
}

const isOneOf = <T extends string>(list: readonly { id: T }[], v: string): v is T =>
  list.some((x) => x.id === v);

/**
 * Reads filters from a URL's query. Unknown or malformed values are dropped rather than rejected, so a
 * hand-edited or stale link still shows results. A budget preset (`budget=5k-25k`) fills min and max.
 */
export function parseRfpSearch(params: URLSearchParams): RfpSearchFilters {
  const f: RfpSearchFilters = { ...DEFAULT_RFP_SEARCH, categories: [], propertyTypes: [], statuses: [] };
  f.q = (params.get("q") ?? "").trim().slice(0, 200);
  for (const c of params.getAll("category")) {
    if (isOneOf(SEARCH_CATEGORIES, c) && !f.categories.includes(c)) f.categories.push(c);
  }
  for (const t of params.getAll("property_type")) {
    if (isOneOf(PROPERTY_TYPES, t) && !f.propertyTypes.includes(t)) f.propertyTypes.push(t);
  }
  const state = (params.get("state") ?? "").trim();
  f.state = STATE.test(state) ? state.toUpperCase() : "";
  f.location = (params.get("location") ?? "").trim().slice(0, 100);
  const preset = BUDGET_RANGES.find((r) => r.id === params.get("budget"));
  f.budgetMin = preset ? preset.min : wholeNumber(params.get("budget_min"));
  f.budgetMax = preset ? preset.max : wholeNumber(params.get("budget_max"));
  if (f.budgetMin !== null && f.budgetMax !== null && f.budgetMin > f.budgetMax) {
    [f.budgetMin, f.budgetMax] = [f.budgetMax, f.budgetMin];
  }
  f.deadlineFrom = validDate(params.get("deadline_from"));
  f.deadlineTo = validDate(params.get("deadline_to"));
  for (const s of params.getAll("status")) {
    if (isOneOf(SEARCH_STATUSES, s) && !f.statuses.includes(s)) f.statuses.push(s);
  }
  f.urgent = params.get("urgent") === "1" || params.get("urgent") === "true";
  f.mine = params.get("mine") === "1" || params.get("mine") === "true";
  const sort = params.get("sort") ?? "";
  // Relevance needs text: without it, the default sort.
  f.sort = isOneOf(SORT_KEYS, sort) && (sort !== "relevance" || f.q) ? sort : defaultSort(f.q);
  const order = params.get("order");
  f.order = order === "asc" || order === "desc" ? order : defaultOrder(f.sort);
  f.limit = positiveInt(params.get("limit"), RFP_PAGE_SIZE, RFP_PAGE_SIZE_MAX);
  f.page = pageNumber(params.get("page"));
  return f;
}

/** The sort a search starts with: by relevance with text, newest first without (relevance needs text). */
function defaultSort(q: string): RfpSearchFilters["sort"] {
  return q ? "relevance" : "newest";
}

/** The order a sort starts with: the nearest deadline first, the largest or newest first otherwise. */
function defaultOrder(sort: RfpSearchFilters["sort"]): RfpSearchFilters["order"] {
  return sort === "deadline" ? "asc" : "desc";
}

/** The query string for filters (defaults left out), for links, the pager and saved searches. */
export function rfpSearchParams(
  f: RfpSearchFilters,
  overrides: Partial<RfpSearchFilters> = {},
): URLSearchParams {
  const v = { ...f, ...overrides };
  const p = new URLSearchParams();
  if (v.q) p.set("q", v.q);
  for (const c of v.categories) p.append("category", c);
  for (const t of v.propertyTypes) p.append("property_type", t);
  if (v.state) p.set("state", v.state);
  if (v.location) p.set("location", v.location);
  if (v.budgetMin !== null) p.set("budget_min", String(v.budgetMin));
  if (v.budgetMax !== null) p.set("budget_max", String(v.budgetMax));
  if (v.deadlineFrom) p.set("deadline_from", v.deadlineFrom);
  if (v.deadlineTo) p.set("deadline_to", v.deadlineTo);
  for (const s of v.statuses) p.append("status", s);
  if (v.urgent) p.set("urgent", "1");
  if (v.mine) p.set("mine", "1");
  if (v.sort !== defaultSort(v.q)) p.set("sort", v.sort);
  if (v.order !== defaultOrder(v.sort)) p.set("order", v.order);
  if (v.limit !== RFP_PAGE_SIZE) p.set("limit", String(v.limit));
  if (v.page !== 1) p.set("page", String(v.page));
  return p;
}

/**
 * Spec 001 section 2.3: the filter badge counts the active filters; budget min and max together count
 * as one. The search text, sort and page are not filters.
 */
export function activeFilterCount(f: RfpSearchFilters): number {
  return [
    f.categories.length > 0,
    f.propertyTypes.length > 0,
    f.state !== "",
    f.location !== "",
    f.budgetMin !== null || f.budgetMax !== null,
    f.deadlineFrom !== null,
    f.deadlineTo !== null,
    f.statuses.length > 0,
    f.urgent,
    f.mine,
  ].filter(Boolean).length;
}

/** Filters without the search text, sort and paging: what Clear All resets. */
export function clearFilters(f: RfpSearchFilters): RfpSearchFilters {
  return {
    ...DEFAULT_RFP_SEARCH,
    categories: [],
    propertyTypes: [],
    statuses: [],
    q: f.q,
    sort: f.sort,
    order: f.order,
    limit: f.limit,
  };
}

/**
 * The empty result's "Clear Filters": the filters and the search text. A sort by relevance needs text,
 * so it goes back to the default without text (newest first), as the search itself reads it.
 */
export function clearSearch(f: RfpSearchFilters): RfpSearchFilters {
  const cleared = { ...clearFilters(f), q: "" };
  if (cleared.sort !== "relevance") return cleared;
  const sort = defaultSort("");
  return { ...cleared, sort, order: defaultOrder(sort) };
}

/** The creation categories a search's categories cover. */
export function coveredCategories(ids: readonly SearchCategoryId[]): RfpCategory[] {
  const out = new Set<RfpCategory>();
  for (const id of ids) for (const c of SEARCH_CATEGORIES.find((s) => s.id === id)?.covers ?? []) out.add(c);
  return [...out];
}

/** The deadline cut-off of "urgent": the end of the third day from now. */
export function urgentBefore(now: string): string {
  return new Date(Date.parse(now) + URGENT_WITHIN_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** What the search filters read of an RFP (the columns of the rfps projection). */
export interface RfpMatchFacts {
  status: RfpStatus;
  category: string | null;
  propertyType: string | null;
  locationAddress: string | null;
  locationCity: string | null;
  locationState: string | null;
  locationZip: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  budgetHourlyRate: number | null;
  /** ISO instant. */
  proposalDeadline: string | null;
  authorId: string;
}

/** The calendar day of an instant in a time zone (yyyy-mm-dd). */
function dayIn(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(instant));
}

/**
 * Whether an RFP matches a search's filters: the same rules, one for one, as the page's SQL
 * (app/queries/rfp-search.server.ts `conditions`), which tests hold to agreeing on a table of cases.
 * Full-text search is PostgreSQL's (stemming, websearch syntax), so its answer comes in as `textMatches`
 * (ignored without a search text). Visibility is separate (mayViewRfp). Sorting and paging do not filter.
 */
export function matchesRfpSearch(
  f: RfpSearchFilters,
  rfp: RfpMatchFacts,
  ctx: { viewerId: string; now: string; timeZone: string; textMatches: boolean },
): boolean {
  const now = Date.parse(ctx.now);
  const deadline = rfp.proposalDeadline === null ? null : Date.parse(rfp.proposalDeadline);
  const open = rfp.status === "published" && deadline !== null && deadline > now;
  if (f.statuses.length > 0 ? !f.statuses.includes(rfp.status) : !open) return false;
  if (f.q && !ctx.textMatches) return false;
  if (
    f.categories.length > 0 &&
    !(coveredCategories(f.categories) as string[]).includes(rfp.category ?? "")
  ) {
    return false;
  }
  if (f.propertyTypes.length > 0 && !(f.propertyTypes as string[]).includes(rfp.propertyType ?? ""))
    return false;
  if (f.state && rfp.locationState !== f.state) return false;
  if (f.location) {
    const needle = f.location.toLowerCase();
    const hay = [rfp.locationCity, rfp.locationZip, rfp.locationAddress, rfp.locationState];
    if (!hay.some((v) => v?.toLowerCase().includes(needle))) return false;
  }
  const low = rfp.budgetMin ?? rfp.budgetMax ?? rfp.budgetHourlyRate;
  const high = rfp.budgetMax ?? rfp.budgetMin ?? rfp.budgetHourlyRate;
  if (f.budgetMin !== null && (high === null || high < f.budgetMin)) return false;
  if (f.budgetMax !== null && (low === null || low > f.budgetMax)) return false;
  if (f.deadlineFrom || f.deadlineTo) {
    if (rfp.proposalDeadline === null) return false;
    const day = dayIn(rfp.proposalDeadline, ctx.timeZone);
    if (f.deadlineFrom && day < f.deadlineFrom) return false;
    if (f.deadlineTo && day > f.deadlineTo) return false;
  }
  if (f.urgent && !(open && (deadline as number) <= Date.parse(urgentBefore(ctx.now)))) return false;
  if (f.mine && rfp.authorId !== ctx.viewerId) return false;
  return true;
}

/** The stored form of a search's filters: its query string without the page (and without the view). */
export function savedSearchFilters(f: RfpSearchFilters): string {
  return rfpSearchParams(f, { page: 1 }).toString();
}

/** Whether a search has anything to save: a filter or a search text (spec 001: Save needs a filter). */
export function searchIsSavable(f: RfpSearchFilters): boolean {
  return activeFilterCount(f) > 0 || f.q !== "";
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * Spec 001 section 2.3: at most 5 page numbers, a window around the current page that stays inside
 * 1..pages.
 */
export function pagerNumbers(page: number, pages: number, max = PAGER_MAX_NUMBERS): number[] {
  const count = Math.min(max, pages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Spec 001 section 2.3: the empty state's texts. */
export const RFP_LIST_TEXT = {
  emptyTitle: "No RFPs Found",
  emptyFiltered: "Try adjusting your filters to see more results.",
  emptyUnfiltered: "There are currently no RFPs matching your criteria.",
  clearFilters: "Clear Filters",
  errorTitle: "Error Loading RFPs",
  tryAgain: "Try Again",
} as const;

/**
 * Whether a path segment can be an RFP id (a UUID). Anything else under /rfps/ (/rfps/templates, a typo)
 * is a page that does not exist, not an RFP that does not: it answers the generic "Page not found".
 */
export function isRfpId(segment: string | undefined): segment is string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment ?? "");
}

/** What the RFP page and the wizard say when the RFP does not exist (or the viewer may not know it does). */
export const RFP_NOT_FOUND = {
  title: "RFP not found",
  detail: "This RFP does not exist or has been deleted.",
} as const;

/** Spec 001 section 5: save search requires a non-empty trimmed name. */
export function savedSearchNameError(name: string): string | null {
  return name.trim() === "" ? "Please enter a name for this search" : null;
}
