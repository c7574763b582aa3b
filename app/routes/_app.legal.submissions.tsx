import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { LEGAL_KIND_LABELS, LEGAL_TOPIC_LABELS, type LegalTopic, stateLabel } from "@domain/legal/resources";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LegalDisclaimer, LegalHeader, LegalStatusBadge } from "~/components/legal/legal-parts";
import { LegalResourceFields } from "~/components/legal/resource-fields";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { legalSubmissionsAction, legalSubmissionsLoader } from "./_app.legal.submissions.server";

export const meta: MetaFunction = () => [{ title: "My Submissions · Legal Resources · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => legalSubmissionsLoader(request);
export const action = ({ request }: ActionFunctionArgs) => legalSubmissionsAction(request);

type LegalSubmissionFields = {
  title: string;
  kind: string;
  state: string;
  topic: string;
  summary: string;
  body: string;
};

export default function LegalSubmissionsPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm<LegalSubmissionFields>({
    id: "legal-submission",
    lastResult: (answer?.result as SubmissionResult<string[]> | undefined) ?? undefined,
    defaultValue: { kind: "article", state: "ALL" },
    shouldValidate: "onSubmit",
  });
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <LegalHeader title="My Submissions" access={data.access} />
      <LegalDisclaimer />
      <section aria-labelledby="your-submissions" className="flex flex-col gap-2">
        <h2 id="your-submissions" className="text-lg font-semibold">
          Your Submissions
        </h2>
        {data.submissions.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">You have not submitted a resource yet.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Your submissions">
            {data.submissions.map((s) => (
              <li
                key={s.id}
                data-testid="legal-submission"
                className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 dark:border-slate-800"
              >
                <p className="flex flex-wrap items-center gap-2">
                  <Link to={`/legal/${s.slug}`} className="font-medium hover:underline">
                    {s.title}
                  </Link>
                  <LegalStatusBadge status={s.status} />
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {LEGAL_KIND_LABELS[s.kind]} · {stateLabel(s.state)} ·{" "}
                  {LEGAL_TOPIC_LABELS[s.topic as LegalTopic] ?? s.topic}
                </p>
                {s.rejectionReason ? <p className="text-sm">Reason: {s.rejectionReason}</p> : null}
                {s.status !== "published" ? (
                  <p className="text-sm">
                    <Link to={`/legal/${s.slug}/edit`} className="text-blue-700 underline dark:text-blue-300">
                      {s.status === "rejected" ? "Edit and submit again" : "Edit"}
                      <span className="sr-only">: {s.title}</span>
                    </Link>
                  </p>
                ) : (
                  <p className="text-sm">
                    <Link to={`/legal/${s.slug}/edit`} className="text-blue-700 underline dark:text-blue-300">
                      Propose a revision<span className="sr-only">: {s.title}</span>
                    </Link>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.revisions.length > 0 ? (
        <section aria-labelledby="your-revisions" className="flex flex-col gap-2">
          <h2 id="your-revisions" className="text-lg font-semibold">
            Your Revisions
          </h2>
          <ul className="flex flex-col gap-2" aria-label="Your revisions">
            {data.revisions.map((r) => (
              <li
                key={r.id}
                data-testid="legal-revision"
                className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 dark:border-slate-800"
              >
                <p className="flex flex-wrap items-center gap-2">
                  <Link to={`/legal/${r.slug}`} className="font-medium hover:underline">
                    {r.title}
                  </Link>
                  <LegalStatusBadge status={r.status} />
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    on version {r.baseVersion}
                  </span>
                </p>
                {r.rejectionReason ? <p className="text-sm">Reason: {r.rejectionReason}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="submit-resource" className="flex flex-col gap-3">
        <h2 id="submit-resource" className="text-lg font-semibold">
          Submit a Resource
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Write for association boards and managers. An administrator reviews every submission before it is
          published, credited to you. Use Markdown; in templates, write placeholders in brackets, such as
          [Association Name].
        </p>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <IdempotencyKey />
          {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
          <LegalResourceFields fields={fields} />
          <div>
            <Button disabled={busy}>Submit for Review</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
