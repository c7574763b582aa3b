// The app server: Express serving the Remix build, as remix-serve does, plus the one thing remix-serve
// cannot give a route: the client's address (rate limits per IP), passed in the load context.
//
//   node server.js            (PORT, default 3000; TRUST_PROXY=1 behind a load balancer)
import { AsyncLocalStorage } from "node:async_hooks";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { security } from "./server/security.js";
import { trustProxyHops } from "./server/trust-proxy.js";

installGlobals();

// Benchmarks only (scripts/bench/live-streams.ts starts this with BENCH_GC=1, --expose-gc and IPC): on an IPC
// message "gc", collect garbage and answer the memory figures; with a `snapshot` path, write a heap
// snapshot there first. Nothing over HTTP, no signal handler; inert unless started that way.
if (process.env.BENCH_GC === "1" && process.send && globalThis.gc) {
  process.on("message", async (message) => {
    if (message?.type !== "gc") return;
    if (message.snapshot) (await import("node:v8")).writeHeapSnapshot(message.snapshot);
    for (let i = 0; i < 3; i++) {
      globalThis.gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    process.send?.({ type: "gc", id: message.id, memory: process.memoryUsage() });
  });
}

const BUILD_PATH = path.resolve("build/index.js");
const development = process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);

async function loadBuild() {
  // In development the build changes under us: import the current one.
  const version = development ? `?t=${statSync(BUILD_PATH).mtimeMs}` : "";
  return import(pathToFileURL(BUILD_PATH).href + version);
}

// A database that went away answers 503 on every route, not 500 (app/db.server.ts).
const guarded = (b) => b.entry.module.guardDatabaseFaults?.(b) ?? b;
let build = await loadBuild();

const app = express();
app.disable("x-powered-by");
// Behind N proxies (TRUST_PROXY=N, a hop count only: server/trust-proxy.js), the client is the entry the
// nearest trusted proxy appended to X-Forwarded-For; entries a client forged to the left are ignored.
const trustProxy = trustProxyHops(process.env.TRUST_PROXY);
if (trustProxy !== undefined) app.set("trust proxy", trustProxy);
// Security headers (CSP with a per-request nonce, frame-ancestors, HSTS over https) and the refusal of
// cross-origin non-GET requests: server/security.js.
app.use(security({ development }));
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
// Public files are known at start: only their paths reach the file system (no stat per page request).
const publicFiles = new Set(
  readdirSync("public", { recursive: true }).map((f) => `/${String(f).split(path.sep).join("/")}`),
);
const servePublic = express.static("public", { maxAge: "1h" });
app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
// Browsers ask for /favicon.ico on pages without an icon link (JSON error answers, downloads).
app.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
app.use(morgan("tiny"));
// Performance monitoring (issue 5, part 9): the build times /api/* and Remix data requests; the
// duration is taken when the response has finished and written later in batches.
app.use((req, res, next) => {
  const finish = build.entry.module.startRequestTiming?.(req.method, req.originalUrl);
  if (finish) res.once("finish", () => finish(res.statusCode, res.getHeader("Content-Type")));
  next();
});

const getLoadContext = (req, res) => ({
  clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
  // The nonce of this response's Content-Security-Policy, for Remix's inline scripts.
  cspNonce: res.locals.cspNonce,
});

// In production the handler is built once (building it compiles every route's matcher); in development
// it is rebuilt per request so edits show up.
const productionHandler = development
  ? null
  : createRequestHandler({ build: guarded(build), mode: process.env.NODE_ENV, getLoadContext });
// Each GET (and HEAD) request runs in a scope of its own, so the loaders of one page share the one load
// of the signed-in person (app/auth/request-scope.server.ts); other methods run actions, which may change
// the person before the loaders run, so they get none.
globalThis.__requestScope ??= new AsyncLocalStorage();
const requestScope = globalThis.__requestScope;
app.all("*", (req, res, next) =>
  req.method === "GET" || req.method === "HEAD"
    ? requestScope.run(new Map(), () => handle(req, res, next))
    : handle(req, res, next),
);
async function handle(req, res, next) {
  try {
    if (productionHandler) return productionHandler(req, res, next);
    build = await loadBuild();
    return createRequestHandler({ build: guarded(build), mode: process.env.NODE_ENV, getLoadContext })(
      req,
      res,
      next,
    );
  } catch (error) {
    next(error);
  }
}

const server = app.listen(port, () => {
  console.log(`App listening on http://localhost:${port}`);
  // Periodic jobs (auto-closing RFPs at their deadline), exported by app/entry.server.tsx.
  build.entry.module.startBackgroundJobs?.();
  if (development) void broadcastDevReady(build);
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
