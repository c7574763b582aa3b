import type { Queryable } from "@db/client";
import { NOTIFICATIONS_CHANNEL } from "@domain/notifications";
import { sql } from "drizzle-orm";

/**
 * Tells the open feeds and post pages that a post changed (an edit, a deletion, a vote, a comment, a
 * share, an award, a moderation decision): delivered on commit to every app server, which asks once
 * which of its streams' people may read it (or could, before it went) and sends them its new numbers
 * (decision 075).
 */
export async function signalPostChanged(tx: Queryable, postId: string): Promise<void> {
  await tx.execute(
    sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('user', '*', 'kind', 'post-update', 'id', ${postId}::uuid)::text)`,
  );
}
