import { PLAN_LIMIT_MESSAGES, type PlanFeature } from "@domain/billing";
import { json } from "@remix-run/node";
import { getDb } from "~/db.server";
import { associationFeatureAccess } from "~/queries/billing.server";

/** Where a refused person starts or renews the association's plan. */
export const ASSOCIATION_UPGRADE_URL = "/settings/billing#association";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Plan limits on the server (issue 14, part 6): a write (any non-GET request) to the association's
 * board room, documents or calendar needs its Association plan, or its 30-day trial. Otherwise 402
 * `{ error, upgradeUrl }`; reading is never refused and nothing is deleted.
 */
/** What a page shows where writing is closed by the association's plan (null: open). */
export async function associationPlanNotice(associationId: string, feature: PlanFeature) {
  const { open, overview } = await associationFeatureAccess(
    await getDb(),
    associationId,
    feature,
    new Date().toISOString(),
  );
  if (open) return null;
  return {
    message: overview.status === "past_due" ? PLAN_LIMIT_MESSAGES.pastDue : PLAN_LIMIT_MESSAGES.association,
    upgradeUrl: ASSOCIATION_UPGRADE_URL,
  };
}

export async function requireAssociationPlan(request: Request, associationId: string, feature: PlanFeature) {
  if (READS.has(request.method.toUpperCase())) return;
  const { open, overview } = await associationFeatureAccess(
    await getDb(),
    associationId,
    feature,
    new Date().toISOString(),
  );
  if (open) return;
  throw json(
    {
      error: overview.status === "past_due" ? PLAN_LIMIT_MESSAGES.pastDue : PLAN_LIMIT_MESSAGES.association,
      upgradeUrl: ASSOCIATION_UPGRADE_URL,
    },
    { status: 402 },
  );
}
