import { formatCents } from "@domain/credits/packages";
import { holdReasonText, PAYMENT_OPS_MESSAGES } from "@domain/learning/payment-ops";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import {
  enrolHeldSession,
  refundHeldSession,
  wakeLearningRefunds,
} from "~/commands/learning-payment-ops.server";
import { AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { once } from "~/idempotency.server";
import { listHeldSessions, listLearningRefunds } from "~/queries/learning-payment-ops.server";
import { parseHeldSessionAction } from "./_app.admin_.learning-payments.server";

export const meta: MetaFunction = () => [{ title: "Admin · Learning payments · Association Commons" }];

/**
 * Admin panel, Learning payments tab (decision 086): Checkout Sessions for courses and paths held for
 * review (their buyer, amount or metadata did not match, or the item could not be enrolled in), with
 * Enrol (the payment is genuinely that person's) and Refund; the refund ledger (second payments
 * refunded automatically, and administrators' refunds) with Stripe's answer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const [{ held, resolved }, refunds] = await Promise.all([listHeldSessions(db), listLearningRefunds(db)]);
  return json({ held, resolved, refunds });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { form, submission } = await parseHeldSessionAction(request);
  if (submission.status !== "success") return json({ error: "Choose a held session and an action." }, 400);
  const { intent, sessionId } = submission.value;
  const input = { adminId: admin.user.id, sessionId };
  const result = await once(request, admin.user.id, form, (db) =>
    intent === "enrol" ? enrolHeldSession(db, input) : refundHeldSession(db, input),
  );
  if (!result.ok) {
    return json(
      { error: result.message, sessionId },
      { status: result.kind === "not_found" ? 404 : result.kind === "validation" ? 400 : 409 },
    );
  }
  if (intent === "refund") wakeLearningRefunds();
  return redirectWithFlash("/admin/learning-payments", {
    message: intent === "enrol" ? PAYMENT_OPS_MESSAGES.enrolled : PAYMENT_OPS_MESSAGES.refundQueued,
    tone: "success",
  });
}

const amountText = (cents: number | null, currency: string | null) =>
  cents === null
    ? "none"
    : (currency ?? "usd") === "usd"
      ? formatCents(cents)
      : `${cents} ${currency ?? ""} (minor units)`.trim();

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

const REFUND_STATES: Record<string, string> = {
  pending: "Queued",
  sending: "Sending",
  sent: "Refunded by Stripe",
  skipped: "Refused by Stripe",
  failed: "Failed (gave up)",
};

export default function AdminLearningPayments() {
  const { held, resolved, refunds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyFor = navigation.state === "submitting" ? navigation.formData?.get("sessionId") : null;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="learning-payments" />
      {actionData?.error ? (
        <div className="mt-4">
          <Alert title={actionData.error} />
        </div>
      ) : null}
      <section aria-labelledby="held-heading" className="mt-6">
        <h2 id="held-heading" className="text-xl font-semibold">
          Held checkout sessions
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Paid Checkout Sessions for a course or learning path that did not enrol anyone because something did
          not match what our server made. Check the payment in the Stripe dashboard, then enrol the buyer
          (when the payment is genuinely theirs, for this item) or refund it.
        </p>
        {held.length === 0 ? (
          <p className="mt-3 text-sm">None.</p>
        ) : (
          <AdminTable
            caption="Held checkout sessions"
            columns={["Checkout session", "Reason", "Buyer", "Item", "Amount", "Received", "Actions"]}
          >
            {held.map((h) => (
              <tr key={h.checkoutSessionId} data-testid="held-session" className={adminRow}>
                <td className={`${adminCell} break-all font-mono text-xs`}>{h.checkoutSessionId}</td>
                <td className={adminCell}>{holdReasonText(h.reason)}</td>
                <td className={adminCell}>
                  {h.buyerEmail ? (
                    <>
                      {h.buyerName ? <span className="block">{h.buyerName}</span> : null}
                      <span className="block text-xs">{h.buyerEmail}</span>
                    </>
                  ) : (
                    <span className="font-mono text-xs">{h.buyerReference ?? "unknown"}</span>
                  )}
                </td>
                <td className={adminCell}>
                  {h.itemTitle
                    ? `${h.itemType === "path" ? "Path" : "Course"}: ${h.itemTitle}`
                    : (h.itemType ?? "unknown")}
                </td>
                <td className={adminCell}>{amountText(h.amountCents, h.currency)}</td>
                <td className={adminCell}>{when(h.createdAt)}</td>
                <td className={adminCell}>
                  <div className="flex flex-col gap-2">
                    {h.enrollable ? (
                      <Form method="post">
                        <IdempotencyKey />
                        <input type="hidden" name="intent" value="enrol" />
                        <input type="hidden" name="sessionId" value={h.checkoutSessionId} />
                        <Button
                          variant="secondary"
                          disabled={busyFor === h.checkoutSessionId}
                          aria-label={`Enrol ${h.buyerEmail ?? "the buyer"} (${h.checkoutSessionId})`}
                        >
                          Enrol
                        </Button>
                      </Form>
                    ) : null}
                    {h.paymentIntentId ? (
                      <Form method="post">
                        <IdempotencyKey />
                        <input type="hidden" name="intent" value="refund" />
                        <input type="hidden" name="sessionId" value={h.checkoutSessionId} />
                        <Button
                          variant="secondary"
                          disabled={busyFor === h.checkoutSessionId}
                          aria-label={`Refund ${h.checkoutSessionId}`}
                        >
                          Refund
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      {resolved.length > 0 ? (
        <section aria-labelledby="resolved-heading" className="mt-10">
          <h2 id="resolved-heading" className="text-xl font-semibold">
            Recently handled
          </h2>
          <AdminTable
            caption="Recently handled sessions"
            columns={["Checkout session", "Outcome", "Buyer", "Item", "By", "When"]}
          >
            {resolved.map((h) => (
              <tr key={h.checkoutSessionId} data-testid="resolved-session" className={adminRow}>
                <td className={`${adminCell} break-all font-mono text-xs`}>{h.checkoutSessionId}</td>
                <td className={adminCell}>{h.status === "enrolled" ? "Enrolled" : "Refunded"}</td>
                <td className={adminCell}>{h.buyerEmail ?? h.buyerReference ?? "unknown"}</td>
                <td className={adminCell}>{h.itemTitle ?? "unknown"}</td>
                <td className={adminCell}>{h.resolvedBy ?? "unknown"}</td>
                <td className={adminCell}>{h.resolvedAt ? when(h.resolvedAt) : ""}</td>
              </tr>
            ))}
          </AdminTable>
        </section>
      ) : null}
      <section aria-labelledby="refunds-heading" className="mt-10">
        <h2 id="refunds-heading" className="text-xl font-semibold">
          Refunds
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Second payments for a course or path the person already owned are refunded automatically; refunds of
          held sessions are listed here too. Each is sent to Stripe once per session and retried until Stripe
          answers.
        </p>
        {refunds.length === 0 ? (
          <p className="mt-3 text-sm">None.</p>
        ) : (
          <AdminTable
            caption="Learning refunds"
            columns={["Checkout session", "Why", "Buyer", "Amount", "State", "Requested"]}
          >
            {refunds.map((r) => (
              <tr key={r.checkoutSessionId} data-testid="learning-refund" className={adminRow}>
                <td className={`${adminCell} break-all font-mono text-xs`}>{r.checkoutSessionId}</td>
                <td className={adminCell}>
                  {r.reason === "duplicate_purchase" ? "Paid twice" : "Held session"}
                </td>
                <td className={adminCell}>{r.buyer ?? "unknown"}</td>
                <td className={adminCell}>{amountText(r.amountCents, r.currency)}</td>
                <td className={adminCell}>
                  {REFUND_STATES[r.state] ?? r.state}
                  {r.stripeRefundId ? (
                    <span className="block font-mono text-xs">{r.stripeRefundId}</span>
                  ) : null}
                  {r.lastError && r.state !== "sent" ? (
                    <span className="block text-xs text-red-700 dark:text-red-400">{r.lastError}</span>
                  ) : null}
                </td>
                <td className={adminCell}>{when(r.createdAt)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </div>
  );
}
