import { FINANCE_MESSAGES, paymentWindows } from "@domain/finance";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireFinance } from "~/auth/finance.server";
import {
  checkReceivedReceipt,
  createTransaction,
  discardReceipts,
  type ReceivedReceipt,
  readReceiptUpload,
  savedMessage,
  voidTransaction,
} from "~/commands/finance.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { Expenses } from "~/components/finance/expenses";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { intentOf, isMultipart, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { listTransactions, pendingPayments } from "~/queries/finance.server";
import { presentTransaction } from "~/queries/finance-present.server";
import { EXPENSES_INTENTS, parseExpensesForm } from "./_app.financials.expenses.server";
import { backTo, financeTab, replyWith } from "./_app.financials.server";

const EXPENSE_PAGE_SIZE = 50;

/** /financials/expenses: overdue and upcoming payments, and the period's transactions, 50 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const tab = await financeTab(request, "expenses");
  if (!tab) return json({ access: "choose" as const });
  const { scope, window, category, query, today } = tab;
  const db = await getDb();
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
    access: tab.access,
    query,
    today,
    expenses: {
      rows: list.rows.map((r) => presentTransaction(r)),
      total: list.total,
      pages: Math.max(1, Math.ceil(list.total / EXPENSE_PAGE_SIZE)),
      overdue: pending.overdue.map((r) => presentTransaction(r)),
      upcoming: pending.upcoming.map((r) => presentTransaction(r)),
    },
  });
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
        return replyWith(
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
  const submission = parseExpensesForm(formData);
  if (submission.status !== "success") {
    await discardReceipts(files);
    const intent = intentOf(submission.payload, EXPENSES_INTENTS);
    // A delete of no well-formed id names nothing.
    if (intent === "delete-transaction") return json({ error: FINANCE_MESSAGES.notFound }, { status: 404 });
    return replyWith(intent, submission.reply(), 400);
  }
  const input = submission.value;
  switch (input.intent) {
    case "create-transaction": {
      let receipt = null;
      if (files[0]) {
        const checked = await checkReceivedReceipt(files[0]);
        if (!checked.ok)
          return replyWith(
            "create-transaction",
            submission.reply({ fieldErrors: { receipt: [checked.message] } }),
            400,
          );
        receipt = checked.receipt;
      }
      const created = await once(request, actor.actorId, formData, (db) =>
        createTransaction(db, {
          ...actor,
          values: {
            type: input.type,
            category: input.category,
            amountCents: input.amount,
            description: input.description,
            date: input.date,
            status: input.status,
            property: input.property ?? null,
          },
          receipt,
        }),
      );
      return redirectWithFlash(backTo(request, "expenses"), {
        tone: "success",
        message: savedMessage(
          input.type === "income" ? "Income added" : "Expense added",
          created,
          input.status,
        ),
      });
    }
    case "delete-transaction": {
      await discardReceipts(files);
      // Unconfirmed (no JavaScript): the transaction's page asks first.
      if (input.confirmed !== "1") return redirect(`/financial/transactions/${input.id}/edit?delete=1`);
      const outcome = await voidTransaction(db, { ...actor, id: input.id });
      if (!outcome.ok) throw json({ error: outcome.message }, { status: 404 });
      return redirectWithFlash(backTo(request, "expenses"), {
        tone: "success",
        message: "Transaction deleted",
      });
    }
    default: {
      const never: never = input;
      throw new Error(`Unknown intent ${JSON.stringify(never)}`);
    }
  }
}

export default function FinancialsExpenses() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.access === "choose") return null;
  const result =
    actionData && "intent" in actionData && actionData.intent === "create-transaction"
      ? actionData.result
      : undefined;
  return <Expenses data={data.expenses} query={data.query} today={data.today} result={result} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
