import { withServerErrorId } from "@domain/errors/classify";

/**
 * A single-fetch answer is a turbo-stream: its first line is a JSON array of values that refer to each
 * other by index, a sanitized error being `["SanitizedError", name, message, stack]` with the stack
 * `-7` (undefined). The stack line naming the stored id is appended to that array and the error's
 * stack points to it. Only an answer of one line is rewritten: the lines of deferred data (none in
 * this app) number their values on from the first line's end. Anything else passes unchanged.
 */
export async function withErrorIdInSingleFetch(response: Response, errorId: string): Promise<Response> {
  if (!response.headers.get("Content-Type")?.startsWith("text/x-script") || !response.body) return response;
  const text = await response.text();
  const rewritten = () => new Response(text, { status: response.status, headers: response.headers });
  const end = text.indexOf("\n");
  if (end !== -1 && end < text.length - 1) return rewritten();
  let values: unknown;
  try {
    values = JSON.parse(end === -1 ? text : text.slice(0, end));
  } catch {
    return rewritten();
  }
  if (!Array.isArray(values)) return rewritten();
  const table = values;
  let stackAt = -1;
  for (const value of table) {
    if (Array.isArray(value) && value[0] === "SanitizedError" && value[3] === UNDEFINED_IN_TURBO_STREAM) {
      if (stackAt === -1) stackAt = table.push(withServerErrorId(undefined, errorId)) - 1;
      value[3] = stackAt;
    }
  }
  if (stackAt === -1) return rewritten();
  const body = `${JSON.stringify(table)}\n`;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(body, { status: response.status, headers });
}
/** turbo-stream's constant for `undefined`. */
const UNDEFINED_IN_TURBO_STREAM = -7;
