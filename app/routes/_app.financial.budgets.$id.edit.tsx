import type { SubmissionResult } from "@conform-to/react";
import { centsToInput, deleteBudgetConfirm, FINANCE_MESSAGES } from "@domain/finance";
import { APPROVAL_MESSAGES } from "@domain/finance/approval";
import type { BudgetFormValues } from "@domain/finance/forms";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { mayOpenBoardRoom } from "~/auth/board-room.server";
import type { FinanceViewer } from "~/auth/finance.server";
import { associationToday, requireFinance } from "~/auth/finance.server";
import { pageNotFound } from "~/auth/guards.server";
import { approveWithMotion, updateBudget, voidBudget } from "~/commands/finance.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { ApprovalPanel } from "~/components/finance/approval";
import { DeleteButton, DeleteConfirmation } from "~/components/finance/delete";
import { BudgetForm } from "~/components/finance/forms";
import { HistoryList } from "~/components/finance/history";
import {
  approvalRefused,
  parseBudgetEdit,
  RECORD_EDIT_INTENTS,
  RecordParamsSchema,
} from "~/components/finance/record-edit-schemas.server";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { ArrowLeft } from "~/components/ui/icons";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { intentOf, readForm } from "~/forms.server";
import { type BudgetRow, findBudget, recordHistory } from "~/queries/finance.server";
import { motionChoices } from "~/queries/finance-approval.server";
import { presentBudget, presentHistory } from "~/queries/finance-present.server";

export const meta: MetaFunction = () => [{ title: "Edit Budget · Financials · Association Commons" }];

const formValues = (b: BudgetRow): BudgetFormValues => ({
  name: b.name,
  category: b.category,
  allocated: centsToInput(b.allocatedCents, { whole: true }),
  period: b.period,
  start_date: b.startDate,
  end_date: b.endDate,
});

/** The budget of the person's own association, or 404 (a budget of another association, or voided). */
async function load(request: Request, params: LoaderFunctionArgs["params"]) {
  const viewer = await requireFinance(request);
  const parsed = RecordParamsSchema.safeParse(params);
  if (!parsed.success) pageNotFound();
  const db = await getDb();
  const budget = await findBudget(db, viewer.association.id, parsed.data.id);
  if (!budget) pageNotFound();
  return { viewer, db, budget };
}

const historyOf = async (viewer: FinanceViewer, id: string, mayReadMinutes: boolean) =>
  presentHistory(
    await recordHistory(await getDb(), viewer.association.id, id),
    viewer.association.timeZone,
    mayReadMinutes,
  );

/**
 * /financial/budgets/{id}/edit (spec 001 section 1): the budget's fields, its spending, its history,
 * and delete. The form carries the version it was rendered from; a budget changed meanwhile answers
 * 409 with its current values.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, budget } = await load(request, params);
  // Without JavaScript, Delete lands here (?delete=1) and the page asks, naming the record.
  const asked = new URL(request.url).searchParams.get("delete") === "1";
  // The cited motion links to its minutes only for a viewer the board room admits (not every admin).
  const minutes = await mayOpenBoardRoom(viewer, viewer.association.id);
  return json({
    askDelete: asked ? deleteBudgetConfirm(budget) : null,
    budget: presentBudget(budget, associationToday(viewer), minutes),
    defaults: formValues(budget),
    history: await historyOf(viewer, budget.id, minutes),
    // Issue 13, part 9: while it awaits the board, the passed motions it may cite.
    motions:
      budget.approvalStatus === "awaiting" ? await motionChoices(await getDb(), viewer.association.id) : [],
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, db, budget } = await load(request, params);
  const actor = { associationId: viewer.association.id, actorId: viewer.user.id };
  const formData = await readForm(request);
  const submission = parseBudgetEdit(formData);
  if (submission.status !== "success") {
    return json(
      { intent: intentOf(submission.payload, RECORD_EDIT_INTENTS), result: submission.reply() },
      { status: 400 },
    );
  }
  const input = submission.value;
  if (input.intent === "approve") {
    const approved = await approveWithMotion(db, {
      ...actor,
      kind: "budget",
      id: budget.id,
      motionId: input.motion_id,
      expectedVersion: input.version,
    });
    if (approved.ok)
      return redirectWithFlash(`/financial/budgets/${budget.id}/edit`, {
        tone: "success",
        message: "Budget approved by board motion",
      });
    if (approved.kind === "not_found") pageNotFound();
    return json(
      { intent: "approve" as const, result: approvalRefused(submission, approved) },
      { status: approved.kind === "conflict" ? 409 : 400 },
    );
  }
  if (input.intent === "delete") {
    if (input.confirmed !== "1") return redirect(`/financial/budgets/${budget.id}/edit?delete=1`);
    const outcome = await voidBudget(db, { ...actor, id: budget.id });
    if (!outcome.ok) pageNotFound();
    return redirectWithFlash("/financials/budgets", { tone: "success", message: "Budget deleted" });
  }
  const v = input;
  const outcome = await updateBudget(db, {
    ...actor,
    id: budget.id,
    expectedVersion: v.version,
    values: {
      name: v.name,
      category: v.category,
      allocatedCents: v.allocated,
      period: v.period,
      startDate: v.start_date,
      endDate: v.end_date,
    },
  });
  if (!outcome.ok) {
    if (outcome.kind === "not_found") pageNotFound();
    const current = await findBudget(db, viewer.association.id, budget.id);
    if (!current) pageNotFound();
    return json(
      {
        result: submission.reply({ formErrors: [outcome.message], resetForm: true }),
        current: formValues(current),
        version: current.version,
      },
      { status: 409 },
    );
  }
  return redirectWithFlash("/financials/budgets", {
    tone: "success",
    message: !outcome.changed
      ? "Nothing to change"
      : outcome.approval === "awaiting"
        ? `Budget updated. ${APPROVAL_MESSAGES.savedAwaiting}.`
        : "Budget updated",
  });
}

export default function EditBudget() {
  const { budget, defaults, history, askDelete, motions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A refused post answers with its form's intent: the approval panel's, or the record form's.
  const reply = actionData as { intent?: string | null; result?: SubmissionResult<string[]> } | undefined;
  const approvalResult = reply?.intent === "approve" ? reply.result : undefined;
  const saveResult = reply?.intent === "approve" ? undefined : reply?.result;
  const conflict =
    actionData && "current" in actionData
      ? (actionData as unknown as { current: BudgetFormValues; version: number })
      : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link
        to="/financials/budgets"
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the budgets
      </Link>
      <h1 className="text-3xl font-semibold">Edit Budget</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="budget-spent">
        {budget.name}: {budget.spent} spent of {budget.allocated} ({budget.percent}%),{" "}
        {budget.statusLabel.toLowerCase()}. Spent is computed from the completed expenses of its category
        between its dates.
      </p>
      <div className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        {conflict ? (
          <div className="mb-4">
            <Alert title={FINANCE_MESSAGES.editConflict} />
          </div>
        ) : null}
        <BudgetForm
          key={conflict ? `v${conflict.version}` : `v${budget.version}`}
          id="edit-budget"
          defaults={conflict ? conflict.current : defaults}
          lastResult={conflict ? undefined : saveResult}
          version={conflict ? conflict.version : budget.version}
          intent="save"
          submitLabel="Save Budget"
        />
      </div>
      <ApprovalPanel
        approval={budget}
        motions={motions}
        version={budget.version}
        lastResult={approvalResult}
      />
      {askDelete ? (
        <DeleteConfirmation text={askDelete} cancelHref={`/financial/budgets/${budget.id}/edit`} />
      ) : (
        <DeleteButton
          intent="delete"
          confirmText={deleteBudgetConfirm(budget)}
          className={buttonClass("secondary", "text-red-700 dark:text-red-400")}
        >
          Delete budget
        </DeleteButton>
      )}
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <HistoryList entries={history} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
