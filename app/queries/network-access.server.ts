import type { Queryable } from "@db/client";
import { connections } from "@db/schema";
import { and, eq, or } from "drizzle-orm";

/**
 * Who may reach whom in the professional network (issue 28), read by every part of it: private
 * profiles (owner and connections only), messages and requests (never across a block).
 */

export interface ConnectionBetween {
  id: string;
  requesterId: string;
  addresseeId: string;
  status: "pending" | "accepted" | "declined" | "blocked";
  connectionType: string;
  blockedBy: string | null;
  version: number;
  acceptedAt: string | null;
  createdAt: string;
}

/** The one connection row between two people (either direction), or null. */
export async function connectionBetween(
  db: Queryable,
  a: string,
  b: string,
): Promise<ConnectionBetween | null> {
  if (a === b) return null;
  const [row] = await db
    .select({
      id: connections.id,
      requesterId: connections.requesterId,
      addresseeId: connections.addresseeId,
      status: connections.status,
      connectionType: connections.connectionType,
      blockedBy: connections.blockedBy,
      version: connections.version,
      acceptedAt: connections.acceptedAt,
      createdAt: connections.createdAt,
    })
    .from(connections)
    .where(
      or(
        and(eq(connections.requesterId, a), eq(connections.addresseeId, b)),
        and(eq(connections.requesterId, b), eq(connections.addresseeId, a)),
      ),
    )
    .limit(1);
  return (row as ConnectionBetween | undefined) ?? null;
}

/** Whether the two are connected (an accepted connection). */
export async function areConnected(db: Queryable, a: string, b: string): Promise<boolean> {
  return (await connectionBetween(db, a, b))?.status === "accepted";
}

/** Whether either blocked the other: then neither can request, message or endorse the other. */
export async function isBlockedBetween(db: Queryable, a: string, b: string): Promise<boolean> {
  return (await connectionBetween(db, a, b))?.status === "blocked";
}
