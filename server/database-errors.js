/**
 * Whether an error is postgres-js losing its connection (not a query's own error): the codes it gives
 * a query that was waiting on a connection that closed or never opened. server.js keeps serving
 * through such a rejection when no caller was left to handle it.
 */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

export function isDatabaseConnectionError(error) {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof error.code === "string" &&
    CONNECTION_CODES.has(error.code)
  );
}
