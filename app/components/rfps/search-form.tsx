import {
  activeFilterCount,
  BUDGET_RANGES,
  clearFilters,
  DEADLINE_WINDOWS,
  parseRfpSearch,
  type RfpSearchFilters,
  rfpSearchParams,
  SEARCH_CATEGORIES,
  SEARCH_DEBOUNCE_MS,
  SEARCH_STATUSES,
  SORT_KEYS,
} from "@domain/rfp/search";
import { PROPERTY_TYPES, US_STATES } from "@domain/rfp/types";
import { Form, Link, useSubmit } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { buttonClass } from "~/components/ui/button";
import { Filter, Search } from "~/components/ui/icons";
import { LazyPanelToggle, lazyPanelId, useLazyPanel } from "~/components/ui/lazy-panel";

const input =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/** A link to the list with some filters changed (page back to 1). */
export function searchHref(f: RfpSearchFilters, change: Partial<RfpSearchFilters>, view?: string): string {
  const p = rfpSearchParams(f, { page: 1, ...change });
  if (view && view !== "grid") p.set("view", view);
  const qs = p.toString();
  return qs ? `/rfps?${qs}` : "/rfps";
}

/** The Filters control's text, with the count of active filters (spec 001 section 2.3). */
function FiltersLabel({ count, testId = false }: { count: number; testId?: boolean }) {
  return (
    <>
      <Filter aria-hidden="true" className="h-4 w-4" />
      Filters
      {count > 0 ? (
        <span
          data-testid={testId ? "filter-count" : undefined}
          className="rounded-full bg-blue-700 px-2 text-xs font-bold text-white"
        >
          {count}
          <span className="sr-only"> active</span>
        </span>
      ) : null}
    </>
  );
}

function Section({ title, children, open }: { title: string; children: ReactNode; open?: boolean }) {
  return (
    <details open={open} className="rounded-md border border-slate-200 dark:border-slate-800">
      <summary className="cursor-pointer select-none px-3 py-2 text-sm font-semibold">{title}</summary>
      <div className="grid gap-3 px-3 pb-3 sm:grid-cols-2">{children}</div>
    </details>
  );
}

function Label({ children, htmlFor }: { children: ReactNode; htmlFor: string }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300">
      {children}
    </label>
  );
}

/**
 * The search box and the advanced filters (spec 001 sections 2.2 and 2.3) as one GET form: it works
 * without JavaScript (Search and Apply submit it); with JavaScript the text search runs 300 ms after
 * typing stops and the sort applies on change.
 */
export function RfpSearchForm({ filters, view }: { filters: RfpSearchFilters; view: "grid" | "list" }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const qRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const count = activeFilterCount(filters);
  const panel = useLazyPanel("filters");
  const hiddenFilters = [...rfpSearchParams(filters, { page: 1 })].filter(([name]) => name !== "q");

  // Follow the URL when it changes from elsewhere (a chip, a saved search), unless the person is typing.
  useEffect(() => {
    const el = qRef.current;
    if (el && document.activeElement !== el && el.value !== filters.q) el.value = filters.q;
  }, [filters.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Submits the filters as a clean query (empty fields and defaults left out). */
  const go = (replace: boolean) => {
    clearTimeout(timer.current);
    if (!formRef.current) return;
    const chosen = parseRfpSearch(
      new URLSearchParams(new FormData(formRef.current) as unknown as string[][]),
    );
    const params = rfpSearchParams(chosen, { page: 1 });
    if (view === "list") params.set("view", "list");
    submit(params, { method: "get", action: "/rfps", replace, preventScrollReset: true });
  };
  const submitSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go(true), SEARCH_DEBOUNCE_MS);
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action="/rfps"
      role="search"
      aria-label="RFPs"
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        go(false);
      }}
    >
      {view === "list" ? <input type="hidden" name="view" value="list" /> : null}
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-1 basis-64">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400"
          />
          <input
            ref={qRef}
            type="search"
            name="q"
            defaultValue={filters.q}
            aria-label="Search RFPs"
            placeholder="Search title, description and scope"
            maxLength={200}
            onChange={submitSoon}
            className={`${input} pl-9`}
          />
        </div>
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
      </div>

      {/* Closed, the panel is not rendered: its active filters ride along as hidden fields. */}
      {panel.open
        ? null
        : hiddenFilters.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
      <LazyPanelToggle
        panel={panel}
        className={buttonClass("secondary")}
        label={(button) => <FiltersLabel count={count} testId={button} />}
      />
      {panel.open ? (
        <div
          id={lazyPanelId(panel)}
          className="mt-3 space-y-2 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
        >
          <Section
            title="Location & Property"
            open={Boolean(filters.state || filters.location || filters.propertyTypes.length > 0)}
          >
            <div>
              <Label htmlFor="f-location">City, ZIP or address</Label>
              <input id="f-location" name="location" defaultValue={filters.location} className={input} />
            </div>
            <div>
              <Label htmlFor="f-state">State</Label>
              <select id="f-state" name="state" defaultValue={filters.state} className={input}>
                <option value="">Any state</option>
                {US_STATES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="sm:col-span-2">
              <legend className="mb-1 text-xs font-medium text-slate-700 dark:text-slate-300">
                Property type
              </legend>
              <div className="grid gap-1 sm:grid-cols-2">
                {PROPERTY_TYPES.map((t) => (
                  <label key={t.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="property_type"
                      value={t.id}
                      defaultChecked={filters.propertyTypes.includes(t.id)}
                    />
                    {t.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </Section>
          <Section
            title="Budget & Timeline"
            open={
              filters.budgetMin !== null ||
              filters.budgetMax !== null ||
              Boolean(filters.deadlineFrom || filters.deadlineTo)
            }
          >
            <div>
              <Label htmlFor="f-budget-min">Budget from ($)</Label>
              <input
                id="f-budget-min"
                name="budget_min"
                inputMode="numeric"
                pattern="[0-9]*"
                defaultValue={filters.budgetMin ?? ""}
                className={input}
              />
            </div>
            <div>
              <Label htmlFor="f-budget-max">Budget to ($)</Label>
              <input
                id="f-budget-max"
                name="budget_max"
                inputMode="numeric"
                pattern="[0-9]*"
                defaultValue={filters.budgetMax ?? ""}
                className={input}
              />
            </div>
            <div>
              <Label htmlFor="f-deadline-from">Deadline from</Label>
              <input
                id="f-deadline-from"
                type="date"
                name="deadline_from"
                defaultValue={filters.deadlineFrom ?? ""}
                className={input}
              />
            </div>
            <div>
              <Label htmlFor="f-deadline-to">Deadline to</Label>
              <input
                id="f-deadline-to"
                type="date"
                name="deadline_to"
                defaultValue={filters.deadlineTo ?? ""}
                className={input}
              />
            </div>
          </Section>
          <Section title="Category & Type" open={filters.categories.length > 0}>
            <fieldset className="sm:col-span-2">
              <legend className="sr-only">Categories</legend>
              <div className="grid gap-1 sm:grid-cols-2">
                {SEARCH_CATEGORIES.map((c) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="category"
                      value={c.id}
                      defaultChecked={filters.categories.includes(c.id)}
                    />
                    {c.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </Section>
          <Section
            title="Status & Priority"
            open={filters.statuses.length > 0 || filters.urgent || filters.mine}
          >
            <fieldset>
              <legend className="mb-1 text-xs font-medium text-slate-700 dark:text-slate-300">Status</legend>
              {SEARCH_STATUSES.map((s) => (
                <label key={s.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="status"
                    value={s.id}
                    defaultChecked={filters.statuses.includes(s.id)}
                  />
                  {s.label}
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend className="mb-1 text-xs font-medium text-slate-700 dark:text-slate-300">
                Priority
              </legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="urgent" value="1" defaultChecked={filters.urgent} />
                Urgent (deadline within 3 days)
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="mine" value="1" defaultChecked={filters.mine} />
                Only my RFPs
              </label>
            </fieldset>
          </Section>
          <div className="flex flex-wrap items-end gap-2 pt-1">
            <div>
              <Label htmlFor="f-sort">Sort by</Label>
              <select
                id="f-sort"
                name="sort"
                defaultValue={filters.sort === (filters.q ? "relevance" : "newest") ? "" : filters.sort}
                onChange={submitSoon}
                className={input}
              >
                <option value="">Recommended (best match, else newest)</option>
                {SORT_KEYS.filter((k) => k.id !== "relevance" || filters.q).map((k) => (
                  <option key={k.id} value={k.id}>
                    {k.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <Label htmlFor="f-order">Order</Label>
              <select
                id="f-order"
                name="order"
                defaultValue={
                  filters.order === (filters.sort === "deadline" ? "asc" : "desc") ? "" : filters.order
                }
                onChange={submitSoon}
                className={input}
              >
                <option value="">Usual for the sort</option>
                <option value="desc">Descending</option>
                <option value="asc">Ascending</option>
              </select>
            </div>
            <button type="submit" className={buttonClass("primary")}>
              Apply Filters
            </button>
            {count > 0 ? (
              <Link to={searchHref(clearFilters(filters), {}, view)} className={buttonClass("ghost")}>
                Clear All
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}
    </Form>
  );
}

/** One-click filters and ranges (spec 001 section 2.2: quick filters, budget ranges, deadline filters). */
export function QuickFilters({
  filters,
  view,
  today,
}: {
  filters: RfpSearchFilters;
  view: "grid" | "list";
  today: string;
}) {
  const addDays = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  // `.chip` in app/tailwind.css.
  const chip = (active: boolean) => (active ? "chip chip-on" : "chip");
  return (
    <nav aria-label="Quick filters" className="flex flex-wrap gap-2">
      <Link
        to={searchHref(filters, { urgent: !filters.urgent }, view)}
        className={chip(filters.urgent)}
        aria-current={filters.urgent ? "true" : undefined}
      >
        Urgent
      </Link>
      {DEADLINE_WINDOWS.map((w) => {
        const to = addDays(w.days);
        const active = filters.deadlineTo === to && filters.deadlineFrom === null;
        return (
          <Link
            key={w.id}
            to={searchHref(filters, { deadlineTo: active ? null : to, deadlineFrom: null }, view)}
            className={chip(active)}
          >
            {w.label}
          </Link>
        );
      })}
      {BUDGET_RANGES.map((r) => {
        const active = filters.budgetMin === r.min && filters.budgetMax === r.max;
        return (
          <Link
            key={r.id}
            to={searchHref(
              filters,
              active ? { budgetMin: null, budgetMax: null } : { budgetMin: r.min, budgetMax: r.max },
              view,
            )}
            className={chip(active)}
          >
            {r.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** The active filters as removable chips, with Clear All (spec 001 section 2.2). */
export function ActiveFilterChips({ filters, view }: { filters: RfpSearchFilters; view: "grid" | "list" }) {
  const chips: { label: string; href: string }[] = [];
  for (const c of filters.categories) {
    chips.push({
      label: SEARCH_CATEGORIES.find((s) => s.id === c)?.label ?? c,
      href: searchHref(filters, { categories: filters.categories.filter((x) => x !== c) }, view),
    });
  }
  for (const t of filters.propertyTypes) {
    chips.push({
      label: PROPERTY_TYPES.find((p) => p.id === t)?.label ?? t,
      href: searchHref(filters, { propertyTypes: filters.propertyTypes.filter((x) => x !== t) }, view),
    });
  }
  if (filters.state)
    chips.push({ label: `State: ${filters.state}`, href: searchHref(filters, { state: "" }, view) });
  if (filters.location)
    chips.push({ label: `Location: ${filters.location}`, href: searchHref(filters, { location: "" }, view) });
  if (filters.budgetMin !== null || filters.budgetMax !== null) {
    const $ = (n: number | null) => (n === null ? "any" : `$${n.toLocaleString("en-US")}`);
    chips.push({
      label: `Budget: ${$(filters.budgetMin)} – ${$(filters.budgetMax)}`,
      href: searchHref(filters, { budgetMin: null, budgetMax: null }, view),
    });
  }
  if (filters.deadlineFrom)
    chips.push({
      label: `Deadline from ${filters.deadlineFrom}`,
      href: searchHref(filters, { deadlineFrom: null }, view),
    });
  if (filters.deadlineTo)
    chips.push({
      label: `Deadline to ${filters.deadlineTo}`,
      href: searchHref(filters, { deadlineTo: null }, view),
    });
  for (const s of filters.statuses) {
    chips.push({
      label: `Status: ${SEARCH_STATUSES.find((x) => x.id === s)?.label ?? s}`,
      href: searchHref(filters, { statuses: filters.statuses.filter((x) => x !== s) }, view),
    });
  }
  if (filters.urgent) chips.push({ label: "Urgent", href: searchHref(filters, { urgent: false }, view) });
  if (filters.mine) chips.push({ label: "My RFPs", href: searchHref(filters, { mine: false }, view) });
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((c) => (
        <li key={c.label}>
          <Link
            to={c.href}
            className="inline-flex items-center gap-1 rounded-full bg-blue-50 px-3 py-1 text-xs font-medium text-blue-900 hover:bg-blue-100 dark:bg-blue-950 dark:text-blue-100"
          >
            {c.label} <span aria-hidden="true">×</span>
            <span className="sr-only">(remove)</span>
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={searchHref(clearFilters(filters), {}, view)}
          className="text-xs font-semibold text-blue-700 underline dark:text-blue-400"
        >
          Clear All
        </Link>
      </li>
    </ul>
  );
}
