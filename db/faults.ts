/**
 * Database faults that mean "the database is unavailable right now", not "this request is wrong":
 * a refused or dropped connection (postgres-js CONNECTION_*, CONNECT_TIMEOUT, socket errors), an
 * administrator or crash shutdown (57P01, 57P02, 57P03), connection exceptions (SQLSTATE class 08)
 * too many connections (53300), and a database not accepting connections (55000, as PostgreSQL answers
 * a connection to a database with connections disallowed; other 55000s are faults of the request).
 * Drizzle wraps driver errors, so the `cause` chain is searched.
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (code === "55000" && /accepting connections/i.test(String((current as { message?: unknown }).message)))
      return true;
    // Several addresses refused (localhost as ::1 and 127.0.0.1): an AggregateError of the attempts.
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** What a person or a JSON client is told while the database is unavailable. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is temporarily unavailable. Please try again in a moment.";
/** Seconds a client should wait before trying again (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
