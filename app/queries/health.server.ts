import { type Queryable, queryRows } from "@db/client";
import { sql } from "drizzle-orm";
import journal from "../../migrations/meta/_journal.json";

export interface Health {
  database: "reachable" | "unreachable";
  migration: string | null;
  migrationsPending: number;
}

/** Whether the database answers, and which migration (by its tag) it is on. */
export async function checkHealth(db: Queryable): Promise<Health> {
  try {
    const rows = await queryRows<{ created_at: string | number }>(
      db,
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const applied = rows[0] ? Number(rows[0].created_at) : null;
    const entries = journal.entries;
    const current = applied === null ? undefined : entries.find((e) => e.when === applied);
    const pending = applied === null ? entries.length : entries.filter((e) => e.when > applied).length;
    return { database: "reachable", migration: current?.tag ?? null, migrationsPending: pending };
  } catch {
    return { database: "unreachable", migration: null, migrationsPending: 0 };
  }
}
