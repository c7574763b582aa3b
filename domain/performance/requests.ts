import { normalizeRoutePath } from "./beacon";

/**
 * Which server requests are timed as "API response" metrics: resource routes under /api/ and Remix
 * data requests (single fetch: `/path.data`, `/_root.data` for `/`; the loaders and actions a browser
 * calls during client-side navigation, form posts and fetchers). Not timed: the beacon that reports web
 * vitals (it would measure the monitor itself) and anything else (documents, assets).
 */
export const UNTIMED_PATHS: readonly string[] = ["/api/vitals"];

export interface TimedRequest {
  method: string;
  route: string;
  /** The Remix route ids a data request names (`?_routes=root,routes/...`), when it names some. */
  routeId: string | null;
}

/** The timing key of a request URL (path and query), or null when it is not timed. */
export function timedRequest(method: string, pathAndQuery: string): TimedRequest | null {
  const queryAt = pathAndQuery.indexOf("?");
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const isData = path.endsWith(".data");
  const pathname = isData ? path.slice(0, -".data".length).replace(/^\/_root$/, "/") : path;
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  if (!isApi && !isData) return null;
  if (UNTIMED_PATHS.includes(pathname)) return null;
  const route = normalizeRoutePath(pathname);
  if (route === null) return null;
  const routeId =
    isData && queryAt !== -1 ? new URLSearchParams(pathAndQuery.slice(queryAt + 1)).get("_routes") : null;
  return { method: method.toUpperCase(), route, routeId: routeId?.slice(0, 200) ?? null };
}
