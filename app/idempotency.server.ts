import { createHash } from "node:crypto";
import type { Database } from "@db/client";
import { requestKeys } from "@db/schema";
import { json } from "@remix-run/node";
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { IDEMPOTENCY_FIELD } from "~/components/ui/idempotency-key";
import { getDb, inRequestTransaction } from "./db.server";

/**
 * Idempotent creates (issue 26, part 3; DESIGN.md "Idempotency"; decision 044). Every create carries a
 * key: forms render one with <IdempotencyKey /> (a fresh one per rendered form and after each success),
 * JSON clients send an `Idempotency-Key` header (as Stripe's API). The action wraps its command in
 * `once`, which runs it in ONE transaction with the key's row (unique per person and key), holding the
 * request's fingerprint and the command's result. So a repeat of a committed create, also one whose
 * answer was lost on the way (a 503 after the commit), finds the row and gets the first result back,
 * from which the action answers as it did the first time (the same redirect, the same JSON); nothing
 * is written again. A concurrent repeat waits on the row until the first commits. A result that
 * refuses ({ ok: false }) keeps no key, so the corrected form can be sent again with it. A key used
 * for a different request (another route or body) is refused with 422.
 */

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Keys are kept this long (swept by the background jobs): a retry comes within seconds or minutes. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  invalid: "The idempotency key must be 8 to 255 visible ASCII characters",
  reused: "This idempotency key was already used for a different request",
} as const;

export const IdempotencyKeySchema = z
  .string()
  .min(8, IDEMPOTENCY_MESSAGES.invalid)
  .max(255, IDEMPOTENCY_MESSAGES.invalid)
  .regex(/^[\x21-\x7e]+$/, IDEMPOTENCY_MESSAGES.invalid);

/** What the action read from its body: the form (fields and files) or the parsed JSON. */
type Body = FormData | URLSearchParams | Record<string, unknown> | null | undefined;

function isForm(body: Body): body is FormData | URLSearchParams {
  return body instanceof FormData || body instanceof URLSearchParams;
}

/** The key of the request: the header, else the form's field; null when it carries none. */
export function idempotencyKeyOf(request: Request, body: Body): string | null {
  const header = request.headers.get(IDEMPOTENCY_HEADER);
  const field = isForm(body)
    ? body.get(IDEMPOTENCY_FIELD)
    : body && typeof body === "object"
      ? body[IDEMPOTENCY_FIELD]
      : undefined;
  const raw = header ?? (typeof field === "string" ? field : null);
  if (raw === null || raw === "") return null;
  const parsed = IdempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw json({ error: IDEMPOTENCY_MESSAGES.invalid }, { status: 400 });
  return parsed.data;
}

/** The same request sends the same fingerprint: method, path and query, and the body without the key. */
export function requestFingerprint(request: Request, body: Body): string {
  const url = new URL(request.url);
  const content = isForm(body)
    ? [...body.entries()]
        .filter(([name]) => name !== IDEMPOTENCY_FIELD)
        .map(([name, value]) =>
          typeof value === "string" ? [name, value] : [name, { file: value.name, size: value.size }],
        )
    : canonical(body ?? null);
  return createHash("sha256")
    .update(JSON.stringify([request.method, url.pathname, url.search, content]))
    .digest("base64url");
}

function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof File) return { file: value.name, size: value.size };
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([name]) => name !== IDEMPOTENCY_FIELD)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return entries.map(([k, v]) => [k, canonical(v)]);
  }
  return value;
}

const refused = (result: unknown) =>
  typeof result === "object" && result !== null && (result as { ok?: unknown }).ok === false;

/**
 * Runs `write` (a create) at most once per person and key: see the top of this file. `write` gets the
 * transaction as its database (getDb() inside it returns the same), and its result must survive JSON
 * (ids, strings, numbers; the action builds its answer from it). Without a key it simply runs.
 */
export async function once<R>(
  request: Request,
  userId: string,
  body: Body,
  write: (db: Database) => Promise<R>,
): Promise<R> {
  const key = idempotencyKeyOf(request, body);
  const db = await getDb();
  if (key === null) return write(db);
  const fingerprint = requestFingerprint(request, body);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(requestKeys)
      .values({ userId, key, fingerprint })
      .onConflictDoNothing()
      .returning({ key: requestKeys.key });
    const mine = and(eq(requestKeys.userId, userId), eq(requestKeys.key, key));
    if (claimed.length === 0) {
      const [first] = await tx
        .select({ fingerprint: requestKeys.fingerprint, result: requestKeys.result })
        .from(requestKeys)
        .where(mine);
      if (first?.fingerprint !== fingerprint)
        throw json({ error: IDEMPOTENCY_MESSAGES.reused }, { status: 422 });
      return (first.result as { value?: R } | null)?.value as R;
    }
    const result = await inRequestTransaction(tx as unknown as Database, () =>
      write(tx as unknown as Database),
    );
    if (refused(result)) await tx.delete(requestKeys).where(mine);
    else
      await tx
        .update(requestKeys)
        .set({ result: { value: result ?? null } })
        .where(mine);
    return result;
  });
}

/** Removes keys older than the retention (background jobs). Returns how many. */
export async function sweepIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
  const removed = await db
    .delete(requestKeys)
    .where(lt(requestKeys.createdAt, sql`${cutoff}::timestamptz`))
    .returning({ key: requestKeys.key });
  return removed.length;
}

/**
 * A create that happens at Stripe (a checkout session) rather than in the database carries the key on
 * to Stripe's own idempotency (24 h there too): the same person's same key gives the same session.
 * Not held in a database transaction, which would keep a connection through the call.
 */
export function stripeIdempotencyKey(
  request: Request,
  userId: string,
  body: Body,
  scope: string,
): string | undefined {
  const key = idempotencyKeyOf(request, body);
  if (key === null) return undefined;
  return `${scope}:${createHash("sha256").update(`${userId}\n${key}`).digest("base64url")}`;
}
