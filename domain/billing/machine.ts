import { assign, setup } from "xstate";
import type { StripeSubscriptionStatus, SubscriptionEvent } from "./events";
import type { BillingInterval, PlanId, PlanSubjectType } from "./plans";

/** One subscription's state, folded from its stream. */
export interface SubscriptionState {
  subscriptionId: string | null;
  subjectType: PlanSubjectType | null;
  subjectId: string | null;
  source: "stripe" | "complimentary" | null;
  customerId: string | null;
  /** "none" until the stream starts. */
  status: "none" | StripeSubscriptionStatus;
  planId: PlanId | null;
  interval: BillingInterval | null;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The newest Stripe reading applied. */
  observedAt: string | null;
  /** When the subscription went past due (null: it is not), for the grace period. */
  pastDueSince: string | null;
  endedAt: string | null;
  grantedBy: string | null;
  grantReason: string | null;
  paidInvoices: string[];
  /** `${invoiceId}#${attempt}` of every failed attempt recorded. */
  failedAttempts: string[];
  trialNotices: string[];
  renewalReminders: string[];
}

export const initialSubscriptionState: SubscriptionState = {
  subscriptionId: null,
  subjectType: null,
  subjectId: null,
  source: null,
  customerId: null,
  status: "none",
  planId: null,
  interval: null,
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  observedAt: null,
  pastDueSince: null,
  endedAt: null,
  grantedBy: null,
  grantReason: null,
  paidInvoices: [],
  failedAttempts: [],
  trialNotices: [],
  renewalReminders: [],
};

/** Stripe statuses after which a subscription never changes again. */
export const TERMINAL_STATUSES: readonly StripeSubscriptionStatus[] = ["canceled", "incomplete_expired"];

export const failedAttemptKey = (invoiceId: string, attempt: number) => `${invoiceId}#${attempt}`;

/** Whether a reading taken at `observedAt` is not older than the newest one applied. */
export const notOlder = (state: Pick<SubscriptionState, "observedAt">, observedAt: string) =>
  state.observedAt === null || Date.parse(observedAt) >= Date.parse(state.observedAt);

function pastDueSince(state: SubscriptionState, status: StripeSubscriptionStatus, at: string) {
  if (status !== "past_due") return null;
  return state.status === "past_due" ? state.pastDueSince : at;
}

/**
 * The subscription lifecycle: none -> open (trialing, active, past due, incomplete, unpaid, paused:
 * Stripe's status is kept in the context) -> ended (canceled, expired or revoked). Every accepted event
 * goes through `settling`, which routes by the status. The guards are the rules a recorded event must
 * pass: a reading never older than the last, an invoice paid once, each failed attempt and each notice
 * once.
 */
export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionState,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionState,
  },
  guards: {
    newerReading: ({ context, event }) =>
      event.type === "SubscriptionUpdated" &&
      notOlder(context, event.data.observedAt) &&
      !TERMINAL_STATUSES.includes(event.data.status),
    invoiceNotPaid: ({ context, event }) =>
      (event.type === "InvoicePaid" || event.type === "InvoicePaymentFailed") &&
      !context.paidInvoices.includes(event.data.invoiceId),
    attemptNotRecorded: ({ context, event }) =>
      event.type === "InvoicePaymentFailed" &&
      !context.paidInvoices.includes(event.data.invoiceId) &&
      !context.failedAttempts.includes(failedAttemptKey(event.data.invoiceId, event.data.attempt)),
    trialNotNoticed: ({ context, event }) =>
      event.type === "TrialEndingNoticed" && !context.trialNotices.includes(event.data.trialEndsAt),
    renewalNotReminded: ({ context, event }) =>
      event.type === "RenewalReminded" && !context.renewalReminders.includes(event.data.renewsAt),
    isEnded: ({ context }) => context.endedAt !== null || TERMINAL_STATUSES.includes(context.status as never),
  },
  actions: {
    start: assign(({ context, event }) => {
      if (event.type === "SubscriptionStarted") {
        const d = event.data;
        return {
          subscriptionId: d.subscriptionId,
          subjectType: d.subjectType,
          subjectId: d.subjectId,
          source: "stripe" as const,
          customerId: d.customerId,
          status: d.status,
          planId: d.planId,
          interval: d.interval,
          trialEndsAt: d.trialEndsAt,
          currentPeriodEnd: d.currentPeriodEnd,
          cancelAtPeriodEnd: d.cancelAtPeriodEnd,
          observedAt: d.observedAt,
          pastDueSince: pastDueSince(context, d.status, d.observedAt),
          endedAt: TERMINAL_STATUSES.includes(d.status) ? d.observedAt : null,
        };
      }
      if (event.type === "ComplimentaryPlanGranted") {
        const d = event.data;
        return {
          subscriptionId: d.subscriptionId,
          subjectType: d.subjectType,
          subjectId: d.subjectId,
          source: "complimentary" as const,
          status: "active" as const,
          planId: d.planId,
          interval: null,
          currentPeriodEnd: d.endsAt,
          observedAt: d.grantedAt,
          grantedBy: d.grantedBy,
          grantReason: d.reason,
        };
      }
      return {};
    }),
    update: assign(({ context, event }) => {
      if (event.type !== "SubscriptionUpdated") return {};
      const d = event.data;
      return {
        status: d.status,
        planId: d.planId,
        interval: d.interval,
        trialEndsAt: d.trialEndsAt,
        currentPeriodEnd: d.currentPeriodEnd,
        cancelAtPeriodEnd: d.cancelAtPeriodEnd,
        observedAt: d.observedAt,
        pastDueSince: pastDueSince(context, d.status, d.observedAt),
      };
    }),
    end: assign(({ event }) =>
      event.type === "SubscriptionEnded"
        ? { status: "canceled" as const, endedAt: event.data.endedAt, pastDueSince: null }
        : {},
    ),
    recordPaid: assign(({ context, event }) =>
      event.type === "InvoicePaid" ? { paidInvoices: [...context.paidInvoices, event.data.invoiceId] } : {},
    ),
    recordFailed: assign(({ context, event }) =>
      event.type === "InvoicePaymentFailed"
        ? {
            failedAttempts: [
              ...context.failedAttempts,
              failedAttemptKey(event.data.invoiceId, event.data.attempt),
            ],
          }
        : {},
    ),
    recordTrialNotice: assign(({ context, event }) =>
      event.type === "TrialEndingNoticed"
        ? { trialNotices: [...context.trialNotices, event.data.trialEndsAt] }
        : {},
    ),
    recordRenewalReminder: assign(({ context, event }) =>
      event.type === "RenewalReminded"
        ? { renewalReminders: [...context.renewalReminders, event.data.renewsAt] }
        : {},
    ),
  },
}).createMachine({
  id: "subscription",
  context: ({ input }) => input,
  initial: "none",
  states: {
    none: {
      on: {
        SubscriptionStarted: { target: "settling", actions: "start" },
        ComplimentaryPlanGranted: { target: "settling", actions: "start" },
      },
    },
    settling: {
      always: [{ guard: "isEnded", target: "ended" }, { target: "open" }],
    },
    open: {
      on: {
        SubscriptionUpdated: { guard: "newerReading", target: "settling", actions: "update" },
        SubscriptionEnded: { target: "settling", actions: "end" },
        InvoicePaid: { guard: "invoiceNotPaid", target: "settling", actions: "recordPaid" },
        InvoicePaymentFailed: { guard: "attemptNotRecorded", target: "settling", actions: "recordFailed" },
        TrialEndingNoticed: { guard: "trialNotNoticed", target: "settling", actions: "recordTrialNotice" },
        RenewalReminded: {
          guard: "renewalNotReminded",
          target: "settling",
          actions: "recordRenewalReminder",
        },
      },
    },
    // A final invoice may still be settled or fail after the subscription ended; nothing else happens.
    ended: {
      on: {
        InvoicePaid: { guard: "invoiceNotPaid", target: "settling", actions: "recordPaid" },
        InvoicePaymentFailed: { guard: "attemptNotRecorded", target: "settling", actions: "recordFailed" },
      },
    },
  },
});

export type SubscriptionMachineState = "none" | "open" | "ended";

export function lifecycleOf(state: SubscriptionState): SubscriptionMachineState {
  if (state.status === "none") return "none";
  return state.endedAt !== null || TERMINAL_STATUSES.includes(state.status) ? "ended" : "open";
}
