// What one `matchRoutes` over the built app's route tree costs (docs/benchmarks.md, "The floor under
// every page of the shell"): Remix v2 runs it four times or more per document request. Builds the tree
// from build/index.js as Remix's createRoutes does and times the call for a few paths:
// `NODE_ENV=production npx tsx scripts/bench/route-matching.ts` (needs a build).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { matchRoutes } from "@remix-run/react";

type RouteObject = Parameters<typeof matchRoutes>[0][number];

interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as {
  routes: Record<string, BuiltRoute>;
};
const all = Object.values(build.routes);
const tree = (parentId: string | undefined): RouteObject[] =>
  all
    .filter((r) => r.parentId === parentId)
    .map((r) =>
      r.index
        ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) },
    );
const routes = tree(undefined);
const paths = [
  "/",
  "/calendar",
  "/common-area",
  "/settings/appearance",
  "/board-room/meetings/x",
  "/learning-hub/courses/x/lessons/y",
];
console.log(`${all.length} routes`);
for (const p of paths) {
  const match = matchRoutes(routes, p);
  for (let i = 0; i < 2_000; i++) matchRoutes(routes, p);
  const n = 5_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) matchRoutes(routes, p);
  const us = ((performance.now() - t0) / n) * 1000;
  console.log(
    `${p.padEnd(36)} ${us.toFixed(0).padStart(5)} µs a call -> ${match?.at(-1)?.route.id ?? "no match"}`,
  );
}
