import type { EntryContext } from "@remix-run/node";
import { Outlet, Link as RemixLink, RemixServer } from "@remix-run/react";
import { createStaticHandler } from "@remix-run/router";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Link, LinkNavigation, type LinkProps } from "~/components/ui/link";

/**
 * app/components/ui/link: the app's <Link> renders without React Router's hooks, so its markup must be
 * exactly what Remix's <Link> renders for the same props (the browser hydrates one from the other),
 * for every kind of `to` the app uses: paths with a search and a hash, an empty search or hash, full
 * URLs, a document link, and relative ones (handed to Remix's <Link>).
 */
const cases: LinkProps[] = [
  { to: "/rfps" },
  { to: "/rfps?q=roof&sort=deadline#results", className: "underline" },
  { to: "/rfps?", "aria-label": "RFPs" },
  { to: "/rfps#" },
  { to: "/credits?purchase=1", preventScrollReset: true, replace: true },
  { to: "/calendar/feed.ics", reloadDocument: true },
  { to: "https://stripe.com/docs", target: "_blank", rel: "noreferrer" },
  { to: "mailto:support@example.com" },
  { to: "//cdn.example.com/a" },
  { to: "?page=2" },
  { to: "edit" },
  { to: "../b" },
  { to: "" },
];

/** Renders `element` as the page at /a/b?x=1 of a one-route Remix app. */
async function renderAt(element: () => ReactElement) {
  const handler = createStaticHandler([
    { id: "root", path: "/", children: [{ id: "routes/a.b", path: "a/b" }] },
  ]);
  const staticHandlerContext = await handler.query(new Request("http://localhost/a/b?x=1"));
  if (staticHandlerContext instanceof Response) throw new Error("unexpected response");
  const context = {
    manifest: {
      routes: {
        root: { id: "root", path: "", hasLoader: false, hasAction: false, module: "/root.js" },
        "routes/a.b": {
          id: "routes/a.b",
          parentId: "root",
          path: "a/b",
          hasLoader: false,
          hasAction: false,
          module: "/a.js",
        },
      },
      entry: { module: "/entry.js", imports: [] },
      url: "/m.js",
      version: "1",
    },
    routeModules: {
      root: { default: () => createElement(LinkNavigation, null, createElement(Outlet)) },
      "routes/a.b": { default: element },
    },
    staticHandlerContext,
    future: { v3_relativeSplatPath: true, v3_lazyRouteDiscovery: true },
    isSpaMode: false,
    serverHandoffString: "{}",
    serializeError: (e: Error) => ({ message: e.message }),
    renderMeta: {},
  } as unknown as EntryContext;
  return renderToString(createElement(RemixServer, { context, url: "http://localhost/a/b?x=1" }));
}

describe("Link", () => {
  it.each(cases)("renders what Remix's <Link> renders: %o", async (props) => {
    const ours = await renderAt(() => createElement(Link, props, "Go"));
    const remix = await renderAt(() => createElement(RemixLink, props, "Go"));
    expect(ours).toBe(remix);
    expect(ours).toMatch(/^<a [^>]*>Go<\/a>$/);
  });

  it("marks in-app links for route discovery and leaves full URLs and document links alone", async () => {
    expect(await renderAt(() => createElement(Link, { to: "/rfps?q=a" }, "Go"))).toBe(
      '<a data-discover="true" href="/rfps?q=a">Go</a>',
    );
    expect(await renderAt(() => createElement(Link, { to: "https://example.com/" }, "Go"))).toBe(
      '<a href="https://example.com/">Go</a>',
    );
    expect(await renderAt(() => createElement(Link, { to: "/x.csv", reloadDocument: true }, "Go"))).toBe(
      '<a href="/x.csv">Go</a>',
    );
    // A relative link resolves against the current route, as Remix's does.
    expect(await renderAt(() => createElement(Link, { to: "?page=2" }, "Go"))).toBe(
      '<a data-discover="true" href="/a/b?page=2">Go</a>',
    );
  });
});
