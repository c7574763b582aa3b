import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router: the server matches a URL against the route tree several times per
 * request, so the patch keeps the flattened, ranked tree and the compiled patterns, and skips branches
 * whose leading static segments the URL does not start with. The answers must be those of the
 * unpatched router: a tree shaped like the app's (pathless layouts, indexes, dynamic segments, a
 * splat, a case-sensitive route) and URLs that probe each rule.
 */
const tree: AgnosticRouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "splat", path: "*" },
      { id: "healthz", path: "healthz" },
      {
        id: "app",
        children: [
          { id: "rfps", path: "rfps", children: [{ id: "rfps-index", index: true }] },
          { id: "rfp", path: "rfps/:id" },
          { id: "rfp-edit", path: "rfps/:id/edit" },
          { id: "rfps-new", path: "rfps/new" },
          { id: "board", path: "board-room/meetings/:id/minutes" },
          { id: "lang", path: ":lang/help" },
          { id: "Exact", path: "Exact", caseSensitive: true },
        ],
      },
    ],
  },
];

const leaf = (routes: AgnosticRouteObject[], url: string) => {
  const matches = matchRoutes(routes, url);
  const last = matches?.at(-1);
  return last ? { id: last.route.id, params: last.params } : null;
};

describe("route matching with the patched router", () => {
  it.each([
    ["/", "home", {}],
    ["/healthz", "healthz", {}],
    ["/rfps", "rfps-index", {}],
    ["/rfps/", "rfps-index", {}],
    ["/RFPS", "rfps-index", {}],
    ["/rfps/new", "rfps-new", {}],
    ["/rfps/abc", "rfp", { id: "abc" }],
    ["/Rfps/ABC/edit", "rfp-edit", { id: "ABC" }],
    ["/rfps/a%20b", "rfp", { id: "a b" }],
    ["/rfps-archive", "splat", { "*": "rfps-archive" }],
    ["/rfpsx/1", "splat", { "*": "rfpsx/1" }],
    ["/board-room/meetings/m1/minutes", "board", { id: "m1" }],
    ["/board-room/meetings/m1", "splat", { "*": "board-room/meetings/m1" }],
    ["/fr/help", "lang", { lang: "fr" }],
    ["/Exact", "Exact", {}],
    ["/exact", "splat", { "*": "exact" }],
    ["/ſ/help", "lang", { lang: "ſ" }],
  ])("%s → %s", (url, id, params) => {
    expect(leaf(tree, url)).toEqual({ id, params: expect.objectContaining(params) });
  });

  it("answers alike when asked again, and for another tree of the same shape", () => {
    const first = leaf(tree, "/rfps/abc");
    expect(leaf(tree, "/rfps/abc")).toEqual(first);
    const copy = structuredClone(tree);
    expect(leaf(copy, "/rfps/abc")).toEqual(first);
    expect(leaf(copy, "/rfps/abc/edit")).toEqual({ id: "rfp-edit", params: { id: "abc" } });
  });
});
