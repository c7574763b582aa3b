// Several app servers on one machine (decision 088): the primary process forks WEB_CONCURRENCY workers,
// each a whole app server (server/app.js) on the one port, which Node's cluster module shares between them
// (round-robin). Nothing is kept between requests in a worker that another needs: sessions, rate limits,
// live events (LISTEN/NOTIFY), job claims and the calendar's remembered windows all go through PostgreSQL,
// as with several machines. The primary serves nothing; it restarts a worker that dies and passes
// SIGTERM/SIGINT on for each worker's graceful shutdown.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";

/** At most this many workers, whatever is asked (each holds its own database pool). */
export const MAX_WORKERS = 32;
/** A worker that dies this soon after it was forked counts as failing to start. */
const EARLY_EXIT_MS = 10_000;
/** After this many early deaths in a row the primary gives up (a broken build or configuration). */
const MAX_EARLY_EXITS = 5;

/**
 * How many workers `env` asks for: WEB_CONCURRENCY as a whole number, or "auto" for one per CPU. One
 * when it is unset or when the database is the embedded one (no DATABASE_URL): PGlite's data folder can
 * be open in one process only. Throws on a value that is not a number.
 */
export function workerCount(env) {
  const asked = (env.WEB_CONCURRENCY ?? "").trim();
  if (asked === "") return 1;
  let count;
  if (asked === "auto") count = availableParallelism();
  else if (/^\d+$/.test(asked)) count = Number(asked);
  else throw new Error(`WEB_CONCURRENCY must be a whole number or "auto" (got "${asked}")`);
  count = Math.min(Math.max(count, 1), MAX_WORKERS);
  if (count > 1 && !env.DATABASE_URL) {
    console.warn(
      `WEB_CONCURRENCY=${asked} needs PostgreSQL (DATABASE_URL): the embedded database is served by one process`,
    );
    return 1;
  }
  return count;
}

/** Forks `count` workers and keeps them running until SIGTERM or SIGINT. */
export function runPrimary(count) {
  let stopping = false;
  let earlyExits = 0;
  const forkedAt = new Map();
  const fork = () => forkedAt.set(cluster.fork().id, Date.now());

  console.log(`Starting ${count} app server workers (primary pid ${process.pid})`);
  for (let i = 0; i < count; i++) fork();

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (forkedAt.get(worker.id) ?? 0);
    forkedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        console.log("Shutdown complete (all workers)");
        process.exit(process.exitCode ?? 0);
      }
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    earlyExits = lived < EARLY_EXIT_MS ? earlyExits + 1 : 0;
    if (earlyExits >= MAX_EARLY_EXITS) {
      console.error(
        `Worker ${worker.id} exited (${how}); ${earlyExits} workers in a row died at start: stopping`,
      );
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    console.error(`Worker ${worker.id} (pid ${worker.process.pid}) exited (${how}); starting another`);
    fork();
  });

  for (const name of ["SIGTERM", "SIGINT"]) {
    process.once(name, () => {
      // A second signal ends everything at once.
      process.once(name, () => {
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
        process.exit(1);
      });
      stopping = true;
      console.log(`${name}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
      // SIGTERM to each (a Ctrl-C in a terminal has sent them SIGINT too; a worker shuts down once).
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  }
}
