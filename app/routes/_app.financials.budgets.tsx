import { FINANCE_MESSAGES } from "@domain/finance";
import { APPROVAL_MESSAGES } from "@domain/finance/approval";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireFinance } from "~/auth/finance.server";
import { createBudget, voidBudget } from "~/commands/finance.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { Budgets } from "~/components/finance/budgets";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { intentOf, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { listBudgets } from "~/queries/finance.server";
import { presentBudget } from "~/queries/finance-present.server";
import { BUDGETS_INTENTS, parseBudgetsForm } from "./_app.financials.budgets.server";
import { backTo, financeTab, replyWith } from "./_app.financials.server";

/** /financials/budgets: the period's budgets with what each has spent. */
export async function loader({ request }: LoaderFunctionArgs) {
  const tab = await financeTab(request, "budgets");
  if (!tab) return json({ access: "choose" as const });
  const { scope, window, category, query, today } = tab;
  const rows = await listBudgets(await getDb(), scope.associationId, {
    category,
    window,
    search: query.search,
  });
  return json({ access: tab.access, today, budgets: rows.map((r) => presentBudget(r, today)) });
}

export async function action({ request }: ActionFunctionArgs) {
  // Authorized before a byte of the body is read: a board member or manager of the active association.
  const viewer = await requireFinance(request);
  const db = await getDb();
  const actor = { associationId: viewer.association.id, actorId: viewer.user.id };
  const formData = await readForm(request);
  const submission = parseBudgetsForm(formData);
  if (submission.status !== "success") {
    const intent = intentOf(submission.payload, BUDGETS_INTENTS);
    // A delete of no well-formed id names nothing.
    if (intent === "delete-budget") return json({ error: FINANCE_MESSAGES.notFound }, { status: 404 });
    return replyWith(intent, submission.reply(), 400);
  }
  const input = submission.value;
  switch (input.intent) {
    case "create-budget": {
      const created = await once(request, actor.actorId, formData, (db) =>
        createBudget(db, {
          ...actor,
          values: {
            name: input.name,
            category: input.category,
            allocatedCents: input.allocated,
            period: input.period,
            startDate: input.start_date,
            endDate: input.end_date,
          },
        }),
      );
      return redirectWithFlash(backTo(request, "budgets"), {
        tone: "success",
        message:
          created.approval === "awaiting"
            ? `Budget "${input.name}" created. ${APPROVAL_MESSAGES.savedAwaiting}.`
            : `Budget "${input.name}" created`,
      });
    }
    case "delete-budget": {
      // Unconfirmed (no JavaScript): the budget's page asks first.
      if (input.confirmed !== "1") return redirect(`/financial/budgets/${input.id}/edit?delete=1`);
      const outcome = await voidBudget(db, { ...actor, id: input.id });
      if (!outcome.ok) throw json({ error: outcome.message }, { status: 404 });
      return redirectWithFlash(backTo(request, "budgets"), { tone: "success", message: "Budget deleted" });
    }
    default: {
      const never: never = input;
      throw new Error(`Unknown intent ${JSON.stringify(never)}`);
    }
  }
}

export default function FinancialsBudgets() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.access === "choose") return null;
  const result =
    actionData && "intent" in actionData && actionData.intent === "create-budget"
      ? actionData.result
      : undefined;
  return <Budgets rows={data.budgets} today={data.today} result={result} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
