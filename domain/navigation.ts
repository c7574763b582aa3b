import type { PermissionFlag, Permissions } from "./roles/permissions";
import type { RoleType } from "./roles/types";
import { isRoleVerified } from "./roles/verification";

/**
 * Navigation of the authenticated shell (spec 000 sections 2.3 and 6). An entry with no roles is for
 * everybody; `roles` lists the context types that see it. Only areas that exist are listed: each later
 * area adds its entries here.
 */
export interface NavItem {
  label: string;
  href: string;
  icon:
    | "dashboard"
    | "settings"
    | "admin"
    | "search"
    | "roles"
    | "credits"
    | "rfps"
    | "create"
    | "proposals"
    | "vendor"
    | "properties"
    | "documents"
    | "financials"
    | "boardroom"
    | "minutes"
    | "calendar"
    | "network"
    | "directory"
    | "connections"
    | "messages"
    | "community"
    | "learning"
    | "legal";
  roles?: readonly RoleType[];
  permission?: PermissionFlag;
  /**
   * The page also needs a verified role (spec 001 section 6: creating RFPs). While the active role
   * is not verified yet the entry stays, with a note, and links to the verification page instead.
   */
  verifiedRole?: boolean;
  /** Set by navigationFor on a gated entry the active role may not open yet ("Verify to create"). */
  note?: string;
}

/** The active role's verification, as the gated entries need it. */
export interface RoleVerification {
  status: string;
  isCurrent: boolean;
}

/** Where an entry that needs a verified role leads while the role is not verified. */
export const VERIFY_HREF = "/settings/verification";

export const VERIFICATION_NOTES = {
  /** The person has not sent anything yet (or was turned down): they have a step to take. */
  verify: "Verify to create",
  /** Sent, waiting for review (Verification review takes about 1-2 business days). */
  pending: "Verification pending",
} as const;

/**
 * What an entry that needs a verified role does for the active role: "open" (verified, or needs no
 * verification), a note for a role that can still be verified, or "hidden" for a role that is no
 * longer current (it can never be verified). No role facts given: the caller does not gate.
 */
export function verificationGate(role: RoleVerification | null | undefined): "open" | "hidden" | string {
  if (!role) return "open";
  if (!role.isCurrent) return "hidden";
  if (isRoleVerified(role.status)) return "open";
  return role.status === "submitted" ? VERIFICATION_NOTES.pending : VERIFICATION_NOTES.verify;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", href: "/dashboard", icon: "dashboard" },
  { label: "Search", href: "/search", icon: "search" },
  // The RFP hub (spec 000 sections 2.2 and 6; spec 001 section 2): browsing is for everybody,
  // the vendor's pages for vendors, creating for the author roles whose context may create RFPs.
  { label: "RFPs", href: "/rfps", icon: "rfps" },
  { label: "My Proposals", href: "/rfps/my-proposals", icon: "proposals", roles: ["vendor"] },
  {
    label: "Create RFP",
    href: "/rfps/new",
    icon: "create",
    roles: ["admin", "board_member", "manager"],
    permission: "can_create_rfp",
    verifiedRole: true,
  },
  { label: "Vendor Dashboard", href: "/vendor-dashboard", icon: "vendor", roles: ["vendor"] },
  { label: "Vendor Credits", href: "/credits", icon: "credits", roles: ["vendor"] },
  // Associations (spec 000 section 6: Properties Overview for admin, board members and managers).
  {
    label: "Properties Overview",
    href: "/properties",
    icon: "properties",
    roles: ["admin", "board_member", "manager"],
  },
  // The association's document library (spec 000 section 6: "Documents (under properties), admin,
  // board_member, manager, vendor"); homeowners open the documents shared with all members at the
  // same address, which the sidebar does not list for them.
  {
    label: "Documents",
    href: "/documents",
    icon: "documents",
    roles: ["admin", "board_member", "manager", "vendor"],
  },
  // The financials (spec 000 section 6: "Financial Management, admin, board_member, manager"; spec 001
  // section 2.9): the page itself is for board members and managers of the active association (issue 13).
  {
    label: "Financial Management",
    href: "/financials",
    icon: "financials",
    roles: ["admin", "board_member", "manager"],
  },
  // The board room (spec 000 section 2.2; spec 001 section 6): admin, board member and manager contexts;
  // the page itself is for board members and managers of the active association (issue 12).
  {
    label: "Board Room",
    href: "/board-room",
    icon: "boardroom",
    roles: ["admin", "board_member", "manager"],
  },
  // Legal Resources (spec 000 section 6: "Legal Resources, admin, board_member, manager"; issue 30,
  // part 9): the library of articles and templates. Verified attorneys, who submit to it, reach it from
  // their dashboard's "Contribute to Legal Resources" (/legal/submissions).
  {
    label: "Legal Resources",
    href: "/legal",
    icon: "legal",
    roles: ["admin", "board_member", "manager"],
  },
  // Homeowners read the approved minutes their board shared (issue 12).
  { label: "Meeting Minutes", href: "/minutes", icon: "minutes", roles: ["homeowner"] },
  // Every signed-in person has a calendar (issue 12 part 3).
  { label: "Calendar", href: "/calendar", icon: "calendar" },
  // The community feed (spec 000 section 2: Common Area; issue 29): every signed-in person.
  { label: "Common Area", href: "/common-area", icon: "community" },
  // The learning hub (spec 000 section 2: Learning; issue 30): its dashboard, every signed-in person.
  { label: "Learning Hub", href: "/learning-hub", icon: "learning" },
  // The professional network's centre (issue 28): every signed-in person.
  { label: "Professional Center", href: "/professional", icon: "network" },
  // The professional network's directory of public profiles (issue 28): every signed-in person.
  { label: "Directory", href: "/directory", icon: "directory" },
  // The professional network (issue 28): every person with a role has connections.
  { label: "Connections", href: "/connections", icon: "connections" },
  // Messages (issue 28, part 7): every signed-in person, with or without a role.
  { label: "Messages", href: "/messages", icon: "messages" },
  { label: "Settings", href: "/settings", icon: "settings" },
  { label: "Admin Panel", href: "/admin", icon: "admin", roles: ["admin"], permission: "can_verify_users" },
];

/** The mobile bottom bar shows the first 5 entries. */
export const MOBILE_BAR_ITEMS = 5;

/**
 * The entries the active context sees. `role` is the active role's verification: an entry that needs
 * a verified role shows for an unverified one with its note, linking to the verification page.
 */
export function navigationFor(
  contextType: RoleType | null,
  permissions: Permissions | null,
  role?: RoleVerification | null,
): NavItem[] {
  const items: NavItem[] = [];
  for (const item of NAV_ITEMS) {
    if (item.roles && (contextType === null || !item.roles.includes(contextType))) continue;
    if (item.permission && !permissions?.[item.permission]) continue;
    const gate = item.verifiedRole ? verificationGate(role) : "open";
    if (gate === "hidden") continue;
    items.push(gate === "open" ? item : { ...item, href: VERIFY_HREF, note: gate });
  }
  return items;
}

/**
 * The entry a path belongs to: the one whose href is the longest prefix of it (on a segment boundary),
 * so /rfps/my-proposals marks My Proposals and not RFPs as well.
 */
export function activeNavHref(
  items: readonly Pick<NavItem, "href" | "note">[],
  pathname: string,
): string | null {
  let best: string | null = null;
  // An entry with a note stands in for a page it does not open: it is never the current one.
  for (const { href, note } of items) {
    if (note) continue;
    const matches = pathname === href || pathname.startsWith(`${href}/`);
    if (matches && (best === null || href.length > best.length)) best = href;
  }
  return best;
}

/**
 * The "Create RFP" entry as the active context sees it: null when it is not offered, with a note when
 * the role must be verified first (the dashboard's tip then leads to verification, not to a refusal).
 */
export function createRfpEntry(
  contextType: RoleType | null,
  permissions: Permissions | null,
  role?: RoleVerification | null,
): NavItem | null {
  return navigationFor(contextType, permissions, role).find((item) => item.icon === "create") ?? null;
}
