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
