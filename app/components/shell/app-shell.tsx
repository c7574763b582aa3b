import type { NavItem } from "@domain/navigation";
import { activeNavHref, MOBILE_BAR_ITEMS } from "@domain/navigation";
import type { PaletteViewer } from "@domain/palette";
import { ROLE_LABELS, type RoleType } from "@domain/roles";
import { Form, Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { MessagesBadge } from "~/components/messages/messages-badge";
import { type BellData, NotificationBell } from "~/components/notifications/notification-bell";
import { CommandPalette } from "~/components/palette/command-palette";
import { Menu, PanelLeftClose, PanelLeftOpen, Search } from "~/components/ui/icons";
import { Logo } from "~/components/ui/logo";
import { NavIcon } from "./nav-icon";
import { UserMenu, type UserMenuProps, useMenuPageHref } from "./user-menu";

/** The slide-over (Radix Dialog) comes in a chunk of its own, when the menu is first opened. */
const loadSheet = () => import("~/components/ui/sheet");
const Sheet = lazy(() => loadSheet().then((m) => ({ default: m.Sheet })));

export interface ShellProps {
  nav: NavItem[];
  sidebarCollapsed: boolean;
  user: UserMenuProps;
  palette: { userId: string; viewer: PaletteViewer };
  bell: BellData;
  /** The unread messages badge (issue 28). */
  messages?: { unread: number };
  children: ReactNode;
}

/**
 * The entries of the navigation as links, the current page's marked; an entry with a note (it needs a
 * verified role) says so. The sidebar, the slide-over and the menu page (/menu) show it. In the sidebar
 * (`bar`) the same list is, below 1024 px, the bottom bar: its first MOBILE_BAR_ITEMS entries, each
 * label under its icon (the `.sidebar` rules of app/tailwind.css), so the page carries it once.
 */
export function NavList({
  nav,
  collapsed,
  bar = false,
  onNavigate,
}: {
  nav: NavItem[];
  collapsed: boolean;
  bar?: boolean;
  onNavigate?: () => void;
}) {
  const active = activeNavHref(nav, useLocation().pathname);
  return (
    <ul className={bar ? "flex flex-col gap-1 max-lg:flex-row max-lg:gap-0" : "flex flex-col gap-1"}>
      {nav.map((item, index) => (
        <li
          key={item.label}
          className={bar ? (index < MOBILE_BAR_ITEMS ? "max-lg:flex-1" : "max-lg:hidden") : undefined}
        >
          <Link
            to={item.href}
            onClick={onNavigate}
            title={collapsed ? (item.note ? `${item.label} (${item.note})` : item.label) : undefined}
            aria-current={item.href === active ? "page" : undefined}
            className={collapsed ? "nav-link justify-center px-0" : "nav-link"}
          >
            <NavIcon icon={item.icon} />
            <span className={collapsed ? "sr-only max-lg:not-sr-only" : "flex min-w-0 flex-col"}>
              <span>{item.label}</span>
              {item.note ? (
                // The entry needs a verified role: it says so and leads to the verification page.
                <span className="nav-note text-xs font-normal text-amber-800 dark:text-amber-300">
                  <span className="sr-only">, </span>
                  {item.note}
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The shell around a page from the shell's loader data (the app layout, its error screens, the 404). */
export function ShellFrame({ data, children }: { data: Omit<ShellProps, "children">; children: ReactNode }) {
  return (
    <AppShell
      nav={data.nav}
      sidebarCollapsed={data.sidebarCollapsed}
      user={data.user}
      palette={data.palette}
      bell={data.bell}
      messages={data.messages}
    >
      {children}
    </AppShell>
  );
}

/**
 * The authenticated shell (spec 000 section 2.3): a sidebar of 64 px collapsed or 256 px expanded,
 * a slide-over below 1024 px (Escape or the overlay closes it), a top bar with search and the user
 * menu, the command palette (Cmd/Ctrl+K), and a bottom bar with the first 5 entries on small screens (the
 * sidebar's own list, placed there by CSS).
 * Without JavaScript the slide-over's button and the user menu's trigger are links to the menu page
 * (/menu, which shows the navigation and the account menu and comes back to this page).
 */
export function AppShell({ nav, sidebarCollapsed, user, palette, bell, messages, children }: ShellProps) {
  const sidebar = useFetcher();
  const pending = sidebar.formData?.get("collapsed");
  const collapsed = pending === undefined || pending === null ? sidebarCollapsed : pending === "true";
  const [mobileOpen, setMobileOpen] = useState(false);
  // The slide-over is rendered from its first opening on (its chunk loads then).
  const [mobileWanted, setMobileWanted] = useState(false);
  const location = useLocation();
  const menuHref = useMenuPageHref();
  // Navigating closes the slide-over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setMobileOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-full">
      {/* The first stop of the keyboard: past the navigation (WCAG 2.4.1), shown only while focused. */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-blue-800 focus:shadow-lg focus:outline focus:outline-2 focus:outline-blue-700 dark:focus:bg-slate-900 dark:focus:text-blue-300"
      >
        Skip to main content
      </a>
      {/* The sidebar, and below 1024 px the bottom bar (the `.sidebar` rules of app/tailwind.css). */}
      <aside
        aria-label="Sidebar"
        data-collapsed={collapsed}
        className={collapsed ? "sidebar lg:w-16" : "sidebar lg:w-64"}
      >
        <div
          className={`hidden h-14 items-center border-b border-slate-200 dark:border-slate-800 lg:flex ${collapsed ? "justify-center" : "px-4"}`}
        >
          <NavLink to="/dashboard" aria-label="Association Commons, dashboard">
            <Logo iconOnly={collapsed} small />
          </NavLink>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto lg:p-2">
          <NavList nav={nav} collapsed={collapsed} bar />
        </nav>
        <sidebar.Form
          method="post"
          action="/preferences"
          className="hidden border-t border-slate-200 p-2 dark:border-slate-800 lg:block"
        >
          <input type="hidden" name="intent" value="sidebar" />
          <input type="hidden" name="collapsed" value={String(!collapsed)} />
          <button
            type="submit"
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            className="flex w-full items-center justify-center gap-2 rounded-md px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" className="h-5 w-5" />
            ) : (
              <PanelLeftClose aria-hidden="true" className="h-5 w-5" />
            )}
            <span className={collapsed ? "sr-only" : ""}>Collapse</span>
          </button>
        </sidebar.Form>
      </aside>

      {mobileWanted ? (
        <Suspense fallback={null}>
          <Sheet open={mobileOpen} onOpenChange={setMobileOpen} title="Menu" className="lg:hidden">
            <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
              <NavList nav={nav} collapsed={false} onNavigate={() => setMobileOpen(false)} />
            </nav>
          </Sheet>
        </Suspense>
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 dark:border-slate-800 dark:bg-slate-900">
          <button
            type="button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            onClick={() => {
              setMobileWanted(true);
              setMobileOpen(true);
            }}
            onPointerEnter={() => void loadSheet()}
            onFocus={() => void loadSheet()}
            className="js-only rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 lg:hidden"
          >
            <Menu aria-hidden="true" className="h-5 w-5" />
          </button>
          <noscript>
            {/* Without JavaScript the menu is a page: /menu lists every entry of the navigation. */}
            <a
              href={menuHref}
              className="flex rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 lg:hidden"
            >
              <Menu aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only">Open menu</span>
            </a>
          </noscript>
          <Form method="get" action="/search" role="search" className="flex max-w-md flex-1 items-center">
            <label htmlFor="shell-search" className="sr-only">
              Search
            </label>
            <div className="relative w-full">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400"
              />
              <input
                id="shell-search"
                name="q"
                type="search"
                placeholder="Search people, organizations, pages"
                className="w-full rounded-md border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm dark:border-slate-700 dark:bg-slate-800"
              />
            </div>
          </Form>
          <div className="ml-auto flex items-center gap-2">
            <CommandPalette userId={palette.userId} viewer={palette.viewer} />
            <MessagesBadge unread={messages?.unread ?? 0} />
            <NotificationBell unread={bell.unread} items={bell.items} />
            <UserMenu {...user} />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 pb-24 pt-6 focus:outline-none lg:px-8 lg:pb-10">
          {children}
        </main>
      </div>
    </div>
  );
}

export const roleLabel = (type: RoleType) => ROLE_LABELS[type];
