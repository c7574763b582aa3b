// The app's entry: `node server.js` (what `npm start` runs).
//
//   PORT (default 3000); TRUST_PROXY=1 behind a load balancer; WEB_CONCURRENCY=N (or "auto", one per CPU)
//   to serve from N worker processes on the one port (PostgreSQL only: the embedded database belongs to
//   one process). See README, "Running in production", and docs/decisions/088-app-server-workers.md.
import cluster from "node:cluster";
import { runPrimary, workerCount } from "./server/cluster.js";

// Production unless told otherwise, as remix-serve does: React picks its development build (several times
// slower to render, with development warnings) when NODE_ENV is not "production" as it is first loaded.
// Nothing here imports React; server/app.js imports the build.
process.env.NODE_ENV ??= "production";

const workers = cluster.isPrimary ? workerCount(process.env) : 1;
if (workers > 1) runPrimary(workers);
else await import("./server/app.js");
