import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  ROLE_LABELS,
  type RoleType,
  VERIFICATION_METHOD_LABELS,
  type VerificationMethod,
} from "@domain/roles";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatDistanceStrict } from "date-fns";
import { requireAdmin } from "~/auth/guards.server";
import { ReviewConflictError, reviewRole } from "~/commands/verification-review.server";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { getVerificationQueue } from "~/queries/verification-queue.server";
import { parseReviewForm, REJECTION_REASON_MAX } from "./_app.admin.server";

export const meta: MetaFunction = () => [{ title: "Admin · Verification · Association Commons" }];

/** The admin panel. Its verification queue (spec 000 section 2.2: /admin?tab=verification) is the first tab. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const now = new Date();
  // Relative times are worded on the server: rendered in the browser they would differ from the
  // server's HTML by a second and break hydration (React then re-renders the page, losing typed input).
  const queue = (await getVerificationQueue(await getDb())).map((item) => ({
    ...item,
    submittedAgo: item.submittedAt ? formatDistanceStrict(new Date(item.submittedAt), now) : null,
  }));
  return json({ queue, reasonMax: REJECTION_REASON_MAX });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { submission } = await parseReviewForm(request);
  if (submission.status !== "success") {
    // Conform's answer; the message shows beside the role's form it came from.
    const result = submission.reply();
    const typedRole = result.initialValue?.roleId;
    const error = Object.values(result.error ?? {}).flat()[0] ?? "Invalid review";
    return json({ roleId: typeof typedRole === "string" ? typedRole : null, error, result }, { status: 400 });
  }
  const review = submission.value;
  try {
    await reviewRole(
      await getDb(),
      admin.user.id,
      review.roleId,
      review.intent === "approve" ? { approve: true } : { approve: false, reason: review.reason },
    );
  } catch (error) {
    if (error instanceof ReviewConflictError)
      return json({ roleId: review.roleId, error: error.message }, { status: 409 });
    throw error;
  }
  return redirectWithFlash("/admin?tab=verification", {
    message:
      review.intent === "approve"
        ? "Role approved. The person has been notified."
        : "Role rejected. The person has been notified.",
    tone: "success",
  });
}

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function Admin() {
  const { queue, reasonMax } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="verification" labels={{ verification: `Verification queue (${queue.length})` }} />
      <section aria-labelledby="queue-heading" className="mt-6">
        <h2 id="queue-heading" className="sr-only">
          Verification queue
        </h2>
        {actionData?.error && !actionData.roleId ? <Alert title={actionData.error} /> : null}
        {queue.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No roles are waiting for verification.
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {queue.map((item) => (
              <li
                key={item.id}
                data-testid="verification-item"
                className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex flex-wrap justify-between gap-2">
                  <div>
                    <p className="font-semibold">
                      {item.fullName ?? item.email} ·{" "}
                      {ROLE_LABELS[item.roleType as RoleType] ?? item.roleType}
                    </p>
                    <p className="text-sm">
                      {item.title}
                      {item.organizationName ? ` at ${item.organizationName}` : ""} · {item.email}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {item.method
                        ? (VERIFICATION_METHOD_LABELS[item.method as VerificationMethod] ?? item.method)
                        : "No method"}
                      {item.reference ? `: ${item.reference}` : ""}
                      {item.submittedAgo ? ` · submitted ${item.submittedAgo} ago` : ""}
                    </p>
                    {item.documents.length > 0 ? (
                      <ul className="mt-2 text-sm">
                        {item.documents.map((d) => (
                          <li key={d.id}>
                            <a
                              href={`/documents/verification/${d.id}`}
                              className="text-blue-700 underline dark:text-blue-300"
                            >
                              {d.fileName}
                            </a>{" "}
                            <span className="text-slate-500">({formatBytes(d.sizeBytes)})</span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="roleId" value={item.id} />
                    <Button disabled={busy} aria-label={`Approve ${item.fullName ?? item.email}`}>
                      Approve
                    </Button>
                  </Form>
                </div>
                <RejectForm
                  roleId={item.id}
                  who={item.fullName ?? item.email}
                  busy={busy}
                  reasonMax={reasonMax}
                  answer={actionData?.roleId === item.id ? actionData : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type ReviewAnswer = { error: string; result?: SubmissionResult<string[]> };

/** The reject form of one role: the action checks the reason; Conform shows its answer beside the field. */
function RejectForm({
  roleId,
  who,
  busy,
  reasonMax,
  answer,
}: {
  roleId: string;
  who: string;
  busy: boolean;
  reasonMax: number;
  answer: ReviewAnswer | undefined;
}) {
  const [form, fields] = useForm<{ intent: string; roleId: string; reason: string }>({
    id: `reject-${roleId}`,
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
  });
  const reason = fields.reason;
  const errors =
    (reason.errors as string[] | undefined) ?? (answer && !answer.result ? [answer.error] : undefined);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="roleId" value={roleId} />
      <div className="flex min-w-[16rem] flex-1 flex-col gap-1">
        <label htmlFor={reason.id} className="text-sm font-medium">
          Reason for rejection
        </label>
        <input
          {...getInputProps(reason, { type: "text" })}
          required
          maxLength={reasonMax}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${reason.id}-error` : undefined}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-800"
        />
      </div>
      <Button variant="secondary" disabled={busy} aria-label={`Reject ${who}`}>
        Reject
      </Button>
      {errors ? (
        <p id={`${reason.id}-error`} className="w-full text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}
