import { type Queryable, queryRows } from "@db/client";
import { personalFeatureHolders } from "@db/reactions/saved-search-alerts";
import {
  associations,
  subscriptionInvoices,
  subscriptions,
  userProfiles,
  vendorCreditTransactions,
} from "@db/schema";
import {
  associationMayWrite,
  associationTrialEndsAt,
  type BillingInterval,
  findPlan,
  governingSubscription,
  graceEndsAt,
  grantsAccess,
  hasFeature,
  type PlanFeature,
  type PlanSubjectType,
  planAccess,
  planName,
} from "@domain/billing";
import { and, desc, eq, inArray, sql } from "drizzle-orm";

/**
 * What /settings/billing shows of a person's or an association's plan (issue 14, part 2): the plan that
 * governs now, its status, trial end, next invoice, whether Stripe knows a customer (Customer Portal),
 * and the invoices. Time comes in as `now`.
 */
export async function getPlanOverview(
  db: Queryable,
  subject: { type: PlanSubjectType; id: string },
  now: string,
) {
  const subs = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.subjectType, subject.type), eq(subscriptions.subjectId, subject.id)))
    .orderBy(desc(subscriptions.startedAt));
  const current = governingSubscription(subs, now);
  const access = planAccess(current, now);
  const invoices =
    subs.length === 0
      ? []
      : await db
          .select({
            invoiceId: subscriptionInvoices.invoiceId,
            number: subscriptionInvoices.number,
            status: subscriptionInvoices.status,
            amount: subscriptionInvoices.amount,
            currency: subscriptionInvoices.currency,
            hostedInvoiceUrl: subscriptionInvoices.hostedInvoiceUrl,
            invoicePdf: subscriptionInvoices.invoicePdf,
            date: subscriptionInvoices.createdAt,
            paidAt: subscriptionInvoices.paidAt,
          })
          .from(subscriptionInvoices)
          .where(
            inArray(
              subscriptionInvoices.subscriptionId,
              subs.map((s) => s.id),
            ),
          )
          .orderBy(desc(subscriptionInvoices.createdAt))
          .limit(50);
  const live = current && current.endedAt === null && current.status !== "canceled" ? current : undefined;
  const plan = findPlan(access.active ? access.planId : "free");
  const price =
    live?.source === "stripe" && live.interval
      ? findPlan(live.planId)?.prices.find((p) => p.interval === live.interval)
      : undefined;
  const nextInvoice =
    live && price && !live.cancelAtPeriodEnd && live.currentPeriodEnd
      ? { date: live.currentPeriodEnd, amount: price.amount }
      : null;
  return {
    planId: plan?.id ?? "free",
    planName: plan?.name ?? "Free",
    /** The governing subscription's plan, also when it no longer grants access (canceled, locked). */
    subscribedPlanName: current ? planName(current.planId) : null,
    subscribedPlanId: current?.planId ?? null,
    active: access.active,
    status: current?.status ?? null,
    source: current?.source ?? null,
    interval: (live?.interval ?? null) as BillingInterval | null,
    trialEndsAt: live?.status === "trialing" ? live.trialEndsAt : null,
    currentPeriodEnd: live?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: live?.cancelAtPeriodEnd ?? false,
    graceEndsAt: current ? graceEndsAt(current) : null,
    complimentaryUntil: live?.source === "complimentary" ? live.currentPeriodEnd : null,
    nextInvoice,
    /** A Stripe subscription that still runs: changes go through the Customer Portal, not a new checkout. */
    hasRunningStripePlan: subs.some((s) => s.source === "stripe" && grantsAccess(s, now)),
    hasCustomer: subs.some((s) => s.customerId !== null),
    /** Whether a trial was used already (a new checkout then starts without one). */
    hadPlan: subs.some((s) => s.source === "stripe"),
    invoices,
  };
}
export type PlanOverview = Awaited<ReturnType<typeof getPlanOverview>>;

type PurchaseRow = {
  id: string;
  amount: number;
  description: string;
  metadata: unknown;
  createdAt: string;
};

function purchaseOf(r: PurchaseRow) {
  const m = r.metadata as {
    package_name?: string;
    price?: number;
    currency?: string;
    checkout_session_id?: string;
  };
  return {
    id: r.id,
    credits: r.amount,
    packageName: m.package_name ?? r.description,
    price: m.price ?? 0,
    currency: m.currency ?? "usd",
    checkoutSessionId: m.checkout_session_id ?? null,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

const purchaseColumns = {
  id: vendorCreditTransactions.id,
  amount: vendorCreditTransactions.amount,
  description: vendorCreditTransactions.description,
  metadata: vendorCreditTransactions.metadata,
  createdAt: vendorCreditTransactions.createdAt,
};

/** The vendor's credit purchases, newest first, each with its receipt (spec 001: credit transactions). */
export async function listCreditPurchases(db: Queryable, vendorId: string) {
  const t = vendorCreditTransactions;
  const rows = await db
    .select(purchaseColumns)
    .from(t)
    .where(and(eq(t.vendorId, vendorId), eq(t.type, "purchase")))
    .orderBy(desc(t.position))
    .limit(50);
  return rows.map(purchaseOf);
}

/** One credit purchase of this vendor, for its receipt (null: not theirs, or not a purchase). */
export async function getCreditReceipt(db: Queryable, vendorId: string, transactionId: string) {
  const t = vendorCreditTransactions;
  const [row] = await db
    .select(purchaseColumns)
    .from(t)
    .where(and(eq(t.id, transactionId), eq(t.vendorId, vendorId), eq(t.type, "purchase")));
  return row ? purchaseOf(row) : null;
}

/** The profile's plan fields (spec 000), for the user menu's plan badge. */
export async function getProfilePlan(db: Queryable, userId: string) {
  const [row] = await db
    .select({ tier: userProfiles.subscriptionTier, status: userProfiles.subscriptionStatus })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row ?? { tier: "free", status: "incomplete" };
}

/**
 * Whether an association may write with `feature` at `now` (issue 14, part 6): its plan gives it, or
 * its 30-day trial from creation still runs while it has no subscription.
 */
export async function associationFeatureAccess(
  db: Queryable,
  associationId: string,
  feature: PlanFeature,
  now: string,
) {
  const [overview, trialEndsAt] = await Promise.all([
    getPlanOverview(db, { type: "association", id: associationId }, now),
    getAssociationTrialEnd(db, associationId),
  ]);
  const access = {
    planId: overview.planId,
    active: overview.active,
    status: overview.status,
    graceEndsAt: overview.graceEndsAt,
  };
  return { open: associationMayWrite(access, feature, trialEndsAt, now), overview, trialEndsAt };
}

/**
 * Whether a person's own plan gives `feature` at `now` (the Professional plan's features: trialing,
 * active, complimentary until its end, or past due within the grace), with the overview that says why not.
 */
export async function personalFeatureAccess(
  db: Queryable,
  userId: string,
  feature: PlanFeature,
  now: string,
) {
  const overview = await getPlanOverview(db, { type: "user", id: userId }, now);
  const open = hasFeature(
    {
      planId: overview.planId,
      active: overview.active,
      status: overview.status,
      graceEndsAt: overview.graceEndsAt,
    },
    feature,
  );
  return { open, overview };
}

/** When the association's own trial ends (30 days from its creation). */
export async function getAssociationTrialEnd(db: Queryable, associationId: string): Promise<string> {
  const [row] = await db
    .select({ createdAt: associations.createdAt })
    .from(associations)
    .where(eq(associations.id, associationId));
  return associationTrialEndsAt(row ? new Date(row.createdAt).toISOString() : new Date(0).toISOString());
}

/** The association the profile has chosen as active (null: none chosen). */
export async function getActiveAssociationId(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: userProfiles.activeAssociationId })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row?.id ?? null;
}

/** Every subscription and complimentary grant for the admin panel (issue 14, part 5), newest first. */
export async function listSubscriptionsForAdmin(db: Queryable, limit = 200) {
  const list = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select s.id, s.subject_type, s.subject_id, s.source, s.plan_id, s.interval, s.status,
      s.current_period_end, s.started_at, s.ended_at, s.end_reason, s.grant_reason,
      coalesce(a.name, coalesce(p.full_name, u.email)) as subject_name, u.email as subject_email,
      g.email as granted_by_email
    from subscriptions s
    left join associations a on s.subject_type = 'association' and a.id = s.subject_id
    left join users u on s.subject_type = 'user' and u.id = s.subject_id
    left join user_profiles p on p.id = u.id
    left join users g on g.id = s.granted_by
    order by s.started_at desc, s.id
    limit ${limit}`,
  );
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return list.map((r) => ({
    id: String(r.id),
    subjectType: String(r.subject_type),
    subjectName: (r.subject_name as string | null) ?? "unknown",
    subjectEmail: (r.subject_email as string | null) ?? null,
    source: String(r.source),
    planName: planName(String(r.plan_id)),
    interval: (r.interval as string | null) ?? null,
    status: String(r.status),
    currentPeriodEnd: iso(r.current_period_end),
    startedAt: iso(r.started_at) as string,
    endedAt: iso(r.ended_at),
    endReason: (r.end_reason as string | null) ?? null,
    grantReason: (r.grant_reason as string | null) ?? null,
    grantedBy: (r.granted_by_email as string | null) ?? null,
  }));
}

/** The associations an administrator may grant a plan to, by name. */
export async function listAssociationsForGrant(db: Queryable) {
  return db
    .select({ id: associations.id, name: associations.name })
    .from(associations)
    .orderBy(associations.name)
    .limit(500);
}

/** Whether the person's own plan gives `feature` at `now` (Professional: trialing, active, or in grace). */
export async function personHasFeature(db: Queryable, userId: string, feature: PlanFeature, now: string) {
  return (await personalFeatureHolders(db, [userId], feature, now)).has(userId);
}
