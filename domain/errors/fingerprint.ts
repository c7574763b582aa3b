/**
 * Grouping of error reports (issue 11, part 2.5): reports of the same error share a fingerprint, so a
 * flood of one error is one group with a count instead of a thousand rows that push out every other
 * error. The fingerprint is built from the parts that stay the same when an error repeats: the message
 * with its variable parts (numbers, ids, quoted values, addresses) masked, the top stack frame without
 * line and column, the route with its ids masked, and the HTTP status.
 */

/** Masks the parts of a message that vary between repeats of one error. */
export function normalizeErrorMessage(message: string): string {
  return message
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, "<url>")
    .replace(/[\w.+-]+@[\w-]+\.[\w.-]+/g, "<email>")
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, "<str>")
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, "<id>")
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b/g, "<id>")
    .replace(/\d+(\.\d+)?/g, "<n>")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 500);
}

/** The first frame of a stack (`at fn (file:line:col)` or `fn@file:line:col`), without line, column or query. */
export function topStackFrame(stack: string | null | undefined): string {
  if (!stack) return "";
  const frame = stack
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line.startsWith("at ") || /^[^\s]*@\S+:\d+/.test(line));
  if (!frame) return "";
  return frame
    .replace(/\?[^\s):]*/g, "")
    .replace(/(:\d+)+(?=\)?$)/, "")
    .slice(0, 300);
}

/** A page or request path with ids and numbers masked and without its query: "/rfps/3f2.../edit" -> "/rfps/:id/edit". */
export function normalizeRoute(url: string | null | undefined): string {
  if (!url) return "";
  let path = url;
  try {
    path = new URL(url, "http://local").pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? "";
  }
  return path
    .split("/")
    .map((part) =>
      /^\d+$/.test(part) || /^[0-9a-f-]{16,}$/i.test(part) || /^(?=.*\d)[\w-]{20,}$/.test(part)
        ? ":id"
        : part,
    )
    .join("/")
    .slice(0, 300);
}

export interface FingerprintParts {
  message: string;
  stack?: string | null;
  url?: string | null;
  status?: number | null;
}

/** The text that identifies an error's group (hash it to store it). */
export function errorFingerprintKey(parts: FingerprintParts): string {
  return [
    normalizeErrorMessage(parts.message),
    topStackFrame(parts.stack),
    normalizeRoute(parts.url),
    parts.status ?? "",
  ].join("\n");
}

/**
 * Where a report came from, for the per-source cap: the client's address when known, else the signed-in
 * person, else the route.
 */
export function errorSourceKey(input: {
  ip?: string | null;
  userId?: string | null;
  url?: string | null;
}): string {
  if (input.ip && input.ip !== "unknown") return `ip ${input.ip}`;
  if (input.userId) return `user ${input.userId}`;
  return `route ${normalizeRoute(input.url) || "/"}`;
}

/** The key of the group that collects a source's errors beyond its cap of new groups per window. */
export function overflowFingerprintKey(sourceKey: string): string {
  return `overflow\n${sourceKey}`;
}

export function overflowMessage(sourceKey: string, cap: number): string {
  return `More than ${cap} distinct errors within an hour from one source (${sourceKey}); further distinct errors from it are counted here`;
}
