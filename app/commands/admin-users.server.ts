import type { Database } from "@db/client";
import { sessions, users } from "@db/schema";
import { eq, sql } from "drizzle-orm";
import { signal } from "./notifications.server";

/**
 * An admin disables (or enables again) an account. Disabling ends every session of it at once: the
 * session lookup also refuses disabled accounts, so nothing signed in survives: open live streams close
 * and the private calendar feed answers 404.
 */
export async function setAccountDisabled(db: Database, userId: string, disabled: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ disabledAt: disabled ? sql`now()` : null })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    if (disabled) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      // Open live streams close on every app server (delivered at commit; issue 26, part 4.3).
      await signal(tx, { user: userId, kind: "ended" });
    }
    return true;
  });
}
