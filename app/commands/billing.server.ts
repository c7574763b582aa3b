import { randomUUID } from "node:crypto";
import type { Database } from "@db/client";
import { type EventMetadata, runCommand } from "@db/event-store";
import { associations, paymentsNeedingReview, subscriptions, users } from "@db/schema";
import {
  BillingWebhookEventSchema,
  type BillingWebhookEventType,
  checkPlanCheckout,
  decide,
  findPlan,
  fold,
  grantsAccess,
  InvoiceObjectSchema,
  invoiceFacts,
  invoiceSubscriptionId,
  isoFromUnix,
  type PaidPlanId,
  type PlanSubjectType,
  planOfPrice,
  STRIPE_SUBSCRIPTION_STATUSES,
  type StripeSubscriptionReading,
  type StripeSubscriptionStatus,
  SUBSCRIPTION_STREAM_TYPE,
  SubscriptionCheckoutSchema,
  type SubscriptionCommand,
  type SubscriptionError,
  SubscriptionObjectSchema,
  type SubscriptionState,
  subscriptionStreamId,
  trialDaysLeft,
} from "@domain/billing";
import { and, desc, eq, isNull, lte, or } from "drizzle-orm";
import { env } from "~/env.server";
import { withCircuit } from "~/monitoring/circuits.server";
import { billingConfig, getStripe, type Stripe } from "~/payments/stripe.server";
import { getAssociationTrialEnd } from "~/queries/billing.server";

/**
 * Subscription billing on Stripe Billing (issue 14). The browser names a plan and an interval; the
 * price comes from the catalogue's configured ids. Fulfilment follows Stripe's events, each a trigger
 * to re-read the subscription from Stripe: the reading is recorded in the subscription's stream with
 * the time it was read, and an older reading never overwrites a newer one, so duplicates and any
 * order of deliveries end in Stripe's current state, applied once.
 */

const STRIPE_CALL = { timeoutMs: 60_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SubscriptionSubject {
  type: PlanSubjectType;
  id: string;
}

/** Runs one command against a subscription's stream: lock, decide, append with projections and notices. */
export async function executeSubscriptionCommand(
  db: Database,
  subscriptionId: string,
  command: SubscriptionCommand,
  options: { metadata?: EventMetadata; idempotencyKey?: string; now?: () => Date } = {},
) {
  const streamId = subscriptionStreamId(subscriptionId);
  const now = options.now ?? (() => new Date());
  return runCommand<SubscriptionState, SubscriptionError>(db, {
    streams: [{ streamId, streamType: SUBSCRIPTION_STREAM_TYPE }],
    metadata: options.metadata,
    idempotencyKey: options.idempotencyKey,
    decide(loaded) {
      const state = loaded.get(streamId)?.state as SubscriptionState;
      const decision = decide(state, command, { now: now().toISOString() });
      if (!decision.ok) return decision;
      return {
        ok: true,
        appends: [{ streamId, events: decision.events }],
        result: fold(decision.events, state),
      };
    },
  });
}

type Reading = { ok: true; reading: StripeSubscriptionReading } | { ok: false; reason: string };

/** What the product keeps of a Stripe subscription, checked against the catalogue and our accounts. */
async function readingOf(db: Database, sub: Stripe.Subscription, observedAt: string): Promise<Reading> {
  const meta = (sub.metadata ?? {}) as Record<string, string>;
  const subjectType = meta.subjectType;
  const subjectId = meta.subjectId ?? "";
  if ((subjectType !== "user" && subjectType !== "association") || !UUID.test(subjectId)) {
    return { ok: false, reason: "Subscription: its metadata names no account or association of ours" };
  }
  const item = sub.items?.data?.[0];
  const plan = planOfPrice(item?.price?.id, billingConfig().prices);
  if (!plan || findPlan(plan.planId)?.subject !== subjectType) {
    return { ok: false, reason: "Subscription: its price is not a plan of the catalogue for this buyer" };
  }
  const table = subjectType === "user" ? users : associations;
  const [exists] = await db.select({ id: table.id }).from(table).where(eq(table.id, subjectId));
  if (!exists) return { ok: false, reason: "Subscription: the account or association does not exist" };
  if (!(STRIPE_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)) {
    return { ok: false, reason: `Subscription: unknown status ${sub.status}` };
  }
  const legacy = sub as unknown as { current_period_end?: number };
  const customerId = typeof sub.customer === "string" ? sub.customer : sub.customer.id;
  return {
    ok: true,
    reading: {
      subscriptionId: sub.id,
      customerId,
      subjectType,
      subjectId,
      status: sub.status as StripeSubscriptionStatus,
      planId: plan.planId,
      interval: plan.interval,
      trialEndsAt: isoFromUnix(sub.trial_end),
      currentPeriodEnd: isoFromUnix(item?.current_period_end ?? legacy.current_period_end),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      startedAt: isoFromUnix(sub.start_date ?? sub.created) ?? observedAt,
      observedAt,
    },
  };
}

async function holdForReview(db: Database, objectId: string, eventId: string, reason: string, raw: unknown) {
  await db
    .insert(paymentsNeedingReview)
    .values({ checkoutSessionId: objectId, eventId, reason, session: raw as object })
    .onConflictDoNothing();
  console.error(`stripe: ${objectId} needs review (${reason})`);
}

export type BillingOutcome =
  | { status: "applied"; subscriptionId: string; events: string[] }
  | { status: "unchanged"; subscriptionId: string }
  | { status: "needs_review"; reason: string }
  | { status: "ignored"; reason: string };

export class StripeUnavailableError extends Error {}

/**
 * Re-reads a subscription from Stripe and records what changed. Stripe unreachable throws
 * StripeUnavailableError (the webhook answers 503 and Stripe delivers again).
 */
export async function syncStripeSubscription(
  db: Database,
  stripeSubscriptionId: string,
  source: string,
  now: () => Date = () => new Date(),
): Promise<BillingOutcome & { state?: SubscriptionState }> {
  const stripe = getStripe();
  if (!stripe) throw new StripeUnavailableError("Stripe is not configured");
  let sub: Stripe.Subscription;
  const observedAt = now().toISOString();
  try {
    sub = await withCircuit("stripe", () => stripe.subscriptions.retrieve(stripeSubscriptionId), STRIPE_CALL);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) {
      return { status: "ignored", reason: "no such subscription at Stripe" };
    }
    throw new StripeUnavailableError((error as Error).message);
  }
  const reading = await readingOf(db, sub, observedAt);
  if (!reading.ok) {
    await holdForReview(db, sub.id, source, reading.reason, sub);
    return { status: "needs_review", reason: reading.reason };
  }
  const outcome = await executeSubscriptionCommand(
    db,
    sub.id,
    { type: "SyncStripeSubscription", reading: reading.reading },
    { now, metadata: { actorUserId: null, correlationId: sub.id, causationId: source } },
  );
  if (!outcome.ok) return { status: "ignored", reason: outcome.error.message };
  return outcome.events.length > 0
    ? {
        status: "applied",
        subscriptionId: sub.id,
        events: outcome.events.map((e) => e.type),
        state: outcome.result,
      }
    : { status: "unchanged", subscriptionId: sub.id, state: outcome.result };
}

export type BillingEventParse =
  | { ok: true; event: { id: string; type: BillingWebhookEventType; object: Record<string, unknown> } }
  | { ok: false; message: string };

/** Checks a verified billing event's shape (a malformed one is the webhook's 400). */
export function parseBillingEvent(event: unknown): BillingEventParse {
  const parsed = BillingWebhookEventSchema.safeParse(event);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "malformed" };
  const { id, type, data } = parsed.data;
  const object = data.object as Record<string, unknown>;
  const schema =
    type === "checkout.session.completed"
      ? SubscriptionCheckoutSchema
      : type.startsWith("invoice.")
        ? InvoiceObjectSchema
        : SubscriptionObjectSchema;
  const inner = schema.safeParse(object);
  if (!inner.success) {
    const issue = inner.error.issues[0];
    return { ok: false, message: `${issue?.path.join(".") || "object"}: ${issue?.message}` };
  }
  return { ok: true, event: { id, type: type as BillingWebhookEventType, object } };
}

/**
 * Applies one verified billing event. Every kind re-reads its subscription first; then an invoice is
 * recorded (paid once; each failed attempt once, never after payment) and a trial's end is noticed
 * once. Resolves only once everything is stored, so a failure makes Stripe deliver again.
 */
export async function handleBillingEvent(
  db: Database,
  event: { id: string; type: BillingWebhookEventType; object: Record<string, unknown> },
  now: () => Date = () => new Date(),
): Promise<BillingOutcome> {
  const source = event.id;
  switch (event.type) {
    case "checkout.session.completed": {
      const session = SubscriptionCheckoutSchema.parse(event.object);
      if (!session.subscription) return { status: "ignored", reason: "no subscription yet" };
      return strip(await syncStripeSubscription(db, session.subscription, source, now));
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return strip(await syncStripeSubscription(db, String(event.object.id), source, now));
    case "customer.subscription.trial_will_end": {
      const synced = await syncStripeSubscription(db, String(event.object.id), source, now);
      const trialEndsAt = synced.state?.trialEndsAt;
      if (!synced.state || !trialEndsAt || synced.status === "needs_review" || synced.status === "ignored") {
        return strip(synced);
      }
      const noticed = await executeSubscriptionCommand(
        db,
        String(event.object.id),
        { type: "NoticeTrialEnding", trialEndsAt },
        { now, metadata: { actorUserId: null, causationId: source } },
      );
      return merge(synced, noticed.ok ? noticed.events.map((e) => e.type) : []);
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = InvoiceObjectSchema.parse(event.object);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId) return { status: "ignored", reason: "not a subscription invoice" };
      const synced = await syncStripeSubscription(db, subscriptionId, source, now);
      if (synced.status === "needs_review" || synced.status === "ignored") return strip(synced);
      const paid = event.type === "invoice.paid";
      const recorded = await executeSubscriptionCommand(
        db,
        subscriptionId,
        paid
          ? { type: "RecordInvoicePaid", invoice: invoiceFacts(invoice, true) }
          : { type: "RecordInvoicePaymentFailed", invoice: invoiceFacts(invoice, false) },
        { now, metadata: { actorUserId: null, correlationId: invoice.id, causationId: source } },
      );
      return merge(synced, recorded.ok ? recorded.events.map((e) => e.type) : []);
    }
    default:
      return { status: "ignored", reason: event.type };
  }
}

function strip(o: BillingOutcome & { state?: unknown }): BillingOutcome {
  const { state: _state, ...rest } = o;
  return rest as BillingOutcome;
}

function merge(synced: BillingOutcome, more: string[]): BillingOutcome {
  const before = synced.status === "applied" ? synced.events : [];
  const subscriptionId = "subscriptionId" in synced ? synced.subscriptionId : "";
  const events = [...before, ...more];
  return events.length > 0
    ? { status: "applied", subscriptionId, events }
    : { status: "unchanged", subscriptionId };
}

/** The subject's subscriptions, newest first (the billing page and checkout read them). */
export async function subjectSubscriptions(db: Database, subject: SubscriptionSubject) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.subjectType, subject.type), eq(subscriptions.subjectId, subject.id)))
    .orderBy(desc(subscriptions.startedAt));
}

export type SubscriptionCheckoutOutcome =
  | { ok: true; url: string; sessionId: string }
  | { ok: false; code: "not_configured" | "invalid_plan" | "already_subscribed" | "checkout_failed" };

/**
 * Stripe Checkout in subscription mode for a person's or an association's plan. The plan's trial is
 * given to a subject that never had the plan; an existing Stripe customer is reused.
 */
export async function createSubscriptionCheckout(
  db: Database,
  input: {
    subject: SubscriptionSubject;
    planId: string;
    interval: string;
    actor: { id: string; email: string };
  },
  options: { idempotencyKey?: string } = {},
): Promise<SubscriptionCheckoutOutcome> {
  const config = billingConfig();
  const stripe = getStripe();
  if (!config.enabled || !stripe) return { ok: false, code: "not_configured" };
  const check = checkPlanCheckout(
    { planId: input.planId, interval: input.interval, subject: input.subject.type },
    config.prices,
  );
  if (!check.ok) return { ok: false, code: check.code };
  const existing = await subjectSubscriptions(db, input.subject);
  const now = new Date().toISOString();
  if (existing.some((s) => s.source === "stripe" && grantsAccess(s, now))) {
    return { ok: false, code: "already_subscribed" };
  }
  const customer = existing.find((s) => s.customerId)?.customerId ?? null;
  const hadPlan = existing.some((s) => s.planId === check.plan.id && s.source === "stripe");
  // The trial is the association's own 30 days from its creation: Checkout keeps the days left of it.
  const trialDays =
    check.plan.trialDays === 0 || hadPlan
      ? 0
      : input.subject.type === "association"
        ? trialDaysLeft(await getAssociationTrialEnd(db, input.subject.id), now)
        : check.plan.trialDays;
  const appUrl = env().APP_URL.replace(/\/$/, "");
  const metadata = {
    productType: "subscription",
    subjectType: input.subject.type,
    subjectId: input.subject.id,
    planId: check.plan.id,
    interval: check.price.interval,
    userId: input.actor.id,
  };
  const back = input.subject.type === "association" ? "&for=association" : "";
  try {
    const session = await withCircuit(
      "stripe",
      () =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            line_items: [{ price: check.priceId, quantity: 1 }],
            client_reference_id: input.subject.id,
            ...(customer ? { customer } : { customer_email: input.actor.email }),
            metadata,
            subscription_data: {
              metadata,
              ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
            },
            success_url: `${appUrl}/settings/billing?checkout=success${back}&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${appUrl}/settings/billing?checkout=canceled${back}`,
          },
          options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined,
        ),
      STRIPE_CALL,
    );
    if (!session.url) throw new Error("Stripe returned a checkout session without a url");
    return { ok: true, url: session.url, sessionId: session.id };
  } catch (error) {
    console.error("stripe: creating a subscription checkout failed", error);
    return { ok: false, code: "checkout_failed" };
  }
}

/**
 * The return from Checkout: the redirect proves nothing, so read the session from Stripe and, when it
 * is one of this subject's, sync its subscription through the same path as the webhook.
 */
export async function syncSubscriptionCheckout(
  db: Database,
  subject: SubscriptionSubject,
  sessionId: string,
): Promise<BillingOutcome | { status: "not_found" } | { status: "unavailable" }> {
  const stripe = getStripe();
  if (!stripe || !/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return { status: "not_found" };
  let session: Stripe.Checkout.Session;
  try {
    session = await withCircuit("stripe", () => stripe.checkout.sessions.retrieve(sessionId), STRIPE_CALL);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return { status: "not_found" };
    return { status: "unavailable" };
  }
  const meta = (session.metadata ?? {}) as Record<string, string>;
  if (session.mode !== "subscription" || meta.subjectType !== subject.type || meta.subjectId !== subject.id) {
    return { status: "not_found" };
  }
  const subscriptionId =
    typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
  if (!subscriptionId) return { status: "ignored", reason: "not completed" };
  try {
    return strip(await syncStripeSubscription(db, subscriptionId, "checkout-return"));
  } catch (error) {
    if (error instanceof StripeUnavailableError) return { status: "unavailable" };
    throw error;
  }
}

/** A Customer Portal session (card, plan changes, cancellation) for the subject's Stripe customer. */
export async function createPortalSession(
  db: Database,
  subject: SubscriptionSubject,
): Promise<
  { ok: true; url: string } | { ok: false; code: "not_configured" | "no_customer" | "portal_failed" }
> {
  const stripe = getStripe();
  if (!billingConfig().enabled || !stripe) return { ok: false, code: "not_configured" };
  const customer = (await subjectSubscriptions(db, subject)).find((s) => s.customerId)?.customerId;
  if (!customer) return { ok: false, code: "no_customer" };
  const appUrl = env().APP_URL.replace(/\/$/, "");
  try {
    const session = await withCircuit(
      "stripe",
      () =>
        stripe.billingPortal.sessions.create({
          customer,
          return_url: `${appUrl}/settings/billing${subject.type === "association" ? "?for=association" : ""}`,
        }),
      STRIPE_CALL,
    );
    return { ok: true, url: session.url };
  } catch (error) {
    console.error("stripe: creating a portal session failed", error);
    return { ok: false, code: "portal_failed" };
  }
}

/** An administrator grants a complimentary plan for a period, recorded with who and why (issue 14, part 5). */
export async function grantComplimentaryPlan(
  db: Database,
  input: {
    subject: SubscriptionSubject;
    planId: PaidPlanId;
    endsAt: string;
    reason: string;
    grantedBy: string;
  },
  now: () => Date = () => new Date(),
) {
  const table = input.subject.type === "user" ? users : associations;
  const [exists] = await db.select({ id: table.id }).from(table).where(eq(table.id, input.subject.id));
  if (!exists) return { ok: false as const, error: { kind: "not_found" as const, message: "Not found" } };
  const subscriptionId = `comp_${randomUUID()}`;
  return executeSubscriptionCommand(
    db,
    subscriptionId,
    {
      type: "GrantComplimentaryPlan",
      subscriptionId,
      subjectType: input.subject.type,
      subjectId: input.subject.id,
      planId: input.planId,
      grantedBy: input.grantedBy,
      reason: input.reason,
      endsAt: input.endsAt,
    },
    { now, metadata: { actorUserId: input.grantedBy } },
  );
}

export async function revokeComplimentaryPlan(db: Database, subscriptionId: string, revokedBy: string) {
  if (!subscriptionId.startsWith("comp_")) {
    return { ok: false as const, error: { kind: "not_found" as const, message: "Not found" } };
  }
  return executeSubscriptionCommand(
    db,
    subscriptionId,
    { type: "EndComplimentaryPlan", reason: "revoked", endedBy: revokedBy },
    { metadata: { actorUserId: revokedBy } },
  );
}

/**
 * The periodic billing work (every app server may run it; each step locks its stream and records at
 * most once): subscription_expiring seven days before a yearly renewal, and complimentary plans whose
 * period ran out end. Returns how many events were recorded.
 */
export async function runBillingJobs(db: Database, now: () => Date = () => new Date()): Promise<number> {
  const at = now();
  const soon = new Date(at.getTime() + 8 * 86_400_000).toISOString();
  const due = await db
    .select({ id: subscriptions.id, source: subscriptions.source, planId: subscriptions.planId })
    .from(subscriptions)
    .where(
      and(
        isNull(subscriptions.endedAt),
        or(
          and(
            eq(subscriptions.source, "stripe"),
            eq(subscriptions.interval, "year"),
            eq(subscriptions.status, "active"),
            lte(subscriptions.currentPeriodEnd, soon),
          ),
          and(
            eq(subscriptions.source, "complimentary"),
            lte(subscriptions.currentPeriodEnd, at.toISOString()),
          ),
        ),
      ),
    );
  let recorded = 0;
  for (const row of due) {
    const command: SubscriptionCommand =
      row.source === "complimentary"
        ? { type: "EndComplimentaryPlan", reason: "expired", endedBy: null }
        : {
            type: "RemindRenewal",
            amount: findPlan(row.planId)?.prices.find((p) => p.interval === "year")?.amount ?? 0,
          };
    const outcome = await executeSubscriptionCommand(db, row.id, command, { now });
    if (outcome.ok) recorded += outcome.events.length;
  }
  return recorded;
}
