import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requireUser, safeRedirect } from "~/auth/session.server";
import { NavList } from "~/components/shell/app-shell";
import { AccountMenuSections } from "~/components/shell/user-menu";
import { ArrowLeft } from "~/components/ui/icons";
import type { loader as appLoader } from "./_app";

export const meta: MetaFunction = () => [{ title: "Menu · Association Commons" }];

/**
 * The menu as a page, where the shell's menus lead without JavaScript (the small-screen menu button
 * and the account menu's trigger are links here): every entry of the navigation, and the account menu
 * with its role and association switches and Sign Out. `from` is the page the person came from
 * (checked by safeRedirect): Back leads there and a switch comes back to it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const from = safeRedirect(new URL(request.url).searchParams.get("from"), "/dashboard");
  // The menu does not come back to itself.
  return json({ from: /^\/menu(?:[/?#]|$)/.test(from) ? "/dashboard" : from });
}

const CARD = "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

export default function MenuPage() {
  const { from } = useLoaderData<typeof loader>();
  // The navigation and the account come from the shell's data (app/routes/_app.tsx), loaded already.
  const shell = useRouteLoaderData<typeof appLoader>("routes/_app");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link
            to={from}
            className="inline-flex items-center gap-1 text-blue-700 underline dark:text-blue-400"
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-semibold">Menu</h1>
      </div>
      {shell ? (
        <>
          <nav aria-labelledby="menu-navigation" className={CARD}>
            <h2 id="menu-navigation" className="mb-3 text-lg font-semibold">
              Navigation
            </h2>
            {/* The entries' and items' own padding: their icons line up with the headings. */}
            <div className="-mx-3">
              <NavList nav={shell.nav} collapsed={false} />
            </div>
          </nav>
          <section id="account" aria-labelledby="menu-account" className={`${CARD} scroll-mt-20`}>
            <h2 id="menu-account" className="mb-2 text-lg font-semibold">
              Account
            </h2>
            <div className="-mx-2">
              <AccountMenuSections {...shell.user} redirectTo={from} />
            </div>
          </section>
        </>
      ) : null}
    </div>
  );
}
