import { financeAdminViews, financeSettings } from "@db/schema";
import { wallClock } from "@domain/calendar/time";
import { json, redirect } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import {
  type ActiveAssociation,
  type AssociationViewer,
  asApiGuard,
  associationById,
  findAssociation,
  refuseRole,
  requireAssociation,
} from "./association.server";
import { type ActiveViewer, requireContext } from "./guards.server";
import { requireAssociationPlan } from "./plan.server";

/**
 * The financials' guard (spec 000 section 6: "Financial Management, admin, board_member, manager";
 * issue 13): a board member or property manager of the active association keeps its books, and so
 * does a platform administrator, in the association they chose on /financials. Another
 * member (a homeowner) gets 403; a person outside the association gets 404 for its records, because
 * every read and write is scoped to this association; a person in no association is sent to
 * /properties.
 */
export const FINANCE_ROLES = ["board_member", "property_manager"] as const;

/**
 * Who keeps an association's books in this request: a board member or manager of their active
 * association, or a platform administrator (issue 13: "admins too") in the association they chose.
 */
export interface FinanceViewer extends ActiveViewer {
  association: ActiveAssociation;
  /** A platform administrator, not (necessarily) a member. */
  admin: boolean;
}

/** An administrator's active context (as requireAdmin: an admin context that may verify users). */
export const isAdminViewer = (viewer: ActiveViewer) =>
  viewer.context.contextType === "admin" && viewer.permissions.can_verify_users === true;

/** Where an administrator who has not chosen an association yet is sent: the chooser on /financials. */
export const ADMIN_CHOOSE_URL = "/financials";
export const ADMIN_CHOOSE_MESSAGE = "Choose an association on the Financials page first";

/**
 * The association an administrator works in: the one chosen on /financials (finance_admin_views),
 * else their own active membership's, else none (null).
 */
async function adminAssociation(viewer: ActiveViewer): Promise<ActiveAssociation | null> {
  const db = await getDb();
  const [chosen] = await db
    .select({ associationId: financeAdminViews.associationId })
    .from(financeAdminViews)
    .where(eq(financeAdminViews.userId, viewer.user.id));
  if (chosen) {
    const association = await associationById(chosen.associationId);
    if (association) return association;
  }
  return (await findAssociation(viewer))?.association ?? null;
}

/**
 * An administrator's finance viewer, or null when the active context is not an administrator's.
 * Without a chosen association, a page sends them to the chooser.
 */
async function financeAdmin(request: Request): Promise<FinanceViewer | null> {
  const viewer = await requireContext(request);
  if (!isAdminViewer(viewer)) return null;
  const association = await adminAssociation(viewer);
  if (!association) throw redirect(ADMIN_CHOOSE_URL);
  return { ...viewer, association, admin: true };
}

export async function requireFinance(request: Request): Promise<FinanceViewer> {
  const viewer = (await financeAdmin(request)) ?? {
    ...(await requireAssociation(request, { roles: FINANCE_ROLES })),
    admin: false,
  };
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
): Promise<
  | { viewer: FinanceViewer | AssociationViewer; access: "manage" | "summary" }
  | { viewer: ActiveViewer; access: "choose" }
> {
  const context = await requireContext(request);
  if (isAdminViewer(context)) {
    // An administrator reads any association's books; without a choice yet, the page offers one.
    const association = await adminAssociation(context);
    return association
      ? { viewer: { ...context, association, admin: true }, access: "manage" }
      : { viewer: context, access: "choose" };
  }
  const viewer = await requireAssociation(request);
  if ((FINANCE_ROLES as readonly string[]).includes(viewer.membership.memberRole))
    return { viewer, access: "manage" };
  if (viewer.membership.memberRole === "homeowner" && (await homeownersSeeSummary(viewer.association.id)))
    return { viewer, access: "summary" };
  return refuseRole(request, viewer);
}

/** The same guard for the JSON endpoints (spec 001 section 8, "Financial"; asApiGuard). */
export async function requireFinanceApi(request: Request): Promise<FinanceViewer> {
  let choose = false;
  try {
    return await asApiGuard(async () => {
      try {
        return await requireFinance(request);
      } catch (thrown) {
        // An administrator who has not chosen an association yet.
        if (thrown instanceof Response && thrown.headers.get("Location") === ADMIN_CHOOSE_URL) choose = true;
        throw thrown;
      }
    }, "Join or create an association to use the financials");
  } catch (thrown) {
    if (choose) throw json({ error: ADMIN_CHOOSE_MESSAGE }, { status: 403 });
    throw thrown;
  }
}

/** Today's date in the association's time zone ("YYYY-MM-DD"): the clock enters here, not in domain/. */
export function associationToday(
  viewer: { association: { timeZone: string } },
  now: Date = new Date(),
): string {
  // The calendar's wall clock (its formatters made once per zone), not a new formatter per call.
  return wallClock(now, viewer.association.timeZone).date;
}

/** The JSON endpoints' answers are per person and never cached by others. */
export const NO_STORE = { "Cache-Control": "private, no-store", Vary: "Cookie" };
