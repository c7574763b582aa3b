import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";

export const meta: MetaFunction = () => [{ title: "Settings · Association Commons" }];

/** The settings tabs (spec 000 section 2.2). */
const TABS = [
  { to: "/settings/account", label: "Account" },
  { to: "/settings/roles", label: "Roles" },
  { to: "/settings/verification", label: "Verification" },
  { to: "/settings/billing", label: "Billing" },
  { to: "/settings/security", label: "Security" },
  { to: "/settings/appearance", label: "Appearance" },
] as const;

/** Settings need only a signed-in person: someone without a role yet can still reach them. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return json({});
}

export default function SettingsLayout() {
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
        <Outlet />
      </div>
    </div>
  );
}

/** Errors here get the shared screens: 4xx as such, faults with their error id and Report Issue. */
export const ErrorBoundary = RouteErrorBoundary;
