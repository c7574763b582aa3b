// One app server: Express serving the Remix build, as remix-serve does, plus the one thing remix-serve
// cannot give a route: the client's address (rate limits per IP), passed in the load context. Started by
// ../server.js, alone or as one of its workers (WEB_CONCURRENCY).
import { AsyncLocalStorage } from "node:async_hooks";
import cluster from "node:cluster";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { isDatabaseConnectionError } from "./database-errors.js";
import { appResponses, security } from "./security.js";
import { trustProxyHops } from "./trust-proxy.js";

// Single fetch needs the fetch classes of Node (undici), not Remix's polyfill (decision 049).
installGlobals({ nativeFetch: true });

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

// A PostgreSQL connection that drops (a terminated backend, a restart, a network cut) rejects the queries
// that were waiting on it. Every query the app sends is awaited and answered (503 with Retry-After), but
// postgres-js also sends queries of its own (a LISTEN again after a reconnect) whose rejection nobody
// can catch; Node would end the whole server for it. Those are logged and the server keeps serving;
// any other unhandled rejection still ends the process, as it should.
process.on("unhandledRejection", (reason) => {
  if (isDatabaseConnectionError(reason)) {
    console.error(`Database connection lost (${reason.code}); a pending query was dropped`);
    return;
  }
  // postgres-js keeps the statement off the printed error: name it, it is what finds the sender.
  if (typeof reason?.query === "string") {
    console.error(`Unhandled rejection of the statement: ${reason.query.trim().slice(0, 500)}`);
  }
  throw reason;
});

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
app.use(drainUnreadBody);
// The app's responses: `private, no-store` when signed in; each header the app sets sent once.
app.use(appResponses());
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
  // Aborted when the connection closes, for an answer that lasts (a live stream). A loader's
  // request.signal is not enough there: Remix hands loaders a copy of a copy of the request, and a
  // copy's signal follows its original only while the copy in between is alive (undici holds it
  // weakly, nodejs/undici#1926), so after the first full garbage collection a closed stream never heard
  // of it and stayed open for good, its timer and subscription with it (decision 096). Made on first use.
  get connectionClosed() {
    const controller = new AbortController();
    if (res.destroyed || res.writableFinished) controller.abort();
    else res.once("close", () => controller.abort());
    Object.defineProperty(this, "connectionClosed", { value: controller.signal });
    return controller.signal;
  },
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

/**
 * A request whose body the app stopped reading (a 400 or 413 answered before the body's end, or an
 * answer that needed no body) is read to its end and thrown away once the answer is out, so a client
 * still sending reads that answer instead of a reset connection, and a keep-alive connection stays
 * usable. When the connection is to close after the answer ("Connection: close"), only the sending
 * side is closed until the body has arrived: closing both with unread data resets the connection, and
 * a reset can discard the answer before the client reads it. Past MAX_DRAIN_BYTES the connection is
 * closed; the server's requestTimeout bounds a body that trickles.
 */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
function drainUnreadBody(req, res, next) {
  // Before Node's own "finish" handler, which closes a "Connection: close" socket.
  res.prependOnceListener("finish", () => {
    if (req.complete || req.destroyed) return;
    const socket = req.socket;
    let left = MAX_DRAIN_BYTES;
    socket.destroySoon = () => {
      socket.end();
      req.once("end", () => socket.destroy());
    };
    // The app's reader of the body (Remix's web stream over req) is done with it.
    req.removeAllListeners("data");
    req.on("error", () => {});
    req.on("data", (chunk) => {
      left -= chunk.length;
      if (left < 0) socket.destroy();
    });
    req.resume();
  });
  next();
}

let stopBackgroundJobs;
const server = app.listen(port, () => {
  const worker = cluster.isWorker ? `, worker ${cluster.worker?.id} (pid ${process.pid})` : "";
  console.log(`App listening on http://localhost:${port} (${process.env.NODE_ENV}${worker})`);
  // Periodic jobs (auto-closing RFPs at their deadline), exported by app/entry.server.tsx.
  stopBackgroundJobs = build.entry.module.startBackgroundJobs?.();
  if (development) void broadcastDevReady(build);
});

/**
 * Graceful shutdown on SIGTERM (systemd, Docker, Kubernetes) and SIGINT (Ctrl-C): stop accepting
 * connections, end the live event streams (browsers reconnect to another server), let the requests in
 * flight finish (closing each keep-alive connection once it is idle) for at most SHUTDOWN_TIMEOUT_MS,
 * stop the background jobs, close the database, then exit. A second signal exits at once.
 */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
let shuttingDown = false;
async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal}: shutting down (in-flight requests get up to ${SHUTDOWN_TIMEOUT_MS} ms)`);
  const closed = new Promise((resolve) => server.close(resolve));
  const streams = build.entry.module.closeLiveStreams?.() ?? 0;
  console.log(`Shutdown: ${streams} live ${streams === 1 ? "stream" : "streams"} closed`);
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const timeout = setTimeout(() => {
    console.warn("Shutdown: requests still open after the timeout are cut off");
    server.closeAllConnections();
  }, SHUTDOWN_TIMEOUT_MS);
  await closed;
  clearInterval(idle);
  clearTimeout(timeout);
  await stopBackgroundJobs?.();
  try {
    await build.entry.module.closeDatabase?.();
  } catch (error) {
    console.error("Shutdown: the database did not close cleanly", error);
  }
  console.log("Shutdown complete");
  process.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    process.once(signal, () => process.exit(1));
    void shutdown(signal);
  });
}
// A worker whose primary is gone (killed outright) can accept nothing more: it finishes and ends.
if (cluster.isWorker) process.once("disconnect", () => void shutdown("primary gone"));
