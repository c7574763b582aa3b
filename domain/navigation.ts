import type { PermissionFlag, Permissions } from "./roles/permissions";
import type { RoleType } from "./roles/types";

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
    | "vendor";
  roles?: readonly RoleType[];
  permission?: PermissionFlag;
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
  },
  { label: "Vendor Dashboard", href: "/vendor-dashboard", icon: "vendor", roles: ["vendor"] },
  { label: "Vendor Credits", href: "/credits", icon: "credits", roles: ["vendor"] },
  { label: "Settings", href: "/settings", icon: "settings" },
  { label: "Admin Panel", href: "/admin", icon: "admin", roles: ["admin"], permission: "can_verify_users" },
];

/** The mobile bottom bar shows the first 5 entries. */
export const MOBILE_BAR_ITEMS = 5;

export function navigationFor(contextType: RoleType | null, permissions: Permissions | null): NavItem[] {
  return NAV_ITEMS.filter(
    (item) =>
      (!item.roles || (contextType !== null && item.roles.includes(contextType))) &&
      (!item.permission || Boolean(permissions?.[item.permission])),
  );
}

/**
 * The entry a path belongs to: the one whose href is the longest prefix of it (on a segment boundary),
 * so /rfps/my-proposals marks My Proposals and not RFPs as well.
 */
export function activeNavHref(items: readonly Pick<NavItem, "href">[], pathname: string): string | null {
  let best: string | null = null;
  for (const { href } of items) {
    const matches = pathname === href || pathname.startsWith(`${href}/`);
    if (matches && (best === null || href.length > best.length)) best = href;
  }
  return best;
}
