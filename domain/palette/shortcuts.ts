import { type RoleVerification, VERIFY_HREF, verificationGate } from "../navigation";
import type { Permissions } from "../roles/permissions";

/** A key press as the palette sees it. `editable`: it happened in an input, textarea or editable element. */
export interface KeyPress {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  editable: boolean;
}

export type ShortcutResult = { type: "toggle" } | { type: "navigate"; href: string } | null;

const underPath = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * Where Cmd+Shift+N goes (spec 000 section 2.5): under /rfps a new RFP (for a context that may create
 * one; nothing otherwise), under /properties a new property (an association, for a context with
 * can_manage_properties; nothing otherwise), otherwise the dashboard. Creating either also needs a
 * verified role: an unverified one goes to the verification page instead of a refusal.
 */
export function newItemHref(
  pathname: string,
  permissions: Permissions | null,
  role?: RoleVerification | null,
): string | null {
  if (underPath(pathname, "/rfps")) {
    if (!permissions?.can_create_rfp) return null;
    const gate = verificationGate(role);
    if (gate === "hidden") return null;
    return gate === "open" ? "/rfps/new" : VERIFY_HREF;
  }
  if (underPath(pathname, "/properties")) {
    if (!permissions?.can_manage_properties) return null;
    const gate = verificationGate(role);
    if (gate === "hidden") return null;
    return gate === "open" ? "/properties/new" : VERIFY_HREF;
  }
  return "/dashboard";
}

/**
 * The palette's keyboard shortcuts (spec 000 section 2.5). Cmd stands for Cmd on a Mac and Ctrl
 * elsewhere: Cmd+K and Cmd+P open (or close) the palette, "/" opens it unless the person is typing,
 * Cmd+D goes to the dashboard, Cmd+, to settings, Cmd+Shift+N creates an item for the current path.
 */
export function shortcutFor(
  press: KeyPress,
  context: { pathname: string; permissions: Permissions | null; role?: RoleVerification | null },
): ShortcutResult {
  const mod = press.metaKey || press.ctrlKey;
  const key = press.key.toLowerCase();
  if (!mod) {
    if (key === "/" && !press.editable && !press.altKey && !press.shiftKey) return { type: "toggle" };
    return null;
  }
  if (press.altKey) return null;
  if (press.shiftKey) {
    if (key === "n") {
      const href = newItemHref(context.pathname, context.permissions, context.role);
      return href ? { type: "navigate", href } : null;
    }
    return null;
  }
  if (key === "k" || key === "p") return { type: "toggle" };
  if (key === "d") return { type: "navigate", href: "/dashboard" };
  if (key === ",") return { type: "navigate", href: "/settings" };
  return null;
}
