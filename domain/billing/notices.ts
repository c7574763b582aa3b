/**
 * What the subscription lifecycle tells people (issue 14, part 4), as pure functions of an event and
 * the subscription's state after it. The event store writes them with the events (db/reactions), so a
 * notice exists exactly when its event does and a repeated Stripe delivery (which records nothing new)
 * never sends a second one. High priority: e-mailed at once.
 */
import type { NotificationPriority, NotificationType } from "../notifications";
import type { SubscriptionEvent } from "./events";
import type { SubscriptionState } from "./machine";
import { planName } from "./plans";

export const BILLING_NOTICE_EVENT_TYPES: ReadonlySet<string> = new Set([
  "InvoicePaymentFailed",
  "TrialEndingNoticed",
  "RenewalReminded",
]);

export interface BillingNotice {
  type: NotificationType;
  title: string;
  body: string;
  priority: NotificationPriority;
  actionUrl: string;
  metadata: Record<string, unknown>;
}

/** Where a person fixes their card or manages a plan. */
export const BILLING_PATH = "/settings/billing";

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

const day = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

export function billingNotice(
  event: SubscriptionEvent,
  state: Pick<SubscriptionState, "planId" | "subjectType">,
  subjectName: string | null,
): BillingNotice | null {
  const plan = planName(state.planId ?? "free");
  const whose = state.subjectType === "association" && subjectName ? ` for ${subjectName}` : "";
  const actionUrl = BILLING_PATH;
  switch (event.type) {
    case "InvoicePaymentFailed": {
      const d = event.data;
      return {
        type: "payment_failed",
        title: `Payment failed for your ${plan} plan${whose}`,
        body: `We could not charge ${money(d.amountDue, d.currency)}. Update your card under Billing to keep your plan${
          d.nextAttemptAt ? `; we will try again on ${day(d.nextAttemptAt)}` : ""
        }. Features stay open for 7 days while the payment is past due.`,
        priority: "urgent",
        actionUrl,
        metadata: { subscriptionId: d.subscriptionId, invoiceId: d.invoiceId, attempt: d.attempt },
      };
    }
    case "TrialEndingNoticed":
      return {
        type: "subscription_expiring",
        title: `Your ${plan} trial${whose} ends on ${day(event.data.trialEndsAt)}`,
        body: "Add a card under Billing before then to keep the plan's features; nothing is deleted if you do not.",
        priority: "high",
        actionUrl,
        metadata: { subscriptionId: event.data.subscriptionId, trialEndsAt: event.data.trialEndsAt },
      };
    case "RenewalReminded":
      return {
        type: "subscription_expiring",
        title: `Your yearly ${plan} plan${whose} renews on ${day(event.data.renewsAt)}`,
        body: `It renews for ${money(event.data.amount, "usd")}. To change or cancel it, open Billing before then.`,
        priority: "high",
        actionUrl,
        metadata: { subscriptionId: event.data.subscriptionId, renewsAt: event.data.renewsAt },
      };
    default:
      return null;
  }
}
