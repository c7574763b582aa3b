import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { LEGAL_LIMITS } from "@domain/legal/resources";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LegalDisclaimer, LegalStatusBadge } from "~/components/legal/legal-parts";
import { LegalResourceFields } from "~/components/legal/resource-fields";
import { TextareaField } from "~/components/onboarding/textarea-field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { legalEditAction, legalEditLoader } from "./_app.legal.$slug_.edit.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.mode === "revise" ? "Revise" : "Edit"} ${data?.resource.title ?? "legal resource"} · Legal Resources · Association Commons`,
  },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => legalEditLoader(request, params.slug);
export const action = ({ request, params }: ActionFunctionArgs) => legalEditAction(request, params.slug);

type EditFields = {
  title: string;
  kind: string;
  state: string;
  topic: string;
  summary: string;
  body: string;
  note: string;
};

export default function LegalEditPage() {
  const { resource, mode, reviewer } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm<EditFields>({
    id: `legal-edit-${resource.id}`,
    lastResult: (answer?.result as SubmissionResult<string[]> | undefined) ?? undefined,
    defaultValue: {
      title: resource.title,
      kind: resource.kind,
      state: resource.state,
      topic: resource.topic,
      summary: resource.summary,
      body: resource.body,
    },
    shouldValidate: "onSubmit",
  });
  const busy = useNavigation().state === "submitting";
  const revise = mode === "revise";
  const waiting = revise && resource.pendingRevision !== null && !reviewer;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={`/legal/${resource.slug}`} className="text-blue-700 underline dark:text-blue-300">
          {resource.title}
        </Link>
      </nav>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">{revise ? "Revise this resource" : "Edit your submission"}</h1>
        {revise ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {reviewer
              ? `Publishing makes this version ${resource.version + 1}; readers can still open the earlier versions.`
              : `Your revision is reviewed before it replaces version ${resource.version}; readers see version ${resource.version} until then.`}
          </p>
        ) : (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <LegalStatusBadge status={resource.status} />
            {resource.rejectionReason ? `Reason: ${resource.rejectionReason}` : null}
            <span>Saving submits it for review again.</span>
          </p>
        )}
      </header>
      <LegalDisclaimer />
      {waiting ? (
        <Alert tone="info" title="A revision of this resource is already waiting for review.">
          You can propose another once it has been reviewed.
        </Alert>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          {revise ? <IdempotencyKey /> : null}
          {revise ? (
            <input type="hidden" name="baseVersion" value={resource.version} />
          ) : (
            <input type="hidden" name="expected" value={resource.updatedAt} />
          )}
          {answer?.error ? <Alert title={answer.error} /> : null}
          {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
          <LegalResourceFields
            fields={{
              title: fields.title,
              kind: revise ? undefined : fields.kind,
              state: fields.state,
              topic: fields.topic,
              summary: fields.summary,
              body: fields.body,
            }}
          />
          {revise ? (
            <TextareaField
              label="What changed"
              {...getTextareaProps(fields.note)}
              errors={fields.note.errors}
              rows={2}
              maxLength={LEGAL_LIMITS.noteMax}
            />
          ) : null}
          <div>
            <Button disabled={busy}>
              {revise ? (reviewer ? "Publish Revision" : "Submit Revision for Review") : "Submit for Review"}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
