import { randomBytes } from "node:crypto";
import type { Queryable } from "@db/client";
import { pgErrorCode } from "@db/pipeline";
import { userProfiles } from "@db/schema";
import { firstFreeUsername, usernameBase, usernameWithSuffix } from "@domain/network/username";
import { eq, or, sql } from "drizzle-orm";

/** Escapes LIKE wildcards so a value matches literally. */
const literal = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Four random lower-case letters and digits (about 1.7 million choices). */
function randomSuffix() {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(4), (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * Gives a profile its username (issue 28: every new account has one, its address /professional/{username}):
 * the name's slug, else base-2, base-3 ... (the first free one), else the base with a short random
 * suffix. Each try runs in a savepoint, so a name taken by a concurrent sign-up between the look-up and
 * the write (the unique index answers 23505) only costs another try, not the caller's transaction.
 */
export async function assignUsername(
  db: Queryable,
  userId: string,
  fullName: string | null | undefined,
  email: string | null | undefined,
): Promise<string> {
  const base = usernameBase(fullName, email);
  for (let attempt = 0; attempt < 5; attempt++) {
    let candidate: string;
    if (attempt < 3) {
      const taken = await db
        .select({ username: sql<string>`lower(${userProfiles.username})` })
        .from(userProfiles)
        .where(
          or(
            sql`lower(${userProfiles.username}) = ${base}`,
            sql`lower(${userProfiles.username}) like ${`${literal(base)}-%`}`,
          ),
        );
      candidate =
        firstFreeUsername(
          base,
          taken.map((t) => t.username),
        ) ?? usernameWithSuffix(base, randomSuffix());
    } else {
      candidate = usernameWithSuffix(base, randomSuffix());
    }
    try {
      await db.transaction(async (sp) => {
        await sp.update(userProfiles).set({ username: candidate }).where(eq(userProfiles.id, userId));
      });
      return candidate;
    } catch (error) {
      if (pgErrorCode(error).code !== "23505") throw error;
    }
  }
  throw new Error("Could not find a free username");
}
