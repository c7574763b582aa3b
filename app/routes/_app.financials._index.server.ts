import { parseWithZod } from "@conform-to/zod";
import { FINANCE_TABS, formatMoney, TRANSACTION_LIST_LIMIT } from "@domain/finance";
import { ThresholdFormSchema } from "@domain/finance/approval";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { homeownersSeeSummary, requireFinance } from "~/auth/finance.server";
import { setApprovalThreshold, setHomeownersSeeSummary } from "~/commands/finance.server";
import { financialsPath } from "~/components/finance/links";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { intentOf, readForm } from "~/forms.server";
import { listTransactions } from "~/queries/finance.server";
import { approvalThreshold } from "~/queries/finance-approval.server";
import {
  budgetVsActual,
  monthlyChart,
  presentTransaction,
  summaryFor,
} from "~/queries/finance-present.server";
import { backTo, financeTab, replyWith } from "./_app.financials.server";

const SHARING_INVALID = "Tick the box to share the summary, or leave it empty to stop sharing it";

/** The Overview's two settings forms, told apart by their intent (one schema, parsed with Conform). */
const OverviewActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("sharing"),
    // A checkbox: "1" when ticked, absent when not.
    homeowners_see_summary: z.literal("1", { errorMap: () => ({ message: SHARING_INVALID }) }).optional(),
  }),
  ThresholdFormSchema.extend({ intent: z.literal("threshold") }),
]);
const INTENTS = ["sharing", "threshold"] as const;

/**
 * An old link or bookmark to a tab (/financials?tab=budgets&period=...) goes to the tab's own route
 * with the same filters (issue 27, part 4).
 */
function fromOldTabLink(request: Request) {
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab");
  if (tab === null) return null;
  url.searchParams.delete("tab");
  const known = (FINANCE_TABS as readonly string[]).includes(tab)
    ? (tab as (typeof FINANCE_TABS)[number])
    : "overview";
  const search = url.searchParams.toString();
  return redirect(`${financialsPath(known)}${search ? `?${search}` : ""}${url.hash}`, 301);
}

/** The Overview's data (spec 001 section 2.9): the summary, the charts and, for the board, recent transactions. */
export async function overviewLoader(request: Request) {
  const moved = fromOldTabLink(request);
  if (moved) throw moved;
  const tab = await financeTab(request, "overview");
  if (!tab) return json({ access: "choose" as const });
  const { access, scope, window, category, query } = tab;
  const db = await getDb();
  const manage = access === "manage";
  const [{ summary }, months, byCategory, recent, sharing, threshold] = await Promise.all([
    summaryFor(db, scope, query.period, category),
    monthlyChart(db, scope, window, category),
    budgetVsActual(db, scope, window, category),
    manage
      ? listTransactions(
          db,
          scope.associationId,
          { category, window, search: query.search },
          { limit: TRANSACTION_LIST_LIMIT },
        )
      : { rows: [], total: 0 },
    manage ? homeownersSeeSummary(scope.associationId) : null,
    // Issue 13, part 9: over this, a budget or expense waits for a passed board motion.
    manage ? approvalThreshold(db, scope.associationId) : null,
  ]);
  return json({
    access,
    query,
    sharing,
    threshold,
    overview: {
      summary,
      months,
      byCategory,
      recent: recent.rows.map((r) => presentTransaction(r)),
      total: recent.total,
    },
  });
}

export async function overviewAction(request: Request) {
  // Authorized before a byte of the body is read: a board member or manager of the active association.
  const viewer = await requireFinance(request);
  const db = await getDb();
  const actor = { associationId: viewer.association.id, actorId: viewer.user.id };
  const submission = parseWithZod(await readForm(request), { schema: OverviewActionSchema });
  if (submission.status !== "success")
    return replyWith(intentOf(submission.payload, INTENTS), submission.reply(), 400);
  const input = submission.value;
  switch (input.intent) {
    case "sharing": {
      const on = input.homeowners_see_summary !== undefined;
      await setHomeownersSeeSummary(db, { ...actor, on });
      return redirectWithFlash(backTo(request, "overview"), {
        tone: "success",
        message: on
          ? "Homeowners can now read the summary"
          : "The summary is for the board and managers only",
      });
    }
    case "threshold": {
      const cents = input.approval_threshold;
      await setApprovalThreshold(db, { ...actor, cents });
      return redirectWithFlash(backTo(request, "overview"), {
        tone: "success",
        message:
          cents === null
            ? "No approval threshold: budgets and expenses do not need the board"
            : `Budgets and expenses over ${formatMoney(cents, { whole: true })} now need a passed board motion`,
      });
    }
    default: {
      const never: never = input;
      throw new Error(`Unknown intent ${JSON.stringify(never)}`);
    }
  }
}
