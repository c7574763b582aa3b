import { Outlet } from "@remix-run/react";
import { createStaticHandler } from "@remix-run/router";
import { createElement, useContext } from "react";
import { UNSAFE_DataRouterContext } from "react-router-dom";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { twoRouteApp } from "../support/remix-document";

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
  const modules = (label: string) => ({
    root: { default: () => createElement("main", null, createElement(Outlet)) },
    "routes/a": { default: () => createElement(Page, { label }) },
  });
  // One future object for every render, as one build has.
  const sameFuture = {};
  const app = twoRouteApp({ id: "routes/a", path: "a" });
  const render = (routeModules: ReturnType<typeof modules>) =>
    app(routeModules, "http://localhost/a", sameFuture);

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
