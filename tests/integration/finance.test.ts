/**
 * The financials (issue 13) through their loaders and actions with real sessions, on both engines:
 * budgets and transactions end to end (spent computed from the transactions, usage colours, status),
 * the edit forms' versions (409 with the current values), history (append-only, voided not erased,
 * totals ignore voided), receipts sniffed by content, the summary, reports and exports, and
 * isolation (a board member of another association gets 404 for every record; a homeowner of the
 * association gets 403 and cannot write).
 */

import { financeHistory, financeTransactions } from "@db/schema";
import { addDays, dateLabel, FINANCE_MESSAGES, type FinanceTab, monthStart } from "@domain/finance";
import { EDIT_VERSION_REQUIRED } from "@domain/shared";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { financialsPath } from "~/components/finance/links";
import * as budgetEdit from "~/routes/_app.financial.budgets.$id.edit";
import * as historyPage from "~/routes/_app.financial.history";
import * as importPage from "~/routes/_app.financial.import";
import * as transactionEdit from "~/routes/_app.financial.transactions.$id.edit";
import * as apiBudgets from "~/routes/api.financial.budgets";
import * as apiDeleteBudget from "~/routes/api.financial.budgets_.$id";
import * as apiExport from "~/routes/api.financial.export";
import * as apiSummary from "~/routes/api.financial.summary";
import * as apiTransactions from "~/routes/api.financial.transactions";
import * as apiDeleteTransaction from "~/routes/api.financial.transactions_.$id";
import * as reportRoute from "~/routes/financial.reports.$report";
import * as receiptRoute from "~/routes/financial.transactions.$id.receipt";
import { argsOf, getAs, outcome, postAs, todayIn, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { FAKE_PDF, TINY_PNG } from "../support/files";
import * as page from "../support/financials";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const get = getAs;
const post = postAs;
const args = argsOf;

const BOUNDARY = "----financetestboundary";
function multipartRequest(
  path: string,
  who: Person,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="receipt"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: Buffer.concat(parts),
    headers: { Cookie: who.cookie, "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

/** Today in the test associations' zone (America/New_York), as the app computes it. */
const today = todayIn("America/New_York");

describe.each(engines)("financials on %s", (engine) => {
  const t = useTestDatabase(engine);
  let treasurer: Person;
  let manager: Person;
  let homeowner: Person;
  let outsider: Person;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    treasurer = await personWithRole(t.db, "board_member");
    manager = await personWithRole(t.db, "manager");
    homeowner = await personWithRole(t.db, "homeowner");
    outsider = await personWithRole(t.db, "board_member");
    await associationWith(t.db, { id: treasurer.id, boardOffice: "treasurer" }, [
      { id: manager.id, memberRole: "property_manager" },
      { id: homeowner.id, memberRole: "homeowner", unit: "4B" },
    ]);
    await associationWith(t.db, { id: outsider.id });
  });

  const tab = async (name: string, who: Person = treasurer, extra = "") =>
    (
      await outcome(() =>
        page.loader(args(get(`${financialsPath(name as FinanceTab)}?period=current_month${extra}`, who))),
      )
    ).data;

  async function createBudget(fields: Partial<Record<string, string>> = {}, who: Person = treasurer) {
    const r = await outcome(() =>
      page.action(
        args(
          post("/financials/budgets", who, {
            intent: "create-budget",
            name: "Grounds",
            category: "landscaping",
            allocated: "1,000",
            period: "monthly",
            start_date: monthStart(today),
            end_date: addDays(monthStart(today, 1), -1),
            ...fields,
          } as Record<string, string>),
        ),
      ),
    );
    return r;
  }

  async function addTransaction(fields: Partial<Record<string, string>> = {}, who: Person = treasurer) {
    return outcome(() =>
      page.action(
        args(
          post("/financials/expenses", who, {
            intent: "create-transaction",
            type: "expense",
            category: "landscaping",
            amount: "100.00",
            description: "Mowing",
            date: today,
            status: "completed",
            ...fields,
          } as Record<string, string>),
        ),
      ),
    );
  }

  const budgetNamed = async (name: string) =>
    ((await tab("budgets")).budgets as Loose[]).find((b) => b.name === name);

  it("computes a budget's spent from its category's completed expenses, with the spec's colours and status", async () => {
    const created = await createBudget();
    expect(created.status).toBe(302);
    expect(created.response.headers.get("Location")).toMatch(/^\/financials\/budgets(\?|$)/);
    let b = await budgetNamed("Grounds");
    expect(b).toMatchObject({ allocated: "$1,000", spent: "$0.00", tone: "success", status: "active" });

    expect((await addTransaction({ amount: "799.99" })).status).toBe(302);
    // Neither a pending expense, nor another category, nor income counts.
    await addTransaction({ amount: "5,000", status: "pending", date: addDays(today, 3) });
    await addTransaction({ amount: "5,000", category: "utilities" });
    await addTransaction({ amount: "5,000", type: "income" });
    b = await budgetNamed("Grounds");
    expect(b).toMatchObject({ spent: "$799.99", percent: 79, tone: "success" });

    await addTransaction({ amount: "0.01", description: "Edging" });
    b = await budgetNamed("Grounds");
    expect(b).toMatchObject({ spent: "$800.00", percent: 80, tone: "warning", status: "active" });

    await addTransaction({ amount: "200", description: "Trees" });
    b = await budgetNamed("Grounds");
    expect(b).toMatchObject({
      spent: "$1,000.00",
      percent: 100,
      tone: "error",
      status: "exceeded",
      statusLabel: "Exceeded",
    });
  });

  it("refuses bad input with the form's messages and never stores a float", async () => {
    const whole = await createBudget({ allocated: "100.50", name: "Fractional" });
    expect(whole.status).toBe(400);
    expect(whole.data.result.error.allocated).toEqual(["Enter a whole number of dollars"]);
    const dates = await createBudget({ end_date: addDays(monthStart(today), -1), name: "Backwards" });
    expect(dates.data.result.error.end_date).toEqual([FINANCE_MESSAGES.endBeforeStart]);
    const amount = await addTransaction({ amount: "12.345" });
    expect(amount.status).toBe(400);
    expect(amount.data.result.error.amount).toEqual(["Enter an amount like 1,234.56"]);
    const [types] = await t.db
      .select({ t: sql<string>`pg_typeof(${financeTransactions.amountCents})::text` })
      .from(financeTransactions)
      .limit(1);
    expect(types?.t).toBe("bigint");
  });

  it("edits with the rendered version: a stale edit is 409 with the current values; history keeps old and new", async () => {
    await createBudget({ name: "Pool", category: "maintenance", allocated: "2,000" });
    const b = await budgetNamed("Pool");
    const path = `/financial/budgets/${b.id}/edit`;
    const view = (await outcome(() => budgetEdit.loader(args(get(path, treasurer), { id: b.id })))).data;
    expect(view.defaults).toMatchObject({ name: "Pool", allocated: "2000" });
    const form = { intent: "save", ...view.defaults, version: String(view.budget.version) };

    const saved = await outcome(() =>
      budgetEdit.action(args(post(path, manager, { ...form, allocated: "2,500" }), { id: b.id })),
    );
    expect(saved.status).toBe(302);
    // The treasurer's form still carries the old version.
    const stale = await outcome(() =>
      budgetEdit.action(args(post(path, treasurer, { ...form, name: "Pool and spa" }), { id: b.id })),
    );
    expect(stale.status).toBe(409);
    expect(stale.data.current).toMatchObject({ name: "Pool", allocated: "2500" });
    expect(stale.data.version).toBe(view.budget.version + 1);
    // A save that does not say which version it was opened from is refused, never a last write; so is
    // a form of no intent this page takes.
    const { version: _dropped, ...unversioned } = form;
    const blind = await outcome(() =>
      budgetEdit.action(args(post(path, treasurer, { ...unversioned, name: "Blind" }), { id: b.id })),
    );
    expect(blind.status).toBe(400);
    expect(blind.data.result.error.version).toEqual([EDIT_VERSION_REQUIRED]);
    const unknown = await outcome(() =>
      budgetEdit.action(args(post(path, treasurer, { ...form, intent: "rename" }), { id: b.id })),
    );
    expect(unknown.status).toBe(400);
    // The form starts afresh from the current values; the page shows the conflict above it.
    expect(stale.data.result.initialValue).toBeNull();
    expect((await budgetNamed("Pool")).allocated).toBe("$2,500");

    const after = (await outcome(() => budgetEdit.loader(args(get(path, treasurer), { id: b.id })))).data;
    expect(after.history.map((h: Loose) => h.action)).toEqual(["created", "updated"]);
    expect(after.history[1].lines).toEqual(["Allocated: $2,000.00 → $2,500.00"]);
    expect(after.history[1].actor).toBeTruthy();
  });

  it("voids a deleted transaction: it leaves every total, stays in the audit view, and the history cannot be changed", async () => {
    await createBudget({ name: "Power", category: "utilities", allocated: "10,000" });
    const before = await budgetNamed("Power");
    await addTransaction({ category: "utilities", amount: "250.00", description: "Duke Energy" });
    const list = await tab("expenses", treasurer, "&search=Duke");
    const row = list.expenses.rows.find((r: Loose) => r.description === "Duke Energy");
    expect(row).toBeTruthy();
    expect((await budgetNamed("Power")).spentCents).toBe(before.spentCents + 250_00);
    const overviewBefore = (await tab("overview")).overview.summary.totalExpenses;

    // Unconfirmed (a post without JavaScript): the transaction's page asks first, and nothing changes.
    const ask = await outcome(() =>
      page.action(
        args(post("/financials/expenses", treasurer, { intent: "delete-transaction", id: row.id })),
      ),
    );
    expect(ask.status).toBe(302);
    expect(ask.response.headers.get("Location")).toBe(`/financial/transactions/${row.id}/edit?delete=1`);
    const asking = await outcome(() =>
      transactionEdit.loader(
        args(get(`/financial/transactions/${row.id}/edit?delete=1`, treasurer), { id: row.id }),
      ),
    );
    // The question names the record it deletes (issue 26).
    expect(asking.data.askDelete).toBe(
      `Are you sure you want to delete this transaction? “Duke Energy”, an expense of $250.00 on ${dateLabel(row.date)}.`,
    );
    expect((await budgetNamed("Power")).spentCents).toBe(before.spentCents + 250_00);

    const deleted = await outcome(() =>
      page.action(
        args(
          post("/financials/expenses", treasurer, {
            intent: "delete-transaction",
            id: row.id,
            confirmed: "1",
          }),
        ),
      ),
    );
    expect(deleted.status).toBe(302);
    expect((await budgetNamed("Power")).spentCents).toBe(before.spentCents);
    expect((await tab("overview")).overview.summary.totalExpenses).toBe(overviewBefore - 250_00);
    expect((await tab("expenses", treasurer, "&search=Duke")).expenses.rows).toHaveLength(0);
    // Its edit page is gone (404); a second delete finds nothing.
    const gone = await outcome(() =>
      transactionEdit.loader(args(get(`/financial/transactions/${row.id}/edit`, treasurer), { id: row.id })),
    );
    expect(gone.status).toBe(404);

    const audit = (await outcome(() => historyPage.loader(args(get("/financial/history", treasurer))))).data;
    const entries = audit.entries.filter((e: Loose) => e.record?.label === "Duke Energy");
    expect(entries.map((e: Loose) => e.action)).toEqual(["voided", "created"]);
    expect(entries[0].record).toMatchObject({ voided: true, href: null });
    expect(entries[0].lines).toContain("Amount: $250.00");

    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => "allowed",
        (e: Loose) => String(e?.cause?.message ?? e?.message),
      );
    expect(await refusal(t.db.execute(sql`update finance_history set action = 'created'`))).toMatch(
      /append-only/,
    );
    expect(await refusal(t.db.delete(financeHistory).where(eq(financeHistory.recordId, row.id)))).toMatch(
      /append-only/,
    );
  });

  it("keeps a receipt only when its content is a PDF or an image, and serves it to the board only", async () => {
    const fields = {
      intent: "create-transaction",
      type: "expense",
      category: "maintenance",
      amount: "42.00",
      description: "Light bulbs",
      date: today,
      status: "completed",
    };
    const refused = await outcome(() =>
      page.action(
        args(
          multipartRequest("/financials/expenses", treasurer, fields, {
            name: "bulbs.pdf",
            bytes: FAKE_PDF,
          }),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.receipt).toEqual([FINANCE_MESSAGES.receiptType]);

    const kept = await outcome(() =>
      page.action(
        args(
          multipartRequest("/financials/expenses", treasurer, fields, {
            name: "bulbs.png",
            bytes: TINY_PNG,
          }),
        ),
      ),
    );
    expect(kept.status).toBe(302);
    const row = (await tab("expenses", treasurer, "&search=Light bulbs")).expenses.rows[0];
    expect(row.hasReceipt).toBe(true);
    const download = await outcome(() =>
      receiptRoute.loader(args(get(`/financial/transactions/${row.id}/receipt`, manager), { id: row.id })),
    );
    expect(download.status).toBe(200);
    expect(download.response.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await download.response.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const outside = await outcome(() =>
      receiptRoute.loader(args(get(`/financial/transactions/${row.id}/receipt`, outsider), { id: row.id })),
    );
    expect(outside.status).toBe(404);
  });

  it("sends an old ?tab= link to the tab's own route with its filters, and refuses an unknown form with 400", async () => {
    for (const [old, now] of [
      [
        "/financials?tab=budgets&period=current_year&category=other",
        "/financials/budgets?period=current_year&category=other",
      ],
      ["/financials?tab=reserves&search=roof", "/financials/reserves?search=roof"],
      ["/financials?tab=overview&period=last_month", "/financials?period=last_month"],
      ["/financials?tab=nonsense", "/financials"],
    ]) {
      const moved = await outcome(() => page.loader(args(get(old as string, treasurer))));
      expect(moved.status, old).toBe(301);
      expect(moved.response.headers.get("Location")).toBe(now);
    }
    for (const path of [
      "/financials",
      "/financials/budgets",
      "/financials/expenses",
      "/financials/reserves",
    ]) {
      for (const intent of ["no-such-form", "create-budget-x", ""]) {
        const refused = await outcome(() => page.action(args(post(path, treasurer, { intent }))));
        expect(refused.status, `${path} ${intent}`).toBe(400);
        expect(refused.data.intent).toBeNull();
      }
    }
    // A form posted to another tab's route is unknown there.
    const misplaced = await outcome(() =>
      page.action(args(post("/financials/reserves", treasurer, { intent: "create-budget", name: "Roof" }))),
    );
    expect(misplaced.status).toBe(400);
  });

  it("summarises the period: income, expenses, budgets, overdue and upcoming payments", async () => {
    await addTransaction({
      category: "other",
      amount: "30",
      status: "pending",
      date: addDays(today, -2),
      description: "Late",
    });
    await addTransaction({
      category: "other",
      amount: "40",
      status: "pending",
      date: addDays(today, 30),
      description: "Soon",
    });
    await addTransaction({
      category: "other",
      amount: "50",
      status: "pending",
      date: addDays(today, 31),
      description: "Later",
    });
    const overview = (await tab("overview", treasurer, "&category=other")).overview;
    expect(overview.summary.overduePayments).toBe(1);
    expect(overview.summary.upcomingPayments).toBe(1);
    const expenses = (await tab("expenses")).expenses;
    expect(expenses.overdue.map((r: Loose) => r.description)).toContain("Late");
    expect(expenses.upcoming.map((r: Loose) => r.description)).toContain("Soon");
    expect(expenses.upcoming.map((r: Loose) => r.description)).not.toContain("Later");

    const all = (await tab("overview")).overview;
    expect(Number.isInteger(all.summary.totalExpenses)).toBe(true);
    expect(all.summary.totalIncome).toBe(5_000_00);
    expect(all.months).toHaveLength(12);
    const landscaping = all.byCategory.find((c: Loose) => c.category === "landscaping");
    expect(landscaping).toMatchObject({ budgetCents: 1_000_00, actualCents: 1_000_00, tone: "error" });
    expect(all.recent.length).toBeLessThanOrEqual(10);
  });

  it("answers 404 to a board member of another association and 403 to a homeowner, who cannot write", async () => {
    const b = await budgetNamed("Grounds");
    const tx = (await tab("expenses", treasurer, "&search=Mowing")).expenses.rows[0];
    const budgetPath = `/financial/budgets/${b.id}/edit`;
    const txPath = `/financial/transactions/${tx.id}/edit`;

    expect(
      (await outcome(() => budgetEdit.loader(args(get(budgetPath, outsider), { id: b.id })))).status,
    ).toBe(404);
    expect(
      (await outcome(() => transactionEdit.loader(args(get(txPath, outsider), { id: tx.id })))).status,
    ).toBe(404);
    expect(
      (
        await outcome(() =>
          budgetEdit.action(
            args(post(budgetPath, outsider, { intent: "delete", confirmed: "1" }), { id: b.id }),
          ),
        )
      ).status,
    ).toBe(404);
    const foreignDelete = await outcome(() =>
      page.action(
        args(post("/financials/budgets", outsider, { intent: "delete-budget", id: b.id, confirmed: "1" })),
      ),
    );
    expect(foreignDelete.status).toBe(404);
    // The outsider's own financials show nothing of the other association.
    expect((await tab("budgets", outsider)).budgets).toEqual([]);
    expect((await tab("overview", outsider)).overview.summary.totalExpenses).toBe(0);

    expect((await outcome(() => page.loader(args(get("/financials", homeowner))))).status).toBe(403);
    expect(
      (await outcome(() => budgetEdit.loader(args(get(budgetPath, homeowner), { id: b.id })))).status,
    ).toBe(403);
    const write = await outcome(() =>
      page.action(
        args(post("/financials/budgets", homeowner, { intent: "delete-budget", id: b.id, confirmed: "1" })),
      ),
    );
    expect(write.status).toBe(403);
    expect(await budgetNamed("Grounds")).toBeTruthy();
  });

  it("exports the tab as {tab}-{date}.csv, streamed, and the reports as CSV and PDF", async () => {
    const csv = await outcome(() =>
      apiExport.loader(
        args(get("/api/financial/export?type=expenses&period=current_month&category=landscaping", treasurer)),
      ),
    );
    expect(csv.status).toBe(200);
    expect(csv.response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="expenses-${today}.csv"`,
    );
    expect(csv.response.body).toBeInstanceOf(ReadableStream);
    const text = await csv.response.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Date,Type,Category,Description,Status,Amount,Unit or property,Board approval");
    expect(lines).toContain(`${today},Expense,Landscaping,Mowing,Completed,799.99,,Not needed`);
    expect(lines.every((l) => !l.includes("Income"))).toBe(true);

    const budgets = await outcome(() =>
      apiExport.loader(args(get("/api/financial/export?type=budgets&period=current_month", treasurer))),
    );
    expect(await budgets.response.text()).toContain("Grounds,Landscaping,Monthly");
    const bad = await outcome(() =>
      apiExport.loader(args(get("/api/financial/export?type=ledger", treasurer))),
    );
    expect(bad.status).toBe(400);

    const report = await outcome(() =>
      reportRoute.loader(
        args(get("/financial/reports/budget-vs-actual.csv?period=current_month", treasurer), {
          report: "budget-vs-actual.csv",
        }),
      ),
    );
    expect(report.response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="budget-vs-actual-${today}.csv"`,
    );
    expect(await report.response.text()).toContain("Landscaping,1000.00,1000.00,0.00,100");
    const statement = await outcome(() =>
      reportRoute.loader(
        args(get("/financial/reports/income-statement.csv?period=current_month", treasurer), {
          report: "income-statement.csv",
        }),
      ),
    );
    expect(await statement.response.text()).toContain("Income,Total income,5000.00");
    const pdf = await outcome(() =>
      reportRoute.loader(
        args(get("/financial/reports/income-statement.pdf?period=current_month", manager), {
          report: "income-statement.pdf",
        }),
      ),
    );
    expect(pdf.response.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const unknown = await outcome(() =>
      reportRoute.loader(args(get("/financial/reports/ledger.csv", treasurer), { report: "ledger.csv" })),
    );
    expect(unknown.status).toBe(404);
  });

  it("serves the spec's JSON endpoints with the same authorization", async () => {
    const summary = await outcome(() =>
      apiSummary.loader(args(get("/api/financial/summary?period=current_month", treasurer))),
    );
    expect(summary.status).toBe(200);
    expect(Object.keys(summary.data.summary).sort()).toEqual(
      [
        "monthlyBudgetRemaining",
        "monthlyBudgetUsed",
        "overduePayments",
        "reserveFunds",
        "totalBudget",
        "totalExpenses",
        "totalIncome",
        "upcomingPayments",
        "yearlyBudgetRemaining",
        "yearlyBudgetUsed",
      ].sort(),
    );
    const list = await outcome(() =>
      apiTransactions.loader(args(get("/api/financial/transactions?limit=10&search=Mowing", treasurer))),
    );
    const mowing = list.data.transactions.find((x: Loose) => x.amount_cents === 79999);
    expect(mowing).toMatchObject({ description: "Mowing", amount: "799.99", type: "expense" });
    const budgets = await outcome(() => apiBudgets.loader(args(get("/api/financial/budgets", treasurer))));
    const pool = budgets.data.budgets.find((b: Loose) => b.name === "Pool");
    expect(pool).toMatchObject({ allocated_amount: 2_500_00, spent_amount: 42_00, status: "active" });

    const del = (route: typeof apiDeleteBudget, path: string, who: Person, id: string) =>
      outcome(() =>
        route.action(
          args(
            new Request(`http://localhost${path}`, { method: "DELETE", headers: { Cookie: who.cookie } }),
            { id },
          ),
        ),
      );
    expect((await del(apiDeleteBudget, `/api/financial/budgets/${pool.id}`, outsider, pool.id)).status).toBe(
      404,
    );
    expect((await del(apiDeleteBudget, `/api/financial/budgets/${pool.id}`, homeowner, pool.id)).status).toBe(
      403,
    );
    expect(
      (await del(apiDeleteBudget, `/api/financial/budgets/${pool.id}`, treasurer, pool.id)).data,
    ).toEqual({ success: true });
    expect((await del(apiDeleteBudget, `/api/financial/budgets/${pool.id}`, treasurer, pool.id)).status).toBe(
      404,
    );
    const tx = mowing;
    expect(
      (await del(apiDeleteTransaction, `/api/financial/transactions/${tx.id}`, outsider, tx.id)).status,
    ).toBe(404);
    expect(
      (await outcome(() => apiSummary.loader(args(get("/api/financial/summary", homeowner))))).status,
    ).toBe(403);
  });

  it("keeps a reserve study: components give the fully funded balance, percent funded and a 20-year projection, and are removed only once confirmed", async () => {
    const add = (fields: Record<string, string>) =>
      outcome(() =>
        page.action(args(post("/financials/reserves", treasurer, { intent: "create-component", ...fields }))),
      );
    // A fund with a contribution of 10,000 this month (the reserve balance), spent on nothing yet.
    expect((await add({ intent: "create-fund", name: "Capital reserve" })).status).toBe(302);
    const fund = (await tab("reserves", treasurer)).reserves.funds[0];
    expect(
      (
        await add({
          intent: "record-movement",
          fund_id: fund.id,
          kind: "contribution",
          amount: "10,000",
          description: "Reserve contribution",
          date: today,
        })
      ).status,
    ).toBe(302);
    const refused = await add({
      name: "Roof",
      useful_life: "20",
      remaining_life: "25",
      replacement_cost: "40,000",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.remaining_life).toEqual([
      "Enter a remaining life from 0 years up to its useful life",
    ]);
    expect(
      (await add({ name: "Roof", useful_life: "20", remaining_life: "5", replacement_cost: "40,000" }))
        .status,
    ).toBe(302);
    const reserves = (await tab("reserves", treasurer)).reserves;
    expect(reserves.balance).toBe("$10,000.00");
    // Fully funded: 40,000 x 15/20 = 30,000; 10,000 of it is 33%.
    expect(reserves.study).toMatchObject({
      fullyFundedCents: 30_000_00,
      percentFunded: 33,
      strength: "fair",
    });
    expect(reserves.study.projection).toHaveLength(20);
    expect(reserves.study.projection[4]).toMatchObject({ year: 5, replacement: "$40,000" });
    const roof = reserves.study.components[0];
    expect(reserves.askRemove).toBeNull();
    const remove = (who: Person, confirmed?: "1") =>
      outcome(() =>
        page.action(
          args(
            post("/financials/reserves", who, {
              intent: "delete-component",
              id: roof.id,
              ...(confirmed ? { confirmed } : {}),
            }),
          ),
        ),
      );
    const historyOf = async (id: string) =>
      (await t.db.select().from(financeHistory).where(eq(financeHistory.recordId, id))).map((h) => h.action);

    // Another association's component: 404 whether confirmed or not, and never asked about.
    expect((await tab("reserves", outsider)).reserves.study.components).toEqual([]);
    expect((await remove(outsider)).status).toBe(404);
    expect((await remove(outsider, "1")).status).toBe(404);
    expect((await tab("reserves", outsider, `&remove=${roof.id}`)).reserves.askRemove).toBeNull();

    // Unconfirmed (a post without JavaScript): the Reserves tab asks first, and nothing changes.
    const ask = await remove(treasurer);
    expect(ask.status).toBe(302);
    expect(ask.response.headers.get("Location")).toBe(`/financials/reserves?remove=${roof.id}#reserve-study`);
    const asking = (await tab("reserves", treasurer, `&remove=${roof.id}`)).reserves;
    expect(asking.askRemove).toEqual({
      id: roof.id,
      text: "Remove the component “Roof” from the reserve study?",
    });
    expect(asking.study.components.map((c: Loose) => c.id)).toEqual([roof.id]);
    expect(asking.study.fullyFundedCents).toBe(30_000_00);
    expect(await historyOf(roof.id)).toEqual(["created"]);

    // Confirmed: removed, and back to the tab without the question.
    const removed = await remove(treasurer, "1");
    expect(removed.status).toBe(302);
    expect(removed.response.headers.get("Location")).toBe("/financials/reserves");
    expect((await tab("reserves", treasurer)).reserves.study.components).toEqual([]);
    // A component no longer live is not asked about; removing it again finds nothing.
    expect((await tab("reserves", treasurer, `&remove=${roof.id}`)).reserves.askRemove).toBeNull();
    expect((await remove(treasurer)).status).toBe(404);
    expect((await remove(treasurer, "1")).status).toBe(404);
    const audit = (await outcome(() => historyPage.loader(args(get("/financial/history", treasurer))))).data;
    expect(
      audit.entries.filter((e: Loose) => e.record?.label === "Roof").map((e: Loose) => e.action),
    ).toEqual(["voided", "created"]);
  });

  it("imports a bank CSV only after its preview is confirmed: bad lines listed, duplicates left out, once", async () => {
    const day = addDays(today, -3);
    // multipartRequest names its file field "receipt"; the import form names it "file".
    const importRequest = (csv: string) => {
      const boundary = "----importboundary";
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nother\r\n`,
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bank.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.from(csv),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return new Request("http://localhost/financial/import", {
        method: "POST",
        body,
        headers: { Cookie: treasurer.cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      });
    };
    const csv = [
      "Date,Description,Amount",
      `${day},Mowing,-100.00`,
      `${day},Duke Energy bill,-310.25`,
      `${day},Duke Energy bill,-310.25`,
      `${day},Owner dues,"1,500.00"`,
      "2026-13-01,Broken,-1",
      `${day},,-2`,
    ].join("\r\n");
    const uploaded = await outcome(() => importPage.action(args(importRequest(csv))));
    expect(uploaded.status).toBe(302);
    const location = uploaded.response.headers.get("Location") ?? "";
    const id = new URL(`http://localhost${location}`).searchParams.get("id") as string;
    const before = (await tab("expenses", treasurer, "&type=all&search=Duke Energy bill")).expenses.total;
    expect(before).toBe(0);

    const view = (await outcome(() => importPage.loader(args(get(location, treasurer))))).data.preview;
    expect(view.counts).toEqual({ lines: 4, fresh: 3, duplicates: 1 });
    expect(view.errors.map((e: Loose) => e.line)).toEqual([6, 7]);
    expect(view.errors[0].message).toBe("The date is not a date (use YYYY-MM-DD or MM/DD/YYYY)");
    expect(view.lines.map((l: Loose) => [l.line, l.duplicate, l.type, l.category])).toEqual([
      [2, false, "expense", "landscaping"],
      [3, false, "expense", "utilities"],
      [4, true, "expense", "utilities"],
      [5, false, "income", "other"],
    ]);
    // Nothing written yet; an outsider cannot see or confirm it.
    expect((await tab("expenses", treasurer, "&type=all&search=Duke Energy bill")).expenses.total).toBe(0);
    expect((await outcome(() => importPage.loader(args(get(location, outsider))))).status).toBe(404);
    expect(
      (
        await outcome(() =>
          importPage.action(
            args(post("/financial/import", outsider, { intent: "confirm", id, category: "other" })),
          ),
        )
      ).status,
    ).toBe(404);

    // Confirm lines 3 and 5 (line 2 unticked), line 5 as reserves.
    const confirm = {
      intent: "confirm",
      id,
      category: "other",
      "lines[0].line": "2",
      "lines[1].line": "3",
      "lines[1].include": "1",
      "lines[1].category": "utilities",
      "lines[2].line": "4",
      "lines[3].line": "5",
      "lines[3].include": "1",
      "lines[3].category": "reserves",
    };
    // A refused confirmation (a category that is none) is a 400 naming its field; nothing is written.
    const refusedLine = await outcome(() =>
      importPage.action(
        args(post("/financial/import", treasurer, { ...confirm, "lines[1].category": "bribes" })),
      ),
    );
    expect(refusedLine.status).toBe(400);
    expect(refusedLine.data.result.error["lines[1].category"]).toEqual(["Choose a category"]);
    expect((await tab("expenses", treasurer, "&type=all&search=Duke Energy bill")).expenses.total).toBe(0);
    const done = await outcome(() => importPage.action(args(post("/financial/import", treasurer, confirm))));
    expect(done.status).toBe(302);
    const imported = (await tab("expenses", treasurer, "&type=all&search=Duke Energy bill")).expenses;
    expect(imported.rows.map((r: Loose) => [r.amount, r.type, r.category, r.status])).toEqual([
      ["$310.25", "expense", "utilities", "completed"],
    ]);
    const dues = (await tab("expenses", treasurer, "&type=income&search=Owner dues")).expenses.rows;
    expect(dues.map((r: Loose) => r.category)).toEqual(["reserves"]);
    const again = await outcome(() => importPage.action(args(post("/financial/import", treasurer, confirm))));
    expect(again.status).toBe(409);

    // Uploading the same file again: what was imported is now a duplicate.
    const second = await outcome(() => importPage.action(args(importRequest(csv))));
    const secondView = (
      await outcome(() =>
        importPage.loader(args(get(second.response.headers.get("Location") ?? "", treasurer))),
      )
    ).data.preview;
    expect(secondView.lines.filter((l: Loose) => l.duplicate).map((l: Loose) => l.line)).toEqual([3, 4, 5]);
  });

  it("reads a 5 MB bank file, counts every line and previews the first 200", async () => {
    const lines = ["Date,Description,Amount"];
    let n = 0;
    let size = lines[0]?.length ?? 0;
    while (size < 5 * 1024 * 1024) {
      n++;
      const line = `${addDays(today, -400 - (n % 300))},Bulk line ${n} with a long enough description to fill the file quickly,-${(n % 900) + 1}.${String(n % 100).padStart(2, "0")}`;
      lines.push(line);
      size += line.length + 1;
    }
    const csv = lines.join("\n");
    expect(csv.length).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    const boundary = "----bulkboundary";
    const request = new Request("http://localhost/financial/import", {
      method: "POST",
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bulk.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.from(csv),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { Cookie: treasurer.cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    const uploaded = await outcome(() => importPage.action(args(request)));
    expect(uploaded.status).toBe(302);
    const view = (
      await outcome(() =>
        importPage.loader(args(get(uploaded.response.headers.get("Location") ?? "", treasurer))),
      )
    ).data.preview;
    expect(view.counts.lines).toBe(n);
    expect(view.lines).toHaveLength(200);
    expect(view.errors).toEqual([]);
  });

  it("lets homeowners read the summary only when the board shares it, and never write", async () => {
    expect((await outcome(() => page.loader(args(get("/financials", homeowner))))).status).toBe(403);
    expect((await tab("overview")).sharing).toBe(false);
    // Only the board and managers choose.
    const refused = await outcome(() =>
      page.action(args(post("/financials", homeowner, { intent: "sharing", homeowners_see_summary: "1" }))),
    );
    expect(refused.status).toBe(403);
    // The box holds "1" or nothing: another value is refused beside it (Conform's answer), nothing saved.
    const odd = await outcome(() =>
      page.action(args(post("/financials", manager, { intent: "sharing", homeowners_see_summary: "yes" }))),
    );
    expect(odd.status).toBe(400);
    expect(odd.data.intent).toBe("sharing");
    expect(odd.data.result.error.homeowners_see_summary).toHaveLength(1);
    expect((await tab("overview")).sharing).toBe(false);
    const shared = await outcome(() =>
      page.action(args(post("/financials", manager, { intent: "sharing", homeowners_see_summary: "1" }))),
    );
    expect(shared.status).toBe(302);
    // Another tab (an old ?tab= link too) sends the homeowner to the Overview, without the search.
    for (const url of ["/financials/budgets?search=Mowing", "/financials?tab=budgets&search=Mowing"]) {
      const moved = await outcome(() => page.loader(args(get(url, homeowner))));
      expect(moved.status).toBeGreaterThanOrEqual(301);
      expect(moved.status).toBeLessThanOrEqual(302);
      const to = moved.response.headers.get("Location") ?? "";
      expect(to).toMatch(/^\/financials(\/budgets)?(\?|$)/);
      const final = to.startsWith("/financials/budgets")
        ? ((await outcome(() => page.loader(args(get(to, homeowner))))).response.headers.get("Location") ??
          "")
        : to;
      expect(final).toBe("/financials");
    }
    const view = (await outcome(() => page.loader(args(get("/financials?search=Mowing", homeowner))))).data;
    expect(view.access).toBe("summary");
    expect(view.query.tab).toBe("overview");
    expect(view.budgets).toBeUndefined();
    expect(view.overview.summary.totalIncome).toBeGreaterThan(0);
    expect(view.overview.recent).toEqual([]);
    // Still no edit pages, exports or writes.
    const b = await budgetNamed("Grounds");
    expect(
      (
        await outcome(() =>
          budgetEdit.loader(args(get(`/financial/budgets/${b.id}/edit`, homeowner), { id: b.id })),
        )
      ).status,
    ).toBe(403);
    expect(
      (await outcome(() => apiExport.loader(args(get("/api/financial/export?type=overview", homeowner)))))
        .status,
    ).toBe(403);
    expect(
      (
        await outcome(() =>
          page.action(
            args(
              post("/financials/budgets", homeowner, { intent: "delete-budget", id: b.id, confirmed: "1" }),
            ),
          ),
        )
      ).status,
    ).toBe(403);
    // Sharing turned off again: the homeowner is refused again.
    await outcome(() => page.action(args(post("/financials", manager, { intent: "sharing" }))));
    expect((await outcome(() => page.loader(args(get("/financials", homeowner))))).status).toBe(403);
  });
});
