import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { connections } from "./schema";

/**
 * Demo connections (issue 28 part 3): accepted connections and pending requests both ways among the
 * demo accounts, so every demo account has some (connections, a request to answer or one sent).
 * Idempotent: one row per pair (the pair's unique index), written only when the pair has none. The
 * browser tests (tests/e2e/connections.spec.ts) connect treasurer@ with director@ and secretary@ with
 * homeowner@ themselves: those pairs stay empty here.
 */

type Kind = "professional" | "colleague" | "vendor_client" | "board_manager";

const ACCEPTED: [string, string, Kind][] = [
  ["board", "manager", "board_manager"],
  ["board", "treasurer", "colleague"],
  ["secretary", "board", "colleague"],
  ["director", "board", "colleague"],
  ["manager", "vendor", "vendor_client"],
  ["manager", "attorney", "professional"],
  ["cpa", "manager", "professional"],
  ["vendor", "vendor2", "colleague"],
  ["homeowner", "board", "professional"],
  ["admin", "manager", "professional"],
  ["other", "homeowner", "professional"],
  ["treasurer", "cpa", "professional"],
  // Pairs whose endorsements db/seed-network-skills.ts writes (and the skills browser test endorses across).
  ["board", "cpa", "professional"],
  ["director", "manager", "board_manager"],
  ["other", "manager", "professional"],
];

/** Requester first. */
const PENDING: [string, string, Kind, string][] = [
  ["board", "vendor", "vendor_client", "We may need your services for the pool deck next spring."],
  ["vendor", "director", "vendor_client", "I would like to connect with you professionally"],
  ["attorney", "board", "professional", "Happy to help with the bylaws review."],
  ["vendor2", "manager", "vendor_client", "I would like to connect with you professionally"],
  ["cpa", "admin", "professional", "I would like to connect with you professionally"],
  ["secretary", "other", "colleague", "Good to meet you at the annual meeting."],
];

export async function seedNetworkConnections(db: Database, ids: Map<string, string>): Promise<void> {
  const id = (who: string) => {
    const found = ids.get(`${who}@demo.test`);
    if (!found) throw new Error(`no demo account ${who}@demo.test`);
    return found;
  };
  const days = (n: number) => sql`now() - make_interval(days => ${n})`;
  let n = 0;
  for (const [a, b, kind] of ACCEPTED) {
    n += 1;
    await db
      .insert(connections)
      .values({
        requesterId: id(a),
        addresseeId: id(b),
        status: "accepted",
        connectionType: kind,
        requestMessage: "I would like to connect with you professionally",
        acceptedAt: days(30 + n) as unknown as string,
        createdAt: days(32 + n) as unknown as string,
      })
      .onConflictDoNothing();
  }
  for (const [a, b, kind, message] of PENDING) {
    n += 1;
    await db
      .insert(connections)
      .values({
        requesterId: id(a),
        addresseeId: id(b),
        status: "pending",
        connectionType: kind,
        requestMessage: message,
        createdAt: days(n % 5) as unknown as string,
      })
      .onConflictDoNothing();
  }
}
