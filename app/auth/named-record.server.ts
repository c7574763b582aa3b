import type { Queryable } from "@db/client";
import { financeBudgets, financeTransactions, meetings } from "@db/schema";
import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * The association record an address names (issue 26), for the guards that refuse a member whose role
 * may not use a page: inside the association that refusal is a 403, but when the address names a
 * record of another association, or nothing, the answer is the 404 a person outside gets (DESIGN.md,
 * "Associations": ids reveal nothing). The guards take only the request, so the record is read from the
 * address: one pattern per route with an association record's id in its path (the association
 * isolation test walks each such route as a homeowner of another association and as anyone with an id
 * that names nothing, so a route missing here fails it). See docs/decisions/046.
 */
const NAMED_RECORDS: {
  path: RegExp;
  table: PgTable;
  id: PgColumn;
  associationId: PgColumn;
}[] = [
  {
    // /board-room/meetings/{id}[/edit|/minutes|/packet], /api/board-room/meetings/{id}[/minutes]
    path: /^\/(?:api\/)?board-room\/meetings\/([^/]+)/,
    table: meetings,
    id: meetings.id,
    associationId: meetings.associationId,
  },
  {
    // /financial/budgets/{id}/edit, /api/financial/budgets/{id}
    path: /^\/(?:api\/)?financial\/budgets\/([^/]+)/,
    table: financeBudgets,
    id: financeBudgets.id,
    associationId: financeBudgets.associationId,
  },
  {
    // /financial/transactions/{id}/edit and /receipt, /api/financial/transactions/{id}
    path: /^\/(?:api\/)?financial\/transactions\/([^/]+)/,
    table: financeTransactions,
    id: financeTransactions.id,
    associationId: financeTransactions.associationId,
  },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `request`'s address names a record that is not one of `associationId`'s (another
 * association's, or none at all). An address that names no record (a list, a form page) names nothing
 * outside: false.
 */
export async function namesRecordOutside(
  db: Queryable,
  request: Request,
  associationId: string,
): Promise<boolean> {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  for (const named of NAMED_RECORDS) {
    const match = named.path.exec(pathname);
    if (!match) continue;
    const id = match[1] ?? "";
    if (!UUID.test(id)) return true;
    const [row] = await db
      .select({ id: named.id })
      .from(named.table)
      .where(and(eq(named.id, id), eq(named.associationId, associationId)));
    return !row;
  }
  return false;
}
