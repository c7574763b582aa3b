import type { Queryable } from "./client";

/**
 * A query that every page runs (the signed-in person, the bell), built once per database handle and
 * executed with `sql.placeholder` values, instead of being built anew on every request: drizzle takes
 * hundreds of microseconds to build a statement of that size, a real share of a page's server time
 * (decision 035, scripts/bench/pages.ts). A transaction is a handle of its own, so a query run inside one
 * is built once for it, as before.
 *
 *   const viewerBySession = preparedPerDatabase((db) =>
 *     db.select(...).from(...).where(eq(sessions.id, sql.placeholder("sessionId"))).prepare("viewer"));
 *   const rows = await viewerBySession(db).execute({ sessionId });
 */
export function preparedPerDatabase<Q>(build: (db: Queryable) => Q): (db: Queryable) => Q {
  const built = new WeakMap<Queryable, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
