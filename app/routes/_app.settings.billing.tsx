import {
  BILLING_INTERVALS,
  checkoutButtonLabel,
  FEATURE_LABELS,
  findPlan,
  INTERVAL_LABELS,
  offeredFeatures,
  PAID_PLAN_IDS,
  type Plan,
  STATUS_LABELS,
  trialDaysLeft,
  trialStatusText,
} from "@domain/billing";

import { creditCount, formatCents } from "@domain/credits/packages";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { getMemberships } from "~/auth/association.server";
import { BOARD_ROOM_ROLES } from "~/auth/board-room.server";
import { forbidden } from "~/auth/guards.server";
import { requireUser } from "~/auth/session.server";
import {
  createPortalSession,
  createSubscriptionCheckout,
  type SubscriptionSubject,
  syncSubscriptionCheckout,
} from "~/commands/billing.server";
import { SettingsSection } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { stripeIdempotencyKey } from "~/idempotency.server";
import { billingConfig } from "~/payments/stripe.server";
import {
  getActiveAssociationId,
  getAssociationTrialEnd,
  getPlanOverview,
  listCreditPurchases,
  type PlanOverview,
} from "~/queries/billing.server";

export const meta: MetaFunction = () => [{ title: "Billing · Settings · Association Commons" }];

/** One schema for both forms of the page: start a plan through Checkout, or open the Customer Portal. */
export const BillingActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("checkout"),
    subject: z.enum(["user", "association"]),
    planId: z.enum(PAID_PLAN_IDS),
    interval: z.enum(BILLING_INTERVALS),
  }),
  z.object({ intent: z.literal("portal"), subject: z.enum(["user", "association"]) }),
]);

export const BILLING_MESSAGES = {
  not_configured: "Payment system is not configured. Please contact support.",
  invalid_plan: "This plan cannot be bought here.",
  already_subscribed: "This plan is running already. Change or cancel it in the Customer Portal.",
  checkout_failed: "Failed to create checkout session",
  no_customer: "There is no card on file yet: choose a plan first.",
  portal_failed: "The Customer Portal could not be opened. Please try again.",
  started: "Thank you! Your plan is being set up; it shows here as soon as Stripe confirms it.",
  active: "Your plan is active.",
  canceled: "Checkout was canceled; nothing was charged.",
} as const;

/**
 * The association whose plan this person may manage: the active association when the person is one
 * of its board members or its manager, else the first such membership (null: none).
 */
async function manageableAssociation(userId: string, activeAssociationId: string | null) {
  const memberships = (await getMemberships(userId)).filter((m) =>
    (BOARD_ROOM_ROLES as readonly string[]).includes(m.memberRole),
  );
  const m = memberships.find((x) => x.associationId === activeAssociationId) ?? memberships[0];
  return m ? { id: m.associationId, name: m.associationName } : null;
}

async function subjectFor(user: { id: string }, kind: "user" | "association"): Promise<SubscriptionSubject> {
  if (kind === "user") return { type: "user", id: user.id };
  const db = await getDb();
  const association = await manageableAssociation(user.id, await getActiveAssociationId(db, user.id));
  if (!association) forbidden("Only the board and the manager of an association manage its plan.");
  return { type: "association", id: association.id };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const url = new URL(request.url);
  const forAssociation = url.searchParams.get("for") === "association";
  // The return from Checkout: the redirect proves nothing; Stripe is asked, then the page shows the plan.
  const sessionId = url.searchParams.get("session_id");
  if (url.searchParams.get("checkout") === "success" && sessionId) {
    const subject = await subjectFor(user, forAssociation ? "association" : "user");
    const outcome = await syncSubscriptionCheckout(db, subject, sessionId);
    const message =
      outcome.status === "applied" || outcome.status === "unchanged"
        ? BILLING_MESSAGES.active
        : BILLING_MESSAGES.started;
    return redirectWithFlash(`/settings/billing${forAssociation ? "#association" : ""}`, {
      message,
      tone: "success",
    });
  }
  if (url.searchParams.get("checkout") === "canceled") {
    return redirectWithFlash("/settings/billing", { message: BILLING_MESSAGES.canceled, tone: "info" });
  }
  const now = new Date().toISOString();
  const association = await manageableAssociation(user.id, await getActiveAssociationId(db, user.id));
  const [personal, associationPlan, purchases, associationTrialEnd] = await Promise.all([
    getPlanOverview(db, { type: "user", id: user.id }, now),
    association ? getPlanOverview(db, { type: "association", id: association.id }, now) : null,
    listCreditPurchases(db, user.id),
    association ? getAssociationTrialEnd(db, association.id) : null,
  ]);
  // Before any subscription, an association is in its own 30-day trial from its creation.
  const associationTrial =
    associationPlan && associationTrialEnd && associationPlan.status === null && now < associationTrialEnd
      ? associationTrialEnd
      : null;
  const config = billingConfig();
  const buyable = Object.fromEntries(
    PAID_PLAN_IDS.map((id) => [
      id,
      config.enabled
        ? (findPlan(id)?.prices ?? []).filter((p) => config.prices[p.priceEnv]).map((p) => p.interval)
        : [],
    ]),
  ) as Record<(typeof PAID_PLAN_IDS)[number], string[]>;
  return json({
    personal,
    association:
      association && associationPlan
        ? {
            ...association,
            plan: associationPlan,
            trialEndsAt: associationTrial,
            trialDaysLeft: associationTrial ? trialDaysLeft(associationTrial, now) : 0,
          }
        : null,
    purchases,
    buyable,
    paymentsConfigured: config.enabled,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const fields = Object.fromEntries(await readForm(request));
  const parsed = BillingActionSchema.safeParse(fields);
  if (!parsed.success) {
    return json({ subject: null, error: BILLING_MESSAGES.invalid_plan }, { status: 400 });
  }
  const form = parsed.data;
  const subject = await subjectFor(user, form.subject);
  if (form.intent === "checkout") {
    const outcome = await createSubscriptionCheckout(
      db,
      {
        subject,
        planId: form.planId,
        interval: form.interval,
        actor: { id: user.id, email: user.email },
      },
      { idempotencyKey: stripeIdempotencyKey(request, user.id, fields, "subscription-checkout") },
    );
    if (outcome.ok) return redirect(outcome.url, 303);
    const status = { not_configured: 503, invalid_plan: 400, already_subscribed: 409, checkout_failed: 502 }[
      outcome.code
    ];
    return json({ subject: form.subject, error: BILLING_MESSAGES[outcome.code] }, { status });
  }
  const portal = await createPortalSession(db, subject);
  if (portal.ok) return redirect(portal.url, 303);
  const status = { not_configured: 503, no_customer: 409, portal_failed: 502 }[portal.code];
  return json({ subject: form.subject, error: BILLING_MESSAGES[portal.code] }, { status });
}

const day = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));

export default function Billing() {
  const { personal, association, purchases, buyable, paymentsConfigured } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-6">
      {paymentsConfigured ? null : (
        <Alert title="Payments unavailable">{BILLING_MESSAGES.not_configured}</Alert>
      )}
      <PlanSection
        id="personal"
        subject="user"
        title="Your plan"
        description="Your own plan, for your professional work across every role you hold."
        overview={personal as PlanOverview}
        plan={findPlan("professional") as Plan}
        intervals={buyable.professional}
      />
      {association ? (
        <PlanSection
          id="association"
          subject="association"
          title={`Association plan: ${association.name}`}
          description="The plan of the association you serve on the board or manage: its board room, financials, documents and calendar."
          overview={association.plan as PlanOverview}
          ownTrialEndsAt={association.trialEndsAt}
          ownTrialDaysLeft={association.trialDaysLeft}
          plan={findPlan("association") as Plan}
          intervals={buyable.association}
        />
      ) : null}
      {purchases.length > 0 ? (
        <SettingsSection
          id="credit-purchases"
          title="Credit purchases"
          description="Your vendor credit packages, each with its receipt."
        >
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 font-medium">
                  Package
                </th>
                <th scope="col" className="py-2 font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Receipt</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {purchases.map((p) => (
                <tr key={p.id} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-2">{day(p.createdAt)}</td>
                  <td className="py-2">
                    {p.packageName} ({creditCount(p.credits)})
                  </td>
                  <td className="py-2">{formatCents(p.price)}</td>
                  <td className="py-2 text-right">
                    <Link
                      to={`/settings/billing/receipts/${p.id}`}
                      className="text-blue-700 underline dark:text-blue-300"
                    >
                      Receipt
                      <span className="sr-only">
                        {" "}
                        for the {p.packageName} of {day(p.createdAt)}
                      </span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </SettingsSection>
      ) : null}
    </div>
  );
}

function PlanSection({
  id,
  subject,
  title,
  description,
  overview,
  plan,
  intervals,
  ownTrialEndsAt = null,
  ownTrialDaysLeft = 0,
}: {
  ownTrialEndsAt?: string | null;
  ownTrialDaysLeft?: number;
  id: string;
  subject: "user" | "association";
  title: string;
  description: string;
  overview: PlanOverview;
  plan: Plan;
  intervals: string[];
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("subject") === subject;
  const error = actionData && actionData.subject === subject ? actionData.error : null;
  const status = overview.status ? (STATUS_LABELS[overview.status] ?? overview.status) : null;
  return (
    <SettingsSection id={id} title={title} description={description}>
      {error ? (
        <div className="mb-4">
          <Alert title="Billing">{error}</Alert>
        </div>
      ) : null}
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Current plan</dt>
          <dd className="font-semibold text-slate-900 dark:text-slate-100" data-testid={`${id}-plan`}>
            {overview.planName}
            {overview.interval ? ` (${INTERVAL_LABELS[overview.interval].adjective})` : ""}
            {overview.source === "complimentary" && overview.active ? " (complimentary)" : ""}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Status</dt>
          <dd className="font-semibold text-slate-900 dark:text-slate-100" data-testid={`${id}-status`}>
            {status ?? (ownTrialEndsAt ? trialStatusText(ownTrialDaysLeft) : "No subscription")}
          </dd>
        </div>
        {ownTrialEndsAt ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Free trial until</dt>
            <dd>{day(ownTrialEndsAt)} (no card needed; start the plan before then to keep writing)</dd>
          </div>
        ) : null}
        {overview.trialEndsAt ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Trial ends</dt>
            <dd>{day(overview.trialEndsAt)}</dd>
          </div>
        ) : null}
        {overview.nextInvoice ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Next invoice</dt>
            <dd>
              {formatCents(overview.nextInvoice.amount)} on {day(overview.nextInvoice.date)}
            </dd>
          </div>
        ) : null}
        {overview.cancelAtPeriodEnd && overview.currentPeriodEnd ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Ends</dt>
            <dd>{day(overview.currentPeriodEnd)} (canceled, no further invoices)</dd>
          </div>
        ) : null}
        {overview.complimentaryUntil ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Complimentary until</dt>
            <dd>{day(overview.complimentaryUntil)}</dd>
          </div>
        ) : null}
      </dl>
      {overview.graceEndsAt ? (
        <div className="mt-4">
          <Alert title="Payment past due">
            {overview.active
              ? `Your last payment failed. Update your card in the Customer Portal before ${day(overview.graceEndsAt)}, or the ${overview.subscribedPlanName} features lock (nothing is deleted).`
              : `The ${overview.subscribedPlanName} features are locked since ${day(overview.graceEndsAt)}: reading stays open. Update your card in the Customer Portal to unlock them.`}
          </Alert>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {overview.hasCustomer ? (
          <Form method="post">
            <input type="hidden" name="intent" value="portal" />
            <input type="hidden" name="subject" value={subject} />
            <Button type="submit" variant="secondary" disabled={busy}>
              Manage billing in the Customer Portal
            </Button>
          </Form>
        ) : null}
        {overview.hasRunningStripePlan
          ? null
          : plan.prices
              .filter((p) => intervals.includes(p.interval))
              .map((price) => (
                <Form method="post" key={price.interval}>
                  <input type="hidden" name="intent" value="checkout" />
                  <IdempotencyKey />
                  <input type="hidden" name="subject" value={subject} />
                  <input type="hidden" name="planId" value={plan.id} />
                  <input type="hidden" name="interval" value={price.interval} />
                  <Button type="submit" disabled={busy}>
                    {checkoutButtonLabel(plan, price, formatCents(price.amount), {
                      hadPlan: overview.hadPlan,
                      ownTrialDaysLeft,
                    })}
                  </Button>
                </Form>
              ))}
      </div>
      {overview.active ? null : (
        <ul
          className="mt-4 space-y-1 text-sm text-slate-700 dark:text-slate-300"
          aria-label={`${plan.name} includes`}
        >
          {offeredFeatures(plan).map((f) => (
            <li key={f}>✓ {FEATURE_LABELS[f]}</li>
          ))}
        </ul>
      )}
      <h3 className="mt-6 text-sm font-semibold text-slate-900 dark:text-slate-100">Invoices</h3>
      {overview.invoices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No invoices yet.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead className="text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 font-medium">
                Number
              </th>
              <th scope="col" className="py-2 font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 font-medium">
                Status
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Links</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.invoices.map((i) => (
              <tr key={i.invoiceId} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-2">{day(i.paidAt ?? i.date)}</td>
                <td className="py-2">{i.number ?? i.invoiceId}</td>
                <td className="py-2">{formatCents(i.amount)}</td>
                <td className="py-2">{i.status === "paid" ? "Paid" : "Payment failed"}</td>
                <td className="py-2 text-right">
                  {i.invoicePdf ? (
                    <a href={i.invoicePdf} className="text-blue-700 underline dark:text-blue-300">
                      PDF<span className="sr-only"> of invoice {i.number ?? i.invoiceId}</span>
                    </a>
                  ) : i.hostedInvoiceUrl ? (
                    <a href={i.hostedInvoiceUrl} className="text-blue-700 underline dark:text-blue-300">
                      Pay now<span className="sr-only"> invoice {i.number ?? i.invoiceId}</span>
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SettingsSection>
  );
}
