import {
  LEGAL_KIND_LABELS,
  LEGAL_KINDS,
  LEGAL_LIMITS,
  LEGAL_STATES,
  LEGAL_TOPIC_LABELS,
  LEGAL_TOPICS,
  libraryHref,
  stateLabel,
} from "@domain/legal/resources";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { LegalDisclaimer, LegalHeader, LegalTags } from "~/components/legal/legal-parts";
import { Button } from "~/components/ui/button";
import { legalLibraryLoader } from "./_app.legal._index.server";

export const meta: MetaFunction = () => [{ title: "Legal Resources · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => legalLibraryLoader(request);

const control =
  "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export default function LegalLibraryPage() {
  const data = useLoaderData<typeof loader>();
  const { params } = data;
  const filtered = Boolean(params.search || params.state || params.topic || params.kind);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <LegalHeader title="Legal Resources" access={data.access} />
      <LegalDisclaimer />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find legal resources">
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto sm:flex-1">
          <label htmlFor="legal-search" className="text-sm font-medium">
            Search
          </label>
          <input
            id="legal-search"
            type="search"
            name="search"
            defaultValue={params.search}
            maxLength={LEGAL_LIMITS.searchMax}
            placeholder="Search titles and text"
            className={control}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="legal-state" className="text-sm font-medium">
            State
          </label>
          <select id="legal-state" name="state" defaultValue={params.state ?? ""} className={control}>
            <option value="">Any state</option>
            {LEGAL_STATES.map((s) => (
              <option key={s} value={s}>
                {stateLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="legal-topic" className="text-sm font-medium">
            Topic
          </label>
          <select id="legal-topic" name="topic" defaultValue={params.topic ?? ""} className={control}>
            <option value="">All topics</option>
            {LEGAL_TOPICS.map((t) => (
              <option key={t} value={t}>
                {LEGAL_TOPIC_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="legal-kind" className="text-sm font-medium">
            Kind
          </label>
          <select id="legal-kind" name="kind" defaultValue={params.kind ?? ""} className={control}>
            <option value="">Articles and templates</option>
            {LEGAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {LEGAL_KIND_LABELS[k]}s
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary">Apply</Button>
        {filtered ? (
          <Link to="/legal" className="py-2 text-sm text-blue-700 underline dark:text-blue-300">
            Clear Filters
          </Link>
        ) : null}
      </Form>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {data.total === 1 ? "1 resource" : `${data.total} resources`}
        {params.state && params.state !== "ALL" ? ` for ${stateLabel(params.state)} and all states` : ""}
      </p>
      {data.items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">No legal resources found</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {filtered
              ? "No resources match these filters."
              : "Resources will appear here when they are published."}
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Legal resources">
          {data.items.map((r) => (
            <li
              key={r.id}
              data-testid="legal-card"
              className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <LegalTags kind={r.kind} state={r.state} topic={r.topic} />
              <h2 className="text-lg font-semibold">
                <Link to={`/legal/${r.slug}`} className="hover:underline">
                  {r.title}
                </Link>
              </h2>
              <p className="text-sm text-slate-700 dark:text-slate-300">{r.summary}</p>
              {r.creditName ? (
                <p className="text-xs text-slate-500 dark:text-slate-400">Contributed by {r.creditName}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          {data.page > 1 ? (
            <Link to={libraryHref({ ...params, page: data.page - 1 })} className="btn btn-secondary">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span>
            Page {data.page} of {data.pages}
          </span>
          {data.page < data.pages ? (
            <Link to={libraryHref({ ...params, page: data.page + 1 })} className="btn btn-secondary">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
