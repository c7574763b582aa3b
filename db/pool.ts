/** The application_name of the app's PostgreSQL sessions, so they can be told apart (db/stalled-sessions.ts). */
export const APPLICATION_NAME = "association-commons";

/**
 * Connections per pool unless told otherwise (the app: DATABASE_POOL_SIZE). Small on purpose, decision
 * 039: a page's statements pipeline onto a few connections (fewer writes and wake-ups) instead of each
 * taking a connection of its own, and the app never holds one connection while waiting for another
 * (the embedded database has exactly one, and the whole test suite runs on it).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 4;

/**
 * Seconds a new PostgreSQL connection may take (TCP connect and start-up) before it fails with
 * CONNECT_TIMEOUT, which answers 503 (db/faults.ts): postgres-js waits 30 s unless told. Measured with
 * a server that accepts and never answers: the request's 503 came after 3.0 s with 3 (README).
 */
export const DEFAULT_DATABASE_CONNECT_TIMEOUT_SECONDS = 3;

/**
 * Seconds postgres-js waits before it opens a connection again after one failed (`backoff`). Its own
 * default grows as 3^n / 100 up to 20 s with every connection lost by error and resets only when one
 * opens: after a burst of terminated backends (a restart, a failover) the pool sat in that wait while
 * requests queued behind it for 20 s and more (database-faults.test.ts in CI, decision 018). A request
 * waits for a connection at most about a second here: doubling from 50 ms, half to full of it at random
 * so that the pool's connections do not come back in step, never over 1 s.
 */
export function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.05 * 2 ** failures, 1) * (0.5 + Math.random() / 2);
}
