import {
  CONNECTION_STATUS_FILTER_LABELS,
  CONNECTION_STATUS_FILTERS,
  CONNECTION_TEXTS,
  CONNECTION_TYPE_FILTER_LABELS,
  CONNECTION_TYPES,
  mutualConnectionsText,
} from "@domain/network/connections";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { ConnectionActions } from "~/components/network/connection-actions";
import {
  BlockedPanel,
  ConnectionCard,
  PersonName,
  RequestsPanel,
  RespondForm,
} from "~/components/network/connection-cards";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Filter, MapPin, Search } from "~/components/ui/icons";
import { type ConnectionActionData, connectionsAction, connectionsLoader } from "./_app.connections.server";

export const meta: MetaFunction = () => [{ title: "Connections · Association Commons" }];

/**
 * /connections (spec 002 "Connections and Professional Network"; issue 28 part 3): My Connections and
 * Suggestions tabs, search and filters applied on the server (GET forms), counts, the requests panel
 * and blocked people; every form posts to this route's action (_app.connections.server.ts).
 */
export const loader = ({ request }: LoaderFunctionArgs) => connectionsLoader(request);

export const action = ({ request }: ActionFunctionArgs) => connectionsAction(request);

/** Single fetch does not reload after a 4xx on its own: after a stale form (409) the page shows it as it is now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || actionStatus === 429 || defaultShouldRevalidate;

const card = "rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";
const control =
  "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

export default function ConnectionsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ConnectionActionData | undefined;
  const { filters, tab } = data;
  const keep = new URLSearchParams();
  if (filters.q) keep.set("q", filters.q);
  if (filters.type !== "all") keep.set("type", filters.type);
  if (filters.status !== "all") keep.set("status", filters.status);
  const tabHref = (t: "connections" | "suggestions") => {
    const params = new URLSearchParams(keep);
    if (t === "suggestions") params.set("tab", "suggestions");
    const s = params.toString();
    return `/connections${s ? `?${s}` : ""}`;
  };
  const filtered = filters.q !== "" || filters.type !== "all" || filters.status !== "all";
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">{CONNECTION_TEXTS.connections}</h1>
        <dl className="flex gap-4 text-sm" data-testid="connection-counts">
          <div className="flex gap-1">
            <dt className="text-slate-600 dark:text-slate-300">{CONNECTION_TEXTS.connections}</dt>
            <dd className="font-semibold" data-testid="count-connections">
              {data.counts.connections}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-600 dark:text-slate-300">{CONNECTION_TEXTS.pending}</dt>
            <dd className="font-semibold" data-testid="count-pending">
              {data.counts.pending}
            </dd>
          </div>
        </dl>
      </div>

      {actionData?.error ? <Alert title={actionData.error} /> : null}

      {data.responding ? (
        <section aria-labelledby="respond-title" className={card}>
          <h2 id="respond-title" className="mb-3 text-lg font-semibold">
            {data.responding.answer === "accept" ? CONNECTION_TEXTS.accept : CONNECTION_TEXTS.decline}{" "}
            {data.responding.item.person.fullName}'s request
          </h2>
          <RespondForm item={data.responding.item} answer={data.responding.answer} />
        </section>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <nav aria-label="Connections tabs" className="flex flex-wrap gap-1">
            <Link
              to={tabHref("connections")}
              aria-current={tab === "connections" ? "page" : undefined}
              className={buttonClass(tab === "connections" ? "primary" : "secondary", "px-3")}
            >
              {CONNECTION_TEXTS.myConnections} ({data.counts.connections})
            </Link>
            <Link
              to={tabHref("suggestions")}
              aria-current={tab === "suggestions" ? "page" : undefined}
              className={buttonClass(tab === "suggestions" ? "primary" : "secondary", "px-3")}
            >
              {CONNECTION_TEXTS.suggestions} ({data.suggestions.length})
            </Link>
          </nav>

          {tab === "connections" ? (
            <>
              <Form method="get" role="search" aria-label="Connections" className="flex flex-col gap-2">
                <div className="flex flex-wrap items-end gap-2">
                  <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
                    <label htmlFor="connections-q" className="sr-only">
                      {CONNECTION_TEXTS.searchPlaceholder}
                    </label>
                    <input
                      id="connections-q"
                      type="search"
                      name="q"
                      defaultValue={filters.q}
                      maxLength={100}
                      placeholder={CONNECTION_TEXTS.searchPlaceholder}
                      className={control}
                    />
                  </div>
                  <button type="submit" className={buttonClass("secondary", "px-3")}>
                    <Search aria-hidden="true" className="h-4 w-4" />
                    Search
                  </button>
                </div>
                <details open={data.filtersOpen} className="text-sm">
                  <summary className="inline-flex cursor-pointer items-center gap-1 font-medium">
                    <Filter aria-hidden="true" className="h-4 w-4" />
                    {CONNECTION_TEXTS.filters}
                  </summary>
                  <div className="mt-2 flex flex-wrap items-end gap-3">
                    <div className="flex flex-col gap-1">
                      <label htmlFor="connections-type" className="font-medium">
                        {CONNECTION_TEXTS.connectionType}
                      </label>
                      <select
                        id="connections-type"
                        name="type"
                        defaultValue={filters.type}
                        className={control}
                      >
                        {(["all", ...CONNECTION_TYPES] as const).map((t) => (
                          <option key={t} value={t}>
                            {CONNECTION_TYPE_FILTER_LABELS[t]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="flex flex-col gap-1">
                      <label htmlFor="connections-status" className="font-medium">
                        {CONNECTION_TEXTS.status}
                      </label>
                      <select
                        id="connections-status"
                        name="status"
                        defaultValue={filters.status}
                        className={control}
                      >
                        {CONNECTION_STATUS_FILTERS.map((s) => (
                          <option key={s} value={s}>
                            {CONNECTION_STATUS_FILTER_LABELS[s]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <button type="submit" className={buttonClass("secondary", "px-3")}>
                      Apply
                    </button>
                    {filtered ? (
                      <Link to="/connections" className={buttonClass("ghost", "px-3")}>
                        Clear
                      </Link>
                    ) : null}
                  </div>
                </details>
              </Form>

              {data.connections.length === 0 ? (
                <div className={`${card} text-center`} data-testid="connections-empty">
                  {filtered ? (
                    <p className="font-semibold">No connections match your search</p>
                  ) : (
                    <>
                      <p className="font-semibold">{CONNECTION_TEXTS.noConnections}</p>
                      <Link to="/directory" className={`${buttonClass("primary")} mt-3`}>
                        {CONNECTION_TEXTS.findPeople}
                      </Link>
                    </>
                  )}
                </div>
              ) : (
                <ul className="grid gap-3 md:grid-cols-2" aria-label={CONNECTION_TEXTS.myConnections}>
                  {data.connections.map((item) => (
                    <ConnectionCard key={item.id} item={item} />
                  ))}
                </ul>
              )}
            </>
          ) : data.suggestions.length === 0 ? (
            <div className={`${card} text-center`} data-testid="suggestions-empty">
              <p className="font-semibold">{CONNECTION_TEXTS.noSuggestions}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {CONNECTION_TEXTS.noSuggestionsHint}
              </p>
            </div>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2" aria-label={CONNECTION_TEXTS.suggestions}>
              {data.suggestions.map((s) => (
                <li key={s.id} className={card} data-testid="suggestion-card">
                  <p>
                    <PersonName person={{ ...s, summary: null }} />
                  </p>
                  {s.professionalTitle || s.organization ? (
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {[s.professionalTitle, s.organization].filter(Boolean).join(" · ")}
                    </p>
                  ) : null}
                  {s.location ? (
                    <p className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
                      <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
                      {s.location}
                    </p>
                  ) : null}
                  {s.reasons.some((r) => r !== mutualConnectionsText(s.mutualConnections)) ? (
                    <ul className="mt-2 text-sm" aria-label="Why">
                      {/* The mutual count has its own line below. */}
                      {s.reasons
                        .filter((r) => r !== mutualConnectionsText(s.mutualConnections))
                        .map((r) => (
                          <li key={r}>{r}</li>
                        ))}
                    </ul>
                  ) : null}
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="mutual-count">
                    {mutualConnectionsText(s.mutualConnections)} · {s.confidenceScore}% match
                  </p>
                  <div className="mt-3">
                    <ConnectionActions
                      viewerId={data.viewerId}
                      person={{ id: s.id, name: s.fullName }}
                      pair={{ state: "none", connectionId: null, version: s.version }}
                      redirectTo="/connections?tab=suggestions"
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <RequestsPanel incoming={data.incoming} sent={data.sent} />
          <BlockedPanel blocked={data.blocked} />
        </div>
      </div>
    </div>
  );
}
