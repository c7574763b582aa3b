/**
 * The command palette's rules (spec 000 sections 2.5 and 9; issue 5 part 4): shortcuts, the empty
 * state, ranking, gating, role switches, texts and recent items.
 */

import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import {
  addRecent,
  emptyQueryItems,
  gatedActions,
  isTrackedPath,
  type KeyPress,
  localItems,
  matchTier,
  NO_RESULTS_HINT,
  navigationItems,
  noResultsTitle,
  PALETTE_EMPTY_LIMIT,
  PALETTE_RESULT_LIMIT,
  PALETTE_SEARCH_DEBOUNCE_MS,
  type PaletteItem,
  type PaletteViewer,
  paletteItems,
  parseRecent,
  pruneRecent,
  RECENT_ITEMS_MAX,
  RECENT_ITEMS_MAX_AGE_DAYS,
  type RecentItem,
  rankItems,
  recentItemsKey,
  searchHitItems,
  shortcutFor,
  switchRoleItems,
} from "@domain/palette";
import { CONTEXT_PERMISSIONS, PERMISSION_DEFAULTS, type RoleType } from "@domain/roles";
import { describe, expect, it } from "vitest";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);

const viewerAs = (type: RoleType | null, contexts: PaletteViewer["contexts"] = []): PaletteViewer => ({
  contextType: type,
  permissions: type ? CONTEXT_PERMISSIONS[type] : null,
  activeContextId: contexts[0]?.id ?? null,
  contexts,
});

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  editable: false,
  ...mods,
});

const recent = (n: number, patch: Partial<RecentItem> = {}): RecentItem => ({
  id: `r${n}`,
  title: `Item ${n}`,
  href: `/rfps/${n}`,
  type: "rfp",
  timestamp: NOW - n * 1000,
  ...patch,
});

const item = (title: string, patch: Partial<PaletteItem> = {}): PaletteItem => ({
  id: title,
  title,
  href: `/${title.toLowerCase().replace(/\W+/g, "-")}`,
  group: "navigation",
  ...patch,
});

describe("constants (spec 000 section 9)", () => {
  it("shows 8 items when the query is empty", () => expect(PALETTE_EMPTY_LIMIT).toBe(8));
  it("shows 10 results on a query", () => expect(PALETTE_RESULT_LIMIT).toBe(10));
  it("keeps at most 10 recent items", () => expect(RECENT_ITEMS_MAX).toBe(10));
  it("drops recent items after 30 days", () => expect(RECENT_ITEMS_MAX_AGE_DAYS).toBe(30));
  it("debounces server searches by 150 to 200 ms", () => {
    expect(PALETTE_SEARCH_DEBOUNCE_MS).toBeGreaterThanOrEqual(150);
    expect(PALETTE_SEARCH_DEBOUNCE_MS).toBeLessThanOrEqual(200);
  });
});

describe("shortcuts", () => {
  const ctx = { pathname: "/dashboard", permissions: CONTEXT_PERMISSIONS.manager };
  it("Cmd+K and Ctrl+K open the palette", () => {
    expect(shortcutFor(press("k", { metaKey: true }), ctx)).toEqual({ type: "toggle" });
    expect(shortcutFor(press("k", { ctrlKey: true }), ctx)).toEqual({ type: "toggle" });
  });
  it("Cmd+P opens the palette", () => {
    expect(shortcutFor(press("p", { metaKey: true }), ctx)).toEqual({ type: "toggle" });
  });
  it('"/" opens the palette, but not while typing in a field', () => {
    expect(shortcutFor(press("/"), ctx)).toEqual({ type: "toggle" });
    expect(shortcutFor(press("/", { editable: true }), ctx)).toBeNull();
  });
  it("plain letters do nothing", () => {
    expect(shortcutFor(press("k"), ctx)).toBeNull();
    expect(shortcutFor(press("d"), ctx)).toBeNull();
  });
  it("Cmd+D goes to the dashboard", () => {
    expect(shortcutFor(press("d", { metaKey: true }), ctx)).toEqual({ type: "navigate", href: "/dashboard" });
  });
  it("Cmd+, goes to settings", () => {
    expect(shortcutFor(press(",", { metaKey: true }), ctx)).toEqual({ type: "navigate", href: "/settings" });
  });
  it("Cmd+Shift+N under /rfps creates an RFP when the context may", () => {
    const n = press("N", { metaKey: true, shiftKey: true });
    expect(shortcutFor(n, { ...ctx, pathname: "/rfps" })).toEqual({ type: "navigate", href: "/rfps/new" });
    expect(shortcutFor(n, { ...ctx, pathname: "/rfps/abc" })).toEqual({
      type: "navigate",
      href: "/rfps/new",
    });
    expect(shortcutFor(n, { pathname: "/rfps", permissions: CONTEXT_PERMISSIONS.vendor })).toBeNull();
  });
  it("Cmd+Shift+N under /properties adds a property (an association) when the context may", () => {
    const n = press("n", { ctrlKey: true, shiftKey: true });
    expect(shortcutFor(n, { ...ctx, pathname: "/properties" })).toEqual({
      type: "navigate",
      href: "/properties/new",
    });
    expect(shortcutFor(n, { ...ctx, pathname: "/properties/abc" })).toEqual({
      type: "navigate",
      href: "/properties/new",
    });
    expect(
      shortcutFor(n, { ...ctx, pathname: "/properties", role: { status: "pending", isCurrent: true } }),
    ).toEqual({ type: "navigate", href: "/settings/verification" });
    expect(shortcutFor(n, { pathname: "/properties", permissions: CONTEXT_PERMISSIONS.vendor })).toBeNull();
  });
  it("Cmd+Shift+N elsewhere goes to the dashboard", () => {
    const n = press("n", { ctrlKey: true, shiftKey: true });
    expect(shortcutFor(n, { ...ctx, pathname: "/settings" })).toEqual({
      type: "navigate",
      href: "/dashboard",
    });
    expect(shortcutFor(n, { ...ctx, pathname: "/rfpsx" })).toEqual({ type: "navigate", href: "/dashboard" });
  });
});

describe("items", () => {
  it("an empty query shows up to 8 navigation items, the first being the shell's", () => {
    for (const type of ["admin", "manager", "vendor", "homeowner"] as const) {
      const items = emptyQueryItems(viewerAs(type));
      expect(items).toHaveLength(PALETTE_EMPTY_LIMIT);
      expect(items.every((i) => i.group === "navigation")).toBe(true);
      expect(items[0]?.href).toBe("/dashboard");
    }
  });

  it("offers only pages that exist in app/routes", () => {
    const routes = readdirSync(path.resolve("app/routes")).map((f) => f.replace(/\.tsx?$/, ""));
    const exists = (href: string) => {
      const segments = href.split("?")[0]?.split("/").filter(Boolean) ?? [];
      const dotted = segments.join(".");
      return routes.some((r) => {
        const plain = r
          .replace(/^_app\./, "")
          .replace(/_(?=\.|$)/g, "")
          .replace(/\._index$/, "");
        // A dynamic segment ($slug) matches any one segment (/professional/me is the profile route's).
        const pattern = new RegExp(
          `^${plain
            .split(".")
            .map((seg) => (seg.startsWith("$") ? "[^.]+" : seg.replace(/[.*+?^{}()|[\]\\-]/g, "\\$&")))
            .join("\\.")}$`,
        );
        return (
          plain === dotted ||
          (dotted === "" && r === "_index") ||
          (plain.includes("$") && plain !== "$" && pattern.test(dotted))
        );
      });
    };
    const admin = viewerAs("admin");
    for (const i of [...navigationItems(admin), ...gatedActions(admin)]) {
      expect(exists(i.href as string), i.href).toBe(true);
    }
    expect(existsSync(path.resolve("app/routes/_app.rfps_.new.tsx"))).toBe(true);
  });

  it("navigation follows the shell's role rules (vendor pages for vendors, admin panel for admins)", () => {
    const vendor = navigationItems(viewerAs("vendor")).map((i) => i.href);
    expect(vendor).toContain("/rfps/my-proposals");
    expect(vendor).not.toContain("/admin");
    const manager = navigationItems(viewerAs("manager")).map((i) => i.href);
    expect(manager).not.toContain("/rfps/my-proposals");
  });

  it("Create RFP (/rfps/new) needs can_create_rfp", () => {
    expect(gatedActions(viewerAs("manager")).map((a) => a.href)).toContain("/rfps/new");
    expect(gatedActions(viewerAs("vendor")).map((a) => a.href)).not.toContain("/rfps/new");
    const withoutFlag = {
      contextType: "manager" as const,
      permissions: { ...CONTEXT_PERMISSIONS.manager, can_create_rfp: false },
    };
    expect(gatedActions(withoutFlag).map((a) => a.title)).not.toContain("Create RFP");
  });

  it("an unverified board member or manager gets Create RFP with its note, leading to verification", () => {
    for (const type of ["board_member", "manager"] as const) {
      const viewer = (status: string, isCurrent = true) => ({
        ...viewerAs(type),
        role: { status, isCurrent },
      });
      const create = (status: string, isCurrent = true) =>
        gatedActions(viewer(status, isCurrent)).find((a) => a.title === "Create RFP");
      expect(create("pending")).toMatchObject({
        href: "/settings/verification",
        subtitle: "Verify to create",
        note: "Verify to create",
      });
      expect(create("submitted")).toMatchObject({
        href: "/settings/verification",
        note: "Verification pending",
      });
      expect(create("verified")).toMatchObject({ href: "/rfps/new" });
      expect(create("verified")?.note).toBeUndefined();
      expect(create("pending", false)).toBeUndefined();
      // Typing finds it, beside the Verification page it leads to (neither hides the other).
      const found = paletteItems("verif", viewer("pending"), []).map((i) => i.title);
      expect(found).toContain("Verification");
      const created = paletteItems("create", viewer("pending"), []);
      expect(created.map((i) => [i.title, i.href, i.subtitle])).toContainEqual([
        "Create RFP",
        "/settings/verification",
        "Verify to create",
      ]);
      // The navigation group does not offer it a second time.
      expect(navigationItems(viewer("pending")).filter((i) => i.title === "Create RFP")).toEqual([]);
      expect(navigationItems(viewer("pending")).map((i) => i.href)).toContain("/settings/verification");
    }
  });

  it("Cmd+Shift+N under /rfps leads an unverified author to verification, not to a refusal", () => {
    const n = press("n", { metaKey: true, shiftKey: true });
    const ctx = (status: string) => ({
      pathname: "/rfps",
      permissions: CONTEXT_PERMISSIONS.board_member,
      role: { status, isCurrent: true },
    });
    expect(shortcutFor(n, ctx("pending"))).toEqual({ type: "navigate", href: "/settings/verification" });
    expect(shortcutFor(n, ctx("submitted"))).toEqual({ type: "navigate", href: "/settings/verification" });
    expect(shortcutFor(n, ctx("verified"))).toEqual({ type: "navigate", href: "/rfps/new" });
    expect(shortcutFor(n, { ...ctx("pending"), role: { status: "pending", isCurrent: false } })).toBeNull();
  });

  it("the admin dashboard and review verifications need can_verify_users", () => {
    const titles = (v: Parameters<typeof gatedActions>[0]) => gatedActions(v).map((a) => a.title);
    expect(titles(viewerAs("admin"))).toEqual(
      expect.arrayContaining(["Admin Dashboard", "Review Verifications"]),
    );
    expect(
      titles({
        contextType: "admin",
        permissions: { ...CONTEXT_PERMISSIONS.admin, can_verify_users: false },
      }),
    ).toEqual(["Create RFP"]);
    expect(titles(viewerAs("manager"))).not.toContain("Admin Dashboard");
  });

  it("add property needs can_manage_properties (and a board member or manager context)", () => {
    expect(CONTEXT_PERMISSIONS.manager.can_manage_properties).toBe(true);
    expect(localItems(viewerAs("manager")).some((i) => i.href === "/properties/new")).toBe(true);
    expect(localItems(viewerAs("vendor")).some((i) => i.href === "/properties/new")).toBe(false);
    expect(localItems(viewerAs("admin")).some((i) => i.href === "/properties/new")).toBe(false);
    expect(localItems(viewerAs("manager")).some((i) => i.href === "/properties")).toBe(true);
    expect(localItems(viewerAs("homeowner")).some((i) => i.href === "/properties")).toBe(false);
  });

  it("without a context (no role yet) no gated action is offered", () => {
    expect(gatedActions({ contextType: null, permissions: null })).toEqual([]);
    expect(gatedActions({ contextType: "other", permissions: PERMISSION_DEFAULTS })).toEqual([]);
  });

  it("one switch-role entry per role other than the current one", () => {
    const contexts = [
      { id: "c1", contextType: "admin" as const, contextName: "Admin" },
      { id: "c2", contextType: "manager" as const, contextName: "Gulf Coast" },
      { id: "c3", contextType: "homeowner" as const, contextName: "Home" },
    ];
    const items = switchRoleItems({ contexts, activeContextId: "c1" });
    expect(items.map((i) => [i.title, i.contextId])).toEqual([
      ["Switch to Property Manager", "c2"],
      ["Switch to Homeowner", "c3"],
    ]);
    expect(switchRoleItems({ contexts: contexts.slice(0, 1), activeContextId: "c1" })).toEqual([]);
  });
});

describe("matching and ranking", () => {
  it("matches case-insensitively on title, subtitle and keywords", () => {
    expect(matchTier(item("Security"), "SEC")).toBe(0);
    expect(matchTier(item("Account Settings"), "settings")).toBe(1);
    expect(matchTier(item("Appearance", { keywords: ["dark mode"] }), "dark")).toBe(1);
    expect(matchTier(item("Switch", { subtitle: "Gulf Coast" }), "gulf")).toBe(1);
    expect(matchTier(item("Dashboard"), "zzz")).toBeNull();
  });

  it("puts title-prefix matches first, then other matches, each in the given order", () => {
    const items = [
      item("Account Settings"),
      item("Settings"),
      item("Roles", { keywords: ["settings"] }),
      item("Set up"),
    ];
    expect(rankItems(items, "set").map((i) => i.title)).toEqual([
      "Settings",
      "Set up",
      "Account Settings",
      "Roles",
    ]);
  });

  it("shows at most 10 matches", () => {
    const many = Array.from({ length: 25 }, (_, n) => item(`Report ${n}`));
    expect(rankItems(many, "report")).toHaveLength(10);
  });

  it("server records always count as matches and rank by their titles too", () => {
    const hits = searchHitItems({
      rfps: [{ id: "1", title: "Roof replacement", href: "/rfps/1" }],
      people: [{ id: "2", title: "Morgan Manager", subtitle: "Property Manager", href: "/search?q=Morgan" }],
      organizations: [{ id: "3", title: "Gulf Coast Management", href: "/search?q=Gulf" }],
    });
    const ranked = paletteItems("manage", viewerAs("manager"), [], {
      rfps: [],
      people: [],
      organizations: [],
    });
    expect(ranked.every((i) => i.group !== "rfps")).toBe(true);
    expect(rankItems(hits, "roof")[0]?.title).toBe("Roof replacement");
    expect(rankItems(hits, "gulf coast").map((i) => i.title)).toEqual([
      "Gulf Coast Management",
      "Roof replacement",
      "Morgan Manager",
    ]);
  });

  it("a query searches pages, actions, role switches and server records together", () => {
    const v = viewerAs("manager", [
      { id: "c1", contextType: "manager", contextName: "Gulf Coast" },
      { id: "c2", contextType: "homeowner", contextName: "Home" },
    ]);
    expect(paletteItems("create", v, []).map((i) => i.href)).toEqual(["/rfps/new", "/properties/new"]);
    const switches = paletteItems("switch", v, []);
    expect(switches.filter((i) => i.group === "roles").map((i) => i.contextId)).toEqual(["c2"]);
    expect(switches.map((i) => i.href)).toContain("/settings/roles");
    const withServer = paletteItems("roof", v, [], {
      rfps: [{ id: "r", title: "Roof replacement", href: "/rfps/r" }],
      people: [],
      organizations: [],
    });
    expect(withServer.map((i) => i.group)).toEqual(["rfps"]);
  });

  it("an empty query lists recent items before the 8 navigation items", () => {
    const items = paletteItems("  ", viewerAs("vendor"), [recent(1)]);
    expect(items[0]).toMatchObject({ group: "recent", href: "/rfps/1" });
    expect(items.filter((i) => i.group === "navigation")).toHaveLength(8);
  });
});

describe("texts", () => {
  it('the empty result says "No results found for ..." with "Try a different search term"', () => {
    expect(noResultsTitle("zzqx")).toBe('No results found for "zzqx"');
    expect(NO_RESULTS_HINT).toBe("Try a different search term");
  });
});

describe("recent items", () => {
  it("are stored per user", () => {
    expect(recentItemsKey("u-1")).toBe("command_palette_recent_u-1");
    expect(recentItemsKey("u-1")).not.toBe(recentItemsKey("u-2"));
  });

  it("keep the newest 10", () => {
    let list: RecentItem[] = [];
    for (let n = 20; n >= 1; n--) list = addRecent(list, recent(n), NOW);
    expect(list).toHaveLength(RECENT_ITEMS_MAX);
    expect(list[0]?.id).toBe("r1");
  });

  it("move a re-opened item to the front instead of repeating it", () => {
    const list = addRecent([recent(1), recent(2)], { ...recent(2), timestamp: NOW }, NOW);
    expect(list.map((i) => i.id)).toEqual(["r2", "r1"]);
  });

  it("drop entries older than 30 days", () => {
    const old = recent(3, { timestamp: NOW - 31 * DAY });
    const edge = recent(4, { timestamp: NOW - 30 * DAY });
    expect(pruneRecent([old, edge], NOW).map((i) => i.id)).toEqual(["r4"]);
  });

  it("never track authentication, onboarding or error paths", () => {
    for (const href of ["/auth/sign-in", "/auth", "/onboarding/role", "/onboarding", "/error?x=1"]) {
      expect(isTrackedPath(href)).toBe(false);
      expect(addRecent([], recent(1, { href }), NOW)).toEqual([]);
    }
    expect(isTrackedPath("/authors")).toBe(true);
    expect(isTrackedPath("/rfps/1")).toBe(true);
  });

  it("ignore malformed storage", () => {
    expect(parseRecent("not json", NOW)).toEqual([]);
    expect(parseRecent('{"a":1}', NOW)).toEqual([]);
    expect(parseRecent(JSON.stringify([recent(1), { id: 2 }]), NOW).map((i) => i.id)).toEqual(["r1"]);
  });
});
