import { normalizeRoutePath } from "./beacon";

/**
 * Which server requests are timed as "API response" metrics: resource routes under /api/ and Remix
 * data requests (?_data=, the loaders and actions a browser calls during client-side navigation and
 * form posts). Not timed: the beacon that reports web vitals (it would measure the monitor itself) and
 * anything else (documents, assets).
 */
export const UNTIMED_PATHS: readonly string[] = ["/api/vitals"];

export interface TimedRequest {
  method: string;
  route: string;
  /** The Remix route id of a data request (?_data=routes/...). */
  routeId: string | null;
}

/** The timing key of a request URL (path and query), or null when it is not timed. */
export function timedRequest(method: string, pathAndQuery: string): TimedRequest | null {
  const queryAt = pathAndQuery.indexOf("?");
  const pathname = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const routeId = queryAt === -1 ? null : new URLSearchParams(pathAndQuery.slice(queryAt + 1)).get("_data");
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  if (!isApi && routeId === null) return null;
  if (UNTIMED_PATHS.includes(pathname)) return null;
  const route = normalizeRoutePath(pathname);
  if (route === null) return null;
  return { method: method.toUpperCase(), route, routeId: routeId?.slice(0, 200) ?? null };
}
