import {
  type NavItem,
  navigationFor,
  type RoleVerification,
  VERIFY_HREF,
  verificationGate,
} from "../navigation";
import type { PermissionFlag, Permissions } from "../roles/permissions";
import { ROLE_LABELS, type RoleType } from "../roles/types";
import { PALETTE_EMPTY_LIMIT, PALETTE_RESULT_LIMIT } from "./constants";

export type PaletteGroup =
  | "recent"
  | "navigation"
  | "actions"
  | "roles"
  | "rfps"
  | "people"
  | "organizations";

/** One entry of the palette: it either goes somewhere or switches the active role. */
export interface PaletteItem {
  id: string;
  title: string;
  subtitle?: string;
  group: PaletteGroup;
  /** Where running it goes (every kind but a role switch). */
  href?: string;
  /** The context a role switch makes active. */
  contextId?: string;
  /** Other words it is found by (never shown). */
  keywords?: readonly string[];
  /** Found by the server search: it matches even when the title does not contain the query. */
  serverMatch?: boolean;
  /** What a recent item was when it was opened (page, rfp, user, ...). */
  kind?: string;
  /**
   * A gated entry the active role may not run yet ("Verify to create"): it links to the step that
   * unlocks it instead, and is never merged with the page it links to.
   */
  note?: string;
}

/**
 * Pages the palette offers beside the shell's navigation: only pages that exist in app/routes, each
 * visible to whoever the navigation would show it to.
 */
export const PALETTE_EXTRA_PAGES: readonly NavItem[] = [
  { label: "Account Settings", href: "/settings/account", icon: "settings" },
  { label: "Roles", href: "/settings/roles", icon: "roles" },
  { label: "Security", href: "/settings/security", icon: "settings" },
  { label: "Appearance", href: "/settings/appearance", icon: "settings" },
  { label: "Verification", href: "/settings/verification", icon: "settings" },
  { label: "Billing", href: "/settings/billing", icon: "settings" },
  { label: "Help Center", href: "/help", icon: "search" },
  // One's own profile (issue 28): /professional/me goes to /professional/{username}.
  { label: "My Profile", href: "/professional/me", icon: "roles" },
  { label: "Edit Profile", href: "/profile/edit", icon: "settings" },
];

const PAGE_KEYWORDS: Record<string, readonly string[]> = {
  "/dashboard": ["home"],
  "/rfps": ["browse", "marketplace", "requests for proposals"],
  "/rfps/my-proposals": ["bids"],
  "/credits": ["credits", "billing", "buy"],
  "/properties": ["associations", "hoa", "condominium", "property"],
  "/documents": ["library", "files", "bylaws", "declaration", "budget", "insurance"],
  "/board-room": ["meetings", "minutes", "agenda", "board"],
  "/calendar": ["events", "schedule", "agenda", "meetings"],
  "/settings": ["preferences", "profile"],
  "/settings/account": ["account", "email", "time zone", "notifications"],
  "/settings/roles": ["contexts", "switch role"],
  "/settings/security": ["password", "sessions"],
  "/settings/appearance": ["theme", "dark mode"],
  "/settings/billing": ["plan", "subscription", "invoices", "receipts"],
  "/directory": ["people", "members", "professionals", "find"],
  "/professional/me": ["profile", "portfolio"],
  "/profile/edit": ["profile", "name", "photo", "avatar", "username", "bio"],
};

/**
 * The gated actions (spec 000 section 2.5) and the flag each needs. "Add property" creates an
 * association (/properties/new), which also takes a verified board member or manager role.
 */
export interface PaletteAction {
  id: string;
  title: string;
  href: string;
  permission: PermissionFlag;
  /** Context types the page itself accepts, when narrower than the flag. */
  roles?: readonly RoleType[];
  /** The page also needs a verified role: an unverified one gets the entry with a note (navigation.ts). */
  verifiedRole?: boolean;
  keywords?: readonly string[];
}

export const PALETTE_ACTIONS: readonly PaletteAction[] = [
  {
    id: "admin-dashboard",
    title: "Admin Dashboard",
    href: "/admin",
    permission: "can_verify_users",
    roles: ["admin"],
    keywords: ["admin panel"],
  },
  {
    id: "review-verifications",
    title: "Review Verifications",
    href: "/admin?tab=verification",
    permission: "can_verify_users",
    roles: ["admin"],
    keywords: ["verification queue", "approve"],
  },
  {
    id: "create-rfp",
    title: "Create RFP",
    href: "/rfps/new",
    permission: "can_create_rfp",
    verifiedRole: true,
    keywords: ["new rfp", "request for proposal"],
  },
  {
    id: "add-property",
    title: "Add property",
    href: "/properties/new",
    permission: "can_manage_properties",
    roles: ["board_member", "manager"],
    verifiedRole: true,
    keywords: ["create association", "new association", "hoa", "condominium"],
  },
];

export interface PaletteViewer {
  contextType: RoleType | null;
  permissions: Permissions | null;
  /** The active role's verification (omitted: entries that need a verified role are not gated). */
  role?: RoleVerification | null;
  activeContextId: string | null;
  contexts: readonly { id: string; contextType: RoleType; contextName: string }[];
}

type ViewerFacts = Pick<PaletteViewer, "contextType" | "permissions" | "role">;

/** The actions the context's flags (and the page's context types) allow, before verification. */
const allowedActions = (viewer: ViewerFacts) =>
  PALETTE_ACTIONS.filter(
    (a) =>
      Boolean(viewer.permissions?.[a.permission]) &&
      (!a.roles || (viewer.contextType !== null && a.roles.includes(viewer.contextType))),
  );

/**
 * The actions the active context may run: each needs its flag (and the page's context type). One that
 * also needs a verified role is offered to an unverified role with its note ("Verify to create"),
 * leading to the verification page.
 */
export function gatedActions(viewer: ViewerFacts): PaletteItem[] {
  const items: PaletteItem[] = [];
  for (const a of allowedActions(viewer)) {
    const gate = a.verifiedRole ? verificationGate(viewer.role) : "open";
    if (gate === "hidden") continue;
    const item: PaletteItem = {
      id: `action:${a.id}`,
      title: a.title,
      href: a.href,
      group: "actions",
      keywords: a.keywords,
    };
    items.push(gate === "open" ? item : { ...item, href: VERIFY_HREF, subtitle: gate, note: gate });
  }
  return items;
}

/** Pages the viewer may open: the shell's navigation, then the extra pages; none an action already offers. */
export function navigationItems(viewer: ViewerFacts): PaletteItem[] {
  const actionHrefs = new Set(allowedActions(viewer).map((a) => a.href));
  const actionTitles = new Set(allowedActions(viewer).map((a) => a.title));
  const pages = [
    ...navigationFor(viewer.contextType, viewer.permissions, viewer.role),
    ...PALETTE_EXTRA_PAGES,
  ];
  const seen = new Set<string>();
  const items: PaletteItem[] = [];
  for (const page of pages) {
    // A gated entry (with a note) is the action's, which the actions group offers.
    if (page.note ? actionTitles.has(page.label) : seen.has(page.href) || actionHrefs.has(page.href))
      continue;
    if (page.note) {
      items.push({
        id: `page:${page.label}`,
        title: page.label,
        subtitle: page.note,
        note: page.note,
        href: page.href,
        group: "navigation",
      });
      continue;
    }
    seen.add(page.href);
    items.push({
      id: `page:${page.href}`,
      title: page.label,
      href: page.href,
      group: "navigation",
      keywords: PAGE_KEYWORDS[page.href],
    });
  }
  return items;
}

/** One "switch role" entry per context other than the active one. */
export function switchRoleItems(viewer: Pick<PaletteViewer, "contexts" | "activeContextId">): PaletteItem[] {
  return viewer.contexts
    .filter((c) => c.id !== viewer.activeContextId)
    .map((c) => ({
      id: `role:${c.id}`,
      title: `Switch to ${ROLE_LABELS[c.contextType]}`,
      subtitle: c.contextName,
      group: "roles",
      contextId: c.id,
      keywords: ["switch role", "context"],
    }));
}

/** Everything the palette can offer without asking the server. */
export function localItems(viewer: PaletteViewer): PaletteItem[] {
  return [...navigationItems(viewer), ...gatedActions(viewer), ...switchRoleItems(viewer)];
}

/** The empty query: up to 8 navigation items. */
export function emptyQueryItems(viewer: PaletteViewer): PaletteItem[] {
  return navigationItems(viewer).slice(0, PALETTE_EMPTY_LIMIT);
}

const normalize = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, " ").trim();

/** 0: the title starts with the query; 1: it matches otherwise; null: no match. */
export function matchTier(item: PaletteItem, query: string): 0 | 1 | null {
  const q = normalize(query);
  if (!q) return 1;
  const title = normalize(item.title);
  if (title.startsWith(q)) return 0;
  if (
    item.serverMatch ||
    title.includes(q) ||
    (item.subtitle && normalize(item.subtitle).includes(q)) ||
    item.keywords?.some((k) => normalize(k).includes(q))
  ) {
    return 1;
  }
  return null;
}

/**
 * Up to `limit` (10) matches: title-prefix matches first, then the other matches, each tier in the
 * order given. The same href or id is offered once.
 */
export function rankItems(
  items: readonly PaletteItem[],
  query: string,
  limit: number = PALETTE_RESULT_LIMIT,
): PaletteItem[] {
  const tiers: [PaletteItem[], PaletteItem[]] = [[], []];
  const seen = new Set<string>();
  for (const item of items) {
    const key = item.note ? item.id : (item.href ?? item.id);
    if (seen.has(key)) continue;
    const tier = matchTier(item, query);
    if (tier === null) continue;
    seen.add(key);
    tiers[tier].push(item);
  }
  return [...tiers[0], ...tiers[1]].slice(0, limit);
}

/** One record the server search found (app/routes/api.search.ts), already safe to show. */
export interface SearchHit {
  id: string;
  title: string;
  subtitle?: string;
  href: string;
}

export interface SiteSearchResults {
  rfps: SearchHit[];
  people: SearchHit[];
  organizations: SearchHit[];
}

export const NO_SEARCH_RESULTS: SiteSearchResults = { rfps: [], people: [], organizations: [] };

/** The server's records as palette items: they matched on the server, so they always count as matches. */
export function searchHitItems(results: SiteSearchResults): PaletteItem[] {
  const as = (group: PaletteGroup, hits: SearchHit[]) =>
    hits.map((h) => ({
      id: `${group}:${h.id}`,
      title: h.title,
      subtitle: h.subtitle,
      href: h.href,
      group,
      serverMatch: true,
    }));
  return [
    ...as("rfps", results.rfps),
    ...as("people", results.people),
    ...as("organizations", results.organizations),
  ];
}

/** Recent items as palette entries. */
type RecentLike = { id: string; title: string; subtitle?: string; href: string; type?: string };

export function recentPaletteItems(recent: readonly RecentLike[]) {
  return recent.map(
    (r): PaletteItem => ({
      id: `recent:${r.id}`,
      title: r.title,
      subtitle: r.subtitle,
      href: r.href,
      group: "recent",
      kind: r.type,
    }),
  );
}

/**
 * What the palette lists: for an empty query the recent items and up to 8 navigation items; for a
 * query up to 10 matches among pages, actions, role switches, recent items and the server's records,
 * title-prefix matches first.
 */
export function paletteItems(
  query: string,
  viewer: PaletteViewer,
  recent: readonly RecentLike[],
  server: SiteSearchResults = NO_SEARCH_RESULTS,
): PaletteItem[] {
  if (!query.trim()) return [...recentPaletteItems(recent), ...emptyQueryItems(viewer)];
  return rankItems([...localItems(viewer), ...recentPaletteItems(recent), ...searchHitItems(server)], query);
}
