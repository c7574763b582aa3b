import { financeSettings } from "@db/schema";
import { json } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { type AssociationViewer, requireAssociation } from "./association.server";
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

/**
 * The same guard for the JSON endpoints (spec 001 section 8, "Financial"): what a page answers with a
 * redirect is a 401 or 403 `{ error }` here, and every other refusal keeps its status with an
 * `{ error }` body.
 */
export async function requireFinanceApi(request: Request): Promise<AssociationViewer> {
  try {
    return await requireFinance(request);
  } catch (thrown) {
    if (thrown instanceof Response) {
      if (thrown.status >= 300 && thrown.status < 400) {
        const location = thrown.headers.get("Location") ?? "";
        if (location.startsWith("/auth/sign-in")) throw json({ error: "Please sign in" }, { status: 401 });
        throw json(
          {
            error: location.startsWith("/properties")
              ? "Join or create an association to use the financials"
              : "Finish setting up your account first",
          },
          { status: 403 },
        );
      }
      if (thrown.status === 404) throw json({ error: "Not found" }, { status: 404 });
      if (thrown.status === 403)
        throw json({ error: "You do not have permission to do this." }, { status: 403 });
    }
    throw thrown;
  }
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
