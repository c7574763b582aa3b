import type { Database, Queryable } from "@db/client";
import { connections, userProfiles, users } from "@db/schema";
import {
  CONNECTION_MESSAGES,
  type ConnectionAction,
  type ConnectionStatus,
  type ConnectionType,
  connectionState,
  DEFAULT_REQUEST_MESSAGE,
  mayDo,
  requestRefusal,
  statusAfter,
} from "@domain/network/connections";
import { USER_ACTION_LIMITS, userActionLimitMessage } from "@domain/rules/rate-limits";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { hitRateLimit, returnRateLimitHit } from "~/auth/rate-limit.server";
import { notify } from "./notifications.server";

/**
 * Connections (spec 002; issue 28 part 3): request, accept, decline, cancel, remove, block and unblock,
 * on the one row per pair (db/schema/network.ts). Each runs in one transaction that locks the pair's
 * row, checks the person's right by domain/network/connections.ts, checks the version the form was
 * rendered from (stale: a conflict with the row as it is now), writes, and notifies in the same
 * transaction (request received, request accepted). Someone who is not one of the pair gets not_found.
 */

export interface ConnectionNow {
  id: string;
  status: ConnectionStatus;
  version: number;
}

export type ConnectionError =
  | { kind: "not_found"; message: string }
  | { kind: "validation"; message: string }
  | { kind: "conflict"; message: string }
  | { kind: "stale"; message: string; current: ConnectionNow | null }
  | { kind: "rate_limited"; message: string; retryAfter: number };

export type ConnectionResult<T> = { ok: true; value: T } | { ok: false; error: ConnectionError };

const fail = (error: ConnectionError) => ({ ok: false as const, error });
const notFound = () => fail({ kind: "not_found", message: CONNECTION_MESSAGES.notFound });

export interface Actor {
  userId: string;
  /** The active role context (requester_context_id / addressee_context_id). */
  contextId: string | null;
}

interface LockedRow {
  id: string;
  requesterId: string;
  addresseeId: string;
  status: ConnectionStatus;
  blockedBy: string | null;
  version: number;
}

const rowColumns = {
  id: connections.id,
  requesterId: connections.requesterId,
  addresseeId: connections.addresseeId,
  status: connections.status,
  blockedBy: connections.blockedBy,
  version: connections.version,
};

async function lockPair(db: Queryable, a: string, b: string): Promise<LockedRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(connections)
    .where(
      or(
        and(eq(connections.requesterId, a), eq(connections.addresseeId, b)),
        and(eq(connections.requesterId, b), eq(connections.addresseeId, a)),
      ),
    )
    .for("update");
  return (row as LockedRow | undefined) ?? null;
}

async function lockById(db: Queryable, id: string): Promise<LockedRow | null> {
  const [row] = await db.select(rowColumns).from(connections).where(eq(connections.id, id)).for("update");
  return (row as LockedRow | undefined) ?? null;
}

const stale = (row: LockedRow | null) =>
  fail({
    kind: "stale",
    message: CONNECTION_MESSAGES.stale,
    current: row ? { id: row.id, status: row.status, version: row.version } : null,
  });

async function nameOf(db: Queryable, userId: string): Promise<string> {
  const [p] = await db
    .select({ fullName: userProfiles.fullName, email: userProfiles.email })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return p?.fullName?.trim() || "A member";
}

async function activePersonExists(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
  return Boolean(row);
}

export interface RequestInput {
  addresseeId: string;
  connectionType: ConnectionType;
  message?: string | null;
  /** The version of the pair's row the form was rendered from; 0 when there was none. */
  version: number;
}

/**
 * Sends a connection request (spec 002 section 7: the default message when none is given). A pair with
 * no row gets one; a declined, cancelled, removed or unblocked pair's row is reused, back to pending in
 * the new direction. Refused across a block, to oneself, when already connected or asked, and when the
 * other already asked (they should accept theirs). Called inside once() (a create), so a repeat of the
 * same form neither writes nor counts again.
 *
 * Spec 002 section 9: send_connection_request, 50 a day per person, counted in the database in the same
 * transaction; beyond it rate_limited (429). A refused request gives its attempt back. `remaining` is
 * what is left today after this one.
 */
export async function requestConnection(
  db: Database,
  actor: Actor,
  input: RequestInput,
): Promise<ConnectionResult<{ id: string; remaining: number }>> {
  const key = `send_connection_request:user:${actor.userId}`;
  const limit = await hitRateLimit(db, key, USER_ACTION_LIMITS.send_connection_request);
  if (!limit.allowed) {
    return fail({
      kind: "rate_limited",
      message: userActionLimitMessage("send_connection_request", limit.retryAfter),
      retryAfter: limit.retryAfter,
    });
  }
  const result = await requestWithinLimit(db, actor, input);
  if (!result.ok) {
    await returnRateLimitHit(db, key, limit.windowStart);
    return result;
  }
  return { ok: true, value: { id: result.value.id, remaining: limit.remaining } };
}

async function requestWithinLimit(
  db: Database,
  actor: Actor,
  input: RequestInput,
): Promise<ConnectionResult<{ id: string }>> {
  if (input.addresseeId === actor.userId)
    return fail({ kind: "conflict", message: CONNECTION_MESSAGES.self });
  return db.transaction(async (tx) => {
    if (!(await activePersonExists(tx, input.addresseeId))) return notFound();
    const row = await lockPair(tx, actor.userId, input.addresseeId);
    const refusal = requestRefusal(connectionState(row, actor.userId));
    if (refusal) return fail({ kind: "conflict", message: refusal });
    if ((row?.version ?? 0) !== input.version) return stale(row);
    const message = input.message?.trim() || DEFAULT_REQUEST_MESSAGE;
    const values = {
      requesterId: actor.userId,
      addresseeId: input.addresseeId,
      status: "pending" as const,
      connectionType: input.connectionType,
      requesterContextId: actor.contextId,
      addresseeContextId: null,
      requestMessage: message,
      responseMessage: null,
      blockedBy: null,
      acceptedAt: null,
      declinedAt: null,
      blockedAt: null,
    };
    let id: string;
    if (row) {
      await tx
        .update(connections)
        .set({
          ...values,
          version: sql`${connections.version} + 1`,
          createdAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(connections.id, row.id));
      id = row.id;
    } else {
      // Two people asking each other at the same moment: the pair's unique index lets one in.
      const inserted = await tx
        .insert(connections)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: connections.id });
      const first = inserted[0];
      if (!first) return stale(await lockPair(tx, actor.userId, input.addresseeId));
      id = first.id;
    }
    const name = await nameOf(tx, actor.userId);
    await notify(tx, {
      userId: input.addresseeId,
      type: "connection_request",
      title: `${name} wants to connect with you`,
      body: message,
      actionUrl: "/connections#requests",
      metadata: { connectionId: id, requesterId: actor.userId },
    });
    return { ok: true as const, value: { id } };
  });
}

export interface AnswerInput {
  connectionId: string;
  version: number;
  message?: string | null;
}

/** One transition on a row one is part of: not_found for anyone else, a conflict when not allowed. */
async function transition(
  db: Database,
  actor: Actor,
  action: Exclude<ConnectionAction, "request" | "block">,
  input: AnswerInput,
  after?: (tx: Queryable, row: LockedRow) => Promise<void>,
): Promise<ConnectionResult<{ id: string; otherId: string }>> {
  return db.transaction(async (tx) => {
    const row = await lockById(tx, input.connectionId);
    if (!row || (row.requesterId !== actor.userId && row.addresseeId !== actor.userId)) return notFound();
    if (row.version !== input.version) return stale(row);
    if (!mayDo(connectionState(row, actor.userId), action))
      return fail({ kind: "conflict", message: CONNECTION_MESSAGES.notAllowed });
    const status = statusAfter(action);
    const message = input.message?.trim() || null;
    await tx
      .update(connections)
      .set({
        status,
        version: sql`${connections.version} + 1`,
        updatedAt: sql`now()`,
        ...(action === "accept"
          ? { acceptedAt: sql`now()`, responseMessage: message, addresseeContextId: actor.contextId }
          : {}),
        ...(action === "decline" ? { declinedAt: sql`now()`, responseMessage: message } : {}),
        ...(action === "cancel" || action === "remove" ? { declinedAt: sql`now()` } : {}),
        ...(action === "unblock" ? { blockedBy: null, blockedAt: null } : {}),
      })
      .where(eq(connections.id, row.id));
    await after?.(tx, row);
    const otherId = row.requesterId === actor.userId ? row.addresseeId : row.requesterId;
    return { ok: true as const, value: { id: row.id, otherId } };
  });
}

/** The addressee accepts (an optional welcome message); the requester is told. */
export function acceptConnection(db: Database, actor: Actor, input: AnswerInput) {
  return transition(db, actor, "accept", input, async (tx, row) => {
    const name = await nameOf(tx, actor.userId);
    const message = input.message?.trim();
    await notify(tx, {
      userId: row.requesterId,
      type: "connection_accepted",
      title: `${name} accepted your connection request`,
      body: message || `You and ${name} are now connected.`,
      actionUrl: `/messages?user=${actor.userId}`,
      metadata: { connectionId: row.id, addresseeId: actor.userId },
    });
  });
}

/** The addressee declines (an optional message, kept as the response). */
export const declineConnection = (db: Database, actor: Actor, input: AnswerInput) =>
  transition(db, actor, "decline", input);

/** The requester takes back a pending request. */
export const cancelConnectionRequest = (db: Database, actor: Actor, input: AnswerInput) =>
  transition(db, actor, "cancel", input);

/** Either side ends an accepted connection (either may ask again later). */
export const removeConnection = (db: Database, actor: Actor, input: AnswerInput) =>
  transition(db, actor, "remove", input);

/** The blocker lifts a block (the pair has no connection afterwards). */
export const unblockPerson = (db: Database, actor: Actor, input: AnswerInput) =>
  transition(db, actor, "unblock", input);

/**
 * Blocks another person, whatever the pair's state (a pending request or a connection ends); with no
 * row yet, one is written. Then neither can request, message or endorse the other (isBlockedBetween),
 * and only the blocker can lift it. `version` as for a request: 0 when the page showed no row.
 */
export async function blockPerson(
  db: Database,
  actor: Actor,
  input: { userId: string; version: number },
): Promise<ConnectionResult<{ id: string }>> {
  if (input.userId === actor.userId) return fail({ kind: "conflict", message: CONNECTION_MESSAGES.self });
  return db.transaction(async (tx) => {
    if (!(await activePersonExists(tx, input.userId))) return notFound();
    const row = await lockPair(tx, actor.userId, input.userId);
    if ((row?.version ?? 0) !== input.version) return stale(row);
    if (!mayDo(connectionState(row, actor.userId), "block"))
      return fail({ kind: "conflict", message: CONNECTION_MESSAGES.notAllowed });
    const blocked = {
      status: "blocked" as const,
      blockedBy: actor.userId,
      blockedAt: sql`now()`,
      updatedAt: sql`now()`,
    };
    if (row) {
      await tx
        .update(connections)
        .set({ ...blocked, version: sql`${connections.version} + 1` })
        .where(eq(connections.id, row.id));
      return { ok: true as const, value: { id: row.id } };
    }
    const inserted = await tx
      .insert(connections)
      .values({ requesterId: actor.userId, addresseeId: input.userId, ...blocked })
      .onConflictDoNothing()
      .returning({ id: connections.id });
    const first = inserted[0];
    if (!first) return stale(await lockPair(tx, actor.userId, input.userId));
    return { ok: true as const, value: { id: first.id } };
  });
}
