import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { PAYMENT_REVIEW_REASONS, type PaymentReviewReason } from "@domain/credits/checkout";
import { formatCents } from "@domain/credits/packages";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { grantBonusCreditsByEmail } from "~/commands/credit-grants.server";
import { AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { listPaymentsNeedingReview } from "~/queries/credits.server";
import { BONUS_LIMITS, parseAdminCreditsForm } from "./_app.admin_.credits.server";

export const meta: MetaFunction = () => [{ title: "Admin · Credits · Association Commons" }];

/**
 * Admin panel, Credits tab: grant bonus credits to a vendor, with a reason (issue 4); paid checkouts
 * that were not credited because they did not match (issue 11, part 6).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const reviews = await listPaymentsNeedingReview(await getDb());
  return json({
    requestKey: crypto.randomUUID(),
    limits: BONUS_LIMITS,
    paymentsNeedingReview: reviews.map((p) => ({
      checkoutSessionId: p.checkoutSessionId,
      reason: p.reason,
      reasonText: PAYMENT_REVIEW_REASONS[p.reason as PaymentReviewReason] ?? p.reason,
      buyer: p.buyerEmail ?? p.vendorId ?? "unknown",
      packageId: p.packageId,
      amount:
        p.amountTotal === null
          ? "none"
          : p.currency === "usd"
            ? formatCents(p.amountTotal)
            : `${p.amountTotal} ${p.currency ?? ""} (minor units)`.trim(),
      at: p.createdAt,
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = await parseAdminCreditsForm(request);
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const outcome = await grantBonusCreditsByEmail(await getDb(), admin.user.id, submission.value);
  if (!outcome.ok) {
    return json(
      { result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }) },
      { status: outcome.field === "email" ? 404 : 400 },
    );
  }
  const n = submission.value.amount;
  return redirectWithFlash("/admin/credits", {
    message: `Granted ${n} bonus ${n === 1 ? "credit" : "credits"} to ${outcome.vendorName ?? outcome.vendorEmail} (${outcome.vendorEmail}). Their balance is now ${outcome.balance}.`,
    tone: "success",
  });
}

export default function AdminCredits() {
  const { requestKey, limits, paymentsNeedingReview } = useLoaderData<typeof loader>();
  // A grant's redirect brings a flash: a new key empties the form for the next grant.
  const flashAt = useRouteLoaderData<{ flash: { at: number } | null }>("root")?.flash?.at;
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // Checked by the action only (no zod in the page): its errors show per field.
  const [form, fields] = useForm<{ email: string; amount: number; reason: string }>({
    id: "grant-bonus",
    lastResult: actionData?.result as SubmissionResult<string[]> | undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="credits" />
      <section aria-labelledby="grant-heading" className="mt-6 max-w-lg">
        <h2 id="grant-heading" className="text-xl font-semibold">
          Grant bonus credits
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The credits are added to the vendor's balance at once and show as a bonus, with your reason, in
          their history.
        </p>
        {form.errors?.length ? (
          <div className="mt-4">
            <Alert title={form.errors.join(" ")} />
          </div>
        ) : null}
        <Form
          key={flashAt ?? "grant"}
          method="post"
          className="mt-4 flex flex-col gap-4"
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value="grant" />
          <input type="hidden" name="requestKey" value={requestKey} />
          <Field
            label="Vendor e-mail"
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="off"
            errors={fields.email.errors}
          />
          <Field
            label="Credits"
            {...getInputProps(fields.amount, { type: "number" })}
            min={1}
            max={limits.amount}
            step={1}
            errors={fields.amount.errors}
          />
          <div className="flex flex-col gap-1">
            <label
              htmlFor={fields.reason.id}
              className="text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Reason
            </label>
            <textarea
              {...getTextareaProps(fields.reason)}
              maxLength={limits.reason}
              rows={3}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            />
            {fields.reason.errors ? (
              <p id={fields.reason.errorId} className="text-sm text-red-700 dark:text-red-400">
                {fields.reason.errors.join(" ")}
              </p>
            ) : null}
          </div>
          <div>
            <Button disabled={busy}>{busy ? "Granting..." : "Grant credits"}</Button>
          </div>
        </Form>
      </section>
      <section aria-labelledby="review-heading" className="mt-10">
        <h2 id="review-heading" className="text-xl font-semibold">
          Payments needing review
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Paid checkouts that were not credited because the amount, currency, package or buyer did not match.
          Check them in the Stripe dashboard; refund them there, or grant the credits above.
        </p>
        {paymentsNeedingReview.length === 0 ? (
          <p className="mt-3 text-sm">None.</p>
        ) : (
          <AdminTable
            caption="Payments needing review"
            columns={["Checkout session", "Reason", "Buyer", "Package", "Amount", "Received"]}
          >
            {paymentsNeedingReview.map((p) => (
              <tr key={p.checkoutSessionId} data-testid="payment-review" className={adminRow}>
                <td className={`${adminCell} font-mono text-xs`}>{p.checkoutSessionId}</td>
                <td className={adminCell}>{p.reasonText}</td>
                <td className={adminCell}>{p.buyer}</td>
                <td className={adminCell}>{p.packageId ?? "none"}</td>
                <td className={adminCell}>{p.amount}</td>
                <td className={adminCell}>
                  {new Date(p.at).toISOString().slice(0, 16).replace("T", " ")} UTC
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </div>
  );
}
