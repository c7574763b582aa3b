import type { NavItem } from "@domain/navigation";
import { activeNavHref, MOBILE_BAR_ITEMS } from "@domain/navigation";
import type { PaletteViewer } from "@domain/palette";
import { ROLE_LABELS, type RoleType } from "@domain/roles";
import { Form, NavLink, useFetcher, useLocation } from "@remix-run/react";
import {
  Menu as LucideMenu,
  PanelLeftClose as LucidePanelLeftClose,
  PanelLeftOpen as LucidePanelLeftOpen,
  Search as LucideSearch,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { type BellData, NotificationBell } from "~/components/notifications/notification-bell";
import { CommandPalette } from "~/components/palette/command-palette";
import { Link } from "~/components/ui/link";
import { Logo } from "~/components/ui/logo";
import { Sheet } from "~/components/ui/sheet";
import { staticIcon } from "~/components/ui/static-icon";
import { NavIcon } from "./nav-icon";
import { UserMenu, type UserMenuProps, useMenuPageHref } from "./user-menu";

// Drawn from one string each (see staticIcon): these appear on every page.
const Menu = staticIcon(LucideMenu);
const PanelLeftClose = staticIcon(LucidePanelLeftClose);
const PanelLeftOpen = staticIcon(LucidePanelLeftOpen);
const Search = staticIcon(LucideSearch);

export interface ShellProps {
  nav: NavItem[];
  sidebarCollapsed: boolean;
  user: UserMenuProps;
  palette: { userId: string; viewer: PaletteViewer };
  bell: BellData;
  children: ReactNode;
}

/**
 * The entries of the navigation as links, the current page's marked; an entry with a note (it needs a
 * verified role) says so. The sidebar, the slide-over and the menu page (/menu) show it.
 */
export function NavList({
  nav,
  collapsed,
  onNavigate,
}: {
  nav: NavItem[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const active = activeNavHref(nav, useLocation().pathname);
  return (
    <ul className="flex flex-col gap-1">
      {nav.map((item) => (
        <li key={item.label}>
          <Link
            to={item.href}
            onClick={onNavigate}
            title={collapsed ? (item.note ? `${item.label} (${item.note})` : item.label) : undefined}
            aria-current={item.href === active ? "page" : undefined}
            className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
              item.href === active
                ? "bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200"
                : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            } ${collapsed ? "justify-center px-0" : ""}`}
          >
            <NavIcon icon={item.icon} />
            <span className={collapsed ? "sr-only" : "flex min-w-0 flex-col"}>
              <span>{item.label}</span>
              {item.note ? (
                // The entry needs a verified role: it says so and leads to the verification page.
                <span className="text-xs font-normal text-amber-800 dark:text-amber-300">
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
    >
      {children}
    </AppShell>
  );
}

/**
 * The authenticated shell (spec 000 section 2.3): a sidebar of 64 px collapsed or 256 px expanded,
 * a slide-over below 1024 px (Escape or the overlay closes it), a top bar with search and the user
 * menu, the command palette (Cmd/Ctrl+K), and a bottom bar with the first 5 entries on small screens.
 * Without JavaScript the slide-over's button and the user menu's trigger are links to the menu page
 * (/menu, which shows the navigation and the account menu and comes back to this page).
 */
export function AppShell({ nav, sidebarCollapsed, user, palette, bell, children }: ShellProps) {
  const sidebar = useFetcher();
  const pending = sidebar.formData?.get("collapsed");
  const collapsed = pending === undefined || pending === null ? sidebarCollapsed : pending === "true";
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const activeHref = activeNavHref(nav, location.pathname);
  const menuHref = useMenuPageHref();
  // Navigating closes the slide-over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setMobileOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-full">
      <aside
        aria-label="Sidebar"
        data-collapsed={collapsed}
        className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 lg:flex ${
          collapsed ? "w-16" : "w-64"
        }`}
      >
        <div
          className={`flex h-14 items-center border-b border-slate-200 dark:border-slate-800 ${collapsed ? "justify-center" : "px-4"}`}
        >
          <NavLink to="/dashboard" aria-label="Association Commons, dashboard">
            <Logo iconOnly={collapsed} small />
          </NavLink>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
          <NavList nav={nav} collapsed={collapsed} />
        </nav>
        <sidebar.Form
          method="post"
          action="/preferences"
          className="border-t border-slate-200 p-2 dark:border-slate-800"
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

      <Sheet open={mobileOpen} onOpenChange={setMobileOpen} title="Menu" className="lg:hidden">
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
          <NavList nav={nav} collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </nav>
      </Sheet>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 dark:border-slate-800 dark:bg-slate-900">
          <button
            type="button"
            aria-label="Open menu"
            onClick={() => setMobileOpen(true)}
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
            <NotificationBell unread={bell.unread} items={bell.items} />
            <UserMenu {...user} />
          </div>
        </header>
        <main id="main" className="flex-1 px-4 pb-24 pt-6 lg:px-8 lg:pb-10">
          {children}
        </main>
        <nav
          aria-label="Quick"
          className="fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 lg:hidden"
        >
          {nav.slice(0, MOBILE_BAR_ITEMS).map((item) => (
            <Link
              key={item.label}
              to={item.href}
              aria-current={item.href === activeHref ? "page" : undefined}
              className={`flex flex-1 flex-col items-center gap-0.5 py-2 text-center text-xs ${
                item.href === activeHref
                  ? "text-blue-700 dark:text-blue-300"
                  : "text-slate-600 dark:text-slate-300"
              }`}
            >
              <NavIcon icon={item.icon} />
              {item.label}
            </Link>
          ))}
        </nav>
      </div>
    </div>
  );
}

export const roleLabel = (type: RoleType) => ROLE_LABELS[type];
