/// <reference types="vite/client" />
/**
 * Every route module under app/routes, for the fuzz tests of every action (POST) and every loader
 * (GET): a new route is fuzzed without being listed. `urlOf` turns a flat-routes file name into the
 * path it answers, with the given parameters (or `fallback` for those not given).
 */
import path from "node:path";

export type RouteModule = {
  action?: (args: unknown) => Promise<unknown>;
  loader?: (args: unknown) => Promise<unknown>;
};

const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}", { eager: true });

export interface RouteEntry {
  /** The file name without its extension, as Remix names the route ("_app.rfps_.$id.edit"). */
  id: string;
  file: string;
  mod: RouteModule;
}

export const routeModules: RouteEntry[] = Object.entries(modules).map(([file, mod]) => ({
  id: path.basename(file).replace(/\.tsx?$/, ""),
  file,
  mod,
}));

/** The dynamic parameters of a route ("$id" -> "id"; the splat route "$" -> "*"). */
export function paramsOf(id: string): string[] {
  return segmentsOf(id)
    .filter((s) => s.startsWith("$"))
    .map((s) => (s === "$" ? "*" : s.slice(1)));
}

function segmentsOf(id: string): string[] {
  // "credits.export[.csv]": a dot in brackets is part of the segment.
  return (id.match(/(?:\[[^\]]*\]|[^.])+/g) ?? []).map((s) => s.replace(/\[([^\]]*)\]/g, "$1"));
}

/** The URL path of a flat route: pathless layouts ("_app") and index routes dropped, "rfps_" as "rfps". */
export function urlOf(id: string, params: Record<string, string> = {}, fallback = "x"): string {
  const parts: string[] = [];
  for (const segment of segmentsOf(id)) {
    if (segment === "_index" || (segment.startsWith("_") && segment !== "_")) continue;
    const name = segment.replace(/_$/, "");
    if (name === "$") parts.push(params["*"] ?? fallback);
    else if (name.startsWith("$")) parts.push(encodeURIComponent(params[name.slice(1)] ?? fallback));
    else parts.push(name);
  }
  return `/${parts.join("/")}`;
}
