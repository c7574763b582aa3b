import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { users } from "@db/schema";
import { STATUS_LABELS } from "@domain/billing";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { eq, sql } from "drizzle-orm";
import { requireAdmin } from "~/auth/guards.server";
import { grantComplimentaryPlan, revokeComplimentaryPlan } from "~/commands/billing.server";
import { AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { intentOf } from "~/forms.server";
import { listAssociationsForGrant, listSubscriptionsForAdmin } from "~/queries/billing.server";
import {
  BILLING_INTENTS,
  BILLING_MESSAGES,
  GRANT_REASON_MAX,
  parseAdminBillingForm,
} from "./_app.admin_.billing.server";

export const meta: MetaFunction = () => [{ title: "Admin · Billing · Association Commons" }];

/**
 * Admin panel, Billing tab (issue 14, part 5): every subscription and complimentary plan, and grants
 * of a complimentary plan for a period, recorded with who granted it and why.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const [subscriptions, associations] = await Promise.all([
    listSubscriptionsForAdmin(db),
    listAssociationsForGrant(db),
  ]);
  return json({ subscriptions, associations, reasonMax: GRANT_REASON_MAX });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = await getDb();
  const submission = await parseAdminBillingForm(request);
  if (submission.status !== "success") {
    const intent = intentOf(submission.payload, BILLING_INTENTS);
    if (intent === "revoke")
      return json({ intent, error: "Choose a complimentary plan to revoke" }, { status: 400 });
    return json({ intent: "grant" as const, result: submission.reply() }, { status: 400 });
  }
  const form = submission.value;
  if (form.intent === "revoke") {
    const outcome = await revokeComplimentaryPlan(db, form.subscriptionId, admin.user.id);
    if (!outcome.ok) return json({ intent: form.intent, error: outcome.error.message }, { status: 404 });
    return redirectWithFlash("/admin/billing", { message: "Complimentary plan revoked", tone: "success" });
  }
  let subjectId: string | undefined;
  if (form.target === "user") {
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, (form.email ?? "").toLowerCase()));
    subjectId = person?.id;
    if (!subjectId) {
      const result = submission.reply({ fieldErrors: { email: [BILLING_MESSAGES.noAccount] } });
      return json({ intent: form.intent, result }, { status: 404 });
    }
  } else {
    subjectId = form.associationId as string;
  }
  // The plan runs through the end of the chosen day (UTC).
  const endsAt = new Date(`${form.endsOn}T23:59:59.000Z`).toISOString();
  const outcome = await grantComplimentaryPlan(db, {
    subject: { type: form.target, id: subjectId },
    planId: form.target === "user" ? "professional" : "association",
    endsAt,
    reason: form.reason,
    grantedBy: admin.user.id,
  });
  if (!outcome.ok) {
    const result = submission.reply({ formErrors: [outcome.error.message] });
    return json({ intent: form.intent, result }, { status: outcome.error.kind === "not_found" ? 404 : 400 });
  }
  return redirectWithFlash("/admin/billing", {
    message: `Complimentary ${form.target === "user" ? "Professional" : "Association"} plan granted until ${form.endsOn}`,
    tone: "success",
  });
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "none");

export default function AdminBilling() {
  const { subscriptions, associations, reasonMax } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // Checked by the action only (no zod in the page): its errors show beside each field.
  const [form, fields] = useForm<{
    target: "user" | "association";
    email: string;
    associationId: string;
    endsOn: string;
    reason: string;
  }>({
    id: "grant-plan",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { target: "user" },
    shouldValidate: "onSubmit",
  });
  const revokeError = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="billing" />
      <section aria-labelledby="grant-plan-heading" className="mt-6 max-w-lg">
        <h2 id="grant-plan-heading" className="text-xl font-semibold">
          Grant a complimentary plan
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          A person gets the Professional plan, an association the Association plan, until the day you choose.
          Your name and reason are recorded with the grant.
        </p>
        {form.errors?.length ? (
          <div className="mt-4">
            <Alert title="The plan was not granted">{form.errors.join(" ")}</Alert>
          </div>
        ) : null}
        <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="grant" />
          <fieldset
            className="flex flex-col gap-2"
            aria-invalid={fields.target.errors ? true : undefined}
            aria-describedby={fields.target.errors ? fields.target.errorId : undefined}
          >
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">For</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.target.name}
                value="user"
                defaultChecked={fields.target.initialValue !== "association"}
              />{" "}
              A person (Professional)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.target.name}
                value="association"
                defaultChecked={fields.target.initialValue === "association"}
              />{" "}
              An association (Association)
            </label>
            {fields.target.errors ? (
              <p id={fields.target.errorId} className="text-sm text-red-700 dark:text-red-400">
                {fields.target.errors.join(" ")}
              </p>
            ) : null}
          </fieldset>
          <Field
            label="Person's e-mail (for a person)"
            autoComplete="off"
            errors={fields.email.errors}
            {...getInputProps(fields.email, { type: "email" })}
          />
          <div className="flex flex-col gap-1">
            <label
              htmlFor={fields.associationId.id}
              className="text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Association (for an association)
            </label>
            <select
              {...getSelectProps(fields.associationId)}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              <option value="">Choose an association</option>
              {associations.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
            {fields.associationId.errors ? (
              <p id={fields.associationId.errorId} className="text-sm text-red-700 dark:text-red-400">
                {fields.associationId.errors.join(" ")}
              </p>
            ) : null}
          </div>
          <Field
            label="Last day of the plan"
            required
            errors={fields.endsOn.errors}
            {...getInputProps(fields.endsOn, { type: "date" })}
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
              required
              maxLength={reasonMax}
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
            <Button disabled={busy}>Grant plan</Button>
          </div>
        </Form>
      </section>
      <section aria-labelledby="subscriptions-heading" className="mt-10">
        <h2 id="subscriptions-heading" className="text-xl font-semibold">
          Subscriptions
        </h2>
        {revokeError ? (
          <div className="mt-3">
            <Alert title="The plan was not revoked">{revokeError}</Alert>
          </div>
        ) : null}
        {subscriptions.length === 0 ? (
          <p className="mt-3 text-sm">None yet.</p>
        ) : (
          <AdminTable
            caption="Subscriptions"
            columns={["For", "Plan", "Source", "Status", "Period end", "Granted by", "Actions"]}
          >
            {subscriptions.map((s) => (
              <tr key={s.id} data-testid="subscription-row" className={adminRow}>
                <td className={adminCell}>
                  {s.subjectName}
                  {s.subjectEmail && s.subjectEmail !== s.subjectName ? ` (${s.subjectEmail})` : ""}
                  <span className="block text-xs text-slate-500">
                    {s.subjectType === "user" ? "Person" : "Association"}
                  </span>
                </td>
                <td className={adminCell}>
                  {s.planName}
                  {s.interval ? ` (${s.interval}ly)` : ""}
                </td>
                <td className={adminCell}>{s.source === "stripe" ? "Stripe" : "Complimentary"}</td>
                <td className={adminCell}>
                  {STATUS_LABELS[s.status] ?? s.status}
                  {s.endReason ? ` (${s.endReason})` : ""}
                </td>
                <td className={adminCell}>{day(s.currentPeriodEnd)}</td>
                <td className={adminCell}>
                  {s.grantedBy ? `${s.grantedBy}: ${s.grantReason ?? ""}` : "none"}
                </td>
                <td className={adminCell}>
                  {s.source === "complimentary" && !s.endedAt ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="subscriptionId" value={s.id} />
                      <Button type="submit" variant="secondary">
                        Revoke<span className="sr-only"> the plan of {s.subjectName}</span>
                      </Button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </div>
  );
}
