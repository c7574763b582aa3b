import {
  associationMayWrite,
  associationTrialEndsAt,
  billingNotice,
  checkoutButtonLabel,
  checkPlanCheckout,
  decide,
  evolve,
  FEATURE_AVAILABLE,
  FEATURE_LABELS,
  fold,
  grantsAccess,
  hasFeature,
  initialSubscriptionState,
  offeredFeatures,
  PLANS,
  planAccess,
  planOfPrice,
  renewalReminderDue,
  type StripeSubscriptionReading,
  type SubscriptionEvent,
  type SubscriptionState,
  trialDaysLeft,
  trialStatusText,
} from "@domain/billing";
import { LifecycleViolation } from "@domain/shared";
import { describe, expect, it } from "vitest";

const userId = "7b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d";
const adminId = "1b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d";
const ctx = { now: "2026-11-22T10:00:00.000Z" };

const reading = (over: Partial<StripeSubscriptionReading> = {}): StripeSubscriptionReading => ({
  subscriptionId: "sub_1",
  customerId: "cus_1",
  subjectType: "user",
  subjectId: userId,
  status: "active",
  planId: "professional",
  interval: "month",
  trialEndsAt: null,
  currentPeriodEnd: "2026-12-22T10:00:00.000Z",
  cancelAtPeriodEnd: false,
  startedAt: "2026-11-22T10:00:00.000Z",
  observedAt: "2026-11-22T10:00:00.000Z",
  ...over,
});

function run(state: SubscriptionState, command: Parameters<typeof decide>[1], now = ctx.now) {
  const d = decide(state, command, { now });
  if (!d.ok) throw new Error(d.error.message);
  return { events: d.events, state: fold(d.events, state) };
}

const invoice = (id: string, attempt = 1) => ({
  invoiceId: id,
  number: "INV-1",
  amount: 1900,
  currency: "usd",
  hostedInvoiceUrl: "https://invoice.stripe.com/i/x",
  invoicePdf: "https://pay.stripe.com/invoice/x/pdf",
  periodStart: null,
  periodEnd: null,
  attempt,
  nextAttemptAt: null,
});

describe("the plan catalogue", () => {
  it("has Free, Professional monthly and yearly, and Association with a 30-day trial", () => {
    expect(PLANS.map((p) => p.id)).toEqual(["free", "professional", "association"]);
    const pro = PLANS[1];
    expect(pro?.prices.map((p) => p.interval)).toEqual(["month", "year"]);
    expect(PLANS[2]?.trialDays).toBe(30);
    expect(PLANS[2]?.subject).toBe("association");
  });

  it("offers only features whose area exists: no directory placement, no course discount yet", () => {
    const pro = PLANS.find((p) => p.id === "professional");
    expect(pro?.features).toContain("featured_listing");
    expect(offeredFeatures(pro as never)).toEqual(["saved_searches", "vendor_analytics"]);
    for (const plan of PLANS) {
      // What /pricing lists is exactly the offered features' labels.
      if (plan.id !== "free")
        expect(plan.includes).toEqual(offeredFeatures(plan).map((f) => FEATURE_LABELS[f]));
      for (const line of plan.includes) {
        expect(line).not.toBe(FEATURE_LABELS.featured_listing);
        expect(line).not.toBe(FEATURE_LABELS.course_discount);
      }
    }
    expect(FEATURE_AVAILABLE.featured_listing).toBe(false);
    expect(FEATURE_AVAILABLE.course_discount).toBe(false);
    // An unbuilt feature is not unlocked by an active plan either.
    const access = planAccess(
      {
        planId: "professional",
        status: "active",
        source: "stripe",
        currentPeriodEnd: null,
        trialEndsAt: null,
        pastDueSince: null,
      },
      ctx.now,
    );
    expect(hasFeature(access, "vendor_analytics")).toBe(true);
    expect(hasFeature(access, "featured_listing")).toBe(false);
    expect(hasFeature(access, "course_discount")).toBe(false);
  });

  it("takes the price id from the configuration, never from the browser, and fits the plan to its buyer", () => {
    const ids = { STRIPE_PRICE_PRO_MONTHLY: "price_pm", STRIPE_PRICE_ASSOCIATION_MONTHLY: "price_am" };
    expect(
      checkPlanCheckout({ planId: "professional", interval: "month", subject: "user" }, ids),
    ).toMatchObject({
      ok: true,
      priceId: "price_pm",
    });
    expect(checkPlanCheckout({ planId: "professional", interval: "year", subject: "user" }, ids)).toEqual({
      ok: false,
      code: "not_configured",
    });
    expect(checkPlanCheckout({ planId: "association", interval: "month", subject: "user" }, ids)).toEqual({
      ok: false,
      code: "invalid_plan",
    });
    expect(checkPlanCheckout({ planId: "free", interval: "month", subject: "user" }, ids).ok).toBe(false);
    expect(planOfPrice("price_am", ids)).toEqual({ planId: "association", interval: "month", amount: 7900 });
    expect(planOfPrice("price_other", ids)).toBeUndefined();
  });
});

describe("the subscription lifecycle", () => {
  it("starts from a Stripe reading and applies a newer one", () => {
    const started = run(initialSubscriptionState, {
      type: "SyncStripeSubscription",
      reading: reading({ status: "trialing" }),
    });
    expect(started.events.map((e) => e.type)).toEqual(["SubscriptionStarted"]);
    const updated = run(started.state, {
      type: "SyncStripeSubscription",
      reading: reading({ status: "past_due", observedAt: "2026-11-23T10:00:00.000Z" }),
    });
    expect(updated.events.map((e) => e.type)).toEqual(["SubscriptionUpdated"]);
    expect(updated.state.status).toBe("past_due");
    expect(updated.state.pastDueSince).toBe("2026-11-23T10:00:00.000Z");
  });

  it("never lets an older reading overwrite a newer one, and ignores an unchanged one", () => {
    const { state } = run(initialSubscriptionState, {
      type: "SyncStripeSubscription",
      reading: reading({ observedAt: "2026-11-23T10:00:00.000Z" }),
    });
    expect(
      run(state, {
        type: "SyncStripeSubscription",
        reading: reading({ status: "trialing", observedAt: ctx.now }),
      }).events,
    ).toEqual([]);
    expect(
      run(state, {
        type: "SyncStripeSubscription",
        reading: reading({ observedAt: "2026-11-24T10:00:00.000Z" }),
      }).events,
    ).toEqual([]);
  });

  it("ends on a canceled reading, and nothing after that reopens it", () => {
    const { state } = run(initialSubscriptionState, { type: "SyncStripeSubscription", reading: reading() });
    const ended = run(state, {
      type: "SyncStripeSubscription",
      reading: reading({ status: "canceled", observedAt: "2026-11-25T00:00:00.000Z" }),
    });
    expect(ended.events.map((e) => e.type)).toEqual(["SubscriptionEnded"]);
    expect(ended.state.status).toBe("canceled");
    expect(
      run(ended.state, {
        type: "SyncStripeSubscription",
        reading: reading({ status: "active", observedAt: "2026-11-26T00:00:00.000Z" }),
      }).events,
    ).toEqual([]);
  });

  it("records an invoice paid once and a failure only once per attempt and never after payment", () => {
    let { state } = run(initialSubscriptionState, { type: "SyncStripeSubscription", reading: reading() });
    const failed = run(state, { type: "RecordInvoicePaymentFailed", invoice: invoice("in_1") });
    expect(failed.events.map((e) => e.type)).toEqual(["InvoicePaymentFailed"]);
    state = failed.state;
    expect(run(state, { type: "RecordInvoicePaymentFailed", invoice: invoice("in_1") }).events).toEqual([]);
    expect(
      run(state, { type: "RecordInvoicePaymentFailed", invoice: invoice("in_1", 2) }).events,
    ).toHaveLength(1);
    const paid = run(state, { type: "RecordInvoicePaid", invoice: invoice("in_1") });
    expect(paid.events).toHaveLength(1);
    expect(run(paid.state, { type: "RecordInvoicePaid", invoice: invoice("in_1") }).events).toEqual([]);
    expect(
      run(paid.state, { type: "RecordInvoicePaymentFailed", invoice: invoice("in_1", 3) }).events,
    ).toEqual([]);
  });

  it("notices a trial's end once, and only while trialing", () => {
    const { state } = run(initialSubscriptionState, {
      type: "SyncStripeSubscription",
      reading: reading({ status: "trialing", trialEndsAt: "2026-11-25T10:00:00.000Z" }),
    });
    const noticed = run(state, { type: "NoticeTrialEnding", trialEndsAt: "2026-11-25T10:00:00.000Z" });
    expect(noticed.events).toHaveLength(1);
    expect(
      run(noticed.state, { type: "NoticeTrialEnding", trialEndsAt: "2026-11-25T10:00:00.000Z" }).events,
    ).toEqual([]);
  });

  it("reminds of a yearly renewal seven days ahead, once", () => {
    const { state } = run(initialSubscriptionState, {
      type: "SyncStripeSubscription",
      reading: reading({ interval: "year", currentPeriodEnd: "2026-11-28T10:00:00.000Z" }),
    });
    expect(renewalReminderDue(state, "2026-11-20T10:00:00.000Z")).toBe(false);
    expect(renewalReminderDue(state, ctx.now)).toBe(true);
    const reminded = run(state, { type: "RemindRenewal", amount: 19000 });
    expect(reminded.events.map((e) => e.type)).toEqual(["RenewalReminded"]);
    expect(run(reminded.state, { type: "RemindRenewal", amount: 19000 }).events).toEqual([]);
    const monthly = run(initialSubscriptionState, {
      type: "SyncStripeSubscription",
      reading: reading({ currentPeriodEnd: "2026-11-28T10:00:00.000Z" }),
    }).state;
    expect(renewalReminderDue(monthly, ctx.now)).toBe(false);
  });

  it("grants a complimentary plan with who and why, and ends it when revoked or expired", () => {
    const grant = {
      type: "GrantComplimentaryPlan" as const,
      subscriptionId: "comp_1",
      subjectType: "association" as const,
      subjectId: userId,
      planId: "association" as const,
      grantedBy: adminId,
      reason: "Pilot association",
      endsAt: "2027-11-22T10:00:00.000Z",
    };
    const granted = run(initialSubscriptionState, grant);
    expect(granted.state).toMatchObject({ source: "complimentary", status: "active", grantedBy: adminId });
    expect(decide(granted.state, grant, ctx).ok).toBe(false);
    expect(decide(initialSubscriptionState, { ...grant, reason: " " }, ctx).ok).toBe(false);
    expect(decide(initialSubscriptionState, { ...grant, planId: "professional" }, ctx).ok).toBe(false);
    expect(
      run(granted.state, { type: "EndComplimentaryPlan", reason: "expired", endedBy: null }).events,
    ).toEqual([]);
    const expired = run(
      granted.state,
      { type: "EndComplimentaryPlan", reason: "expired", endedBy: null },
      "2027-11-23T00:00:00.000Z",
    );
    expect(expired.state.status).toBe("canceled");
  });

  it("evolve is total: a recorded event the lifecycle forbids is a corrupt stream", () => {
    const { events, state } = run(initialSubscriptionState, {
      type: "SyncStripeSubscription",
      reading: reading(),
    });
    expect(() => evolve(state, events[0] as SubscriptionEvent)).toThrow(LifecycleViolation);
    const older: SubscriptionEvent = {
      type: "SubscriptionUpdated",
      data: { ...reading({ observedAt: "2026-01-01T00:00:00.000Z" }), subscriptionId: "sub_1" } as never,
    };
    expect(() => evolve(state, older)).toThrow(LifecycleViolation);
  });
});

describe("plan access", () => {
  const sub = (over: Record<string, unknown> = {}) => ({
    planId: "association",
    status: "active",
    source: "stripe",
    currentPeriodEnd: null,
    trialEndsAt: null,
    pastDueSince: null,
    ...over,
  });

  it("keeps a past-due plan open for a 7-day grace, then locks it", () => {
    const pastDue = sub({ status: "past_due", pastDueSince: "2026-11-20T00:00:00.000Z" });
    expect(grantsAccess(pastDue, "2026-11-26T23:59:00.000Z")).toBe(true);
    expect(grantsAccess(pastDue, "2026-11-27T00:00:00.000Z")).toBe(false);
    const access = planAccess(pastDue, "2026-11-22T00:00:00.000Z");
    expect(access.graceEndsAt).toBe("2026-11-27T00:00:00.000Z");
    expect(hasFeature(access, "board_room")).toBe(true);
    expect(hasFeature(planAccess(pastDue, "2026-11-28T00:00:00.000Z"), "board_room")).toBe(false);
  });

  it("opens features while trialing or active, a complimentary plan until its end, never when canceled", () => {
    expect(grantsAccess(sub({ status: "trialing" }), ctx.now)).toBe(true);
    expect(grantsAccess(sub({ status: "canceled" }), ctx.now)).toBe(false);
    expect(grantsAccess(sub({ status: "incomplete" }), ctx.now)).toBe(false);
    const comp = sub({ source: "complimentary", currentPeriodEnd: "2026-11-23T00:00:00.000Z" });
    expect(grantsAccess(comp, ctx.now)).toBe(true);
    expect(grantsAccess(comp, "2026-11-24T00:00:00.000Z")).toBe(false);
    expect(hasFeature(planAccess(sub({ planId: "professional" }), ctx.now), "board_room")).toBe(false);
  });
});

describe("billing notices", () => {
  it("tells of a failed payment with a link to fix the card, urgently, and of a trial's end", () => {
    const failed = billingNotice(
      {
        type: "InvoicePaymentFailed",
        data: {
          subscriptionId: "sub_1",
          invoiceId: "in_1",
          number: null,
          attempt: 1,
          amountDue: 7900,
          currency: "usd",
          hostedInvoiceUrl: null,
          failedAt: ctx.now,
          nextAttemptAt: "2026-11-25T10:00:00.000Z",
        },
      },
      { planId: "association", subjectType: "association" },
      "Bayview Towers",
    );
    expect(failed).toMatchObject({
      type: "payment_failed",
      priority: "urgent",
      actionUrl: "/settings/billing",
      title: "Payment failed for your Association plan for Bayview Towers",
    });
    expect(failed?.body).toContain("$79.00");
    expect(failed?.body).toContain("November 25, 2026");
    const trial = billingNotice(
      {
        type: "TrialEndingNoticed",
        data: { subscriptionId: "sub_1", trialEndsAt: "2026-11-25T10:00:00.000Z", noticedAt: ctx.now },
      },
      { planId: "professional", subjectType: "user" },
      null,
    );
    expect(trial).toMatchObject({
      type: "subscription_expiring",
      title: "Your Professional trial ends on November 25, 2026",
    });
  });
});

describe("the association's own trial", () => {
  it("lasts 30 days from the association's creation, while no subscription governs", () => {
    const ends = associationTrialEndsAt("2026-11-01T00:00:00.000Z");
    expect(ends).toBe("2026-12-01T00:00:00.000Z");
    expect(trialDaysLeft(ends, "2026-11-22T10:00:00.000Z")).toBe(9);
    expect(trialDaysLeft(ends, "2026-12-02T00:00:00.000Z")).toBe(0);
    const none = planAccess(undefined, ctx.now);
    expect(associationMayWrite(none, "board_room", ends, ctx.now)).toBe(true);
    expect(associationMayWrite(none, "board_room", ends, "2026-12-01T00:00:00.000Z")).toBe(false);
    // A lapsed subscription does not reopen the trial.
    const lapsed = planAccess(
      {
        planId: "association",
        status: "canceled",
        source: "stripe",
        currentPeriodEnd: null,
        trialEndsAt: null,
        pastDueSince: null,
      },
      ctx.now,
    );
    expect(associationMayWrite(lapsed, "board_room", ends, ctx.now)).toBe(false);
  });
});

describe("the checkout button and the trial's status (issue 26, part 12)", () => {
  const association = PLANS.find((p) => p.id === "association") as (typeof PLANS)[number];
  const professional = { name: "Professional", subject: "user" as const, trialDays: 14 };
  const month = { interval: "month" as const };
  it("never offers an association a new trial: its own runs from its creation", () => {
    expect(association.trialDays).toBe(30);
    expect(checkoutButtonLabel(association, month, "$99.00", { hadPlan: false, ownTrialDaysLeft: 12 })).toBe(
      "Upgrade to Association Monthly: $99.00/month when the trial ends",
    );
    expect(checkoutButtonLabel(association, month, "$99.00", { hadPlan: false, ownTrialDaysLeft: 0 })).toBe(
      "Upgrade to Association Monthly: $99.00/month",
    );
  });
  it("offers a person's plan its trial once", () => {
    expect(checkoutButtonLabel(professional, month, "$19.00", { hadPlan: false, ownTrialDaysLeft: 0 })).toBe(
      "Start 14-day trial, then $19.00/month",
    );
    expect(checkoutButtonLabel(professional, month, "$19.00", { hadPlan: true, ownTrialDaysLeft: 0 })).toBe(
      "Upgrade to Professional Monthly: $19.00/month",
    );
  });
  it("states the days left of the trial", () => {
    expect(trialStatusText(30)).toBe("Trial, 30 days left");
    expect(trialStatusText(1)).toBe("Trial, 1 day left");
  });
});
