import { Outlet, Link as RemixLink } from "@remix-run/react";
import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { Link, LinkNavigation, type LinkProps } from "~/components/ui/link";
import { twoRouteApp } from "../support/remix-document";

/**
 * app/components/ui/link: the app's <Link> renders without React Router's hooks, so its markup must be
 * exactly what Remix's <Link> renders for the same props (the browser hydrates one from the other).
 * The app's links are all paths: with a search and a hash, an empty search or hash, a document link.
 * Full URLs have a branch of their own; relative ones are handed to Remix's <Link> (so those cases
 * check only that hand-over).
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

const app = twoRouteApp({ id: "routes/a.b", path: "a/b" });
const future = { v3_relativeSplatPath: true, v3_lazyRouteDiscovery: true };

/** Renders `element` as the page at /a/b?x=1, under the root layout's <LinkNavigation>. */
function renderAt(element: () => ReactElement) {
  return app(
    {
      root: { default: () => createElement(LinkNavigation, null, createElement(Outlet)) },
      "routes/a.b": { default: element },
    },
    "http://localhost/a/b?x=1",
    future,
  );
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
