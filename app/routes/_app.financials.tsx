import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  CATEGORY_LABELS,
  centsToInput,
  DEFAULT_PERIOD,
  dateLabel,
  deleteBudgetConfirm,
  deleteTransactionConfirm,
  FINANCE_CATEGORIES,
  FINANCE_MESSAGES,
  FINANCE_PERIODS,
  FINANCE_TAB_LABELS,
  FINANCE_TABS,
  type FinanceTab,
  formatMoney,
  monthEnd,
  monthStart,
  PERIOD_LABELS,
  paymentWindows,
  periodWindow,
  TRANSACTION_LIST_LIMIT,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  type UsageTone,
} from "@domain/finance";
import { APPROVAL_MESSAGES, ThresholdFormSchema } from "@domain/finance/approval";
import {
  BudgetFormSchema,
  ComponentFormSchema,
  FundFormSchema,
  MovementFormSchema,
  PlannedContributionFormSchema,
  TransactionFormSchema,
} from "@domain/finance/forms";
import { MOVEMENT_KIND_LABELS, voidMovementConfirm } from "@domain/finance/funds";
import { type FinanceQuery, readFinanceQuery } from "@domain/finance/query";
import { removeComponentConfirm } from "@domain/finance/reserves";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import {
  associationToday,
  homeownersSeeSummary,
  requireFinance,
  requireFinanceReader,
} from "~/auth/finance.server";
import { associationPlanNotice } from "~/auth/plan.server";
import {
  checkReceivedReceipt,
  createBudget,
  createComponent,
  createFund,
  createTransaction,
  discardReceipts,
  type ReceivedReceipt,
  readReceiptUpload,
  recordMovement,
  savedMessage,
  setApprovalThreshold,
  setHomeownersSeeSummary,
  setPlannedContribution,
  voidBudget,
  voidComponent,
  voidMovement,
  voidTransaction,
} from "~/commands/finance.server";
import { PlanLimitNotice } from "~/components/billing/plan-limit-notice";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { BudgetActualChart, IncomeExpenseChart } from "~/components/finance/charts";
import { DeleteButton, DeleteConfirmation } from "~/components/finance/delete";
import { BudgetForm, ComponentForm, TransactionForm } from "~/components/finance/forms";
import { FundForm, MovementForm, PlannedContributionForm } from "~/components/finance/reserve-fund-forms";
import { buttonClass } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { StatCards } from "~/components/ui/stat-cards";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { isMultipart, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import {
  findComponent,
  findMovement,
  listBudgets,
  listMovements,
  listTransactions,
  pendingPayments,
} from "~/queries/finance.server";
import { associationChoices } from "~/queries/finance-admin.server";
import { approvalThreshold } from "~/queries/finance-approval.server";
import {
  budgetVsActual,
  incomeStatement,
  monthlyChart,
  presentBudget,
  presentMovement,
  presentTransaction,
  reserveStudy,
  reserveSummary,
  type Scope,
  summaryFor,
} from "~/queries/finance-present.server";

export const meta: MetaFunction = () => [{ title: "Financials · Association Commons" }];

/** The page's forms, told apart by their hidden intent. */
const IntentSchema = z.object({
  intent: z.enum([
    "sharing",
    "threshold",
    "create-budget",
    "create-transaction",
    "delete-budget",
    "delete-transaction",
    "create-component",
    "delete-component",
    "create-fund",
    "record-movement",
    "void-movement",
    "plan-contribution",
  ]),
});
const DeleteSchema = z.object({ id: z.string().uuid() });
/**
 * The Reserves tab asks before voiding a movement or removing a study component. Without JavaScript
 * the unconfirmed post comes back to the tab with ?void={movement id} or ?remove={component id} (at
 * the record's section), and the tab shows DeleteConfirmation for that record.
 */
const RESERVE_QUESTIONS = {
  "void-movement": { param: "void", section: "reserve-movements" },
  "delete-component": { param: "remove", section: "reserve-study" },
} as const;
type ReserveQuestion = keyof typeof RESERVE_QUESTIONS;

/** The id the Reserves tab is asked about (?void= or ?remove=), when it is a well-formed one. */
function askedId(request: Request, intent: ReserveQuestion) {
  const param = RESERVE_QUESTIONS[intent].param;
  const asked = DeleteSchema.safeParse({ id: new URL(request.url).searchParams.get(param) });
  return asked.success ? asked.data.id : undefined;
}

const EXPENSE_PAGE_SIZE = 50;

/**
 * /financials (spec 001 section 2.9; issue 13): the active association's books for its board members
 * and managers, in five tabs. Every figure is computed from its live (non-voided) records.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const reader = await requireFinanceReader(request);
  // A platform administrator opens any association's books, once they have chosen one.
  const adminChooser =
    reader.access === "choose" || ("admin" in reader.viewer && reader.viewer.admin)
      ? {
          associations: await associationChoices(await getDb()),
          chosen: reader.access === "choose" ? null : reader.viewer.association.id,
        }
      : null;
  if (reader.access === "choose") return json({ access: "choose" as const, adminChooser });
  const { viewer, access } = reader;
  const asked = readFinanceQuery(new URL(request.url).searchParams);
  // A homeowner of an association that shares its summary sees the Overview's figures and charts only.
  const query = access === "summary" ? { ...asked, tab: "overview" as const, search: undefined } : asked;
  const db = await getDb();
  const today = associationToday(viewer);
  const scope: Scope = {
    associationId: viewer.association.id,
    fiscalYearStartMonth: viewer.association.fiscalYearStartMonth,
    today,
  };
  const category = query.category ?? null;
  const window = periodWindow(query.period, today, viewer.association.fiscalYearStartMonth);
  const base = {
    access,
    adminChooser,
    // Issue 14: without the association's plan or its trial, the books are read-only (402 on writes).
    planLimit: access === "manage" ? await associationPlanNotice(viewer.association.id, "financials") : null,
    sharing: access === "manage" ? await homeownersSeeSummary(viewer.association.id) : null,
    // Issue 13, part 9: over this, a budget or expense waits for a passed board motion.
    threshold: access === "manage" ? await approvalThreshold(db, viewer.association.id) : null,
    association: viewer.association.name,
    query,
    today,
    window: { from: dateLabel(window.from), to: dateLabel(window.to) },
  };
  switch (query.tab) {
    case "overview": {
      const [{ summary }, months, byCategory, recent] = await Promise.all([
        summaryFor(db, scope, query.period, category),
        monthlyChart(db, scope, window, category),
        budgetVsActual(db, scope, window, category),
        access === "manage"
          ? listTransactions(
              db,
              scope.associationId,
              { category, window, search: query.search },
              { limit: TRANSACTION_LIST_LIMIT },
            )
          : { rows: [], total: 0 },
      ]);
      return json({
        ...base,
        overview: {
          summary,
          months,
          byCategory,
          recent: recent.rows.map((r) => presentTransaction(r)),
          total: recent.total,
        },
      });
    }
    case "budgets": {
      const rows = await listBudgets(db, scope.associationId, { category, window, search: query.search });
      return json({ ...base, budgets: rows.map((r) => presentBudget(r, today)) });
    }
    case "expenses": {
      const payments = paymentWindows(today);
      const [list, pending] = await Promise.all([
        listTransactions(
          db,
          scope.associationId,
          {
            category,
            window,
            search: query.search,
            type: query.type === "all" ? null : query.type,
            status: query.status ?? null,
          },
          { limit: EXPENSE_PAGE_SIZE, offset: (query.page - 1) * EXPENSE_PAGE_SIZE },
        ),
        pendingPayments(
          db,
          scope.associationId,
          { today, upcomingTo: payments.upcoming.to },
          { search: query.search, category },
        ),
      ]);
      return json({
        ...base,
        expenses: {
          rows: list.rows.map((r) => presentTransaction(r)),
          total: list.total,
          pages: Math.max(1, Math.ceil(list.total / EXPENSE_PAGE_SIZE)),
          overdue: pending.overdue.map((r) => presentTransaction(r)),
          upcoming: pending.upcoming.map((r) => presentTransaction(r)),
        },
      });
    }
    case "reserves": {
      // The reserve funds (decision record 033): their period, their movements, and the study measured
      // against their closing total.
      const [funds, movements] = await Promise.all([
        reserveSummary(db, scope, window),
        listMovements(
          db,
          scope.associationId,
          { window, search: query.search },
          { limit: EXPENSE_PAGE_SIZE },
        ),
      ]);
      const study = await reserveStudy(db, scope, funds.total.closingCents);
      // Without JavaScript an unconfirmed void or removal lands here (?void=id, ?remove=id) and the
      // tab asks first, about a live record of this association only.
      const voidId = askedId(request, "void-movement");
      const removeId = askedId(request, "delete-component");
      const [toVoid, toRemove] = await Promise.all([
        voidId ? findMovement(db, scope.associationId, voidId) : undefined,
        removeId ? findComponent(db, scope.associationId, removeId) : undefined,
      ]);
      const fundView = (f: (typeof funds)["total"]) => ({
        opening: formatMoney(f.openingCents),
        contributions: formatMoney(f.contributionCents),
        withdrawals: formatMoney(f.withdrawalCents),
        interest: formatMoney(f.interestCents),
        closing: formatMoney(f.closingCents),
      });
      return json({
        ...base,
        reserves: {
          balance: formatMoney(funds.total.closingCents),
          contributions: formatMoney(funds.total.contributionCents),
          withdrawals: formatMoney(funds.total.withdrawalCents),
          interest: formatMoney(funds.total.interestCents),
          funds: funds.funds.map((f) => ({
            id: f.id,
            name: f.name,
            ...fundView(f),
            plannedInput:
              f.plannedMonthlyCents === null ? "" : centsToInput(f.plannedMonthlyCents, { whole: true }),
          })),
          total: fundView(funds.total),
          movements: movements.rows.map(presentMovement),
          movementCount: movements.total,
          askVoid: toVoid ? { id: toVoid.id, text: voidMovementConfirm(toVoid) } : null,
          askRemove: toRemove ? { id: toRemove.id, text: removeComponentConfirm(toRemove) } : null,
          study: {
            ...study,
            fullyFunded: formatMoney(study.fullyFundedCents, { whole: true }),
            annualContribution: formatMoney(study.annualContributionCents, { whole: true }),
            firstYear: Number(today.slice(0, 4)),
            projection: study.projection.map((p) => ({
              year: p.year,
              contribution: formatMoney(p.contributionCents, { whole: true }),
              replacement: formatMoney(p.replacementCents, { whole: true }),
              endBalance: formatMoney(p.endBalanceCents, { whole: true }),
              negative: p.endBalanceCents < 0,
            })),
          },
        },
      });
    }
    case "reports": {
      const [byCategory, statement, reserve] = await Promise.all([
        budgetVsActual(db, scope, window, category),
        incomeStatement(db, scope, window),
        reserveSummary(db, scope, window),
      ]);
      return json({ ...base, reports: { byCategory, statement, reserve } });
    }
  }
}

type ActionData = {
  intent:
    | "create-budget"
    | "create-transaction"
    | "create-component"
    | "create-fund"
    | "record-movement"
    | "void-movement"
    | "plan-contribution"
    | "threshold";
  result: SubmissionResult<string[]>;
  /** plan-contribution: the fund whose form the result belongs to. */
  fundId?: string;
};
const reply = (
  intent: ActionData["intent"],
  result: SubmissionResult<string[]>,
  status: number,
  fundId?: string,
) => json<ActionData>({ intent, result, fundId }, { status });

/** Where a write returns to: the same tab and filters the person came from. */
function backTo(request: Request, tab: FinanceTab) {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.delete("index");
  for (const { param } of Object.values(RESERVE_QUESTIONS)) params.delete(param);
  params.set("tab", tab);
  return `/financials?${params.toString()}`;
}

/**
 * An unconfirmed void or removal (no JavaScript): back to the Reserves tab asking about the record,
 * or 404 when it is not a live record of the association.
 */
function askFirst(request: Request, intent: ReserveQuestion, record: { id: string } | undefined) {
  if (!record) throw json({ error: FINANCE_MESSAGES.notFound }, { status: 404 });
  const { param, section } = RESERVE_QUESTIONS[intent];
  return redirect(`${backTo(request, "reserves")}&${param}=${record.id}#${section}`);
}

export async function action({ request }: ActionFunctionArgs) {
  // Authorized before a byte of the body is read: a board member or manager of the active association.
  const viewer = await requireFinance(request);
  const db = await getDb();
  const actor = { associationId: viewer.association.id, actorId: viewer.user.id };
  let formData: FormData;
  let files: ReceivedReceipt[] = [];
  if (isMultipart(request)) {
    try {
      ({ formData, files } = await readReceiptUpload(request));
    } catch (error) {
      if (error instanceof Response && error.status === 413) {
        return reply(
          "create-transaction",
          { status: "error", error: { receipt: [FINANCE_MESSAGES.receiptSize] } },
          413,
        );
      }
      throw error;
    }
  } else {
    formData = await readForm(request);
  }
  const intent = IntentSchema.safeParse({ intent: formData.get("intent") });
  if (!intent.success) {
    await discardReceipts(files);
    return json({ error: "Unknown form" }, { status: 400 });
  }
  switch (intent.data.intent) {
    case "sharing": {
      await discardReceipts(files);
      const on = formData.get("homeowners_see_summary") === "1";
      await setHomeownersSeeSummary(db, { ...actor, on });
      return redirectWithFlash(backTo(request, "overview"), {
        tone: "success",
        message: on
          ? "Homeowners can now read the summary"
          : "The summary is for the board and managers only",
      });
    }
    case "threshold": {
      await discardReceipts(files);
      const submission = parseWithZod(formData, { schema: ThresholdFormSchema });
      if (submission.status !== "success") return reply("threshold", submission.reply(), 400);
      const cents = submission.value.approval_threshold;
      await setApprovalThreshold(db, { ...actor, cents });
      return redirectWithFlash(backTo(request, "overview"), {
        tone: "success",
        message:
          cents === null
            ? "No approval threshold: budgets and expenses do not need the board"
            : `Budgets and expenses over ${formatMoney(cents, { whole: true })} now need a passed board motion`,
      });
    }
    case "create-budget": {
      await discardReceipts(files);
      const submission = parseWithZod(formData, { schema: BudgetFormSchema });
      if (submission.status !== "success") return reply("create-budget", submission.reply(), 400);
      const v = submission.value;
      const created = await once(request, actor.actorId, formData, (db) =>
        createBudget(db, {
          ...actor,
          values: {
            name: v.name,
            category: v.category,
            allocatedCents: v.allocated,
            period: v.period,
            startDate: v.start_date,
            endDate: v.end_date,
          },
        }),
      );
      return redirectWithFlash(backTo(request, "budgets"), {
        tone: "success",
        message:
          created.approval === "awaiting"
            ? `Budget "${v.name}" created. ${APPROVAL_MESSAGES.savedAwaiting}.`
            : `Budget "${v.name}" created`,
      });
    }
    case "create-transaction": {
      const submission = parseWithZod(formData, { schema: TransactionFormSchema });
      if (submission.status !== "success") {
        await discardReceipts(files);
        return reply("create-transaction", submission.reply(), 400);
      }
      let receipt = null;
      if (files[0]) {
        const checked = await checkReceivedReceipt(files[0]);
        if (!checked.ok)
          return reply(
            "create-transaction",
            submission.reply({ fieldErrors: { receipt: [checked.message] } }),
            400,
          );
        receipt = checked.receipt;
      }
      const v = submission.value;
      const created = await once(request, actor.actorId, formData, (db) =>
        createTransaction(db, {
          ...actor,
          values: {
            type: v.type,
            category: v.category,
            amountCents: v.amount,
            description: v.description,
            date: v.date,
            status: v.status,
            property: v.property ?? null,
          },
          receipt,
        }),
      );
      return redirectWithFlash(backTo(request, "expenses"), {
        tone: "success",
        message: savedMessage(v.type === "income" ? "Income added" : "Expense added", created, v.status),
      });
    }
    case "create-component": {
      await discardReceipts(files);
      const submission = parseWithZod(formData, { schema: ComponentFormSchema });
      if (submission.status !== "success") return reply("create-component", submission.reply(), 400);
      const v = submission.value;
      await once(request, actor.actorId, formData, (db) =>
        createComponent(db, {
          ...actor,
          values: {
            name: v.name,
            usefulLifeYears: v.useful_life,
            remainingLifeYears: v.remaining_life,
            replacementCostCents: v.replacement_cost,
          },
        }),
      );
      return redirectWithFlash(backTo(request, "reserves"), {
        tone: "success",
        message: `Component "${v.name}" added`,
      });
    }
    case "delete-component": {
      await discardReceipts(files);
      const parsed = DeleteSchema.safeParse({ id: formData.get("id") });
      if (!parsed.success) return json({ error: FINANCE_MESSAGES.notFound }, { status: 404 });
      // Unconfirmed (no JavaScript): the Reserves tab asks first, about this component.
      if (formData.get("confirmed") !== "1")
        return askFirst(
          request,
          "delete-component",
          await findComponent(db, actor.associationId, parsed.data.id),
        );
      const outcome = await voidComponent(db, { ...actor, id: parsed.data.id });
      if (!outcome.ok) throw json({ error: outcome.message }, { status: 404 });
      return redirectWithFlash(backTo(request, "reserves"), {
        tone: "success",
        message: "Component removed",
      });
    }
    case "create-fund": {
      await discardReceipts(files);
      const submission = parseWithZod(formData, { schema: FundFormSchema });
      if (submission.status !== "success") return reply("create-fund", submission.reply(), 400);
      const created = await once(request, actor.actorId, formData, (db) =>
        createFund(db, { ...actor, name: submission.value.name }),
      );
      if (!created.ok)
        return reply("create-fund", submission.reply({ fieldErrors: { name: [created.message] } }), 400);
      return redirectWithFlash(backTo(request, "reserves"), {
        tone: "success",
        message: `Fund "${submission.value.name}" added`,
      });
    }
    case "record-movement": {
      await discardReceipts(files);
      const submission = parseWithZod(formData, { schema: MovementFormSchema });
      if (submission.status !== "success") return reply("record-movement", submission.reply(), 400);
      const v = submission.value;
      const recorded = await once(request, actor.actorId, formData, (db) =>
        recordMovement(db, {
          ...actor,
          fundId: v.fund_id,
          values: { kind: v.kind, amountCents: v.amount, description: v.description, date: v.date },
        }),
      );
      if (!recorded.ok && recorded.kind === "not_found")
        throw json({ error: recorded.message }, { status: 404 });
      if (!recorded.ok)
        return reply(
          "record-movement",
          submission.reply({
            fieldErrors: {
              [recorded.kind === "validation" ? (recorded.field ?? "amount") : "amount"]: [recorded.message],
            },
          }),
          400,
        );
      return redirectWithFlash(backTo(request, "reserves"), {
        tone: "success",
        message: `${MOVEMENT_KIND_LABELS[v.kind]} recorded`,
      });
    }
    case "plan-contribution": {
      await discardReceipts(files);
      const submission = parseWithZod(formData, { schema: PlannedContributionFormSchema });
      const fundId = String(formData.get("fund_id") ?? "");
      if (submission.status !== "success") return reply("plan-contribution", submission.reply(), 400, fundId);
      const cents = submission.value.planned_monthly;
      const saved = await setPlannedContribution(db, { ...actor, fundId: submission.value.fund_id, cents });
      if (!saved.ok) throw json({ error: saved.message }, { status: 404 });
      return redirectWithFlash(`${backTo(request, "reserves")}#reserve-projection`, {
        tone: "success",
        message:
          cents === null
            ? "Planned contribution cleared: the projection uses the fund's last 12 months"
            : `Planned contribution set to ${formatMoney(cents, { whole: true })} a month`,
      });
    }
    case "void-movement": {
      await discardReceipts(files);
      const parsed = DeleteSchema.safeParse({ id: formData.get("id") });
      if (!parsed.success) return json({ error: FINANCE_MESSAGES.notFound }, { status: 404 });
      // Unconfirmed (no JavaScript): the Reserves tab asks first, about this movement.
      if (formData.get("confirmed") !== "1")
        return askFirst(
          request,
          "void-movement",
          await findMovement(db, actor.associationId, parsed.data.id),
        );
      const outcome = await voidMovement(db, { ...actor, id: parsed.data.id });
      if (!outcome.ok && outcome.kind === "not_found")
        throw json({ error: outcome.message }, { status: 404 });
      if (!outcome.ok)
        return reply("void-movement", { status: "error", error: { "": [outcome.message] } }, 400);
      return redirectWithFlash(backTo(request, "reserves"), {
        tone: "success",
        message: "Movement voided",
      });
    }
    case "delete-budget":
    case "delete-transaction": {
      await discardReceipts(files);
      const parsed = DeleteSchema.safeParse({ id: formData.get("id") });
      if (!parsed.success) return json({ error: FINANCE_MESSAGES.notFound }, { status: 404 });
      const budget = intent.data.intent === "delete-budget";
      // Unconfirmed (no JavaScript): the record's page asks first.
      if (formData.get("confirmed") !== "1")
        return redirect(`/financial/${budget ? "budgets" : "transactions"}/${parsed.data.id}/edit?delete=1`);
      const outcome = budget
        ? await voidBudget(db, { ...actor, id: parsed.data.id })
        : await voidTransaction(db, { ...actor, id: parsed.data.id });
      if (!outcome.ok) throw json({ error: outcome.message }, { status: 404 });
      return redirectWithFlash(backTo(request, budget ? "budgets" : "expenses"), {
        tone: "success",
        message: budget ? "Budget deleted" : "Transaction deleted",
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------------

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Query = FinanceQuery;

const TONE_CLASS: Record<UsageTone, string> = {
  success: "bg-green-700",
  warning: "bg-amber-700",
  error: "bg-red-700",
};
const TONE_TEXT: Record<UsageTone, string> = {
  success: "text-green-800 dark:text-green-300",
  warning: "text-amber-800 dark:text-amber-300",
  error: "text-red-800 dark:text-red-300",
};

const hrefFor = (query: Query, patch: Partial<Record<keyof Query, string | number | undefined>>) => {
  const params = new URLSearchParams();
  const merged = { ...query, ...patch } as Record<string, string | number | undefined>;
  for (const key of ["tab", "period", "category", "search", "type", "status", "page"]) {
    const value = merged[key];
    if (value === undefined || value === "") continue;
    if (key === "period" && value === DEFAULT_PERIOD) continue;
    if (key === "type" && value === "expense") continue;
    if (key === "page" && value === 1) continue;
    params.set(key, String(value));
  }
  return `/financials?${params.toString()}`;
};

const exportHref = (query: Query) => {
  const params = new URLSearchParams({ type: query.tab, period: query.period });
  if (query.category) params.set("category", query.category);
  if (query.search) params.set("search", query.search);
  return `/api/financial/export?${params.toString()}`;
};

const cell = "px-3 py-2 align-top text-sm";
const head =
  "bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300";
const selectClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export default function FinancialsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.access === "choose")
    return (
      <div className="mx-auto max-w-6xl">
        <h1 className="text-3xl font-semibold">Financials</h1>
        <p className="mt-2 text-sm">As an administrator you may open the books of any association.</p>
        <AdminChooser chooser={data.adminChooser} />
      </div>
    );
  const { query } = data;
  return (
    <div className="mx-auto max-w-6xl">
      {data.adminChooser ? <AdminChooser chooser={data.adminChooser} /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold">Financials</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {data.association}: {PERIOD_LABELS[query.period]} ({data.window.from} to {data.window.to})
          </p>
        </div>
        {data.access === "manage" ? (
          <div className="flex flex-wrap gap-2">
            <a href={exportHref(query)} className={buttonClass("secondary")}>
              Export
            </a>
            {query.tab === "expenses" ? (
              <>
                <Link to="/financial/import" className={buttonClass("secondary")}>
                  Import CSV
                </Link>
                <a href="#add-expense" className={buttonClass()}>
                  Add Expense
                </a>
              </>
            ) : null}
            {query.tab === "budgets" ? (
              <a href="#create-budget" className={buttonClass()}>
                Create Budget
              </a>
            ) : null}
            <Link to="/financial/history" className={buttonClass("ghost")}>
              History
            </Link>
          </div>
        ) : null}
      </div>
      {data.planLimit ? (
        <div className="mt-4">
          <PlanLimitNotice notice={data.planLimit} />
        </div>
      ) : null}
      {data.access === "manage" ? (
        <nav aria-label="Financial sections" className="mt-4 border-b border-slate-200 dark:border-slate-700">
          <ul className="-mb-px flex flex-wrap gap-1">
            {FINANCE_TABS.map((tab) => (
              <li key={tab}>
                <Link
                  to={hrefFor(query, { tab, page: 1 })}
                  aria-current={tab === query.tab ? "page" : undefined}
                  className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                    tab === query.tab
                      ? "border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-300"
                      : "border-transparent text-slate-700 hover:border-slate-400 dark:text-slate-300"
                  }`}
                >
                  {FINANCE_TAB_LABELS[tab]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The association shares this read-only summary with its homeowners.
        </p>
      )}
      <Filters query={query} summaryOnly={data.access !== "manage"} />
      {"overview" in data ? (
        <Overview data={data.overview} query={query} manage={data.access === "manage"} />
      ) : null}
      {data.access === "manage" && query.tab === "overview" ? (
        <Sharing on={Boolean(data.sharing)} thresholdCents={data.threshold ?? null} />
      ) : null}
      {"budgets" in data ? <Budgets rows={data.budgets} today={data.today} /> : null}
      {"expenses" in data ? <Expenses data={data.expenses} query={query} today={data.today} /> : null}
      {"reserves" in data ? <Reserves data={data.reserves} query={query} today={data.today} /> : null}
      {"reports" in data ? <Reports data={data.reports} query={query} /> : null}
    </div>
  );
}

/** The administrator's choice of association (issue 13: "admins too"), kept on the server. */
function AdminChooser({
  chooser,
}: {
  chooser: { associations: { id: string; name: string }[]; chosen: string | null } | null;
}) {
  const busy = useNavigation().state === "submitting";
  if (!chooser) return null;
  return (
    <Form
      method="post"
      action="/financial/association"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      aria-label="Association (administrators)"
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        Association (administrators)
        <select
          name="association_id"
          defaultValue={chooser.chosen ?? ""}
          key={chooser.chosen ?? "none"}
          className={selectClass}
          required
        >
          <option value="" disabled>
            Choose an association
          </option>
          {chooser.associations.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy} className={buttonClass("secondary")}>
        Open its financials
      </button>
    </Form>
  );
}

function Sharing({ on, thresholdCents }: { on: boolean; thresholdCents: number | null }) {
  const busy = useNavigation().state === "submitting";
  const actionData = useActionData<typeof action>();
  const thresholdErrors =
    actionData && "intent" in actionData && actionData.intent === "threshold"
      ? ((actionData.result.error?.approval_threshold as string[] | undefined) ?? [])
      : [];
  return (
    <Section id="sharing" title="Finance settings">
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-3" aria-label="Approval threshold">
        <input type="hidden" name="intent" value="threshold" />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Board approval threshold (whole dollars, optional)
          <input
            type="text"
            inputMode="numeric"
            name="approval_threshold"
            placeholder="No threshold"
            defaultValue={thresholdCents === null ? "" : centsToInput(thresholdCents, { whole: true })}
            key={String(thresholdCents)}
            aria-describedby="threshold-hint"
            aria-invalid={thresholdErrors.length > 0 ? true : undefined}
            className={selectClass}
          />
        </label>
        <button type="submit" disabled={busy} className={buttonClass("secondary")}>
          Save threshold
        </button>
        <p id="threshold-hint" className="w-full text-sm text-slate-600 dark:text-slate-400">
          {thresholdErrors.length > 0 ? (
            <span className="font-semibold text-red-800 dark:text-red-300">{thresholdErrors.join(" ")} </span>
          ) : null}
          A budget or expense over this amount waits for a passed motion of the board before it counts; an
          expense waiting for the board stays pending.
        </p>
      </Form>
      <h3 className="mt-4 font-semibold">Sharing with homeowners</h3>
      <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="sharing" />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="homeowners_see_summary"
            value="1"
            defaultChecked={on}
            key={String(on)}
          />
          Homeowners may read this summary and its charts (not the budgets, transactions or reports)
        </label>
        <button type="submit" disabled={busy} className={buttonClass("secondary")}>
          Save
        </button>
      </Form>
    </Section>
  );
}

function Filters({ query, summaryOnly = false }: { query: Query; summaryOnly?: boolean }) {
  return (
    <Form
      method="get"
      className="mt-4 flex flex-wrap items-end gap-3"
      role="search"
      aria-label="Filter the financials"
    >
      <input type="hidden" name="tab" value={query.tab} />
      {query.tab === "expenses" && query.type !== "expense" ? (
        <input type="hidden" name="type" value={query.type} />
      ) : null}
      {summaryOnly ? null : (
        <label className="flex flex-col gap-1 text-sm font-medium">
          Search
          <input
            type="search"
            name="search"
            defaultValue={query.search ?? ""}
            placeholder="Description or name"
            className={selectClass}
          />
        </label>
      )}
      <label className="flex flex-col gap-1 text-sm font-medium">
        Period
        <select name="period" defaultValue={query.period} className={selectClass}>
          {FINANCE_PERIODS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Category
        <select name="category" defaultValue={query.category ?? ""} className={selectClass}>
          <option value="">All categories</option>
          {FINANCE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      {query.tab === "expenses" ? (
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select name="status" defaultValue={query.status ?? ""} className={selectClass}>
            <option value="">Any status</option>
            {TRANSACTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TRANSACTION_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit" className={buttonClass("secondary")}>
        Apply
      </button>
    </Form>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8" id={id}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Overview({
  data,
  query,
  manage,
}: {
  data: NonNullable<Extract<Data, { overview: unknown }>["overview"]>;
  query: Query;
  manage: boolean;
}) {
  const s = data.summary;
  const money = (c: number) => formatMoney(c, { whole: true });
  return (
    <>
      <Section id="summary" title="Summary">
        <StatCards
          className="mt-3"
          tabularNums
          label="Financial summary"
          cards={[
            { label: "Total Budget", value: money(s.totalBudget) },
            { label: "Total Expenses", value: money(s.totalExpenses) },
            { label: "Total Income", value: money(s.totalIncome) },
            { label: "Reserve Funds", value: money(s.reserveFunds) },
            {
              label: "Monthly Budget Used",
              value: money(s.monthlyBudgetUsed),
              hint: `${money(s.monthlyBudgetRemaining)} remaining this month`,
            },
            {
              label: "Yearly Budget Used",
              value: money(s.yearlyBudgetUsed),
              hint: `${money(s.yearlyBudgetRemaining)} remaining this fiscal year`,
            },
            { label: "Overdue Payments", value: String(s.overduePayments), hint: "Pending past their date" },
            { label: "Upcoming Payments", value: String(s.upcomingPayments), hint: "Pending within 30 days" },
          ]}
        />
      </Section>
      <Section id="trend" title="Income and expenses by month">
        <IncomeExpenseChart months={data.months} />
      </Section>
      <Section id="by-category" title="Budget against actual">
        <BudgetActualChart rows={data.byCategory} />
      </Section>
      {manage ? (
        <Section id="recent" title="Recent transactions">
          {data.total > data.recent.length ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              The latest {data.recent.length} of {data.total}.{" "}
              <Link
                to={hrefFor(query, { tab: "expenses", type: "all" })}
                className="text-blue-700 underline dark:text-blue-400"
              >
                See them all
              </Link>
            </p>
          ) : null}
          <TransactionTable rows={data.recent} caption="Recent transactions" />
        </Section>
      ) : null}
    </>
  );
}

type BudgetView = NonNullable<Extract<Data, { budgets: unknown }>["budgets"]>[number];

function Budgets({ rows, today }: { rows: BudgetView[]; today: string }) {
  const actionData = useActionData<typeof action>();
  const result =
    actionData && "intent" in actionData && actionData.intent === "create-budget"
      ? actionData.result
      : undefined;
  const start = monthStart(today);
  return (
    <>
      <Section id="budget-list" title="Budgets">
        {rows.length === 0 ? (
          <p className="mt-2 text-sm">No budgets in this period yet.</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
              <caption className="sr-only">Budgets</caption>
              <thead className={head}>
                <tr>
                  {["Name", "Category", "Period", "Allocated", "Spent", "Usage", "Status", "Actions"].map(
                    (h) => (
                      <th key={h} scope="col" className={cell}>
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {rows.map((b) => (
                  <tr key={b.id} data-testid="budget-row">
                    <td className={cell}>
                      <span className="font-medium">{b.name}</span>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        {dateLabel(b.startDate)} to {dateLabel(b.endDate)}
                      </span>
                    </td>
                    <td className={cell}>{b.categoryLabel}</td>
                    <td className={cell}>{b.periodLabel}</td>
                    <td className={`${cell} tabular-nums`}>{b.allocated}</td>
                    <td className={`${cell} tabular-nums`}>{b.spent}</td>
                    <td className={cell}>
                      <UsageBar percent={b.percent} tone={b.tone} />
                    </td>
                    <td className={cell}>
                      {b.statusLabel}
                      <ApprovalBadge approval={b.approval} label={b.approvalLabel} />
                    </td>
                    <td className={cell}>
                      <RowActions
                        editHref={`/financial/budgets/${b.id}/edit`}
                        intent="delete-budget"
                        id={b.id}
                        confirmText={deleteBudgetConfirm(b)}
                        label={b.name}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section id="create-budget" title="Create Budget">
        <div className="mt-3 rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <BudgetForm
            key={rows.length}
            id="create-budget-form"
            intent="create-budget"
            defaults={{
              name: "",
              category: "maintenance",
              allocated: "",
              period: "monthly",
              start_date: start,
              end_date: monthEnd(today),
            }}
            lastResult={result}
            submitLabel="Create Budget"
          />
        </div>
      </Section>
    </>
  );
}

/** A record awaiting the board, or approved by it, says so in the lists (issue 13, part 9). */
function ApprovalBadge({ approval, label }: { approval: string; label: string }) {
  if (approval === "none") return null;
  return (
    <span
      data-testid="approval"
      data-approval={approval}
      className={`mt-1 block w-fit rounded px-1.5 text-xs font-semibold ${
        approval === "awaiting"
          ? "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          : "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100"
      }`}
    >
      {label}
    </span>
  );
}

function UsageBar({ percent, tone }: { percent: number; tone: UsageTone }) {
  const label = tone === "error" ? "over budget" : tone === "warning" ? "near the budget" : "within budget";
  return (
    <div className="min-w-32" data-testid="usage" data-tone={tone}>
      <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
        <div className={`h-2 ${TONE_CLASS[tone]}`} style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
      <span className={`text-xs font-semibold ${TONE_TEXT[tone]}`}>
        {percent}% <span className="font-normal">({label})</span>
      </span>
    </div>
  );
}

function RowActions({
  editHref,
  intent,
  id,
  confirmText,
  label,
}: {
  editHref: string;
  intent: string;
  id: string;
  confirmText: string;
  label: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <Link to={editHref} className="text-blue-700 underline dark:text-blue-400" aria-label={`Edit ${label}`}>
        Edit
      </Link>
      <DeleteButton
        intent={intent}
        id={id}
        confirmText={confirmText}
        label={`Delete ${label}`}
        className="text-red-700 underline dark:text-red-400"
      >
        Delete
      </DeleteButton>
    </div>
  );
}

type TransactionView = NonNullable<Extract<Data, { expenses: unknown }>["expenses"]>["rows"][number];

function TransactionTable({
  rows,
  caption,
  actions = false,
}: {
  rows: TransactionView[];
  caption: string;
  actions?: boolean;
}) {
  if (rows.length === 0) return <p className="mt-2 text-sm">No transactions found.</p>;
  return (
    <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
        <caption className="sr-only">{caption}</caption>
        <thead className={head}>
          <tr>
            {[
              "Date",
              "Description",
              "Category",
              "Type",
              "Amount",
              "Status",
              ...(actions ? ["Actions"] : []),
            ].map((h) => (
              <th key={h} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((t) => (
            <tr key={t.id} data-testid="transaction-row">
              <td className={`${cell} whitespace-nowrap`}>{dateLabel(t.date)}</td>
              <td className={cell}>
                {t.description}
                {t.property ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{t.property}</span>
                ) : null}
                {t.hasReceipt ? (
                  <a
                    href={`/financial/transactions/${t.id}/receipt`}
                    className="ml-2 text-xs text-blue-700 underline dark:text-blue-400"
                  >
                    Receipt
                  </a>
                ) : null}
              </td>
              <td className={cell}>{t.categoryLabel}</td>
              <td className={cell}>{t.typeLabel}</td>
              <td
                className={`${cell} whitespace-nowrap tabular-nums ${t.type === "income" ? "text-green-800 dark:text-green-300" : ""}`}
              >
                {t.type === "income" ? "+" : "-"}
                {t.amount}
              </td>
              <td className={cell}>
                {t.statusLabel}
                <ApprovalBadge approval={t.approval} label={t.approvalLabel} />
              </td>
              {actions ? (
                <td className={cell}>
                  <RowActions
                    editHref={`/financial/transactions/${t.id}/edit`}
                    intent="delete-transaction"
                    id={t.id}
                    confirmText={deleteTransactionConfirm(t)}
                    label={t.description}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Expenses({
  data,
  query,
  today,
}: {
  data: NonNullable<Extract<Data, { expenses: unknown }>["expenses"]>;
  query: Query;
  today: string;
}) {
  const actionData = useActionData<typeof action>();
  const result =
    actionData && "intent" in actionData && actionData.intent === "create-transaction"
      ? actionData.result
      : undefined;
  return (
    <>
      <nav className="mt-4 flex flex-wrap gap-2 text-sm" aria-label="Transaction type">
        {(["expense", "income", "all"] as const).map((type) => (
          <Link
            key={type}
            to={hrefFor(query, { type, page: 1 })}
            aria-current={query.type === type ? "true" : undefined}
            className={`rounded-full border px-3 py-1 ${
              query.type === type
                ? "border-blue-700 bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200"
                : "border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-300"
            }`}
          >
            {type === "expense" ? "Expenses" : type === "income" ? "Income" : "All transactions"}
          </Link>
        ))}
      </nav>
      {data.overdue.length > 0 ? (
        <Section id="overdue" title={`Overdue payments (${data.overdue.length})`}>
          <TransactionTable rows={data.overdue} caption="Overdue payments" actions />
        </Section>
      ) : null}
      <Section id="upcoming" title={`Upcoming payments (${data.upcoming.length})`}>
        {data.upcoming.length === 0 ? (
          <p className="mt-2 text-sm">
            {query.search
              ? `No payments due in the next 30 days match “${query.search}”.`
              : "No payments due in the next 30 days."}
          </p>
        ) : (
          <TransactionTable rows={data.upcoming} caption="Upcoming payments" actions />
        )}
      </Section>
      <Section
        id="transactions"
        title={`${query.type === "income" ? "Income" : query.type === "all" ? "Transactions" : "Expenses"} (${data.total})`}
      >
        <TransactionTable rows={data.rows} caption="Transactions" actions />
        {data.pages > 1 ? (
          <nav aria-label="Pages" className="mt-3 flex gap-3 text-sm">
            {query.page > 1 ? <Link to={hrefFor(query, { page: query.page - 1 })}>Previous</Link> : null}
            <span>
              Page {query.page} of {data.pages}
            </span>
            {query.page < data.pages ? <Link to={hrefFor(query, { page: query.page + 1 })}>Next</Link> : null}
          </nav>
        ) : null}
      </Section>
      <Section id="add-expense" title="Add Expense">
        <div className="mt-3 rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <TransactionForm
            key={data.total}
            id="add-expense-form"
            intent="create-transaction"
            defaults={{
              type: "expense",
              category: query.category ?? "maintenance",
              amount: "",
              description: "",
              date: today,
              status: "completed",
            }}
            lastResult={result}
            submitLabel="Add Expense"
          />
        </div>
      </Section>
    </>
  );
}

function Reserves({
  data,
  query,
  today,
}: {
  data: NonNullable<Extract<Data, { reserves: unknown }>["reserves"]>;
  query: Query;
  today: string;
}) {
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: ActionData["intent"]) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined;
  const voidError = resultFor("void-movement")?.error?.[""]?.join(" ");
  return (
    <>
      <Section id="reserve-summary" title="Reserve funds">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Each fund's balance is its opening balance, contributions and interest less its withdrawals, up to
          the end of the period. A withdrawal cannot take a fund below zero. Record money a fund already held
          as its opening balance, not as a contribution: the projection leaves it out.
        </p>
        <StatCards
          className="mt-3"
          tabularNums
          label="Reserve funds"
          cards={[
            { label: "Reserve Balance", value: data.balance },
            { label: "Contributions in Period", value: data.contributions },
            { label: "Withdrawals in Period", value: data.withdrawals },
            { label: "Interest in Period", value: data.interest },
          ]}
        />
        {data.funds.length === 0 ? (
          <p className="mt-3 text-sm">No reserve funds yet. Add one below, then record its contributions.</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
              <caption className="sr-only">Reserve funds in the period</caption>
              <thead className={head}>
                <tr>
                  {["Fund", "Opening balance", "Contributions", "Withdrawals", "Interest", "Balance"].map(
                    (h) => (
                      <th key={h} scope="col" className={cell}>
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {[...data.funds, { id: "total", name: "Total", ...data.total }].map((f) => (
                  <tr key={f.id} data-testid={f.id === "total" ? "fund-total" : "fund-row"}>
                    <th
                      scope="row"
                      className={`${cell} text-left ${f.id === "total" ? "font-semibold" : "font-medium"}`}
                    >
                      {f.name}
                    </th>
                    <td className={`${cell} tabular-nums`}>{f.opening}</td>
                    <td className={`${cell} tabular-nums`}>{f.contributions}</td>
                    <td className={`${cell} tabular-nums`}>{f.withdrawals}</td>
                    <td className={`${cell} tabular-nums`}>{f.interest}</td>
                    <td className={`${cell} tabular-nums ${f.id === "total" ? "font-semibold" : ""}`}>
                      {f.closing}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
          <div className="min-w-0 rounded-md border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="mb-3 font-semibold">Add a fund</h3>
            <FundForm key={data.funds.length} id="add-fund-form" lastResult={resultFor("create-fund")} />
          </div>
          {data.funds.length > 0 ? (
            <div className="min-w-0 rounded-md border border-slate-200 p-4 lg:col-span-2 dark:border-slate-700">
              <h3 className="mb-3 font-semibold">
                Record a contribution, withdrawal, interest or opening balance
              </h3>
              <MovementForm
                key={data.movementCount}
                id="movement-form"
                funds={data.funds}
                defaults={{
                  fund_id: data.funds[0]?.id ?? "",
                  kind: "contribution",
                  amount: "",
                  description: "",
                  date: today,
                }}
                lastResult={resultFor("record-movement")}
              />
            </div>
          ) : null}
        </div>
      </Section>
      <ReserveStudy
        study={data.study}
        funds={data.funds}
        askRemove={data.askRemove}
        cancelHref={`${hrefFor(query, {})}#reserve-study`}
      />
      <Section id="reserve-movements" title={`Fund movements (${data.movementCount})`}>
        {voidError ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-800 dark:text-red-300">
            {voidError}
          </p>
        ) : null}
        {data.askVoid && !voidError ? (
          <div className="mt-2">
            <DeleteConfirmation
              text={data.askVoid.text}
              cancelHref={`${hrefFor(query, {})}#reserve-movements`}
              intent="void-movement"
              id={data.askVoid.id}
              confirmLabel="Yes, void"
            />
          </div>
        ) : null}
        {data.movements.length === 0 ? (
          <p className="mt-2 text-sm">No movements in this period.</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
              <caption className="sr-only">Fund movements</caption>
              <thead className={head}>
                <tr>
                  {["Date", "Fund", "Kind", "Description", "Amount", "Recorded by", "Actions"].map((h) => (
                    <th key={h} scope="col" className={cell}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.movements.map((m) => (
                  <tr key={m.id} data-testid="movement-row">
                    <td className={cell}>{dateLabel(m.date)}</td>
                    <td className={cell}>{m.fund}</td>
                    <td className={cell}>{m.kindLabel}</td>
                    <th scope="row" className={`${cell} text-left font-normal`}>
                      {m.description}
                    </th>
                    <td className={`${cell} tabular-nums`}>
                      {m.kind === "withdrawal" ? `-${m.amount}` : m.amount}
                    </td>
                    <td className={cell}>{m.createdBy}</td>
                    <td className={cell}>
                      <DeleteButton
                        intent="void-movement"
                        id={m.id}
                        confirmText={voidMovementConfirm(m)}
                        label={`Void ${m.kindLabel.toLowerCase()} ${m.description}`}
                        className="text-red-700 underline dark:text-red-400"
                      >
                        Void
                      </DeleteButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}

type StudyView = NonNullable<Extract<Data, { reserves: unknown }>["reserves"]>["study"];

function ReserveStudy({
  study,
  funds,
  askRemove,
  cancelHref,
}: {
  study: StudyView;
  funds: readonly { id: string; name: string; plannedInput: string }[];
  askRemove: { id: string; text: string } | null;
  cancelHref: string;
}) {
  const actionData = useActionData<typeof action>();
  const result =
    actionData && "intent" in actionData && actionData.intent === "create-component"
      ? actionData.result
      : undefined;
  const planResult = (fundId: string) =>
    actionData &&
    "intent" in actionData &&
    actionData.intent === "plan-contribution" &&
    actionData.fundId === fundId
      ? actionData.result
      : undefined;
  return (
    <>
      <Section id="reserve-study" title="Reserve study">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Each component's fully funded share is its replacement cost times the part of its useful life
          already used. Percent funded is the funds' total balance over the fully funded balance (70% or more
          strong, 30% to 69% fair, under 30% weak).
        </p>
        <StatCards
          className="mt-3"
          tabularNums
          label="Reserve study"
          cards={[
            { label: "Fully Funded Balance", value: study.fullyFunded },
            { label: "Percent Funded", value: `${study.percentFunded}%`, hint: study.strength },
            {
              label: "Yearly Contribution",
              value: study.annualContribution,
              hint: study.contributionSource === "planned" ? "Planned contributions" : "See the projection",
            },
          ]}
        />
        {askRemove ? (
          <div className="mt-3">
            <DeleteConfirmation
              text={askRemove.text}
              cancelHref={cancelHref}
              intent="delete-component"
              id={askRemove.id}
              confirmLabel="Yes, remove"
            />
          </div>
        ) : null}
        {study.components.length === 0 ? (
          <p className="mt-3 text-sm">
            No components yet. Add the roof, elevators, paving and the rest below.
          </p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
              <caption className="sr-only">Reserve components</caption>
              <thead className={head}>
                <tr>
                  {[
                    "Component",
                    "Useful life",
                    "Remaining life",
                    "Replacement cost",
                    "Fully funded share",
                    "Actions",
                  ].map((h) => (
                    <th key={h} scope="col" className={cell}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {study.components.map((c) => (
                  <tr key={c.id} data-testid="component-row">
                    <th scope="row" className={`${cell} text-left font-medium`}>
                      {c.name}
                    </th>
                    <td className={cell}>{c.usefulLifeYears} years</td>
                    <td className={cell}>{c.remainingLifeYears} years</td>
                    <td className={`${cell} tabular-nums`}>{c.cost}</td>
                    <td className={`${cell} tabular-nums`}>{c.share}</td>
                    <td className={cell}>
                      <DeleteButton
                        intent="delete-component"
                        id={c.id}
                        confirmText={removeComponentConfirm(c)}
                        label={`Remove ${c.name}`}
                        className="text-red-700 underline dark:text-red-400"
                      >
                        Remove
                      </DeleteButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="mt-4 rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="mb-3 font-semibold">Add a component</h3>
          <ComponentForm
            key={study.components.length}
            id="add-component-form"
            defaults={{ name: "", useful_life: "", remaining_life: "", replacement_cost: "" }}
            lastResult={result}
          />
        </div>
      </Section>
      <Section id="reserve-projection" title="20-year projection">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The reserve balance each year with the yearly contribution above and each component replaced when
          its remaining life runs out, then every useful life, in today's dollars.
        </p>
        <p className="mt-2 text-sm font-medium" data-testid="projection-basis">
          {study.contributionBasis}
        </p>
        {funds.length > 0 ? (
          <div className="mt-3 rounded-md border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="font-semibold">Planned monthly contributions</h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              What each fund receives a month by plan (from the reserve study or the budget), in whole
              dollars. Leave it empty to project from the fund's last 12 months of contributions.
            </p>
            <div className="mt-3 flex flex-col gap-3">
              {funds.map((f) => (
                <PlannedContributionForm
                  key={`${f.id}-${f.plannedInput}`}
                  fund={f}
                  lastResult={planResult(f.id)}
                />
              ))}
            </div>
          </div>
        ) : null}
        <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
            <caption className="sr-only">20-year reserve projection</caption>
            <thead className={head}>
              <tr>
                {["Year", "Contribution", "Replacements", "Balance at year end"].map((h) => (
                  <th key={h} scope="col" className={cell}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {study.projection.map((p) => (
                <tr key={p.year} data-testid="projection-row">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    {study.firstYear + p.year}
                  </th>
                  <td className={`${cell} tabular-nums`}>{p.contribution}</td>
                  <td className={`${cell} tabular-nums`}>{p.replacement}</td>
                  <td
                    className={`${cell} tabular-nums ${p.negative ? "font-semibold text-red-800 dark:text-red-300" : ""}`}
                  >
                    {p.endBalance}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </>
  );
}

function Reports({
  data,
  query,
}: {
  data: NonNullable<Extract<Data, { reports: unknown }>["reports"]>;
  query: Query;
}) {
  const link = (report: string, format: "csv" | "pdf") => {
    const params = new URLSearchParams({ period: query.period });
    if (query.category) params.set("category", query.category);
    return `/financial/reports/${report}.${format}?${params.toString()}`;
  };
  const money = (c: number) => formatMoney(c);
  return (
    <>
      <Section id="budget-vs-actual" title="Budget vs actual">
        <p className="mt-2 flex gap-3 text-sm">
          <a href={link("budget-vs-actual", "csv")} className="text-blue-700 underline dark:text-blue-400">
            Download CSV
          </a>
          <a href={link("budget-vs-actual", "pdf")} className="text-blue-700 underline dark:text-blue-400">
            Download PDF
          </a>
        </p>
        {data.byCategory.length === 0 ? (
          <p className="mt-2 text-sm">No budgets or expenses in this period.</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
              <caption className="sr-only">Budget vs actual by category</caption>
              <thead className={head}>
                <tr>
                  {["Category", "Budget", "Actual", "Variance", "Used"].map((h) => (
                    <th key={h} scope="col" className={cell}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.byCategory.map((r) => (
                  <tr key={r.category} data-testid="report-row">
                    <th scope="row" className={`${cell} text-left font-medium`}>
                      {r.label}
                    </th>
                    <td className={`${cell} tabular-nums`}>{money(r.budgetCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(r.actualCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(r.varianceCents)}</td>
                    <td className={cell}>
                      <UsageBar percent={r.percent} tone={r.tone} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section id="income-statement" title="Income statement">
        <p className="mt-2 flex gap-3 text-sm">
          <a href={link("income-statement", "csv")} className="text-blue-700 underline dark:text-blue-400">
            Download CSV
          </a>
          <a href={link("income-statement", "pdf")} className="text-blue-700 underline dark:text-blue-400">
            Download PDF
          </a>
        </p>
        <div className="mt-2 max-w-xl overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
            <caption className="sr-only">Income statement</caption>
            <thead className={head}>
              <tr>
                <th scope="col" className={cell}>
                  Line
                </th>
                <th scope="col" className={cell}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.statement.income.map((l) => (
                <tr key={`i-${l.category}`}>
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    Income: {l.label}
                  </th>
                  <td className={`${cell} tabular-nums`}>{money(l.cents)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className={`${cell} text-left font-semibold`}>
                  Total income
                </th>
                <td className={`${cell} font-semibold tabular-nums`}>{money(data.statement.totalIncome)}</td>
              </tr>
              {data.statement.expenses.map((l) => (
                <tr key={`e-${l.category}`}>
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    Expense: {l.label}
                  </th>
                  <td className={`${cell} tabular-nums`}>{money(l.cents)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className={`${cell} text-left font-semibold`}>
                  Total expenses
                </th>
                <td className={`${cell} font-semibold tabular-nums`}>
                  {money(data.statement.totalExpenses)}
                </td>
              </tr>
              <tr>
                <th scope="row" className={`${cell} text-left font-semibold`}>
                  Net {data.statement.netCents >= 0 ? "surplus" : "deficit"}
                </th>
                <td className={`${cell} font-semibold tabular-nums`} data-testid="net-result">
                  {money(data.statement.netCents)}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </Section>
      <Section id="reserve-summary-report" title="Reserve summary">
        <p className="mt-2 flex gap-3 text-sm">
          <a href={link("reserve-summary", "csv")} className="text-blue-700 underline dark:text-blue-400">
            Download CSV
          </a>
          <a href={link("reserve-summary", "pdf")} className="text-blue-700 underline dark:text-blue-400">
            Download PDF
          </a>
        </p>
        <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
            <caption className="sr-only">Reserve summary by fund</caption>
            <thead className={head}>
              <tr>
                {[
                  "Fund",
                  "Opening balance",
                  "Contributions",
                  "Withdrawals",
                  "Interest",
                  "Closing balance",
                ].map((h) => (
                  <th key={h} scope="col" className={cell}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {[...data.reserve.funds, { id: "total", name: "Total reserves", ...data.reserve.total }].map(
                (f) => (
                  <tr key={f.id} data-testid="reserve-report-row">
                    <th
                      scope="row"
                      className={`${cell} text-left ${f.id === "total" ? "font-semibold" : "font-medium"}`}
                    >
                      {f.name}
                    </th>
                    <td className={`${cell} tabular-nums`}>{money(f.openingCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(f.contributionCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(f.withdrawalCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(f.interestCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(f.closingCents)}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-sm" data-testid="reserve-funding">
          Fully funded balance {formatMoney(data.reserve.fullyFundedCents, { whole: true })}; percent funded{" "}
          {data.reserve.percentFunded}% ({data.reserve.strength}).
        </p>
      </Section>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
