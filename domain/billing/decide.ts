import { transition } from "xstate";
import {
  accept,
  assertNever,
  type DecideContext,
  type Decision,
  LifecycleViolation,
  reject,
} from "../shared";
import type { StripeSubscriptionStatus, SubscriptionEvent } from "./events";
import {
  failedAttemptKey,
  initialSubscriptionState,
  lifecycleOf,
  notOlder,
  type SubscriptionState,
  subscriptionMachine,
  TERMINAL_STATUSES,
} from "./machine";
import { type BillingInterval, findPlan, type PaidPlanId, type PlanSubjectType } from "./plans";

/** A Stripe subscription as read from Stripe, reduced to what the product keeps. */
export interface StripeSubscriptionReading {
  subscriptionId: string;
  customerId: string;
  subjectType: PlanSubjectType;
  subjectId: string;
  status: StripeSubscriptionStatus;
  planId: PaidPlanId;
  interval: BillingInterval;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  startedAt: string;
  /** When it was read. */
  observedAt: string;
}

export interface InvoiceFacts {
  invoiceId: string;
  number: string | null;
  amount: number;
  currency: string;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  attempt: number;
  nextAttemptAt: string | null;
}

export type SubscriptionCommand =
  | { type: "SyncStripeSubscription"; reading: StripeSubscriptionReading }
  | { type: "RecordInvoicePaid"; invoice: InvoiceFacts }
  | { type: "RecordInvoicePaymentFailed"; invoice: InvoiceFacts }
  | { type: "NoticeTrialEnding"; trialEndsAt: string }
  | { type: "RemindRenewal"; amount: number }
  | {
      type: "GrantComplimentaryPlan";
      subscriptionId: string;
      subjectType: PlanSubjectType;
      subjectId: string;
      planId: PaidPlanId;
      grantedBy: string;
      reason: string;
      endsAt: string;
    }
  | { type: "EndComplimentaryPlan"; reason: "revoked" | "expired"; endedBy: string | null };

export type SubscriptionError =
  | { kind: "not_found"; message: string }
  | { kind: "validation"; message: string }
  | { kind: "business_rule"; message: string };

/** Days before a yearly renewal that subscription_expiring is sent (issue 14, part 4). */
export const RENEWAL_REMINDER_DAYS = 7;
/** Days a past-due subscription keeps its features before they lock (issue 14, part 4). */
export const PAST_DUE_GRACE_DAYS = 7;
/** Longest complimentary grant an administrator may give at once. */
export const MAX_COMPLIMENTARY_DAYS = 3 * 366;

const DAY_MS = 86_400_000;

function snapshotOf(state: SubscriptionState) {
  return subscriptionMachine.resolveState({ value: lifecycleOf(state), context: state });
}

/**
 * Folds one recorded event; the machine owns the transition. Total: an event the lifecycle does not
 * allow (an older reading after a newer one, an invoice paid twice, a second start) throws
 * LifecycleViolation, so `replay --verify` reports the stream as corrupt.
 */
export function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  const snapshot = snapshotOf(state);
  if (!snapshot.can(event)) {
    throw new LifecycleViolation("subscription", event.type, snapshot.value as string);
  }
  const [next] = transition(subscriptionMachine, snapshot, event);
  return next.context;
}

export function fold(
  events: readonly SubscriptionEvent[],
  state: SubscriptionState = initialSubscriptionState,
): SubscriptionState {
  return events.reduce(evolve, state);
}

const sameReading = (state: SubscriptionState, r: StripeSubscriptionReading) =>
  state.status === r.status &&
  state.planId === r.planId &&
  state.interval === r.interval &&
  state.trialEndsAt === r.trialEndsAt &&
  state.currentPeriodEnd === r.currentPeriodEnd &&
  state.cancelAtPeriodEnd === r.cancelAtPeriodEnd;

const notFound = (): { ok: false; error: SubscriptionError } =>
  reject({ kind: "not_found", message: "Subscription not found" });

/**
 * Decides a command against the subscription's state. Stripe's deliveries come more than once and in
 * any order, so every Stripe command is idempotent: a reading older than the last applied, an invoice
 * already paid, an attempt or a notice already recorded yields no event.
 */
export function decide(
  state: SubscriptionState,
  command: SubscriptionCommand,
  ctx: DecideContext,
): Decision<SubscriptionEvent, SubscriptionError> {
  const lifecycle = lifecycleOf(state);
  switch (command.type) {
    case "SyncStripeSubscription": {
      const r = command.reading;
      const fields = {
        status: r.status,
        planId: r.planId,
        interval: r.interval,
        trialEndsAt: r.trialEndsAt,
        currentPeriodEnd: r.currentPeriodEnd,
        cancelAtPeriodEnd: r.cancelAtPeriodEnd,
        observedAt: r.observedAt,
      };
      if (lifecycle === "none") {
        return accept([
          {
            type: "SubscriptionStarted",
            data: {
              subscriptionId: r.subscriptionId,
              subjectType: r.subjectType,
              subjectId: r.subjectId,
              customerId: r.customerId,
              ...fields,
              startedAt: r.startedAt,
            },
          },
        ]);
      }
      if (state.source !== "stripe" || state.subscriptionId !== r.subscriptionId) {
        return reject({ kind: "business_rule", message: "Not this Stripe subscription" });
      }
      // Ended is final at Stripe; an older reading never overwrites a newer one.
      if (lifecycle === "ended" || !notOlder(state, r.observedAt)) return accept([]);
      if (TERMINAL_STATUSES.includes(r.status)) {
        return accept([
          {
            type: "SubscriptionEnded",
            data: {
              subscriptionId: r.subscriptionId,
              reason: "canceled",
              endedAt: r.observedAt,
              endedBy: null,
            },
          },
        ]);
      }
      if (sameReading(state, r)) return accept([]);
      return accept([{ type: "SubscriptionUpdated", data: { subscriptionId: r.subscriptionId, ...fields } }]);
    }
    case "RecordInvoicePaid": {
      if (lifecycle === "none" || !state.subscriptionId) return notFound();
      const i = command.invoice;
      if (state.paidInvoices.includes(i.invoiceId)) return accept([]);
      return accept([
        {
          type: "InvoicePaid",
          data: {
            subscriptionId: state.subscriptionId,
            invoiceId: i.invoiceId,
            number: i.number,
            amountPaid: i.amount,
            currency: i.currency.toLowerCase(),
            hostedInvoiceUrl: i.hostedInvoiceUrl,
            invoicePdf: i.invoicePdf,
            periodStart: i.periodStart,
            periodEnd: i.periodEnd,
            paidAt: ctx.now,
          },
        },
      ]);
    }
    case "RecordInvoicePaymentFailed": {
      if (lifecycle === "none" || !state.subscriptionId) return notFound();
      const i = command.invoice;
      // A failure reported after the invoice was paid (out of order) is history: nothing to tell.
      if (state.paidInvoices.includes(i.invoiceId)) return accept([]);
      if (state.failedAttempts.includes(failedAttemptKey(i.invoiceId, i.attempt))) return accept([]);
      return accept([
        {
          type: "InvoicePaymentFailed",
          data: {
            subscriptionId: state.subscriptionId,
            invoiceId: i.invoiceId,
            number: i.number,
            attempt: i.attempt,
            amountDue: i.amount,
            currency: i.currency.toLowerCase(),
            hostedInvoiceUrl: i.hostedInvoiceUrl,
            failedAt: ctx.now,
            nextAttemptAt: i.nextAttemptAt,
          },
        },
      ]);
    }
    case "NoticeTrialEnding": {
      if (lifecycle === "none" || !state.subscriptionId) return notFound();
      if (lifecycle !== "open" || state.status !== "trialing") return accept([]);
      if (state.trialNotices.includes(command.trialEndsAt)) return accept([]);
      return accept([
        {
          type: "TrialEndingNoticed",
          data: {
            subscriptionId: state.subscriptionId,
            trialEndsAt: command.trialEndsAt,
            noticedAt: ctx.now,
          },
        },
      ]);
    }
    case "RemindRenewal": {
      if (lifecycle === "none" || !state.subscriptionId) return notFound();
      if (!renewalReminderDue(state, ctx.now)) return accept([]);
      return accept([
        {
          type: "RenewalReminded",
          data: {
            subscriptionId: state.subscriptionId,
            renewsAt: state.currentPeriodEnd as string,
            amount: command.amount,
            remindedAt: ctx.now,
          },
        },
      ]);
    }
    case "GrantComplimentaryPlan": {
      if (lifecycle !== "none") {
        return reject({ kind: "business_rule", message: "This grant exists already" });
      }
      const plan = findPlan(command.planId);
      if (!plan || plan.subject !== command.subjectType) {
        return reject({ kind: "validation", message: "This plan is not for this kind of account" });
      }
      const reason = command.reason.trim();
      if (reason.length === 0) return reject({ kind: "validation", message: "A reason is required" });
      const ends = Date.parse(command.endsAt);
      const now = Date.parse(ctx.now);
      if (!Number.isFinite(ends) || ends <= now) {
        return reject({ kind: "validation", message: "The end date must be in the future" });
      }
      if (ends - now > MAX_COMPLIMENTARY_DAYS * DAY_MS) {
        return reject({ kind: "validation", message: "A complimentary plan lasts at most three years" });
      }
      return accept([
        {
          type: "ComplimentaryPlanGranted",
          data: {
            subscriptionId: command.subscriptionId,
            subjectType: command.subjectType,
            subjectId: command.subjectId,
            planId: command.planId,
            grantedBy: command.grantedBy,
            reason,
            grantedAt: ctx.now,
            endsAt: new Date(ends).toISOString(),
          },
        },
      ]);
    }
    case "EndComplimentaryPlan": {
      if (lifecycle === "none" || state.source !== "complimentary" || !state.subscriptionId)
        return notFound();
      if (lifecycle === "ended") return accept([]);
      if (
        command.reason === "expired" &&
        (!state.currentPeriodEnd || Date.parse(state.currentPeriodEnd) > Date.parse(ctx.now))
      ) {
        return accept([]);
      }
      return accept([
        {
          type: "SubscriptionEnded",
          data: {
            subscriptionId: state.subscriptionId,
            reason: command.reason,
            endedAt: ctx.now,
            endedBy: command.endedBy,
          },
        },
      ]);
    }
    default:
      return assertNever(command);
  }
}

/**
 * Whether subscription_expiring is due: a yearly Stripe plan that renews (not cancelling) within
 * RENEWAL_REMINDER_DAYS of `now`, not reminded of this renewal yet.
 */
export function renewalReminderDue(state: SubscriptionState, now: string): boolean {
  if (lifecycleOf(state) !== "open" || state.source !== "stripe") return false;
  if (state.interval !== "year" || state.cancelAtPeriodEnd || !state.currentPeriodEnd) return false;
  if (state.status !== "active") return false;
  if (state.renewalReminders.includes(state.currentPeriodEnd)) return false;
  const left = Date.parse(state.currentPeriodEnd) - Date.parse(now);
  return left > 0 && left <= RENEWAL_REMINDER_DAYS * DAY_MS;
}
