import { users } from "@db/schema";
import { STATUS_LABELS } from "@domain/billing";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { grantComplimentaryPlan, revokeComplimentaryPlan } from "~/commands/billing.server";
import { AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { listAssociationsForGrant, listSubscriptionsForAdmin } from "~/queries/billing.server";

export const meta: MetaFunction = () => [{ title: "Admin · Billing · Association Commons" }];

/** One schema for the page's two forms: grant a complimentary plan, or revoke one. */
export const AdminBillingSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("grant"),
    target: z.enum(["user", "association"]),
    email: z.string().trim().optional(),
    associationId: z.string().uuid().optional().or(z.literal("")),
    endsOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the last day of the plan"),
    reason: z
      .string()
      .trim()
      .min(1, "A reason is required")
      .max(500, "The reason can be at most 500 characters"),
  }),
  z.object({ intent: z.literal("revoke"), subscriptionId: z.string().startsWith("comp_") }),
]);

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
  return json({ subscriptions, associations });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = await getDb();
  const parsed = AdminBillingSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return json({ error: parsed.error.issues[0]?.message ?? "Please check the form." }, { status: 400 });
  }
  const form = parsed.data;
  if (form.intent === "revoke") {
    const outcome = await revokeComplimentaryPlan(db, form.subscriptionId, admin.user.id);
    if (!outcome.ok) return json({ error: outcome.error.message }, { status: 404 });
    return redirectWithFlash("/admin/billing", { message: "Complimentary plan revoked", tone: "success" });
  }
  let subjectId: string | undefined;
  if (form.target === "user") {
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, (form.email ?? "").toLowerCase()));
    subjectId = person?.id;
    if (!subjectId) return json({ error: "No account has this e-mail address" }, { status: 404 });
  } else {
    subjectId = form.associationId || undefined;
    if (!subjectId) return json({ error: "Choose an association" }, { status: 400 });
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
    return json({ error: outcome.error.message }, { status: outcome.error.kind === "not_found" ? 404 : 400 });
  }
  return redirectWithFlash("/admin/billing", {
    message: `Complimentary ${form.target === "user" ? "Professional" : "Association"} plan granted until ${form.endsOn}`,
    tone: "success",
  });
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "none");

export default function AdminBilling() {
  const { subscriptions, associations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
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
        {actionData?.error ? (
          <div className="mt-4">
            <Alert title="The plan was not granted">{actionData.error}</Alert>
          </div>
        ) : null}
        <Form method="post" className="mt-4 flex flex-col gap-4">
          <input type="hidden" name="intent" value="grant" />
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">For</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="target" value="user" defaultChecked /> A person (Professional)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="target" value="association" /> An association (Association)
            </label>
          </fieldset>
          <Field label="Person's e-mail (for a person)" name="email" type="email" autoComplete="off" />
          <div className="flex flex-col gap-1">
            <label
              htmlFor="grant-association"
              className="text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Association (for an association)
            </label>
            <select
              id="grant-association"
              name="associationId"
              className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              <option value="">Choose an association</option>
              {associations.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
          <Field label="Last day of the plan" name="endsOn" type="date" required />
          <div className="flex flex-col gap-1">
            <label htmlFor="grant-reason" className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Reason
            </label>
            <textarea
              id="grant-reason"
              name="reason"
              required
              maxLength={500}
              rows={3}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            />
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
