/**
 * The financials' board link (issue 13, part 9) and the optional unit or property of a transaction
 * (part 3), through the loaders and actions with real sessions, on both engines: the threshold (board
 * and managers only), budgets and expenses over it waiting for a passed motion (counted in no total;
 * an expense stays pending), the approval citing a passed motion of the association's own completed
 * meeting (another association's motion 404, a failed one 400, a stale version 409, a homeowner 403),
 * the citation on the record and in its history (linked to the minutes only for a viewer the board room
 * admits, not for a platform administrator outside it), and approval needed again when the amount changes.
 */

import { addDays, type FinanceTab, monthStart } from "@domain/finance";
import { APPROVAL_MESSAGES } from "@domain/finance/approval";
import { EDIT_VERSION_REQUIRED } from "@domain/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CHOOSE_MESSAGE } from "~/auth/finance.server";
import { addMember } from "~/commands/associations.server";
import { financialsPath } from "~/components/finance/links";
import * as minutesPage from "~/routes/_app.board-room_.meetings.$id_.minutes";
import * as budgetEdit from "~/routes/_app.financial.budgets.$id.edit";
import * as historyPage from "~/routes/_app.financial.history";
import * as transactionEdit from "~/routes/_app.financial.transactions.$id.edit";
import * as apiBudgets from "~/routes/api.financial.budgets";
import * as apiExport from "~/routes/api.financial.export";
import * as apiSummary from "~/routes/api.financial.summary";
import * as apiTransactions from "~/routes/api.financial.transactions";
import * as chooseRoute from "~/routes/financial.association";
import { CHOOSE_ASSOCIATION } from "~/routes/financial.association.server";
import { argsOf, getAs, outcome, postAs, thrown, todayIn, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import * as page from "../support/financials";
import { heldMeetingWithMotions } from "../support/meetings";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const get = getAs;
const post = postAs;
const args = argsOf;

const today = todayIn("America/New_York");

describe.each(engines)("financial board approval on %s", (engine) => {
  const t = useTestDatabase(engine);
  let treasurer: Person;
  let manager: Person;
  let homeowner: Person;
  let outsider: Person;
  let admin: Person;
  let associationId: string;
  let otherAssociationId: string;
  let passed: string;
  let failed: string;
  let otherPassed: string;
  let unfinished: string;
  let meetingId: string;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    treasurer = await personWithRole(t.db, "board_member");
    manager = await personWithRole(t.db, "manager");
    homeowner = await personWithRole(t.db, "homeowner");
    outsider = await personWithRole(t.db, "board_member");
    admin = await personWithRole(t.db, "admin");
    ({ id: associationId } = await associationWith(t.db, { id: treasurer.id, boardOffice: "treasurer" }, [
      { id: manager.id, memberRole: "property_manager" },
      { id: homeowner.id, memberRole: "homeowner", unit: "4B" },
    ]));
    ({ id: otherAssociationId } = await associationWith(t.db, { id: outsider.id }));
    const held = await heldMeetingWithMotions(t.db, {
      associationId,
      by: treasurer.id,
      title: "Spring board meeting",
      motions: [
        { motion: "Approve the roof repair contract", vote_result: "passed" },
        { motion: "Repaint the lobby", vote_result: "failed" },
      ],
    });
    meetingId = held.meetingId;
    [passed, failed] = held.motionIds as [string, string];
    [otherPassed] = (
      await heldMeetingWithMotions(t.db, {
        associationId: otherAssociationId,
        by: outsider.id,
        motions: [{ motion: "Approve everything", vote_result: "passed" }],
      })
    ).motionIds as [string];
    [unfinished] = (
      await heldMeetingWithMotions(t.db, {
        associationId,
        by: treasurer.id,
        title: "Meeting still in progress",
        motions: [{ motion: "Approve the pool heater", vote_result: "passed" }],
        complete: false,
      })
    ).motionIds as [string];
  });

  const tab = async (name: string, who: Person = treasurer, extra = "") =>
    (
      await outcome(() =>
        page.loader(args(get(`${financialsPath(name as FinanceTab)}?period=current_month${extra}`, who))),
      )
    ).data;

  const setThreshold = (value: string, who: Person = treasurer) =>
    outcome(() =>
      page.action(args(post("/financials", who, { intent: "threshold", approval_threshold: value }))),
    );

  const addExpense = (fields: Record<string, string> = {}) =>
    outcome(() =>
      page.action(
        args(
          post("/financials/expenses", treasurer, {
            intent: "create-transaction",
            type: "expense",
            category: "maintenance",
            amount: "100.00",
            description: "Gutter cleaning",
            date: today,
            status: "completed",
            ...fields,
          }),
        ),
      ),
    );

  /** A maintenance budget for this month, created by the treasurer; returns its row on the Budgets tab. */
  const addMonthlyBudget = async (name: string, allocated: string) => {
    const created = await outcome(() =>
      page.action(
        args(
          post("/financials/budgets", treasurer, {
            intent: "create-budget",
            name,
            category: "maintenance",
            allocated,
            period: "monthly",
            start_date: monthStart(today),
            end_date: addDays(monthStart(today, 1), -1),
          }),
        ),
      ),
    );
    expect(created.status).toBe(302);
    return ((await tab("budgets")).budgets as Loose[]).find((b) => b.name === name);
  };

  const expenseNamed = async (description: string) =>
    (
      (await tab("expenses", treasurer, `&type=all&search=${encodeURIComponent(description)}`)).expenses
        .rows as Loose[]
    ).find((r) => r.description === description);

  const editPath = (id: string) => `/financial/transactions/${id}/edit`;
  const viewExpense = async (id: string, who: Person = treasurer) =>
    (await outcome(() => transactionEdit.loader(args(get(editPath(id), who), { id })))).data;
  const approve = (id: string, motionId: string, version: number, who: Person = treasurer) =>
    outcome(() =>
      transactionEdit.action(
        args(post(editPath(id), who, { intent: "approve", motion_id: motionId, version: String(version) }), {
          id,
        }),
      ),
    );

  it("keeps the threshold in whole dollars for the board and managers only", async () => {
    expect((await setThreshold("12.50")).data.result.error.approval_threshold).toEqual([
      APPROVAL_MESSAGES.thresholdInvalid,
    ]);
    expect((await setThreshold("5,000", homeowner)).status).toBe(403);
    const saved = await setThreshold("5,000", manager);
    expect(saved.status).toBe(302);
    expect((await tab("overview")).threshold).toBe(5_000_00);
  });

  it("holds an expense over the threshold as pending, awaiting the board, out of every total", async () => {
    await setThreshold("5,000");
    const before = (await tab("overview")).overview.summary.totalExpenses;
    const created = await addExpense({ amount: "5,000.01", description: "Roof repair" });
    expect(created.status).toBe(302);
    // At the threshold exactly, nothing needs the board.
    await addExpense({ amount: "5,000", description: "Boiler service" });
    const roof = await expenseNamed("Roof repair");
    expect(roof).toMatchObject({ status: "pending", approval: "awaiting", citation: null });
    expect(await expenseNamed("Boiler service")).toMatchObject({ status: "completed", approval: "none" });
    expect((await tab("overview")).overview.summary.totalExpenses).toBe(before + 5_000_00);
    // Income never needs the board.
    await addExpense({ type: "income", amount: "9,000", description: "Special assessment" });
    expect(await expenseNamed("Special assessment")).toMatchObject({ approval: "none", status: "completed" });
  });

  it("approves with a passed motion of the association's own completed meeting, cited on the record and in its history", async () => {
    await setThreshold("5,000");
    await addExpense({ amount: "7,500", description: "Elevator repair" });
    const row = await expenseNamed("Elevator repair");
    const view = await viewExpense(row.id);
    // The choices: passed motions of completed meetings only.
    expect(view.motions.map((m: Loose) => m.id)).toContain(passed);
    expect(view.motions.map((m: Loose) => m.id)).not.toContain(failed);
    expect(view.motions.map((m: Loose) => m.id)).not.toContain(unfinished);
    expect(view.motions.map((m: Loose) => m.id)).not.toContain(otherPassed);
    expect(view.motions.find((m: Loose) => m.id === passed).label).toContain("Spring board meeting");
    const version = view.transaction.version;

    // Another association's motion: not found, whatever it says.
    expect((await approve(row.id, otherPassed, version)).status).toBe(404);
    // A motion that failed, or of a meeting not completed, cannot approve.
    // Conform's answer to the panel's form: the motion's error beside the select.
    const refused = await approve(row.id, failed, version);
    expect(refused.status).toBe(400);
    expect(refused.data.intent).toBe("approve");
    expect(refused.data.result.error).toEqual({ motion_id: [APPROVAL_MESSAGES.motionNotPassed] });
    expect((await approve(row.id, unfinished, version)).status).toBe(400);
    // No motion chosen, or not a motion's id: refused by the schema, beside the select.
    const unchosen = await approve(row.id, "", version);
    expect(unchosen.status).toBe(400);
    expect(unchosen.data.intent).toBe("approve");
    expect(unchosen.data.result.error.motion_id).toEqual([APPROVAL_MESSAGES.motionRequired]);
    expect((await approve(row.id, "not-a-motion", version)).data.result.error.motion_id).toEqual([
      APPROVAL_MESSAGES.motionRequired,
    ]);
    // Without the version it was rendered from: refused, never a last write.
    const unversioned = await outcome(() =>
      transactionEdit.action(
        args(post(editPath(row.id), treasurer, { intent: "approve", motion_id: passed }), { id: row.id }),
      ),
    );
    expect(unversioned.status).toBe(400);
    expect(unversioned.data.result.error.version).toEqual([EDIT_VERSION_REQUIRED]);
    // A homeowner cannot approve; a stale version is a conflict, told for the whole form.
    expect((await approve(row.id, passed, version, homeowner)).status).toBe(403);
    const stale = await approve(row.id, passed, version - 1);
    expect(stale.status).toBe(409);
    expect(stale.data.intent).toBe("approve");
    expect(stale.data.result.error[""]).toHaveLength(1);
    // The outsider does not even find the record.
    expect((await approve(row.id, otherPassed, version, outsider)).status).toBe(404);

    const approved = await approve(row.id, passed, version, manager);
    expect(approved.status).toBe(302);
    const after = await viewExpense(row.id);
    expect(after.transaction).toMatchObject({
      approval: "approved",
      citation: {
        motion: "Approve the roof repair contract",
        href: `/board-room/meetings/${meetingId}/minutes`,
      },
    });
    const entry = after.history.at(-1);
    expect(entry.action).toBe("approved");
    expect(entry.lines).toContain("Board approval: Awaiting board approval → Approved by the board");
    expect(entry.motion).toEqual({
      text: "Approve the roof repair contract",
      href: `/board-room/meetings/${meetingId}/minutes`,
    });
    // Approving twice is refused: it no longer awaits the board.
    const again = await approve(row.id, passed, after.transaction.version);
    expect(again.data.result.error.motion_id).toEqual([APPROVAL_MESSAGES.notAwaiting]);
  });

  it("keeps the approval through other edits, and needs the board again when the amount changes over the threshold", async () => {
    await setThreshold("5,000");
    await addExpense({ amount: "6,000", description: "Paving" });
    const row = await expenseNamed("Paving");
    await approve(row.id, passed, (await viewExpense(row.id)).transaction.version);
    const save = async (patch: Record<string, string>) => {
      const view = await viewExpense(row.id);
      return outcome(() =>
        transactionEdit.action(
          args(
            post(editPath(row.id), treasurer, {
              intent: "save",
              ...view.defaults,
              ...patch,
              version: String(view.transaction.version),
            }),
            { id: row.id },
          ),
        ),
      );
    };
    // Completed once approved; a new description keeps the approval.
    expect((await save({ status: "completed", description: "Paving, north lot" })).status).toBe(302);
    expect(await expenseNamed("Paving, north lot")).toMatchObject({
      approval: "approved",
      status: "completed",
    });
    // A new amount still over the threshold: awaiting again, back to pending, the citation dropped.
    await save({ amount: "6,500" });
    const view = await viewExpense(row.id);
    expect(view.transaction).toMatchObject({ approval: "awaiting", status: "pending", citation: null });
    expect(view.history.at(-1).lines).toEqual(
      expect.arrayContaining([
        "Amount: $6,000.00 → $6,500.00",
        "Status: Completed → Pending",
        "Board approval: Approved by the board → Awaiting board approval",
      ]),
    );
    // Down to the threshold: nothing to approve.
    await save({ amount: "4,000" });
    expect((await viewExpense(row.id)).transaction.approval).toBe("none");
  });

  it("does not count a budget awaiting the board in the total budget until approved", async () => {
    await setThreshold("5,000");
    const base = (await tab("overview")).overview.summary.totalBudget;
    const budget = await addMonthlyBudget("Roof reserve draw", "20,000");
    expect(budget).toMatchObject({ approval: "awaiting", approvalLabel: "Awaiting board approval" });
    expect((await tab("overview")).overview.summary.totalBudget).toBe(base);
    const path = `/financial/budgets/${budget.id}/edit`;
    const view = (await outcome(() => budgetEdit.loader(args(get(path, treasurer), { id: budget.id })))).data;
    expect(view.motions.map((m: Loose) => m.id)).toContain(passed);
    const stale = await outcome(() =>
      budgetEdit.action(
        args(post(path, treasurer, { intent: "approve", motion_id: passed, version: "0" }), {
          id: budget.id,
        }),
      ),
    );
    expect(stale.status).toBe(409);
    const foreign = await outcome(() =>
      budgetEdit.action(
        args(
          post(path, treasurer, {
            intent: "approve",
            motion_id: otherPassed,
            version: String(budget.version),
          }),
          {
            id: budget.id,
          },
        ),
      ),
    );
    expect(foreign.status).toBe(404);
    const ok = await outcome(() =>
      budgetEdit.action(
        args(
          post(path, treasurer, { intent: "approve", motion_id: passed, version: String(budget.version) }),
          {
            id: budget.id,
          },
        ),
      ),
    );
    expect(ok.status).toBe(302);
    expect((await tab("overview")).overview.summary.totalBudget).toBe(base + 20_000_00);
    const api = (await outcome(() => apiBudgets.loader(args(get("/api/financial/budgets", treasurer))))).data;
    expect(api.budgets.find((b: Loose) => b.id === budget.id).board_approval).toBe("approved");
  });

  it("keeps an optional unit or property on a transaction: form, list, search, edit, history, CSV and JSON", async () => {
    await setThreshold("");
    const created = await addExpense({ amount: "80", description: "Lock change", property: "Unit 12B" });
    expect(created.status).toBe(302);
    const row = await expenseNamed("Lock change");
    expect(row.property).toBe("Unit 12B");
    // The search finds it by its unit too.
    const found = (await tab("expenses", treasurer, "&type=all&search=12B")).expenses.rows as Loose[];
    expect(found.map((r) => r.id)).toContain(row.id);
    const view = await viewExpense(row.id);
    expect(view.defaults.property).toBe("Unit 12B");
    const saved = await outcome(() =>
      transactionEdit.action(
        args(
          post(editPath(row.id), treasurer, {
            intent: "save",
            ...view.defaults,
            property: "Unit 14C",
            version: String(view.transaction.version),
          }),
          { id: row.id },
        ),
      ),
    );
    expect(saved.status).toBe(302);
    const after = await viewExpense(row.id);
    expect(after.history[0].lines).toContain("Property: Unit 12B");
    expect(after.history.at(-1).lines).toEqual(["Property: Unit 12B → Unit 14C"]);
    const csv = await (
      await thrown(() =>
        apiExport.loader(args(get("/api/financial/export?type=expenses&period=current_month", treasurer))),
      )
    ).text();
    expect(csv.split("\n")[0]).toContain("Unit or property,Board approval");
    expect(csv).toContain("Lock change,Completed,80.00,Unit 14C,Not needed");
    const api = (
      await outcome(() =>
        apiTransactions.loader(args(get("/api/financial/transactions?limit=100&search=Lock", treasurer))),
      )
    ).data;
    expect(api.transactions.find((x: Loose) => x.id === row.id)).toMatchObject({
      property_reference: "Unit 14C",
      board_approval: "none",
    });
    // Too long is refused with the form's message.
    const long = await addExpense({ description: "Long", property: "x".repeat(121) });
    expect(long.status).toBe(400);
  });

  it("lets a platform administrator keep any association's books once chosen, scoped on the server", async () => {
    // Nothing chosen yet: the page offers the associations; the other pages and the API send back to it.
    const first = (await outcome(() => page.loader(args(get("/financials", admin))))).data;
    expect(first.access).toBe("choose");
    expect(first.adminChooser.associations.map((a: Loose) => a.id)).toContain(associationId);
    const api = await outcome(() => apiSummary.loader(args(get("/api/financial/summary", admin))));
    expect(api.status).toBe(403);
    expect(api.data.error).toBe(ADMIN_CHOOSE_MESSAGE);
    // Only administrators choose; an unknown association is not found.
    const choose = (who: Person, id: string) =>
      outcome(() => chooseRoute.action(args(post("/financial/association", who, { association_id: id }))));
    expect((await choose(treasurer, associationId)).status).toBe(403);
    const unknown = await choose(admin, "00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    // Conform's answer, the error beside the select, and the choices to show it again without JavaScript.
    expect(unknown.data.result.error.association_id).toHaveLength(1);
    // The page the refusal shows on without JavaScript: the chooser again (a plain GET goes to /financials).
    const again = await outcome(() => chooseRoute.loader(args(get("/financial/association?chooser", admin))));
    expect(again.data.chooser.associations.map((a: Loose) => a.id)).toContain(associationId);
    expect(
      (await outcome(() => chooseRoute.loader(args(get("/financial/association?chooser", treasurer)))))
        .status,
    ).toBe(403);
    expect(
      (
        await outcome(() => chooseRoute.loader(args(get("/financial/association", admin))))
      ).response.headers.get("Location"),
    ).toBe("/financials");
    const none = await choose(admin, "");
    expect(none.status).toBe(400);
    expect(none.data.result.error).toEqual({ association_id: [CHOOSE_ASSOCIATION] });
    expect((await choose(admin, associationId)).status).toBe(302);

    const now = (await outcome(() => page.loader(args(get("/financials/expenses?type=all", admin))))).data;
    expect(now.access).toBe("manage");
    expect(now.adminChooser.chosen).toBe(associationId);
    await setThreshold("5,000");
    await addExpense({ amount: "9,999", description: "Chiller overhaul" });
    const row = await expenseNamed("Chiller overhaul");
    const seen = await viewExpense(row.id, admin);
    expect(seen.transaction.description).toBe("Chiller overhaul");
    expect((await approve(row.id, passed, seen.transaction.version, admin)).status).toBe(302);
    expect((await viewExpense(row.id)).history.at(-1).action).toBe("approved");
    // Another association's record stays not found while this one is chosen.
    await outcome(() =>
      page.action(
        args(
          post("/financials/expenses", outsider, {
            intent: "create-transaction",
            type: "expense",
            category: "other",
            amount: "10",
            description: "Outsider expense",
            date: today,
            status: "completed",
          }),
        ),
      ),
    );
    const theirs = (
      (await tab("expenses", outsider, "&type=all&search=Outsider")).expenses.rows as Loose[]
    ).find((r) => r.description === "Outsider expense");
    expect(
      (await outcome(() => transactionEdit.loader(args(get(editPath(theirs.id), admin), { id: theirs.id }))))
        .status,
    ).toBe(404);
  });

  it("links the cited motion to its minutes only for a viewer the board room admits, on the record and in the history", async () => {
    // Two platform administrators in this association's books: one also sits on its board, the other
    // only on another association's board (the board room shows them no meeting of this one).
    const boardAdmin = await personWithRole(t.db, "admin");
    await addMember(t.db, associationId, {
      userId: boardAdmin.id,
      memberRole: "board_member",
      boardOffice: null,
      unit: null,
      invitedBy: treasurer.id,
    });
    const strangerAdmin = await personWithRole(t.db, "admin");
    await associationWith(t.db, { id: strangerAdmin.id });
    for (const who of [admin, boardAdmin, strangerAdmin])
      expect(
        (
          await outcome(() =>
            chooseRoute.action(args(post("/financial/association", who, { association_id: associationId }))),
          )
        ).status,
      ).toBe(302);

    // The board room's own answer, which the link would follow.
    const minutes = `/board-room/meetings/${meetingId}/minutes`;
    const opens = async (who: Person) =>
      (await outcome(() => minutesPage.loader(args(get(minutes, who), { id: meetingId })))).status;
    expect(await opens(treasurer)).toBe(200);
    expect(await opens(manager)).toBe(200);
    expect(await opens(boardAdmin)).toBe(200);
    expect(await opens(strangerAdmin)).toBe(404);

    // An expense and a budget over the threshold, approved with the board's motion.
    await setThreshold("5,000");
    await addExpense({ amount: "8,000", description: "Boiler replacement" });
    const expense = await expenseNamed("Boiler replacement");
    expect(
      (await approve(expense.id, passed, (await viewExpense(expense.id)).transaction.version)).status,
    ).toBe(302);
    const budget = await addMonthlyBudget("Boiler budget", "30,000");
    const budgetPath = `/financial/budgets/${budget.id}/edit`;
    const viewBudget = async (who: Person) =>
      (await outcome(() => budgetEdit.loader(args(get(budgetPath, who), { id: budget.id })))).data;
    const approvedBudget = await outcome(() =>
      budgetEdit.action(
        args(
          post(budgetPath, treasurer, {
            intent: "approve",
            motion_id: passed,
            version: String(budget.version),
          }),
          { id: budget.id },
        ),
      ),
    );
    expect(approvedBudget.status).toBe(302);
    const audit = async (who: Person) =>
      (
        (await outcome(() => historyPage.loader(args(get("/financial/history", who))))).data
          .entries as Loose[]
      )
        .filter((e) => e.action === "approved")
        .slice(0, 2);

    const text = "Approve the roof repair contract";
    for (const who of [treasurer, manager, boardAdmin]) {
      const expenseView = await viewExpense(expense.id, who);
      const budgetView = await viewBudget(who);
      expect(expenseView.transaction.citation).toEqual({ motion: text, href: minutes });
      expect(budgetView.budget.citation).toEqual({ motion: text, href: minutes });
      expect(expenseView.history.at(-1).motion).toEqual({ text, href: minutes });
      expect(budgetView.history.at(-1).motion).toEqual({ text, href: minutes });
      expect(await audit(who)).toEqual([
        expect.objectContaining({ motion: { text, href: minutes } }),
        expect.objectContaining({ motion: { text, href: minutes } }),
      ]);
    }
    // Administrators outside the board: the motion quoted, no link to a page that would answer 404.
    for (const who of [admin, strangerAdmin]) {
      const expenseView = await viewExpense(expense.id, who);
      const budgetView = await viewBudget(who);
      expect(expenseView.transaction).toMatchObject({
        approval: "approved",
        citation: { motion: text, href: null },
      });
      expect(budgetView.budget).toMatchObject({
        approval: "approved",
        citation: { motion: text, href: null },
      });
      expect(expenseView.history.at(-1).motion).toEqual({ text, href: null });
      // The history quotes it in its lines, as for everyone.
      expect(expenseView.history.at(-1).lines).toContainEqual(expect.stringContaining(`Motion: "${text}"`));
      expect(budgetView.history.at(-1).motion).toEqual({ text, href: null });
      const entries = await audit(who);
      expect(entries).toHaveLength(2);
      for (const e of entries) expect(e.motion).toEqual({ text, href: null });
      expect(JSON.stringify(entries)).not.toContain(minutes);
    }
  });
});
