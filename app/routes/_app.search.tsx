import {
  localItems,
  NO_RESULTS_HINT,
  noResultsTitle,
  PALETTE_SEARCH_MAX_LENGTH,
  PALETTE_SEARCH_MIN_LENGTH,
  rankItems,
  type SearchHit,
} from "@domain/palette";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { siteSearch } from "~/queries/site-search.server";

export const meta: MetaFunction = () => [{ title: "Search · Association Commons" }];

/** How many records of each kind the page lists (the palette shows fewer). */
const PAGE_GROUP_LIMIT = 20;

/**
 * /search?q= (spec 000 section 2.2): the command palette's search as a page, a plain GET form that
 * works without JavaScript: pages and actions the viewer may open, RFPs they may see, people and
 * organizations.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, PALETTE_SEARCH_MAX_LENGTH);
  if (q.length < PALETTE_SEARCH_MIN_LENGTH)
    return json({ q, pages: [], rfps: [], people: [], organizations: [] });
  const results = await siteSearch(await getDb(), viewer, q, { limit: PAGE_GROUP_LIMIT });
  const pages = rankItems(
    localItems({
      contextType: viewer.context?.contextType ?? null,
      permissions: viewer.permissions,
      activeContextId: viewer.context?.id ?? null,
      // Switching role is a POST: the palette and the user menu offer it, not this list of links.
      contexts: [],
    }),
    q,
  ).map((i) => ({ id: i.id, title: i.title, subtitle: i.subtitle, href: i.href ?? "/dashboard" }));
  return json({ q, pages, ...results });
}

function Hits({ title, hits }: { title: string; hits: SearchHit[] }) {
  if (hits.length === 0) return null;
  return (
    <section className="mt-6" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-2 flex flex-col gap-2">
        {hits.map((h) => (
          <li
            key={h.id}
            className="rounded-md border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
          >
            <Link to={h.href} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
              {h.title}
            </Link>
            {h.subtitle ? <p className="text-sm text-slate-600 dark:text-slate-400">{h.subtitle}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Search() {
  const { q, pages, rfps, people, organizations } = useLoaderData<typeof loader>();
  const searched = q.length >= PALETTE_SEARCH_MIN_LENGTH;
  const nothing = searched && pages.length + rfps.length + people.length + organizations.length === 0;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-semibold">Search</h1>
      <Form method="get" role="search" className="mt-4 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          minLength={PALETTE_SEARCH_MIN_LENGTH}
          maxLength={PALETTE_SEARCH_MAX_LENGTH}
          placeholder="Search pages, RFPs, people, organizations"
          className="flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-800"
        />
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white">
          Search
        </button>
      </Form>
      {!searched ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">
          Type at least {PALETTE_SEARCH_MIN_LENGTH} characters. Tip: press Ctrl+K (⌘K on a Mac) or "/" on any
          page to search from anywhere.
        </p>
      ) : null}
      {nothing ? (
        <div className="mt-6">
          <p className="font-medium">{noResultsTitle(q)}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{NO_RESULTS_HINT}</p>
        </div>
      ) : null}
      <Hits title="Pages" hits={pages} />
      <Hits title="RFPs" hits={rfps} />
      <Hits title="People" hits={people} />
      <Hits title="Organizations" hits={organizations} />
    </div>
  );
}
