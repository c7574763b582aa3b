/**
 * The monthly totals the financials read (issue 27, part 3; decision record 051): after every kind of
 * write (create, edit, void, import, approval's status change, bulk insert, update, delete, an
 * association deleted) finance_monthly_totals equals the same sums computed from the transactions,
 * and the reads that use it (a window's totals, the budgets' spent, the transaction count, the
 * overdue count) equal the same sums over the rows, for windows that start and end inside a month.
 * Concurrent writes of one month's totals all count (PostgreSQL).
 */

import { queryRows } from "@db/client";
import { financeTotalsDifferences, rebuildFinanceTotals } from "@db/finance-totals";
import { financeImports, financeTransactions } from "@db/schema";
import { addDays, monthStart } from "@domain/finance";
import { windowParts } from "@domain/finance/window-parts";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  confirmImport,
  createBudget,
  createTransaction,
  updateTransaction,
  voidTransaction,
} from "~/commands/finance.server";
import {
  categoryTotals,
  listBudgets,
  listTransactions,
  monthlyTotals,
  summarySums,
} from "~/queries/finance.server";
import { useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

const expense = (date: string, amountCents: number, extra: Record<string, string> = {}) => ({
  type: "expense",
  category: "maintenance",
  amountCents,
  description: `Invoice ${date} ${amountCents}`,
  date,
  status: "completed",
  property: null,
  ...extra,
});

describe("windowParts", () => {
  it("splits a window into its whole months and the days around them", () => {
    expect(windowParts({ from: "2026-01-01", to: "2026-12-31" })).toEqual({
      months: { from: "2026-01-01", to: "2026-12-01" },
      days: [],
    });
    expect(windowParts({ from: "2026-01-15", to: "2026-03-10" })).toEqual({
      months: { from: "2026-02-01", to: "2026-02-01" },
      days: [
        { from: "2026-01-15", to: "2026-01-31" },
        { from: "2026-03-01", to: "2026-03-10" },
      ],
    });
    expect(windowParts({ from: "2026-02-03", to: "2026-02-20" })).toEqual({
      months: null,
      days: [{ from: "2026-02-03", to: "2026-02-20" }],
    });
    expect(windowParts({ from: "2026-02-01", to: "2026-02-28" }).days).toEqual([]);
    expect(windowParts({ from: "2026-03-02", to: "2026-03-01" })).toEqual({ months: null, days: [] });
  });
});

describe.each(engines)("finance monthly totals on %s", (engine) => {
  const t = useTestDatabase(engine);
  let associationId: string;
  let otherAssociationId: string;
  let actorId: string;

  const actor = () => ({ associationId, actorId });
  const expectInStep = async () => expect(await financeTotalsDifferences(t.db)).toEqual([]);

  beforeAll(async () => {
    useAppDatabase(t.handle);
    const treasurer = await personWithRole(t.db, "board_member");
    actorId = treasurer.id;
    ({ id: associationId } = await associationWith(t.db, { id: treasurer.id, boardOffice: "treasurer" }));
    ({ id: otherAssociationId } = await associationWith(t.db, { id: treasurer.id }));
  });

  it("follows creates, edits across months and categories, status changes and voids", async () => {
    const a = await createTransaction(t.db, { ...actor(), values: expense("2025-03-14", 12_345) });
    const b = await createTransaction(t.db, {
      ...actor(),
      values: expense("2025-03-31", 5_000, { status: "pending" }),
    });
    await createTransaction(t.db, {
      ...actor(),
      values: { ...expense("2025-04-01", 90_000), type: "income", category: "other" },
    });
    await expectInStep();
    const [before] = await queryRows<{ n: number; cents: string | number }>(
      t.db,
      sql`select transaction_count as n, amount_cents as cents from finance_monthly_totals
          where association_id = ${associationId} and month = '2025-03-01' and status = 'completed'`,
    );
    expect({ n: Number(before?.n), cents: Number(before?.cents) }).toEqual({ n: 1, cents: 12_345 });

    // Another month, another category, another amount; then the pending one completes.
    const moved = await updateTransaction(t.db, {
      ...actor(),
      id: a.id,
      expectedVersion: 1,
      values: expense("2025-05-02", 777, { category: "utilities" }),
    });
    expect(moved.ok).toBe(true);
    await expectInStep();
    await updateTransaction(t.db, {
      ...actor(),
      id: b.id,
      expectedVersion: 1,
      values: expense("2025-03-31", 5_000),
    });
    await expectInStep();
    // An edit that moves no total (the description) changes no total.
    await updateTransaction(t.db, {
      ...actor(),
      id: b.id,
      expectedVersion: 2,
      values: { ...expense("2025-03-31", 5_000), description: "Renamed" },
    });
    await expectInStep();
    await voidTransaction(t.db, { ...actor(), id: b.id });
    await expectInStep();
    const totals = await categoryTotals(t.db, associationId, { from: "2025-03-01", to: "2025-05-31" });
    expect(totals.sort((x, y) => x.category.localeCompare(y.category))).toEqual([
      { type: "income", category: "other", cents: 90_000 },
      { type: "expense", category: "utilities", cents: 777 },
    ]);
  });

  it("follows an import, bulk inserts, set-wide updates and deletes", async () => {
    const [upload] = await t.db
      .insert(financeImports)
      .values({ associationId, storageKey: "finance-imports/x.csv", fileName: "x.csv", createdBy: actorId })
      .returning({ id: financeImports.id });
    const lines = Array.from({ length: 1_200 }, (_, i) => ({
      date: addDays("2024-01-01", i % 400),
      description: `Bank line ${i}`,
      amountCents: (i % 3 === 0 ? 1 : -1) * (100 + i),
      category: i % 2 === 0 ? "maintenance" : "landscaping",
    }));
    const imported = await confirmImport(t.db, { ...actor(), importId: upload?.id as string, lines });
    expect(imported.ok).toBe(true);
    await expectInStep();

    await t.db.insert(financeTransactions).values(
      Array.from({ length: 300 }, (_, i) => ({
        associationId: otherAssociationId,
        ...expense(addDays("2023-06-10", i), 1_000 + i, { status: i % 5 === 0 ? "pending" : "completed" }),
        createdBy: actorId,
      })),
    );
    await expectInStep();
    await t.db.execute(
      sql`update finance_transactions set status = 'completed', date = date + 20 where association_id = ${otherAssociationId} and status = 'pending'`,
    );
    await expectInStep();
    await t.db.execute(
      sql`update finance_transactions set voided_at = now() where association_id = ${associationId} and description like 'Bank line 1%'`,
    );
    await expectInStep();
    await t.db.execute(
      sql`delete from finance_transactions where association_id = ${otherAssociationId} and amount_cents < 1100`,
    );
    await expectInStep();
  });

  it("reads windows that start and end inside months as the sums of the rows", async () => {
    const windows = [
      { from: "2024-01-15", to: "2024-11-03" },
      { from: "2024-02-01", to: "2024-02-29" },
      { from: "2024-03-05", to: "2024-03-09" },
      { from: "2023-01-01", to: "2025-12-31" },
    ];
    for (const w of windows) {
      const [raw] = await queryRows<{ income: string; expense: string; n: string }>(
        t.db,
        sql`select coalesce(sum(amount_cents) filter (where type = 'income' and status = 'completed'), 0) as income,
              coalesce(sum(amount_cents) filter (where type = 'expense' and status = 'completed'), 0) as expense,
              count(*) as n
            from finance_transactions
            where association_id = ${associationId} and voided_at is null and date between ${w.from} and ${w.to}`,
      );
      const totals = await categoryTotals(t.db, associationId, w);
      const sum = (type: string) => totals.filter((x) => x.type === type).reduce((s, x) => s + x.cents, 0);
      expect({ income: sum("income"), expense: sum("expense") }).toEqual({
        income: Number(raw?.income),
        expense: Number(raw?.expense),
      });
      const months = await monthlyTotals(t.db, associationId, w);
      expect(months.reduce((s, m) => s + m.expenseCents, 0)).toBe(Number(raw?.expense));
      const listed = await listTransactions(t.db, associationId, { window: w }, { limit: 1 });
      expect(listed.total).toBe(Number(raw?.n));
    }
    // Every transaction of the association, and the overdue ones (every day before today).
    const all = await listTransactions(t.db, associationId, {}, { limit: 1 });
    const [counted] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from finance_transactions where association_id = ${associationId} and voided_at is null`,
    );
    expect(all.total).toBe(Number(counted?.n));
    await createTransaction(t.db, {
      ...actor(),
      values: expense("2024-06-17", 4_200, { status: "pending" }),
    });
    const today = "2024-06-18";
    const sums = await summarySums(t.db, associationId, {
      window: { from: "2024-01-01", to: "2024-12-31" },
      month: { from: monthStart(today), to: "2024-06-30" },
      year: { from: "2024-01-01", to: "2024-12-31" },
      today,
      upcomingTo: addDays(today, 30),
    });
    const [pending] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from finance_transactions where association_id = ${associationId} and voided_at is null
            and type = 'expense' and status = 'pending' and date < ${today}`,
    );
    expect(sums.overdueCount).toBe(Number(pending?.n));
    expect(sums.overdueCount).toBeGreaterThan(0);
  });

  it("computes a budget's spent from the totals and the days around its whole months", async () => {
    const budget = await createBudget(t.db, {
      ...actor(),
      values: {
        name: "Mid-month maintenance",
        category: "maintenance",
        allocatedCents: 10_000_000,
        period: "custom",
        startDate: "2024-01-20",
        endDate: "2024-09-12",
      },
    });
    const [raw] = await queryRows<{ cents: string }>(
      t.db,
      sql`select coalesce(sum(amount_cents), 0) as cents from finance_transactions
          where association_id = ${associationId} and voided_at is null and type = 'expense' and status = 'completed'
            and category = 'maintenance' and date between '2024-01-20' and '2024-09-12'`,
    );
    const rows = await listBudgets(t.db, associationId);
    const row = rows.find((r) => r.id === budget.id);
    expect(Number(raw?.cents)).toBeGreaterThan(0);
    expect(row?.spentCents).toBe(Number(raw?.cents));
  });

  it("rebuilds the totals from the rows, and forgets an association's with it", async () => {
    await t.db.execute(sql`update finance_monthly_totals set amount_cents = amount_cents + 1`);
    expect((await financeTotalsDifferences(t.db)).length).toBeGreaterThan(0);
    await t.db.transaction((tx) => rebuildFinanceTotals(tx));
    await expectInStep();
    await t.db.execute(sql`delete from associations where id = ${otherAssociationId}`);
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from finance_monthly_totals where association_id = ${otherAssociationId}`,
    );
    expect(left?.n).toBe(0);
    await expectInStep();
  });

  it.runIf(engine === "postgres")("counts every one of many concurrent writes to one month", async () => {
    const made = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        createTransaction(t.db, { ...actor(), values: expense("2022-02-14", 100 + i) }),
      ),
    );
    await Promise.all(made.slice(0, 12).map((m) => voidTransaction(t.db, { ...actor(), id: m.id })));
    await expectInStep();
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select transaction_count as n from finance_monthly_totals
          where association_id = ${associationId} and month = '2022-02-01' and category = 'maintenance'
            and type = 'expense' and status = 'completed'`,
    );
    expect(row?.n).toBe(12);
    expect(
      (await t.db.select().from(financeTransactions).where(eq(financeTransactions.date, "2022-02-14")))
        .length,
    ).toBe(24);
  });
});
