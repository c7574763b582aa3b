/**
 * Connections per pool unless told otherwise (the app: DATABASE_POOL_SIZE). Small on purpose, decision
 * 039: a page's statements pipeline onto a few connections (fewer writes and wake-ups) instead of each
 * taking a connection of its own, and the app never holds one connection while waiting for another
 * (the embedded database has exactly one, and the whole test suite runs on it).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 4;
