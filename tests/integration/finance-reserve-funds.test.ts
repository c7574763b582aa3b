/**
 * Reserve funds (issue 13, parts 6 and 7; decision record 033) through the Financials page's loader
 * and actions and the report route, on both engines: balances computed from contributions,
 * withdrawals and interest (never typed, voided movements left out), a fund never below zero on any
 * day, history and versions, the Overview's reserveFunds and the study's percent funded from the
 * funds, the reserve summary report with exact figures as CSV and PDF, and isolation.
 */

import { financeHistory } from "@db/schema";
import { monthStart } from "@domain/finance";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { updateMovement } from "~/commands/finance.server";
import * as apiExport from "~/routes/api.financial.export";
import * as apiSummary from "~/routes/api.financial.summary";
import * as reportRoute from "~/routes/financial.reports.$report";
import { argsOf, formRequest, getAs, outcome, todayIn, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import * as page from "../support/financials";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const get = getAs;
const args = argsOf;

const today = todayIn("America/New_York");
const lastMonth = monthStart(today, -1);

describe.each(engines)("reserve funds on %s", (engine) => {
  const t = useTestDatabase(engine);
  let treasurer: Person;
  let homeowner: Person;
  let outsider: Person;
  let associationId: string;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    treasurer = await personWithRole(t.db, "board_member");
    homeowner = await personWithRole(t.db, "homeowner");
    outsider = await personWithRole(t.db, "board_member");
    const a = await associationWith(t.db, { id: treasurer.id, boardOffice: "treasurer" }, [
      { id: homeowner.id, memberRole: "homeowner", unit: "2A" },
    ]);
    associationId = a.id;
    await associationWith(t.db, { id: outsider.id });
  });

  const act = (fields: Record<string, string>, who: Person = treasurer) =>
    outcome(() => page.action(args(formRequest("/financials/reserves", fields, { Cookie: who.cookie }))));
  const reserves = async (who: Person = treasurer) =>
    (await outcome(() => page.loader(args(get("/financials/reserves?period=current_month", who))))).data
      .reserves;
  const fundId = async (name: string) =>
    ((await reserves()).funds as Loose[]).find((f) => f.name === name).id;
  const move = async (fund: string, kind: string, amount: string, date: string, description: string) =>
    act({ intent: "record-movement", fund_id: await fundId(fund), kind, amount, date, description });

  it("keeps funds whose balances come from their movements, never below zero, with history", async () => {
    expect((await act({ intent: "create-fund", name: "Capital reserve" })).status).toBe(302);
    expect((await act({ intent: "create-fund", name: "Roof reserve" })).status).toBe(302);
    const twice = await act({ intent: "create-fund", name: "capital RESERVE" });
    expect(twice.status).toBe(400);
    expect(twice.data.result.error.name).toEqual(["The association already has a fund with this name"]);
    const blank = await act({ intent: "create-fund", name: " " });
    expect(blank.data.result.error.name).toEqual(["Enter the fund's name"]);

    expect(
      (await move("Capital reserve", "contribution", "1,000", lastMonth, "Opening transfer")).status,
    ).toBe(302);
    expect(
      (await move("Capital reserve", "contribution", "500.25", today, "Transfer from operating")).status,
    ).toBe(302);
    expect((await move("Capital reserve", "interest", "3.10", today, "Money market interest")).status).toBe(
      302,
    );
    expect((await move("Capital reserve", "withdrawal", "200", today, "Gate motor")).status).toBe(302);
    expect((await move("Roof reserve", "contribution", "300", today, "Transfer from operating")).status).toBe(
      302,
    );
    expect((await move("Roof reserve", "withdrawal", "100", today, "Gutter repair")).status).toBe(302);
    // A reserves-category transaction of the operating books no longer moves the reserve balance.
    await act({
      intent: "create-transaction",
      type: "income",
      category: "reserves",
      amount: "999",
      description: "Old-style reserve income",
      date: today,
      status: "completed",
    });

    // Below zero: now, and on an earlier day even when the total would be fine.
    const over = await move("Roof reserve", "withdrawal", "2,000", today, "New roof");
    expect(over.status).toBe(400);
    expect(over.data.result.error.amount).toEqual([
      `A fund cannot go below zero: "Roof reserve" would have -$1,800.00 on ${dateText(today)}`,
    ]);
    const early = await move("Capital reserve", "withdrawal", "1,200", lastMonth, "Backdated paving");
    expect(early.data.result.error.amount).toEqual([
      `A fund cannot go below zero: "Capital reserve" would have -$200.00 on ${dateText(lastMonth)}`,
    ]);
    const bad = await move("Roof reserve", "bonus", "1.234", "", "");
    expect(bad.data.result.error).toMatchObject({
      kind: ["Choose contribution, withdrawal, interest or opening balance"],
      amount: ["Enter an amount like 1,234.56"],
      date: ["Enter a date"],
      description: ["Enter a description"],
    });

    // A voided movement leaves the balance; voiding the money a withdrawal spent is refused.
    await move("Roof reserve", "interest", "50", today, "Posted in error");
    let r = await reserves();
    const wrong = (r.movements as Loose[]).find((x) => x.description === "Posted in error");
    const roofBefore = (r.funds as Loose[]).find((f) => f.name === "Roof reserve").closing;
    expect(roofBefore).toBe("$250.00");
    expect(r.askVoid).toBeNull();

    // Unconfirmed (a post without JavaScript): the Reserves tab asks first, and nothing changes.
    const ask = await act({ intent: "void-movement", id: wrong.id });
    expect(ask.status).toBe(302);
    expect(ask.response.headers.get("Location")).toBe(
      `/financials/reserves?void=${wrong.id}#reserve-movements`,
    );
    const asking = (
      await outcome(() =>
        page.loader(args(get(`/financials/reserves?period=current_month&void=${wrong.id}`, treasurer))),
      )
    ).data.reserves;
    expect(asking.askVoid).toEqual({
      id: wrong.id,
      text: `Void this interest payment of $50.00 on ${dateText(today)}? It stays in the history as voided.`,
    });
    expect((asking.movements as Loose[]).some((x) => x.id === wrong.id)).toBe(true);
    expect((asking.funds as Loose[]).find((f) => f.name === "Roof reserve").closing).toBe(roofBefore);
    const unvoided = await t.db.select().from(financeHistory).where(eq(financeHistory.recordId, wrong.id));
    expect(unvoided.map((h) => h.action)).toEqual(["created"]);

    // Confirmed: voided, and back to the tab without the question.
    const voided = await act({ intent: "void-movement", id: wrong.id, confirmed: "1" });
    expect(voided.status).toBe(302);
    expect(voided.response.headers.get("Location")).toBe("/financials/reserves");
    // The question for a movement no longer live is not asked; a second void finds nothing.
    const stale = (
      await outcome(() =>
        page.loader(args(get(`/financials/reserves?period=current_month&void=${wrong.id}`, treasurer))),
      )
    ).data.reserves;
    expect(stale.askVoid).toBeNull();
    expect((stale.funds as Loose[]).find((f) => f.name === "Roof reserve").closing).toBe("$200.00");
    expect((await act({ intent: "void-movement", id: wrong.id })).status).toBe(404);
    expect((await act({ intent: "void-movement", id: wrong.id, confirmed: "1" })).status).toBe(404);

    const roofIn = (r.movements as Loose[]).find(
      (x) => x.fund === "Roof reserve" && x.kind === "contribution",
    );
    const refused = await act({ intent: "void-movement", id: roofIn.id, confirmed: "1" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error[""]).toEqual([
      `A fund cannot go below zero: "Roof reserve" would have -$100.00 on ${dateText(today)}`,
    ]);

    r = await reserves();
    expect(r.funds).toEqual([
      expect.objectContaining({
        name: "Capital reserve",
        opening: "$1,000.00",
        contributions: "$500.25",
        withdrawals: "$200.00",
        interest: "$3.10",
        closing: "$1,303.35",
      }),
      expect.objectContaining({ name: "Roof reserve", opening: "$0.00", closing: "$200.00" }),
    ]);
    expect(r).toMatchObject({
      balance: "$1,503.35",
      contributions: "$800.25",
      withdrawals: "$300.00",
      interest: "$3.10",
      movementCount: 5,
    });
    const summary = await outcome(() =>
      apiSummary.loader(args(get("/api/financial/summary?period=current_month", treasurer))),
    );
    expect(summary.data.summary.reserveFunds).toBe(1_503_35);

    // History: the voided movement keeps its created and voided rows.
    const rows = await t.db.select().from(financeHistory).where(eq(financeHistory.recordId, wrong.id));
    expect(rows.map((h) => h.action)).toEqual(["created", "voided"]);
    expect(rows[0]?.details).toMatchObject({
      after: { fund: "Roof reserve", kind: "interest", amountCents: 50_00 },
    });

    // An edit from a stale version is a conflict; a current one is kept with its history.
    const gate = (r.movements as Loose[]).find((x) => x.description === "Gate motor");
    const values = {
      kind: "withdrawal" as const,
      amountCents: 250_00,
      description: "Gate motor",
      date: today,
    };
    const actor = { associationId, actorId: treasurer.id };
    expect(
      await updateMovement(t.db, { ...actor, id: gate.id, values, expectedVersion: gate.version + 1 }),
    ).toMatchObject({
      ok: false,
      kind: "conflict",
      version: gate.version,
    });
    expect(
      await updateMovement(t.db, { ...actor, id: gate.id, values, expectedVersion: gate.version }),
    ).toEqual({
      ok: true,
      changed: true,
    });
    expect(
      await updateMovement(t.db, {
        ...actor,
        id: gate.id,
        values: { ...values, amountCents: 2_000_00 },
        expectedVersion: gate.version + 1,
      }),
    ).toMatchObject({ ok: false, kind: "validation" });
    expect(
      await updateMovement(t.db, {
        ...actor,
        id: gate.id,
        values: { ...values, amountCents: 200_00 },
        expectedVersion: gate.version + 1,
      }),
    ).toEqual({ ok: true, changed: true });
  });

  it("measures the study against the funds and reports the reserve summary as CSV and PDF", async () => {
    expect(
      (
        await act({
          intent: "create-component",
          name: "Roof",
          useful_life: "20",
          remaining_life: "5",
          replacement_cost: "40,000",
        })
      ).status,
    ).toBe(302);
    // Fully funded 40,000 x 15/20 = 30,000; the funds' 1,503.35 is 5% of it.
    const r = await reserves();
    expect(r.study).toMatchObject({ fullyFundedCents: 30_000_00, percentFunded: 5, strength: "weak" });
    expect(r.study.annualContributionCents).toBe(1_800_25);

    const report = (format: string, who: Person = treasurer) =>
      outcome(() =>
        reportRoute.loader(
          args(get(`/financial/reports/reserve-summary.${format}?period=current_month`, who), {
            report: `reserve-summary.${format}`,
          }),
        ),
      );
    const csv = await report("csv");
    expect(csv.status).toBe(200);
    expect(csv.response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="reserve-summary-${today}.csv"`,
    );
    const lines = (await csv.response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toEqual([
      "Fund,Opening balance,Contributions,Withdrawals,Interest,Closing balance",
      "Capital reserve,1000.00,500.25,200.00,3.10,1303.35",
      "Roof reserve,0.00,300.00,100.00,0.00,200.00",
      "Total reserves,1000.00,800.25,300.00,3.10,1503.35",
      "Fully funded balance,,,,,30000.00",
      "Percent funded,,,,,5%",
    ]);
    const exported = await outcome(() =>
      apiExport.loader(args(get("/api/financial/export?type=reserves&period=current_month", treasurer))),
    );
    expect(exported.response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="reserves-${today}.csv"`,
    );
    expect(
      (await exported.response.text())
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n"),
    ).toEqual(lines);
    const pdf = await report("pdf");
    expect(pdf.response.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="reserve-summary-${today}.pdf"`,
    );
    expect(
      Buffer.from(await pdf.response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const tab = (
      await outcome(() => page.loader(args(get("/financials/reports?period=current_month", treasurer))))
    ).data;
    expect(tab.reports.reserve.total).toMatchObject({ closingCents: 1_503_35, openingCents: 1_000_00 });
    // Last month: only the opening transfer moved, so it closes where this month opens.
    const last = await outcome(() =>
      reportRoute.loader(
        args(get("/financial/reports/reserve-summary.csv?period=last_month", treasurer), {
          report: "reserve-summary.csv",
        }),
      ),
    );
    expect(await last.response.text()).toContain("Capital reserve,0.00,1000.00,0.00,0.00,1000.00");
  });

  it("keeps each association's funds to itself and homeowners out", async () => {
    const r = await reserves();
    const capital = (r.funds as Loose[])[0].id;
    const movement = (r.movements as Loose[])[0].id;
    expect((await reserves(outsider)).funds).toEqual([]);
    const foreign = await act(
      {
        intent: "record-movement",
        fund_id: capital,
        kind: "withdrawal",
        amount: "1",
        date: today,
        description: "x",
      },
      outsider,
    );
    expect(foreign.status).toBe(404);
    expect((await act({ intent: "void-movement", id: movement }, outsider)).status).toBe(404);
    expect((await act({ intent: "void-movement", id: movement, confirmed: "1" }, outsider)).status).toBe(404);
    // Another association's movement is never asked about on the outsider's tab.
    const probe = await outcome(() =>
      page.loader(args(get(`/financials/reserves?void=${movement}`, outsider))),
    );
    expect(probe.data.reserves.askVoid).toBeNull();
    expect((await act({ intent: "create-fund", name: "Mine" }, homeowner)).status).toBe(403);
    const report = await outcome(() =>
      reportRoute.loader(
        args(get("/financial/reports/reserve-summary.csv", homeowner), { report: "reserve-summary.csv" }),
      ),
    );
    expect(report.status).toBe(403);
    expect((await reserves()).balance).toBe("$1,503.35");
  });

  it("projects from each fund's planned monthly contribution, says which source it used, and leaves opening balances out of the fallback", async () => {
    const plan = (fund: string, planned: string, who: Person = treasurer) =>
      fundId(fund).then((id) =>
        act({ intent: "plan-contribution", fund_id: id, planned_monthly: planned }, who),
      );
    // No plan yet: the last 12 months of contributions (1,000 + 500.25 + 300).
    let study = (await reserves()).study;
    expect(study).toMatchObject({ annualContributionCents: 1_800_25, contributionSource: "recent" });
    expect(study.contributionBasis).toBe(
      "Based on the last 12 months of contributions, excluding opening balances ($1,800 a year): no fund has a planned monthly contribution.",
    );

    expect((await plan("Capital reserve", "2,500")).status).toBe(302);
    study = (await reserves()).study;
    expect(study).toMatchObject({
      annualContributionCents: 12 * 2_500_00 + 300_00,
      contributionSource: "mixed",
    });
    expect(study.contributionBasis).toBe(
      "Based on planned contributions of $2,500/month for Capital reserve and, for Roof reserve, the last 12 months of contributions, excluding opening balances ($300): $30,300 a year.",
    );
    expect((await plan("Roof reserve", "500")).status).toBe(302);
    study = (await reserves()).study;
    expect(study).toMatchObject({ annualContributionCents: 36_000_00, contributionSource: "planned" });
    expect(study.contributionBasis).toBe("Based on planned contributions of $3,000/month ($36,000 a year).");
    expect(study.projection[0]).toMatchObject({ contribution: "$36,000" });
    expect(((await reserves()).funds as Loose[]).map((f) => f.plannedInput)).toEqual(["2500", "500"]);

    // Whole dollars, with a whole-dollar example; the plan is kept in the fund's history.
    expect((await plan("Roof reserve", "12.50")).data.result.error.planned_monthly).toEqual([
      "Enter a whole number of dollars",
    ]);
    expect((await plan("Roof reserve", "lots")).data.result.error.planned_monthly).toEqual([
      "Enter an amount like 1,234",
    ]);
    const roofId = await fundId("Roof reserve");
    const history = await t.db.select().from(financeHistory).where(eq(financeHistory.recordId, roofId));
    expect(history.at(-1)).toMatchObject({
      action: "updated",
      details: { before: { plannedMonthlyCents: null }, after: { plannedMonthlyCents: 500_00 } },
    });

    // Cleared: back to the fund's last 12 months, where an opening balance does not count...
    expect((await plan("Roof reserve", "")).status).toBe(302);
    expect((await move("Roof reserve", "opening", "5,000", today, "Balance brought forward")).status).toBe(
      302,
    );
    study = (await reserves()).study;
    expect(study).toMatchObject({
      annualContributionCents: 12 * 2_500_00 + 300_00,
      contributionSource: "mixed",
    });
    // ...while it adds to the balance, and the period shows it in its opening balance.
    const roof = ((await reserves()).funds as Loose[]).find((f) => f.name === "Roof reserve");
    expect(roof).toMatchObject({ opening: "$5,000.00", contributions: "$300.00", closing: "$5,200.00" });

    // Another association's fund cannot be planned.
    expect((await plan("Roof reserve", "100", outsider)).status).toBe(404);
  });
});

function dateText(date: string) {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${months[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}
