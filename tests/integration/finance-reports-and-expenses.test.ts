/**
 * Issue 26, part 9, through the loaders and actions on both engines: report CSVs write amounts as
 * numbers (a negative amount is not turned into text) while text cells keep the formula guard; the
 * reserve summary PDF's headers stay whole on one line; the Expenses tab's Overdue and Upcoming
 * tables follow its search; and the delete question names the record it deletes.
 */

import { addDays, dateLabel, type FinanceTab, monthStart } from "@domain/finance";
import { beforeAll, describe, expect, it } from "vitest";
import { financialsPath } from "~/components/finance/links";
import { RESERVE_SUMMARY_HEADER } from "~/queries/finance-export.server";
import * as budgetEdit from "~/routes/_app.financial.budgets.$id.edit";
import * as transactionEdit from "~/routes/_app.financial.transactions.$id.edit";
import * as apiExport from "~/routes/api.financial.export";
import * as reportRoute from "~/routes/financial.reports.$report";
import { argsOf, getAs, outcome, postAs, todayIn, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import * as page from "../support/financials";
import { pdfTextRuns } from "../support/pdf";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const today = todayIn("America/New_York");
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe.each(engines)("financial reports and the Expenses tab on %s", (engine) => {
  const t = useTestDatabase(engine);
  let treasurer: Person;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    treasurer = await personWithRole(t.db, "board_member");
    await associationWith(t.db, { id: treasurer.id, boardOffice: "treasurer" });
    const act = async (fields: Record<string, string>) => {
      const path =
        fields.intent === "create-budget"
          ? "/financials/budgets"
          : fields.intent === "create-transaction"
            ? "/financials/expenses"
            : "/financials/reserves";
      const r = await outcome(() => page.action(argsOf(postAs(path, treasurer, fields))));
      expect(r.status, JSON.stringify(r.data)).toBe(302);
    };
    const transaction = (fields: Record<string, string>) =>
      act({
        intent: "create-transaction",
        type: "expense",
        category: "maintenance",
        date: today,
        status: "completed",
        ...fields,
      });
    await act({
      intent: "create-budget",
      name: "Repairs",
      category: "maintenance",
      allocated: "1,000",
      period: "monthly",
      start_date: monthStart(today),
      end_date: addDays(monthStart(today, 1), -1),
    });
    await transaction({ type: "income", category: "other", amount: "1,000.00", description: "Assessments" });
    await transaction({ amount: "2,500.00", description: '=HYPERLINK("http://evil.example")' });
    await transaction({
      amount: "1,850.00",
      description: "Fire alarm inspection",
      date: addDays(today, -3),
      status: "pending",
    });
    await transaction({
      amount: "2,250.00",
      description: "Palm trimming",
      date: addDays(today, 5),
      status: "pending",
    });
    await transaction({
      amount: "640.00",
      description: "Trash service",
      date: addDays(today, 9),
      status: "pending",
    });
    await act({ intent: "create-fund", name: "Capital reserve" });
    const fund = (await tab("reserves")).reserves.funds[0];
    await act({
      intent: "record-movement",
      fund_id: fund.id,
      kind: "contribution",
      amount: "12,345.67",
      description: "Transfer from operating",
      date: today,
    });
    // A component due now, fully funded at 19,330: the fund's 12,345.67 is 63.87% of it.
    await act({
      intent: "create-component",
      name: "Boiler",
      useful_life: "1",
      remaining_life: "0",
      replacement_cost: "19,330",
    });
  });

  const tab = async (name: string, extra = "") =>
    (
      await outcome(() =>
        page.loader(
          argsOf(getAs(`${financialsPath(name as FinanceTab)}?period=current_month${extra}`, treasurer)),
        ),
      )
    ).data;
  const report = (name: string) =>
    outcome(() =>
      reportRoute.loader(
        argsOf(getAs(`/financial/reports/${name}?period=current_month`, treasurer), { report: name }),
      ),
    );

  it("writes amounts as numbers (a negative one too) and guards only text cells against formulas", async () => {
    expect(csvLines(await (await report("income-statement.csv")).response.text())).toEqual([
      "Section,Category,Amount",
      "Income,Other,1000.00",
      "Income,Total income,1000.00",
      "Expenses,Maintenance,2500.00",
      "Expenses,Total expenses,2500.00",
      "Result,Net deficit,-1500.00",
    ]);
    expect(csvLines(await (await report("budget-vs-actual.csv")).response.text())).toContain(
      "Maintenance,1000.00,2500.00,-1500.00,250",
    );
    const expenses = await outcome(() =>
      apiExport.loader(argsOf(getAs("/api/financial/export?type=expenses&period=current_month", treasurer))),
    );
    // The description is text that starts with "=": still guarded.
    expect(csvLines(await expenses.response.text())).toContain(
      `${today},Expense,Maintenance,"'=HYPERLINK(""http://evil.example"")",Completed,2500.00,,Not needed`,
    );
  });

  it("rounds percent funded (63.87% is 64%) on the page, in the CSV and in the PDF", async () => {
    expect((await tab("reserves")).reserves.study.percentFunded).toBe(64);
    expect((await tab("reports")).reports.reserve.percentFunded).toBe(64);
    expect(csvLines(await (await report("reserve-summary.csv")).response.text())).toContain(
      "Percent funded,,,,,64%",
    );
    const pdf = Buffer.from(await (await report("reserve-summary.pdf")).response.arrayBuffer());
    expect(pdfTextRuns(pdf).map((r) => r.text)).toContain("64%");
  });

  it("lays the reserve summary PDF's columns out so every header is whole, on the header line", async () => {
    const pdf = Buffer.from(await (await report("reserve-summary.pdf")).response.arrayBuffer());
    const runs = pdfTextRuns(pdf);
    const headers = RESERVE_SUMMARY_HEADER.map((h) => runs.find((r) => r.text === h));
    expect(headers.map((r) => r?.text)).toEqual([...RESERVE_SUMMARY_HEADER]);
    expect(new Set(headers.map((r) => r?.y)).size).toBe(1);
    // Nothing else sits on the header line, and the first row holds the fund's figures, whole.
    const headerY = headers[0]?.y;
    expect(runs.filter((r) => r.y === headerY).map((r) => r.text)).toEqual([...RESERVE_SUMMARY_HEADER]);
    const below = runs
      .filter((r) => headerY !== undefined && r.y < headerY)
      .sort((a, b) => b.y - a.y || a.x - b.x);
    expect(below.slice(0, 6).map((r) => r.text)).toEqual([
      "Capital reserve",
      "0.00",
      "12345.67",
      "0.00",
      "0.00",
      "12345.67",
    ]);
  });

  it("narrows the Overdue and Upcoming tables by the tab's search, on the server", async () => {
    const shown = async (search: string) => {
      const e = (await tab("expenses", `&search=${encodeURIComponent(search)}`)).expenses;
      return {
        overdue: e.overdue.map((r: Loose) => r.description),
        upcoming: e.upcoming.map((r: Loose) => r.description),
      };
    };
    expect(await shown("")).toEqual({
      overdue: ["Fire alarm inspection"],
      upcoming: ["Palm trimming", "Trash service"],
    });
    expect(await shown("palm")).toEqual({ overdue: [], upcoming: ["Palm trimming"] });
    expect(await shown("fire alarm")).toEqual({ overdue: ["Fire alarm inspection"], upcoming: [] });
    expect(await shown("no such payee")).toEqual({ overdue: [], upcoming: [] });
  });

  it("names the record in the delete question asked without JavaScript", async () => {
    const palm = (await tab("expenses", "&search=palm")).expenses.upcoming[0];
    const ask = await outcome(() =>
      page.action(
        argsOf(postAs("/financials/expenses", treasurer, { intent: "delete-transaction", id: palm.id })),
      ),
    );
    expect(ask.response.headers.get("Location")).toBe(`/financial/transactions/${palm.id}/edit?delete=1`);
    const asking = await outcome(() =>
      transactionEdit.loader(
        argsOf(getAs(`/financial/transactions/${palm.id}/edit?delete=1`, treasurer), { id: palm.id }),
      ),
    );
    expect(asking.data.askDelete).toBe(
      `Are you sure you want to delete this transaction? “Palm trimming”, an expense of $2,250.00 on ${dateLabel(addDays(today, 5))}.`,
    );
    const notAsked = await outcome(() =>
      transactionEdit.loader(
        argsOf(getAs(`/financial/transactions/${palm.id}/edit`, treasurer), { id: palm.id }),
      ),
    );
    expect(notAsked.data.askDelete).toBeNull();

    const budget = (await tab("budgets")).budgets[0];
    const budgetAsking = await outcome(() =>
      budgetEdit.loader(
        argsOf(getAs(`/financial/budgets/${budget.id}/edit?delete=1`, treasurer), { id: budget.id }),
      ),
    );
    expect(budgetAsking.data.askDelete).toBe(
      `Are you sure you want to delete this budget? “Repairs”, $1,000 from ${dateLabel(monthStart(today))} to ${dateLabel(addDays(monthStart(today, 1), -1))}.`,
    );
  });
});
