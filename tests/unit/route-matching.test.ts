import { type AgnosticRouteObject, matchRoutes, resolvePath } from "@remix-run/router";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Link, MemoryRouter, Route, Routes } from "react-router-dom";
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

/**
 * The link patches (patches/@remix-run+router's resolvePath, patches/react-router's useResolvedPath):
 * an absolute path resolves to itself without the matched routes' pathnames; dot segments are still
 * resolved, and relative paths still resolve against the matched routes.
 */
describe("resolving link paths with the patched router", () => {
  it.each([
    ["/", "/"],
    ["/rfps", "/rfps"],
    ["/rfps/", "/rfps/"],
    ["/rfps/abc/edit", "/rfps/abc/edit"],
    ["/rfps/./abc", "/rfps/abc"],
    ["/rfps/../about", "/about"],
    ["/..", "/"],
    ["/a/.hidden/b..c", "/a/.hidden/b..c"],
  ])("%s → %s", (to, pathname) => {
    expect(resolvePath(to).pathname).toBe(pathname);
  });

  it("keeps the search and hash of an absolute path", () => {
    expect(resolvePath("/rfps/x?q=roof#proposal")).toEqual({
      pathname: "/rfps/x",
      search: "?q=roof",
      hash: "#proposal",
    });
  });

  it("resolves relative links against the matched routes and absolute ones without them", () => {
    const html = (to: string) =>
      renderToString(
        createElement(
          MemoryRouter,
          { initialEntries: ["/rfps/abc/edit"] },
          createElement(
            Routes,
            null,
            createElement(Route, {
              path: "rfps/:id/edit",
              element: createElement(Link, { to }, "x"),
            }),
          ),
        ),
      );
    expect(html("/rfps/new")).toContain('href="/rfps/new"');
    expect(html("..")).toContain('href="/"');
    expect(html("proposals")).toContain('href="/rfps/abc/edit/proposals"');
    expect(html("?page=2")).toContain('href="/rfps/abc/edit?page=2"');
    expect(html("/rfps/abc/../def")).toContain('href="/rfps/def"');
  });
});
