/**
 * What a subscription gives, at a moment (issue 14, parts 1 and 4): a plan's features are open while
 * it is trialing or active (a complimentary plan until its end), and for PAST_DUE_GRACE_DAYS after a
 * payment made it past due; then only gated writing stops. Nothing is deleted and reading stays.
 * Pure: the moment comes in as an argument.
 */
import { PAST_DUE_GRACE_DAYS } from "./decide";
import { findPlan, offeredFeatures, type PlanFeature, type PlanId } from "./plans";

const DAY_MS = 86_400_000;

export interface SubscriptionFacts {
  planId: string;
  status: string;
  source: string;
  currentPeriodEnd: string | null;
  trialEndsAt: string | null;
  pastDueSince: string | null;
}

/** When a past-due subscription's grace ends (null: not past due). */
export function graceEndsAt(sub: Pick<SubscriptionFacts, "status" | "pastDueSince">): string | null {
  if (sub.status !== "past_due" || !sub.pastDueSince) return null;
  return new Date(Date.parse(sub.pastDueSince) + PAST_DUE_GRACE_DAYS * DAY_MS).toISOString();
}

/** Whether the subscription's plan is usable at `now`. */
export function grantsAccess(sub: SubscriptionFacts, now: string): boolean {
  const t = Date.parse(now);
  switch (sub.status) {
    case "trialing":
      return true;
    case "active":
      return sub.source !== "complimentary" || !sub.currentPeriodEnd || t < Date.parse(sub.currentPeriodEnd);
    case "past_due": {
      const ends = graceEndsAt(sub);
      return ends !== null && t < Date.parse(ends);
    }
    default:
      return false;
  }
}

/** The subscription that decides the plan: one that grants access, the newest first; else the newest. */
export function governingSubscription<S extends SubscriptionFacts & { startedAt: string }>(
  subs: readonly S[],
  now: string,
): S | undefined {
  const newest = [...subs].sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt));
  return newest.find((s) => grantsAccess(s, now)) ?? newest[0];
}

export interface PlanAccess {
  planId: PlanId;
  /** The plan is usable now. */
  active: boolean;
  status: string | null;
  /** Past due: when the features lock. */
  graceEndsAt: string | null;
}

export function planAccess(sub: SubscriptionFacts | undefined, now: string): PlanAccess {
  if (!sub) return { planId: "free", active: false, status: null, graceEndsAt: null };
  return {
    planId: (findPlan(sub.planId)?.id ?? "free") as PlanId,
    active: grantsAccess(sub, now),
    status: sub.status,
    graceEndsAt: graceEndsAt(sub),
  };
}

/** Whether the plan gives `feature` now: active, and the feature offered (built) in the plan. */
export function hasFeature(access: PlanAccess, feature: PlanFeature): boolean {
  const plan = findPlan(access.planId);
  return access.active && plan !== undefined && offeredFeatures(plan).includes(feature);
}

/** What a person is told where a plan limit stops them (with the upgrade link beside it). */
export const PLAN_LIMIT_MESSAGES = {
  association:
    "This association's plan does not include this. Reading stays open; a board member or manager can start or renew the Association plan under Billing.",
  pastDue:
    "The association's payment is past due and its grace period has ended. Reading stays open; update the card under Billing to write again.",
} as const;

/** The status labels of /settings/billing. */
export const STATUS_LABELS: Record<string, string> = {
  trialing: "Trial",
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  incomplete: "Incomplete",
  incomplete_expired: "Expired",
  unpaid: "Unpaid",
  paused: "Paused",
};

/**
 * An association's trial (issue 14, part 1): the Association plan's features are open for the plan's
 * trial days from the association's creation, before any subscription. Checkout during the trial keeps
 * only the days left, so the trial is 30 days in all.
 */
export function associationTrialEndsAt(associationCreatedAt: string): string {
  const days = findPlan("association")?.trialDays ?? 0;
  return new Date(Date.parse(associationCreatedAt) + days * DAY_MS).toISOString();
}

/** Whole trial days left at `now` (0 when the trial is over). */
export function trialDaysLeft(trialEndsAt: string, now: string): number {
  return Math.max(0, Math.ceil((Date.parse(trialEndsAt) - Date.parse(now)) / DAY_MS));
}

/**
 * Whether an association may write with `feature`: its plan gives it, or its own trial still runs
 * while no subscription governs (a lapsed or locked subscription does not reopen the trial).
 */
export function associationMayWrite(
  access: PlanAccess,
  feature: PlanFeature,
  trialEndsAt: string,
  now: string,
): boolean {
  if (hasFeature(access, feature)) return true;
  return access.status === null && Date.parse(now) < Date.parse(trialEndsAt);
}
