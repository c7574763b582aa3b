import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createStaticHandler } from "@remix-run/router";
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";

/**
 * A Remix app of two routes, the root and `child` under it, rendered by <RemixServer> as
 * app/entry.server.tsx renders a document (without the hydration scripts' modules): for unit tests of
 * what the server renders. The manifest's routes are one object for every render of one app.
 */
export function twoRouteApp(child: { id: string; path: string }) {
  const manifestRoutes = {
    root: { id: "root", path: "", hasLoader: false, hasAction: false, module: "/root.js" },
    [child.id]: {
      id: child.id,
      parentId: "root",
      path: child.path,
      hasLoader: false,
      hasAction: false,
      module: "/child.js",
    },
  };
  /** Renders `url` with these route modules and future flags. */
  return async function render(
    routeModules: Record<string, { default: ComponentType }>,
    url: string,
    future: object,
  ): Promise<string> {
    const handler = createStaticHandler([
      { id: "root", path: "/", children: [{ id: child.id, path: child.path }] },
    ]);
    const staticHandlerContext = await handler.query(new Request(url));
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
      future,
      isSpaMode: false,
      serverHandoffString: "{}",
      serializeError: (e: Error) => ({ message: e.message }),
      renderMeta: {},
    } as unknown as EntryContext;
    return renderToString(createElement(RemixServer, { context, url }));
  };
}
