import { centsToInput, FINANCE_MESSAGES, formatMoney } from "@domain/finance";
import { MOVEMENT_KIND_LABELS, voidMovementConfirm } from "@domain/finance/funds";
import { removeComponentConfirm } from "@domain/finance/reserves";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireFinance } from "~/auth/finance.server";
import {
  createComponent,
  createFund,
  recordMovement,
  setPlannedContribution,
  voidComponent,
  voidMovement,
} from "~/commands/finance.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { Reserves, type ResultFor } from "~/components/finance/reserves";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { intentOf, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { findComponent, findMovement, listMovements } from "~/queries/finance.server";
import { presentMovement, reserveStudy, reserveSummary } from "~/queries/finance-present.server";
import { parseReservesForm, RESERVES_INTENTS, wellFormedId } from "./_app.financials.reserves.server";
import { backTo, financeTab, replyWith } from "./_app.financials.server";

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
  return wellFormedId(new URL(request.url).searchParams.get(RESERVE_QUESTIONS[intent].param));
}

/**
 * An unconfirmed void or removal (no JavaScript): back to the Reserves tab asking about the record,
 * or 404 when it is not a live record of the association.
 */
function askFirst(request: Request, intent: ReserveQuestion, record: { id: string } | undefined) {
  if (!record) throw json({ error: FINANCE_MESSAGES.notFound }, { status: 404 });
  const { param, section } = RESERVE_QUESTIONS[intent];
  const back = backTo(request, "reserves");
  return redirect(`${back}${back.includes("?") ? "&" : "?"}${param}=${record.id}#${section}`);
}

const MOVEMENT_PAGE_SIZE = 50;

/**
 * /financials/reserves: the reserve funds (decision record 033), their period, their movements, and
 * the study measured against their closing total.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const tab = await financeTab(request, "reserves");
  if (!tab) return json({ access: "choose" as const });
  const { scope, window, query, today } = tab;
  const db = await getDb();
  const [funds, movements] = await Promise.all([
    reserveSummary(db, scope, window),
    listMovements(db, scope.associationId, { window, search: query.search }, { limit: MOVEMENT_PAGE_SIZE }),
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
    access: tab.access,
    query,
    today,
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

export async function action({ request }: ActionFunctionArgs) {
  // Authorized before a byte of the body is read: a board member or manager of the active association.
  const viewer = await requireFinance(request);
  const db = await getDb();
  const actor = { associationId: viewer.association.id, actorId: viewer.user.id };
  const formData = await readForm(request);
  const submission = parseReservesForm(formData);
  if (submission.status !== "success") {
    const intent = intentOf(submission.payload, RESERVES_INTENTS);
    // A void or removal of no well-formed id names nothing.
    if (intent === "void-movement" || intent === "delete-component")
      return json({ error: FINANCE_MESSAGES.notFound }, { status: 404 });
    const fundId = intent === "plan-contribution" ? String(submission.payload.fund_id ?? "") : undefined;
    return replyWith(intent, submission.reply(), 400, fundId);
  }
  const input = submission.value;
  switch (input.intent) {
    case "create-component": {
      await once(request, actor.actorId, formData, (db) =>
        createComponent(db, {
          ...actor,
          values: {
            name: input.name,
            usefulLifeYears: input.useful_life,
            remainingLifeYears: input.remaining_life,
            replacementCostCents: input.replacement_cost,
          },
        }),
      );
      return redirectWithFlash(backTo(request, "reserves"), {
        tone: "success",
        message: `Component "${input.name}" added`,
      });
    }
    case "delete-component": {
      // Unconfirmed (no JavaScript): the Reserves tab asks first, about this component.
      if (input.confirmed !== "1")
        return askFirst(request, "delete-component", await findComponent(db, actor.associationId, input.id));
      const outcome = await voidComponent(db, { ...actor, id: input.id });
      if (!outcome.ok) throw json({ error: outcome.message }, { status: 404 });
      return redirectWithFlash(backTo(request, "reserves"), {
        tone: "success",
        message: "Component removed",
      });
    }
    case "create-fund": {
      const created = await once(request, actor.actorId, formData, (db) =>
        createFund(db, { ...actor, name: input.name }),
      );
      if (!created.ok)
        return replyWith("create-fund", submission.reply({ fieldErrors: { name: [created.message] } }), 400);
      return redirectWithFlash(backTo(request, "reserves"), {
        tone: "success",
        message: `Fund "${input.name}" added`,
      });
    }
    case "record-movement": {
      const recorded = await once(request, actor.actorId, formData, (db) =>
        recordMovement(db, {
          ...actor,
          fundId: input.fund_id,
          values: {
            kind: input.kind,
            amountCents: input.amount,
            description: input.description,
            date: input.date,
          },
        }),
      );
      if (!recorded.ok && recorded.kind === "not_found")
        throw json({ error: recorded.message }, { status: 404 });
      if (!recorded.ok)
        return replyWith(
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
        message: `${MOVEMENT_KIND_LABELS[input.kind]} recorded`,
      });
    }
    case "plan-contribution": {
      const cents = input.planned_monthly;
      const saved = await setPlannedContribution(db, { ...actor, fundId: input.fund_id, cents });
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
      // Unconfirmed (no JavaScript): the Reserves tab asks first, about this movement.
      if (input.confirmed !== "1")
        return askFirst(request, "void-movement", await findMovement(db, actor.associationId, input.id));
      const outcome = await voidMovement(db, { ...actor, id: input.id });
      if (!outcome.ok && outcome.kind === "not_found")
        throw json({ error: outcome.message }, { status: 404 });
      if (!outcome.ok)
        return replyWith("void-movement", { status: "error", error: { "": [outcome.message] } }, 400);
      return redirectWithFlash(backTo(request, "reserves"), { tone: "success", message: "Movement voided" });
    }
    default: {
      const never: never = input;
      throw new Error(`Unknown intent ${JSON.stringify(never)}`);
    }
  }
}

export default function FinancialsReserves() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.access === "choose") return null;
  const resultFor: ResultFor = (intent, fundId) =>
    actionData &&
    "intent" in actionData &&
    actionData.intent === intent &&
    (fundId === undefined || actionData.fundId === fundId)
      ? actionData.result
      : undefined;
  return <Reserves data={data.reserves} query={data.query} today={data.today} resultFor={resultFor} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
