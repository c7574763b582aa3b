import { Link, NavLink as RemixNavLink, useLocation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import {
  ALL_FEATURES_LINK,
  FEATURE_LINKS,
  type NavLink,
  PAGE_LINKS,
  RESOURCE_LINKS,
} from "~/components/marketing/nav";
import { buttonClass } from "~/components/ui/button";
import { ChevronDown, Menu } from "~/components/ui/icons";
import { Logo } from "~/components/ui/logo";

const SUMMARY =
  "flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700 [&::-webkit-details-marker]:hidden";
const TOP_LINK =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700 aria-[current=page]:text-blue-800";

/**
 * The guest top bar (spec 000 section 2.1): a Features dropdown, How It Works, Pricing, About, a
 * Resources dropdown, Sign In and Get Started Free. The dropdowns are native <details> menus, so they
 * open and navigate without JavaScript; with it, a click outside, Escape or a navigation closes them.
 * Below 1024 px the links collapse into a Menu disclosure.
 */
export function GuestTopBar({ signedIn = false }: { signedIn?: boolean }) {
  const ref = useRef<HTMLElement>(null);
  const location = useLocation();

  // A navigation (client-side) closes any open menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of location
  useEffect(() => {
    for (const d of ref.current?.querySelectorAll("details[open]") ?? []) d.removeAttribute("open");
  }, [location.pathname, location.search]);

  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const openMenus = () => [...header.querySelectorAll<HTMLDetailsElement>("details[open]")];
    function onClick(event: MouseEvent) {
      for (const d of openMenus()) if (!d.contains(event.target as Node)) d.open = false;
    }
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      for (const d of openMenus()) {
        d.open = false;
        if (d.contains(document.activeElement)) d.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <header ref={ref} className="relative z-30 border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
        <Link
          to="/"
          className="rounded-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <Logo compact />
        </Link>
        <div className="hidden items-center gap-1 lg:flex">
          <MenuDisclosure label="Features">
            <MenuLinks links={FEATURE_LINKS} footer={ALL_FEATURES_LINK} wide />
          </MenuDisclosure>
          {PAGE_LINKS.map((l) => (
            <RemixNavLink key={l.to} to={l.to} className={TOP_LINK}>
              {l.label}
            </RemixNavLink>
          ))}
          <MenuDisclosure label="Resources">
            <MenuLinks links={RESOURCE_LINKS} />
          </MenuDisclosure>
        </div>
        <div className="flex items-center gap-1 sm:gap-2">
          {signedIn ? (
            <Link to="/dashboard" className={buttonClass("primary", "whitespace-nowrap px-3")}>
              Dashboard
            </Link>
          ) : (
            <>
              <Link to="/auth/sign-in" className={buttonClass("ghost", "whitespace-nowrap px-2 sm:px-3")}>
                Sign In
              </Link>
              <Link to="/auth/sign-up" className={buttonClass("primary", "whitespace-nowrap px-3")}>
                Get Started Free
              </Link>
            </>
          )}
          <details className="group lg:hidden">
            <summary className={`${SUMMARY} px-2`} aria-label="Menu" title="Menu">
              <Menu aria-hidden="true" className="h-5 w-5" />
            </summary>
            <div className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 pt-2 shadow-lg">
              <MobileSection title="Features" links={[...FEATURE_LINKS, ALL_FEATURES_LINK]} />
              <MobileSection title="Product" links={PAGE_LINKS} />
              <MobileSection title="Resources" links={RESOURCE_LINKS} />
            </div>
          </details>
        </div>
      </nav>
    </header>
  );
}

function MenuDisclosure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="group relative">
      <summary className={SUMMARY}>
        {label}
        <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute left-0 top-full z-40 mt-2">{children}</div>
    </details>
  );
}

function MenuLinks({ links, footer, wide = false }: { links: NavLink[]; footer?: NavLink; wide?: boolean }) {
  return (
    <div
      className={`rounded-lg border border-slate-200 bg-white p-2 shadow-lg ${wide ? "w-[28rem]" : "w-80"}`}
    >
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="block rounded-md px-3 py-2 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              <span className="block text-sm font-semibold text-slate-900">{l.label}</span>
              {l.description ? (
                <span className="mt-0.5 block text-xs leading-snug text-slate-600">{l.description}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {footer ? (
        <div className="mt-1 border-t border-slate-100 pt-1">
          <Link
            to={footer.to}
            className="block rounded-md px-3 py-2 text-sm font-semibold text-blue-700 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            {footer.label} <span aria-hidden="true">→</span>
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function MobileSection({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <div className="mt-4">
      <p className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>
      <ul className="mt-1 grid gap-0.5 sm:grid-cols-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="block rounded-md px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
