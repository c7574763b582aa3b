import type { SubmissionResult } from "@conform-to/react";
import { centsToInput, deleteTransactionConfirm, FINANCE_MESSAGES } from "@domain/finance";
import type { TransactionFormValues } from "@domain/finance/forms";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { mayOpenBoardRoom } from "~/auth/board-room.server";
import { requireFinance } from "~/auth/finance.server";
import { pageNotFound } from "~/auth/guards.server";
import {
  approveWithMotion,
  checkReceivedReceipt,
  discardReceipts,
  type Receipt,
  type ReceivedReceipt,
  readReceiptUpload,
  savedMessage,
  updateTransaction,
  voidTransaction,
} from "~/commands/finance.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { ApprovalPanel } from "~/components/finance/approval";
import { DeleteButton, DeleteConfirmation } from "~/components/finance/delete";
import { TransactionForm } from "~/components/finance/forms";
import { HistoryList } from "~/components/finance/history";
import {
  approvalRefused,
  parseTransactionEdit,
  RECORD_EDIT_INTENTS,
  RecordParamsSchema,
} from "~/components/finance/record-edit-schemas.server";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { ArrowLeft } from "~/components/ui/icons";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { intentOf, isMultipart, readForm } from "~/forms.server";
import { findTransaction, recordHistory } from "~/queries/finance.server";
import { motionChoices } from "~/queries/finance-approval.server";
import { presentHistory, presentTransaction } from "~/queries/finance-present.server";

export const meta: MetaFunction = () => [{ title: "Edit Transaction · Financials · Association Commons" }];

type Found = NonNullable<Awaited<ReturnType<typeof findTransaction>>>;

const formValues = (t: Found): TransactionFormValues => ({
  type: t.type,
  category: t.category,
  amount: centsToInput(t.amountCents),
  description: t.description,
  date: t.date,
  status: t.status,
  property: t.property ?? "",
});

/** The transaction of the person's own association, or 404 (another association's, or voided). */
async function load(request: Request, params: LoaderFunctionArgs["params"]) {
  const viewer = await requireFinance(request);
  const parsed = RecordParamsSchema.safeParse(params);
  if (!parsed.success) pageNotFound();
  const db = await getDb();
  const transaction = await findTransaction(db, viewer.association.id, parsed.data.id);
  if (!transaction) pageNotFound();
  return { viewer, db, transaction };
}

/**
 * /financial/transactions/{id}/edit (spec 001 section 1): the transaction's fields and receipt, its
 * history, and delete. A stale version answers 409 with the current values.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, db, transaction } = await load(request, params);
  // Without JavaScript, Delete lands here (?delete=1) and the page asks, naming the record.
  const asked = new URL(request.url).searchParams.get("delete") === "1";
  // The cited motion links to its minutes only for a viewer the board room admits (not every admin).
  const minutes = await mayOpenBoardRoom(viewer, viewer.association.id);
  return json({
    askDelete: asked ? deleteTransactionConfirm(transaction) : null,
    transaction: {
      ...presentTransaction(transaction, minutes),
      receipt: transaction.receiptFileName,
      version: transaction.version,
    },
    defaults: formValues(transaction),
    history: presentHistory(
      await recordHistory(db, viewer.association.id, transaction.id),
      viewer.association.timeZone,
      minutes,
    ),
    // Issue 13, part 9: while it awaits the board, the passed motions it may cite.
    motions: transaction.approvalStatus === "awaiting" ? await motionChoices(db, viewer.association.id) : [],
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, db, transaction } = await load(request, params);
  const actor = { associationId: viewer.association.id, actorId: viewer.user.id };
  let formData: FormData;
  let files: ReceivedReceipt[] = [];
  if (isMultipart(request)) {
    try {
      ({ formData, files } = await readReceiptUpload(request));
    } catch (error) {
      if (error instanceof Response && error.status === 413)
        return json(
          { result: { status: "error", error: { receipt: [FINANCE_MESSAGES.receiptSize] } } },
          { status: 413 },
        );
      throw error;
    }
  } else {
    formData = await readForm(request);
  }
  const submission = parseTransactionEdit(formData);
  if (submission.status !== "success") {
    await discardReceipts(files);
    return json(
      { intent: intentOf(submission.payload, RECORD_EDIT_INTENTS), result: submission.reply() },
      { status: 400 },
    );
  }
  const input = submission.value;
  if (input.intent === "approve") {
    await discardReceipts(files);
    const approved = await approveWithMotion(db, {
      ...actor,
      kind: "transaction",
      id: transaction.id,
      motionId: input.motion_id,
      expectedVersion: input.version,
    });
    if (approved.ok)
      return redirectWithFlash(`/financial/transactions/${transaction.id}/edit`, {
        tone: "success",
        message: "Approved by board motion",
      });
    if (approved.kind === "not_found") pageNotFound();
    return json(
      { intent: "approve" as const, result: approvalRefused(submission, approved) },
      { status: approved.kind === "conflict" ? 409 : 400 },
    );
  }
  if (input.intent === "delete") {
    await discardReceipts(files);
    if (input.confirmed !== "1") return redirect(`/financial/transactions/${transaction.id}/edit?delete=1`);
    const outcome = await voidTransaction(db, { ...actor, id: transaction.id });
    if (!outcome.ok) pageNotFound();
    return redirectWithFlash("/financials/expenses", { tone: "success", message: "Transaction deleted" });
  }
  const v = input;
  let receipt: Receipt | null | undefined = v.remove_receipt ? null : undefined;
  if (files[0]) {
    const checked = await checkReceivedReceipt(files[0]);
    if (!checked.ok)
      return json(
        { result: submission.reply({ fieldErrors: { receipt: [checked.message] } }) },
        { status: 400 },
      );
    receipt = checked.receipt;
  }
  const outcome = await updateTransaction(db, {
    ...actor,
    id: transaction.id,
    expectedVersion: v.version,
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
  });
  if (!outcome.ok) {
    if (receipt) await discardReceipts([receipt]);
    if (outcome.kind === "not_found") pageNotFound();
    const current = await findTransaction(db, viewer.association.id, transaction.id);
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
  return redirectWithFlash("/financials/expenses", {
    tone: "success",
    message: outcome.changed ? savedMessage("Transaction updated", outcome, v.status) : "Nothing to change",
  });
}

export default function EditTransaction() {
  const { transaction, defaults, history, askDelete, motions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A refused post answers with its form's intent: the approval panel's, or the record form's.
  const reply = actionData as { intent?: string | null; result?: SubmissionResult<string[]> } | undefined;
  const approvalResult = reply?.intent === "approve" ? reply.result : undefined;
  const saveResult = reply?.intent === "approve" ? undefined : reply?.result;
  const conflict =
    actionData && "current" in actionData
      ? (actionData as unknown as { current: TransactionFormValues; version: number })
      : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link
        to="/financials/expenses"
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the expenses
      </Link>
      <h1 className="text-3xl font-semibold">Edit Transaction</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Entered by {transaction.createdBy}.{" "}
        {transaction.receipt ? (
          <a
            href={`/financial/transactions/${transaction.id}/receipt`}
            className="text-blue-700 underline dark:text-blue-400"
          >
            Download the receipt ({transaction.receipt})
          </a>
        ) : (
          "No receipt attached."
        )}
      </p>
      <div className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        {conflict ? (
          <div className="mb-4">
            <Alert title={FINANCE_MESSAGES.editConflict} />
          </div>
        ) : null}
        <TransactionForm
          key={conflict ? `v${conflict.version}` : `v${transaction.version}`}
          id="edit-transaction"
          defaults={conflict ? conflict.current : defaults}
          lastResult={conflict ? undefined : saveResult}
          version={conflict ? conflict.version : transaction.version}
          intent="save"
          currentReceipt={transaction.receipt}
          submitLabel="Save Transaction"
        />
      </div>
      <ApprovalPanel
        approval={transaction}
        motions={motions}
        version={transaction.version}
        lastResult={approvalResult}
      />
      {askDelete ? (
        <DeleteConfirmation text={askDelete} cancelHref={`/financial/transactions/${transaction.id}/edit`} />
      ) : (
        <DeleteButton
          intent="delete"
          confirmText={deleteTransactionConfirm(transaction)}
          className={buttonClass("secondary", "text-red-700 dark:text-red-400")}
        >
          Delete transaction
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
