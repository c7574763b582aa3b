import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { LEGAL_LIMITS } from "@domain/legal/resources";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LegalBody, LegalDisclaimer, LegalHeader, LegalTags } from "~/components/legal/legal-parts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { legalReviewAction, legalReviewLoader } from "./_app.legal.review.server";

export const meta: MetaFunction = () => [
  { title: "Review Submissions · Legal Resources · Association Commons" },
];

export const loader = ({ request }: LoaderFunctionArgs) => legalReviewLoader(request);
export const action = ({ request }: ActionFunctionArgs) => legalReviewAction(request);

type Answer = { intent: string | null; id: string | null; result: unknown; error: string | null };
interface ReviewItem {
  id: string;
  title: string;
  kind: Parameters<typeof LegalTags>[0]["kind"];
  state: string;
  topic: string;
  summary: string;
  html: string;
  /** "Submitted by …" or "Revision of … by …". */
  byline: string;
  /** What changed, the previous rejection: read before deciding. */
  notes: string[];
}

/** One item of the queue, a submission or a revision (`revision` selects the intents). */
function Submission({
  item,
  answer,
  revision = false,
}: {
  item: ReviewItem;
  answer: Answer | undefined;
  revision?: boolean;
}) {
  const approveIntent = revision ? "approve_revision" : "approve";
  const rejectIntent = revision ? "reject_revision" : "reject";
  const mine = answer?.id === item.id ? answer : undefined;
  const [form, fields] = useForm({
    id: `${rejectIntent}-${item.id}`,
    lastResult: mine?.intent === rejectIntent ? (mine.result as SubmissionResult<string[]>) : undefined,
    shouldValidate: "onSubmit",
  });
  const reasonErrors = (fields as unknown as Record<string, { errors?: string[] } | undefined>).reason
    ?.errors;
  return (
    <li
      data-testid={revision ? "legal-pending-revision" : "legal-pending"}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <LegalTags kind={item.kind} state={item.state} topic={item.topic} />
      <h2 className="text-lg font-semibold">{item.title}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{item.byline}</p>
      {item.notes.map((note) => (
        <p key={note} className="text-sm">
          {note}
        </p>
      ))}
      <p className="text-sm">{item.summary}</p>
      {mine?.error ? <Alert title={mine.error} /> : null}
      <details>
        <summary className="cursor-pointer text-sm font-medium">Read the content</summary>
        <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
          <LegalBody html={item.html} />
        </div>
      </details>
      <div className="flex flex-wrap items-start gap-4">
        <Form method="post">
          <input type="hidden" name="intent" value={approveIntent} />
          <input type="hidden" name="id" value={item.id} />
          <Button aria-label={`Approve ${item.title}`}>Approve</Button>
        </Form>
        <Form method="post" {...getFormProps(form)} className="flex min-w-0 flex-1 flex-col gap-2">
          <input type="hidden" name="intent" value={rejectIntent} />
          <input type="hidden" name="id" value={item.id} />
          <label htmlFor={`reason-${item.id}`} className="text-sm font-medium">
            Reason for rejecting
          </label>
          <textarea
            id={`reason-${item.id}`}
            name="reason"
            rows={2}
            maxLength={LEGAL_LIMITS.reasonMax}
            aria-invalid={reasonErrors?.length ? true : undefined}
            aria-describedby={reasonErrors?.length ? `reason-${item.id}-error` : undefined}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
          {reasonErrors?.length ? (
            <p id={`reason-${item.id}-error`} className="text-sm text-red-700 dark:text-red-400">
              {reasonErrors.join(" ")}
            </p>
          ) : null}
          <div>
            <Button variant="secondary" aria-label={`Reject ${item.title}`}>
              Reject
            </Button>
          </div>
        </Form>
      </div>
    </li>
  );
}

export default function LegalReviewPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <LegalHeader title="Review Submissions" access={data.access} />
      <LegalDisclaimer />
      {data.pending.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">No submissions waiting for review</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Submissions waiting for review">
          {data.pending.map((item) => (
            <Submission
              key={item.id}
              answer={answer}
              item={{
                ...item,
                byline: `${item.resubmittedAt ? "Submitted again" : "Submitted"} by ${item.creditName ?? "an attorney"} on ${(item.resubmittedAt ?? item.createdAt).slice(0, 10)}`,
                notes: item.previousRejectionReason
                  ? [`Rejected before: ${item.previousRejectionReason}`]
                  : [],
              }}
            />
          ))}
        </ul>
      )}
      {data.revisions.length > 0 ? (
        <section aria-labelledby="revisions-heading" className="flex flex-col gap-3">
          <h2 id="revisions-heading" className="text-lg font-semibold">
            Revisions waiting for review
          </h2>
          <ul className="flex flex-col gap-4" aria-label="Revisions waiting for review">
            {data.revisions.map((item) => (
              <Submission
                key={item.id}
                answer={answer}
                revision
                item={{
                  ...item,
                  byline: `Revision of "${item.resourceTitle}" (version ${item.baseVersion}) by ${item.proposer ?? "an attorney"} on ${item.createdAt.slice(0, 10)}`,
                  notes: [
                    `What changed: ${item.note}`,
                    ...(item.baseVersion !== item.version
                      ? [
                          `Written on version ${item.baseVersion}; the resource is now at version ${item.version}.`,
                        ]
                      : []),
                  ],
                }}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
