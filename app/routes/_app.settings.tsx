import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { CheckCircle2, X } from "lucide-react";
import { useEffect, useState } from "react";
import { requireUser } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { readFlash } from "~/flash.server";

export const meta: MetaFunction = () => [{ title: "Settings · Association Commons" }];

/** The settings tabs (spec 000 section 2.2). */
const TABS = [
  { to: "/settings/account", label: "Account" },
  { to: "/settings/roles", label: "Roles" },
  { to: "/settings/verification", label: "Verification" },
  { to: "/settings/security", label: "Security" },
  { to: "/settings/appearance", label: "Appearance" },
] as const;

/** Settings need only a signed-in person: someone without a role yet can still reach them. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { flash, headers } = await readFlash(request);
  return json({ flash }, { headers });
}

/** A message that arrived with the last redirect ("Profile updated"), announced politely. */
function FlashMessage({ message }: { message: string }) {
  const [open, setOpen] = useState(true);
  const { pathname } = useLocation();
  const [shownAt] = useState(pathname);
  // Moving to another tab puts the message away.
  useEffect(() => {
    if (pathname !== shownAt) setOpen(false);
  }, [pathname, shownAt]);
  if (!open) return null;
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
    >
      <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p className="flex-1 font-medium">{message}</p>
      <button
        type="button"
        onClick={() => setOpen(false)}
        aria-label="Dismiss message"
        className="rounded p-0.5 hover:bg-green-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-700 dark:hover:bg-green-900"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

export default function SettingsLayout() {
  const { flash } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Settings</h1>
      <nav
        aria-label="Settings"
        className="-mx-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
      >
        <ul className="flex min-w-max gap-1 px-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                prefetch="intent"
                className={({ isActive }) =>
                  `-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700 ${
                    isActive
                      ? "border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-200"
                      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-slate-100"
                  }`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        {flash ? <FlashMessage key={flash.at} message={flash.message} /> : null}
        <Outlet />
      </div>
    </div>
  );
}

/** Errors here get the shared screens: 4xx as such, faults with their error id and Report Issue. */
export const ErrorBoundary = RouteErrorBoundary;
