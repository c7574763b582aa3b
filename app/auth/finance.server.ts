import { json } from "@remix-run/node";
import { type AssociationViewer, requireAssociation } from "./association.server";

/**
 * The financials' guard (spec 000 section 6: "Financial Management, admin, board_member, manager";
 * issue 13): a board member or property manager of the active association keeps its books. Another
 * member (a homeowner) gets 403; a person outside the association gets 404 for its records, because
 * every read and write is scoped to this association; a person in no association is sent to
 * /properties.
 */
export const FINANCE_ROLES = ["board_member", "property_manager"] as const;

export function requireFinance(request: Request): Promise<AssociationViewer> {
  return requireAssociation(request, { roles: FINANCE_ROLES });
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
