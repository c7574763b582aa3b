import { json } from "@remix-run/node";

/**
 * The one way a JSON API (app/routes/api.*) answers with data: `json`, with every time in ISO 8601
 * UTC ("2026-12-10T23:30:00.000Z"). The schema reads timestamps as text (db/schema/columns.ts), and
 * that text is PostgreSQL's own form ("2026-12-10 23:30:00+00") on both engines, which leaked into the
 * APIs wherever a row was passed through (issue 26, part 10). `Date` values become ISO too. Only the
 * fields that name a time (`*_at`, `*_time`, `*_start`, `*_end`, `date`) are read, so text a person
 * typed is never rewritten.
 */
export function apiJson<T>(data: T, init?: number | ResponseInit) {
  return json(isoTimes(data), init);
}

const TIME_FIELD = /(^|_)(at|time|start|end|date)$/;
const PG_TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?([+-]\d{2})(?::?(\d{2}))?$/;

/** A timestamptz in PostgreSQL's text form as an ISO instant; anything else unchanged. */
export function isoInstant(value: string): string {
  const m = PG_TIMESTAMPTZ.exec(value);
  if (!m) return value;
  const [, day, time, fraction = "", hours, minutes = "00"] = m;
  const ms = Date.parse(`${day}T${time}${fraction.slice(0, 4)}${hours}:${minutes}`);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

/** `data` with its time fields as ISO instants (a copy; plain objects and arrays are walked). */
export function isoTimes<T>(data: T): T {
  return walk(data, null) as T;
}

function walk(value: unknown, key: string | null): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === "string") return key !== null && TIME_FIELD.test(key) ? isoInstant(value) : value;
  if (Array.isArray(value)) return value.map((v) => walk(v, key));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, k);
    return out;
  }
  return value;
}
