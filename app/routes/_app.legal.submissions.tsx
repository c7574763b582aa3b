import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  LEGAL_KIND_LABELS,
  LEGAL_KINDS,
  LEGAL_LIMITS,
  LEGAL_STATES,
  LEGAL_TOPIC_LABELS,
  LEGAL_TOPICS,
  type LegalTopic,
  stateLabel,
} from "@domain/legal/resources";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LegalDisclaimer, LegalHeader, LegalStatusBadge } from "~/components/legal/legal-parts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { legalSubmissionsAction, legalSubmissionsLoader } from "./_app.legal.submissions.server";

export const meta: MetaFunction = () => [{ title: "My Submissions · Legal Resources · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => legalSubmissionsLoader(request);
export const action = ({ request }: ActionFunctionArgs) => legalSubmissionsAction(request);

const control =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

type Fields = Record<string, { errors?: string[]; initialValue?: unknown } | undefined>;

function ErrorText({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="text-sm text-red-700 dark:text-red-400">
      {errors.join(" ")}
    </p>
  ) : null;
}

export default function LegalSubmissionsPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "legal-submission",
    lastResult: (answer?.result as SubmissionResult<string[]> | undefined) ?? undefined,
    shouldValidate: "onSubmit",
  });
  const f = fields as unknown as Fields;
  const errorsOf = (name: string) => f[name]?.errors;
  const initial = (name: string) =>
    typeof f[name]?.initialValue === "string" ? (f[name]?.initialValue as string) : undefined;
  const invalid = (name: string) => (errorsOf(name)?.length ? true : undefined);
  const described = (name: string) => (errorsOf(name)?.length ? `${name}-error` : undefined);
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
              </li>
            ))}
          </ul>
        )}
      </section>
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
          <div className="flex flex-col gap-1">
            <label htmlFor="legal-title" className="text-sm font-medium">
              Title
            </label>
            <input
              id="legal-title"
              name="title"
              required
              maxLength={LEGAL_LIMITS.titleMax}
              defaultValue={initial("title")}
              aria-invalid={invalid("title")}
              aria-describedby={described("title")}
              className={control}
            />
            <ErrorText id="title-error" errors={errorsOf("title")} />
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <div className="flex flex-col gap-1">
              <label htmlFor="legal-kind" className="text-sm font-medium">
                Kind
              </label>
              <select
                id="legal-kind"
                name="kind"
                defaultValue={initial("kind") ?? "article"}
                aria-invalid={invalid("kind")}
                aria-describedby={described("kind")}
                className={control}
              >
                {LEGAL_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {LEGAL_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
              <ErrorText id="kind-error" errors={errorsOf("kind")} />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="legal-state" className="text-sm font-medium">
                State
              </label>
              <select
                id="legal-state"
                name="state"
                defaultValue={initial("state") ?? "ALL"}
                aria-invalid={invalid("state")}
                aria-describedby={described("state")}
                className={control}
              >
                {LEGAL_STATES.map((s) => (
                  <option key={s} value={s}>
                    {stateLabel(s)}
                  </option>
                ))}
              </select>
              <ErrorText id="state-error" errors={errorsOf("state")} />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="legal-topic" className="text-sm font-medium">
                Topic
              </label>
              <select
                id="legal-topic"
                name="topic"
                defaultValue={initial("topic") ?? ""}
                aria-invalid={invalid("topic")}
                aria-describedby={described("topic")}
                className={control}
              >
                <option value="">Choose a topic</option>
                {LEGAL_TOPICS.map((t) => (
                  <option key={t} value={t}>
                    {LEGAL_TOPIC_LABELS[t]}
                  </option>
                ))}
              </select>
              <ErrorText id="topic-error" errors={errorsOf("topic")} />
            </div>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="legal-summary" className="text-sm font-medium">
              Summary
            </label>
            <textarea
              id="legal-summary"
              name="summary"
              rows={2}
              required
              maxLength={LEGAL_LIMITS.summaryMax}
              defaultValue={initial("summary")}
              aria-invalid={invalid("summary")}
              aria-describedby={described("summary")}
              className={control}
            />
            <ErrorText id="summary-error" errors={errorsOf("summary")} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="legal-body" className="text-sm font-medium">
              Content (Markdown)
            </label>
            <textarea
              id="legal-body"
              name="body"
              rows={14}
              required
              maxLength={LEGAL_LIMITS.bodyMax}
              defaultValue={initial("body")}
              aria-invalid={invalid("body")}
              aria-describedby={described("body")}
              className={`${control} font-mono`}
            />
            <ErrorText id="body-error" errors={errorsOf("body")} />
          </div>
          <div>
            <Button disabled={busy}>Submit for Review</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
