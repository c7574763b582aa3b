import { financeSettings } from "@db/schema";
import { eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { type AssociationViewer, asApiGuard, requireAssociation } from "./association.server";
import { forbidden } from "./guards.server";
import { requireAssociationPlan } from "./plan.server";

/**
 * The financials' guard (spec 000 section 6: "Financial Management, admin, board_member, manager";
 * issue 13): a board member or property manager of the active association keeps its books. Another
 * member (a homeowner) gets 403; a person outside the association gets 404 for its records, because
 * every read and write is scoped to this association; a person in no association is sent to
 * /properties.
 */
export const FINANCE_ROLES = ["board_member", "property_manager"] as const;

export async function requireFinance(request: Request): Promise<AssociationViewer> {
  const viewer = await requireAssociation(request, { roles: FINANCE_ROLES });
  // Issue 14: writing needs the association's plan or its trial (402 with the upgrade link); reading stays.
  await requireAssociationPlan(request, viewer.association.id, "financials");
  return viewer;
}

/** Whether the association shares the read-only summary with its homeowners. */
export async function homeownersSeeSummary(associationId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ on: financeSettings.homeownersSeeSummary })
    .from(financeSettings)
    .where(eq(financeSettings.associationId, associationId));
  return row?.on ?? false;
}

/**
 * The /financials page's reader: the board and managers keep the books ("manage"); a homeowner reads
 * the summary only when the association shares it ("summary"), else 403.
 */
export async function requireFinanceReader(
  request: Request,
): Promise<{ viewer: AssociationViewer; access: "manage" | "summary" }> {
  const viewer = await requireAssociation(request);
  if ((FINANCE_ROLES as readonly string[]).includes(viewer.membership.memberRole))
    return { viewer, access: "manage" };
  if (viewer.membership.memberRole === "homeowner" && (await homeownersSeeSummary(viewer.association.id)))
    return { viewer, access: "summary" };
  forbidden();
}

/** The same guard for the JSON endpoints (spec 001 section 8, "Financial"; asApiGuard). */
export function requireFinanceApi(request: Request): Promise<AssociationViewer> {
  return asApiGuard(() => requireFinance(request), "Join or create an association to use the financials");
}

/** Today's date in the association's time zone ("YYYY-MM-DD"): the clock enters here, not in domain/. */
export function associationToday(viewer: AssociationViewer, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: viewer.association.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** The JSON endpoints' answers are per person and never cached by others. */
export const NO_STORE = { "Cache-Control": "private, no-store", Vary: "Cookie" };
