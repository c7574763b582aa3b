import { NAV_ITEMS } from "@domain/navigation";
import { ORGANIZATION_TYPE_LABELS, type OrganizationType, ROLE_LABELS, type RoleType } from "@domain/roles";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { searchDirectory } from "~/queries/search.server";

export const meta: MetaFunction = () => [{ title: "Search · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireViewer(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  if (q.length < 2) return json({ q, people: [], organizations: [], pages: [] });
  const results = await searchDirectory(await getDb(), q);
  const lower = q.toLowerCase();
  const pages = NAV_ITEMS.filter((i) => !i.roles && i.label.toLowerCase().includes(lower)).map((i) => ({
    label: i.label,
    href: i.href,
  }));
  return json({ q, ...results, pages });
}

export default function Search() {
  const { q, people, organizations, pages } = useLoaderData<typeof loader>();
  const nothing = q.length >= 2 && people.length + organizations.length + pages.length === 0;
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
          minLength={2}
          className="flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-800"
        />
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white">
          Search
        </button>
      </Form>
      {q.length < 2 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">Type at least 2 characters.</p>
      ) : null}
      {nothing ? (
        <div className="mt-6">
          <p className="font-medium">No results found for "{q}"</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">Try a different search term</p>
        </div>
      ) : null}
      {pages.length > 0 ? (
        <section className="mt-6">
          <h2 className="text-lg font-semibold">Pages</h2>
          <ul className="mt-2">
            {pages.map((p) => (
              <li key={p.href}>
                <Link to={p.href} className="text-blue-700 underline dark:text-blue-300">
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {people.length > 0 ? (
        <section className="mt-6">
          <h2 className="text-lg font-semibold">People</h2>
          <ul className="mt-2 flex flex-col gap-2">
            {people.map((p) => (
              <li
                key={p.id}
                className="rounded-md border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
              >
                <p className="font-medium">{p.fullName ?? "Member"}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {[p.jobTitle, p.location, ...p.roles.map((r) => ROLE_LABELS[r as RoleType] ?? r)]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {organizations.length > 0 ? (
        <section className="mt-6">
          <h2 className="text-lg font-semibold">Organizations</h2>
          <ul className="mt-2 flex flex-col gap-2">
            {organizations.map((o) => (
              <li
                key={o.id}
                className="rounded-md border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
              >
                <p className="font-medium">
                  {o.name}{" "}
                  {o.isVerified ? (
                    <span className="ml-1 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">
                      Verified
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {ORGANIZATION_TYPE_LABELS[o.organizationType as OrganizationType] ?? o.organizationType}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
