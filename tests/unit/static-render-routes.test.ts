import type { EntryContext } from "@remix-run/node";
import { Outlet, RemixServer } from "@remix-run/react";
import { createStaticHandler } from "@remix-run/router";
import { createElement, useContext } from "react";
import { renderToString } from "react-dom/server";
import { UNSAFE_DataRouterContext } from "react-router-dom";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+react and patches/react-router-dom: every document render used to rebuild the
 * route tree (createServerRoutes, then the data routes of createStaticRouter) and so flatten and rank
 * it again; the patches keep one tree per build. The page must render as before, and a new build (other
 * route modules, a development rebuild) must get a new tree.
 */
const tree = [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }];

describe("createStaticRouter (patched)", () => {
  it("makes the data routes of one routes array once, with the request's own matches", async () => {
    const handler = createStaticHandler(tree);
    const first = await handler.query(new Request("http://localhost/a"));
    const second = await handler.query(new Request("http://localhost/"));
    if (first instanceof Response || second instanceof Response) throw new Error("unexpected response");
    const one = createStaticRouter(tree, first);
    const two = createStaticRouter(tree, second);
    expect(two.routes).toBe(one.routes);
    expect(one.state.matches.map((m) => m.route.id)).toEqual(["root", "a"]);
    expect(two.state.matches.map((m) => m.route.id)).toEqual(["root"]);
    expect(createStaticRouter(structuredClone(tree), first).routes).not.toBe(one.routes);
  });
});

/** The route tree each render used, as the page's router holds it. */
const seen: unknown[] = [];
function Page({ label }: { label: string }) {
  seen.push(useContext(UNSAFE_DataRouterContext)?.router.routes);
  return createElement("p", null, label);
}

describe("RemixServer (patched)", () => {
  const manifestRoutes = {
    root: { id: "root", path: "", hasLoader: false, hasAction: false, module: "/root.js" },
    "routes/a": {
      id: "routes/a",
      parentId: "root",
      path: "a",
      hasLoader: false,
      hasAction: false,
      module: "/a.js",
    },
  };
  const modules = (label: string) => ({
    root: { default: () => createElement("main", null, createElement(Outlet)) },
    "routes/a": { default: () => createElement(Page, { label }) },
  });

  async function render(routeModules: ReturnType<typeof modules>) {
    const handler = createStaticHandler([
      { id: "root", path: "/", children: [{ id: "routes/a", path: "a" }] },
    ]);
    const staticHandlerContext = await handler.query(new Request("http://localhost/a"));
    if (staticHandlerContext instanceof Response) throw new Error("unexpected response");
    const context = {
      manifest: {
        routes: manifestRoutes,
        entry: { module: "/entry.js", imports: [] },
        url: "/m.js",
        version: "1",
      },
      routeModules: { ...routeModules },
      staticHandlerContext,
      future: sameFuture,
      isSpaMode: false,
      serverHandoffString: "{}",
      serializeError: (e: Error) => ({ message: e.message }),
      renderMeta: {},
    } as unknown as EntryContext;
    return renderToString(createElement(RemixServer, { context, url: "http://localhost/a" }));
  }
  const sameFuture = {};

  it("renders each request alike from one route tree, and from a new one when the modules change", async () => {
    const build = modules("first build");
    expect(await render(build)).toContain("<p>first build</p>");
    expect(await render(build)).toContain("<p>first build</p>");
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
    expect(await render(modules("second build"))).toContain("<p>second build</p>");
    expect(seen[2]).not.toBe(seen[0]);
  });
});
