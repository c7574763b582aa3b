/**
 * The one versioned-record write of the financials (writeVersioned in app/commands/finance.server.ts,
 * shared by budgets, transactions and reserve movements): given a budget at version 1, when a write
 * names another version, then it is a conflict with the current version and nothing is written (no
 * update, no history row); with the current version it updates to version + 1 and writes one history
 * row; another association's record is not found.
 */
import { financeBudgets, financeHistory } from "@db/schema";
import { FINANCE_MESSAGES } from "@domain/finance";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBudget, writeVersioned } from "~/commands/finance.server";
import { useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

describe.each(engines)("writeVersioned on %s", (engine) => {
  const t = useTestDatabase(engine);
  let actorId: string;
  let associationId: string;
  let otherAssociationId: string;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    actorId = (await personWithRole(t.db, "board_member")).id;
    ({ id: associationId } = await associationWith(t.db, { id: actorId }));
    const other = await personWithRole(t.db, "board_member");
    ({ id: otherAssociationId } = await associationWith(t.db, { id: other.id }));
  });

  const rename = (id: string, name: string, expectedVersion: number, inAssociation = associationId) =>
    writeVersioned(t.db, {
      associationId: inAssociation,
      actorId,
      table: financeBudgets,
      recordKind: "budget",
      id,
      expectedVersion,
      lock: async (tx) => {
        const [row] = await tx
          .select({ version: financeBudgets.version, name: financeBudgets.name })
          .from(financeBudgets)
          .where(and(eq(financeBudgets.id, id), eq(financeBudgets.associationId, inAssociation)))
          .for("update");
        return row;
      },
      change: async (row) => ({
        write: true,
        set: { name },
        history: { action: "updated", details: { before: { name: row.name }, after: { name } } },
        result: { renamed: name },
      }),
    });

  const state = async (id: string) => {
    const [row] = await t.db
      .select({ version: financeBudgets.version, name: financeBudgets.name })
      .from(financeBudgets)
      .where(eq(financeBudgets.id, id));
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(financeHistory)
      .where(eq(financeHistory.recordId, id))) as [{ n: number }];
    return { ...row, history: n };
  };

  it("a stale version is a conflict with the current version and writes nothing", async () => {
    const { id } = await createBudget(t.db, {
      associationId,
      actorId,
      values: {
        name: "Landscaping",
        category: "Landscaping",
        allocatedCents: 100_00,
        period: "monthly",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
      },
    });
    const before = await state(id);
    expect(before).toMatchObject({ version: 1, name: "Landscaping", history: 1 });

    expect(await rename(id, "Gardens", 1)).toEqual({ ok: true, renamed: "Gardens" });
    expect(await state(id)).toEqual({ version: 2, name: "Gardens", history: 2 });

    // A second form rendered at version 1.
    expect(await rename(id, "Lawns", 1)).toEqual({
      ok: false,
      kind: "conflict",
      message: FINANCE_MESSAGES.editConflict,
      version: 2,
    });
    expect(await state(id)).toEqual({ version: 2, name: "Gardens", history: 2 });

    // Another association's record is not found, whatever the version.
    expect(await rename(id, "Theirs", 2, otherAssociationId)).toMatchObject({ ok: false, kind: "not_found" });
    expect(await state(id)).toEqual({ version: 2, name: "Gardens", history: 2 });
  });
});
