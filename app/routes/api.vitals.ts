import { MAX_BEACON_BYTES, VitalsBeaconSchema } from "@domain/performance/beacon";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { limitAttempts } from "~/auth/auth-limits.server";
import { recordWebVitals } from "~/commands/performance.server";
import { getDb } from "~/db.server";
import { clientIp } from "~/load-context";

/**
 * POST /api/vitals: browsers send the Core Web Vitals they measured (web-vitals library, through
 * navigator.sendBeacon) for performance monitoring (spec 002, issue 5 part 9). Anyone may send, signed
 * in or not; limited per address; the body is JSON: { route: "/path", metrics: [{ name, value }] }.
 * Answers 201 { stored } or { error } with 400 (invalid), 413 (too large), 429 (too many).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BEACON_BYTES) return json({ error: "Beacon too large" }, { status: 413 });
  const raw = await request.text();
  if (raw.length > MAX_BEACON_BYTES) return json({ error: "Beacon too large" }, { status: 413 });
  // sendBeacon sends a Blob as application/json, a string as text/plain: either way the body is JSON.
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return json({ error: "The beacon is not valid JSON" }, { status: 400 });
  }
  const parsed = VitalsBeaconSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join(".")})` : "";
    return json({ error: `${issue?.message ?? "Invalid beacon"}${where}` }, { status: 400 });
  }
  const db = await getDb();
  const limited = await limitAttempts(db, ["vitals_ip", clientIp(context)]);
  if (limited) return limited;
  const stored = await recordWebVitals(db, parsed.data);
  return json({ stored }, { status: 201 });
}
