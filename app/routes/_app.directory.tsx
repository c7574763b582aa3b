import {
  DIRECTORY_ROLE_OPTIONS,
  DIRECTORY_TEXT,
  directoryPageCount,
  directoryQuery,
  parseDirectoryFilters,
} from "@domain/network/directory";
import { US_STATES } from "@domain/rfp/types";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireUser } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { ProfileCard } from "~/components/profiles/unified-profile";
import { Pager } from "~/components/rfps/pager";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Search } from "~/components/ui/icons";
import { directorySearch } from "./_app.directory.server";

export const meta: MetaFunction = () => [{ title: "Directory · Association Commons" }];

/**
 * /directory (issue 28, part 2): public profiles by name, organization and skill, filtered by role
 * type, verification, state and city, 20 a page. Everything is in the URL: a GET form that works
 * without JavaScript, and a search is a link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const filters = parseDirectoryFilters(new URL(request.url).searchParams);
  const found = await directorySearch(user.id, filters);
  return json(
    { filters, ...found },
    found.limited ? { status: 429, headers: { "Retry-After": String(found.limited.retryAfter) } } : undefined,
  );
}

const control =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children}
    </div>
  );
}

export default function Directory() {
  const { filters, total, people, limited } = useLoaderData<typeof loader>();
  const pages = directoryPageCount(total);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-3xl font-semibold">{DIRECTORY_TEXT.title}</h1>
      <Form
        method="get"
        role="search"
        aria-label="Search the directory"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Labelled id="directory-q" label="Name">
          <input
            id="directory-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            className={control}
          />
        </Labelled>
        <Labelled id="directory-org" label="Organization">
          <input
            id="directory-org"
            name="org"
            type="search"
            defaultValue={filters.org}
            maxLength={100}
            className={control}
          />
        </Labelled>
        <Labelled id="directory-skill" label="Skill">
          <input
            id="directory-skill"
            name="skill"
            type="search"
            defaultValue={filters.skill}
            maxLength={100}
            className={control}
          />
        </Labelled>
        <Labelled id="directory-role" label="Role type">
          <select id="directory-role" name="role" defaultValue={filters.role ?? ""} className={control}>
            <option value="">All roles</option>
            {DIRECTORY_ROLE_OPTIONS.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id="directory-state" label="State">
          <select id="directory-state" name="state" defaultValue={filters.state ?? ""} className={control}>
            <option value="">All states</option>
            {US_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id="directory-city" label="City">
          <input
            id="directory-city"
            name="city"
            type="search"
            defaultValue={filters.city}
            maxLength={100}
            className={control}
          />
        </Labelled>
        <div className="flex items-end">
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="verified"
              value="1"
              defaultChecked={filters.verified}
              className="h-4 w-4"
            />
            Verified professionals only
          </label>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass("primary", "text-sm")}>
            <Search className="h-4 w-4" /> Search
          </button>
          <Link to="/directory" className={buttonClass("ghost", "text-sm")}>
            Clear
          </Link>
        </div>
      </Form>
      {limited ? (
        <Alert title="Too many searches">{limited.message}</Alert>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {DIRECTORY_TEXT.results(total)}
          </p>
          {people.length === 0 ? (
            <div>
              <p className="font-medium">{DIRECTORY_TEXT.empty}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{DIRECTORY_TEXT.emptyHint}</p>
            </div>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {people.map((p) => (
                <li key={p.id} className="min-w-0">
                  <ProfileCard profile={p} />
                </li>
              ))}
            </ul>
          )}
          <Pager page={filters.page} pages={pages} href={(n) => `/directory${directoryQuery(filters, n)}`} />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
