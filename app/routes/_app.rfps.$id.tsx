import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { CREDIT_RULES_TEXT, WITHDRAW_CONFIRM_TEXT } from "@domain/credits/status";
import { PROPOSAL_LIMITS } from "@domain/proposal/limits";
import {
  formatFileSize,
  RFP_DOCUMENT_ACCEPT,
  RFP_DOCUMENT_MAX_FILES,
  RFP_DOCUMENT_MAX_MB,
} from "@domain/rfp/documents";
import { isRfpId, RFP_NOT_FOUND } from "@domain/rfp/search";
import { URGENCY_LABELS } from "@domain/rfp/urgency";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { pageNotFound, requireContext } from "~/auth/guards.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { ConnectionActions } from "~/components/network/connection-actions";
import { CategoryIcon } from "~/components/rfps/category-icon";
import { ScopeText, STATUS_LABEL, STATUS_STYLE } from "~/components/rfps/rfp-card";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { ArrowLeft, FileText } from "~/components/ui/icons";
import {
  type RfpDetailActionData,
  type RfpDetailData,
  rfpDetailAction,
  rfpDetailLoader,
} from "~/routes/_app.rfps.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.rfp.title} · RFPs · Association Commons` : "RFP · Association Commons" },
];

/** /rfps/{anything but an id}: "Page not found" for whoever may see RFPs at all. */
async function notAnRfp(request: Request): Promise<never> {
  await requireContext(request);
  return pageNotFound();
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isRfpId(params.id)) return notAnRfp(request);
  return json(await rfpDetailLoader(request, params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (!isRfpId(params.id)) return notAnRfp(request);
  return rfpDetailAction(request, params.id);
}

const field =
  "w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-900 dark:text-slate-100";
const fieldClass = (invalid: boolean) =>
  `${field} ${invalid ? "border-red-500 focus:ring-red-300" : "border-slate-300 focus:ring-blue-300 dark:border-slate-700"}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-2 text-sm leading-6 text-slate-800 dark:text-slate-200">{children}</div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1.5">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** A text input wired by Conform (name, id, value after a refused post, aria-invalid), with its error. */
function Input({
  meta,
  label,
  hint,
  ...rest
}: {
  meta: FieldMetadata<string>;
  label: string;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue">) {
  const err = meta.errors?.length ? meta.errors : undefined;
  const hintId = `${meta.id}-hint`;
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        {...getInputProps(meta, { type: rest.type === "date" ? "date" : "text", ariaAttributes: false })}
        aria-invalid={err ? true : undefined}
        aria-describedby={err ? meta.errorId : hint ? hintId : undefined}
        className={fieldClass(Boolean(err))}
        {...rest}
      />
      {hint && !err ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {err ? (
        <p id={meta.errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {err.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The bid form, a Conform form checked on the server by the bid branch of the page's one schema
 * (RfpDetailSchema's save_draft and submit, in _app.rfps.$id.server.ts); what the RFP requires of a
 * submitted bid comes back from the server (decide). No schema runs in the browser.
 */
function ProposalForm({ data, action }: { data: RfpDetailData; action: RfpDetailActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mine = action && (action.intent === "submit" || action.intent === "save_draft") ? action : undefined;
  const [form, fields] = useForm<Record<string, string>>({
    id: "bid-form",
    lastResult: mine?.result,
    shouldValidate: "onSubmit",
    // What the draft holds; after a refused post, what was typed (Conform's lastResult).
    defaultValue: data.proposal?.values ?? data.emptyValues,
  });
  const field = (name: string) => fields[name] as FieldMetadata<string>;
  const coverLetter = field("cover_letter");
  const references = field("references");
  const { rfp, credits } = data;
  const short = credits !== null && credits.balance < credits.cost;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="submit_key" value={data.submitKey} />
      {mine?.uploadErrors ? (
        <Alert title="Documents not attached">
          {mine.uploadErrors.join(" ")} Choose the files again after fixing this.
        </Alert>
      ) : null}
      {form.errors?.length ? (
        <Alert title="Your proposal was not saved">{form.errors.join(" ")}</Alert>
      ) : null}
      {mine?.formError ? (
        <Alert title={mine.credits ? "Not enough credits" : "Your proposal was not submitted"}>
          {mine.formError}
          {mine.credits ? ` You have ${mine.credits.balance} and this takes ${mine.credits.required}.` : ""}
        </Alert>
      ) : null}
      {mine?.credits ? (
        <Link to="/credits?dialog=purchase" className={buttonClass("primary")}>
          Buy Credits
        </Link>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Input
          meta={field("total_price")}
          label={rfp.hourly ? "Your hourly rate ($)" : "Your total price ($)"}
          inputMode="numeric"
          hint={`The RFP's budget: ${rfp.budget}`}
        />
        <Input meta={field("timeline_days")} label="Timeline (days)" inputMode="numeric" />
        <Input meta={field("proposed_start_date")} label="Proposed start date" type="date" />
      </div>
      <div>
        <label htmlFor={coverLetter.id} className="mb-1 block text-sm font-medium">
          Cover letter
        </label>
        <textarea
          {...getTextareaProps(coverLetter, { ariaAttributes: false })}
          rows={6}
          maxLength={PROPOSAL_LIMITS.coverLetterMax}
          aria-invalid={coverLetter.errors ? true : undefined}
          aria-describedby={coverLetter.errorId}
          className={fieldClass(Boolean(coverLetter.errors))}
        />
        <p
          id={coverLetter.errorId}
          className={`mt-1 text-sm ${coverLetter.errors ? "text-red-700 dark:text-red-400" : "text-xs text-slate-500"}`}
        >
          {coverLetter.errors?.join(" ") ??
            `Why you, how you would do the work, and what is included. At least ${PROPOSAL_LIMITS.coverLetterMin} characters.`}
        </p>
      </div>
      {rfp.requirements.insurance ? (
        <fieldset className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-3 dark:border-slate-800">
          <legend className="px-1 text-sm font-semibold">Insurance</legend>
          <Input meta={field("insurance_carrier")} label="Insurance carrier" />
          <Input
            meta={field("general_liability_coverage")}
            label="General liability ($)"
            inputMode="numeric"
          />
          <Input
            meta={field("workers_compensation_coverage")}
            label="Workers' compensation ($)"
            inputMode="numeric"
          />
        </fieldset>
      ) : null}
      {rfp.requirements.license ? (
        <fieldset className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-800">
          <legend className="px-1 text-sm font-semibold">License</legend>
          <Input meta={field("license_number")} label="License number" />
          <Input meta={field("license_state")} label="Issuing state" maxLength={2} />
        </fieldset>
      ) : null}
      <fieldset
        className="rounded-md border border-slate-200 p-3 dark:border-slate-800"
        aria-describedby={references.errors ? references.errorId : undefined}
      >
        <legend className="px-1 text-sm font-semibold">
          References
          {rfp.requirements.references
            ? ` (at least ${PROPOSAL_LIMITS.referencesRequired} required)`
            : " (optional)"}
        </legend>
        {references.errors ? (
          <p id={references.errorId} className="mb-2 text-sm text-red-700 dark:text-red-400">
            {references.errors.join(" ")}
          </p>
        ) : null}
        <div className="space-y-2">
          {Array.from({ length: data.referenceRows }, (_, i) => i + 1).map((n) => (
            <div key={n} className="grid gap-2 sm:grid-cols-2">
              <input
                {...getInputProps(field(`reference_name_${n}`), { type: "text", ariaAttributes: false })}
                aria-label={`Reference ${n} name`}
                placeholder={`Reference ${n}: name and association`}
                className={fieldClass(false)}
              />
              <input
                {...getInputProps(field(`reference_contact_${n}`), { type: "text", ariaAttributes: false })}
                aria-label={`Reference ${n} contact`}
                placeholder="Phone or e-mail"
                className={fieldClass(false)}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="p-documents" className="mb-1 block text-sm font-medium">
          Add documents (optional)
        </label>
        <input
          id="p-documents"
          type="file"
          name="documents"
          multiple
          accept={RFP_DOCUMENT_ACCEPT}
          aria-describedby="p-documents-hint"
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold dark:file:bg-slate-800"
        />
        <p id="p-documents-hint" className="mt-1 text-xs text-slate-500">
          Certificates of insurance, licenses, a detailed quote: up to {RFP_DOCUMENT_MAX_FILES} files,{" "}
          {RFP_DOCUMENT_MAX_MB} MB each (PDF, Word, Excel, images, text, CSV). Only the RFP's author sees
          them.
        </p>
      </div>
      {credits ? (
        <p
          className={`text-sm ${short ? "text-red-700 dark:text-red-400" : "text-slate-600 dark:text-slate-400"}`}
        >
          Submitting spends {credits.cost} {credits.cost === 1 ? "credit" : "credits"}. Your balance:{" "}
          {credits.balance} {credits.balance === 1 ? "credit" : "credits"}.{" "}
          {short ? (
            <Link to="/credits?dialog=purchase" className="font-semibold underline">
              Buy credits
            </Link>
          ) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="submit" disabled={busy} className={buttonClass("primary")}>
          {busy && navigation.formData?.get("intent") === "submit" ? "Submitting..." : "Submit Proposal"}
        </button>
        <button
          type="submit"
          name="intent"
          value="save_draft"
          disabled={busy}
          className={buttonClass("secondary")}
        >
          Save Draft
        </button>
      </div>
    </Form>
  );
}

function ProposalPanel({ data, action }: { data: RfpDetailData; action: RfpDetailActionData | undefined }) {
  const { viewer, proposal, rfp } = data;
  if (viewer.isAuthor) return null;
  let body: ReactNode;
  if (proposal && proposal.status !== "draft") {
    body = (
      <div className="space-y-3">
        <p>
          Your proposal: <strong data-testid="my-proposal-status">{proposal.label}</strong>
          {proposal.totalPrice ? ` · ${proposal.totalPrice}` : ""}
          {proposal.timelineDays ? ` · ${proposal.timelineDays} days` : ""}
        </p>
        {proposal.submittedAt ? (
          <p className="text-slate-600 dark:text-slate-400">Submitted {proposal.submittedAt}</p>
        ) : null}
        {proposal.rejectionReason ? <p>Reason given: {proposal.rejectionReason}</p> : null}
        {proposal.documents.length > 0 ? (
          <ul className="space-y-1">
            {proposal.documents.map((d) => (
              <li key={d.id}>
                <a
                  href={`/documents/proposal/${d.id}`}
                  className="text-blue-700 hover:underline dark:text-blue-400"
                >
                  {d.fileName}
                </a>{" "}
                <span className="text-xs text-slate-500">({formatFileSize(d.fileSize)})</span>
              </li>
            ))}
          </ul>
        ) : null}
        {action?.intent === "withdraw" && action.formError ? (
          <Alert title="Not withdrawn">{action.formError}</Alert>
        ) : null}
        {proposal.withdrawable ? (
          <Form
            method="post"
            onSubmit={(e) => {
              if (!window.confirm(WITHDRAW_CONFIRM_TEXT)) e.preventDefault();
            }}
          >
            <button type="submit" name="intent" value="withdraw" className={buttonClass("secondary")}>
              Withdraw Proposal
            </button>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{CREDIT_RULES_TEXT}</p>
          </Form>
        ) : null}
        <Link
          to="/rfps/my-proposals"
          className="inline-block text-sm font-semibold text-blue-700 underline dark:text-blue-400"
        >
          All my proposals
        </Link>
      </div>
    );
  } else if (!rfp.open) {
    body = <p>This RFP is not accepting proposals.</p>;
  } else if (!viewer.isVendorContext) {
    body = <p>Proposals are submitted by verified vendors. Switch to a vendor role to bid.</p>;
  } else if (!viewer.verifiedVendor) {
    body = (
      <p>
        Only verified vendors can create proposals.{" "}
        <Link to="/settings/verification" className="font-semibold underline">
          Verify your vendor role
        </Link>
        .
      </p>
    );
  } else {
    body = (
      <>
        {proposal?.status === "draft" ? (
          <p className="mb-3 text-slate-600 dark:text-slate-400">
            You have a saved draft. Submit it when it is ready.
          </p>
        ) : null}
        <ProposalForm data={data} action={action} />
      </>
    );
  }
  return (
    <section
      id="proposal"
      aria-labelledby="proposal-heading"
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="proposal-heading" className="text-lg font-semibold">
        {proposal && proposal.status !== "draft" ? "Your Proposal" : "Submit a Proposal"}
      </h2>
      <div className="mt-3 text-sm">{body}</div>
    </section>
  );
}

function AuthorActions({ data, action }: { data: RfpDetailData; action: RfpDetailActionData | undefined }) {
  const { rfp } = data;
  const mine = action?.intent === "cancel" ? action : undefined;
  const [cancelForm, cancelFields] = useForm<{ reason: string }>({
    id: "cancel-form",
    lastResult: mine?.result,
    shouldValidate: "onSubmit",
  });
  const reason = cancelFields.reason;
  // The reason's own error, or the command's refusal (told where the reason is typed).
  const cancelError = reason.errors?.join(" ") ?? mine?.formError;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {rfp.status !== "cancelled" ? (
          <Link to={`/rfps/${rfp.id}/edit`} className={buttonClass("secondary")}>
            {rfp.status === "draft" ? "Edit Draft" : "Edit"}
          </Link>
        ) : null}
        {rfp.status !== "draft" ? (
          <Link to={`/rfps/${rfp.id}/proposals`} className={buttonClass("primary")}>
            Review Proposals ({rfp.proposalCount})
          </Link>
        ) : null}
        {rfp.status === "published" ? (
          <Form
            method="post"
            onSubmit={(e) => {
              if (!window.confirm("Close this RFP without an award? No more proposals can be submitted."))
                e.preventDefault();
            }}
          >
            <button type="submit" name="intent" value="close" className={buttonClass("secondary")}>
              Close RFP
            </button>
          </Form>
        ) : null}
        {rfp.status !== "published" ? (
          <Form
            method="post"
            onSubmit={(e) => {
              if (!window.confirm("Delete this RFP? This cannot be undone.")) e.preventDefault();
            }}
          >
            <button
              type="submit"
              name="intent"
              value="delete"
              className={buttonClass("ghost", "text-red-700 dark:text-red-400")}
            >
              Delete
            </button>
          </Form>
        ) : null}
      </div>
      {action &&
      action.intent !== "cancel" &&
      action.formError &&
      ["close", "delete"].includes(action.intent) ? (
        <Alert title="That did not work">{action.formError}</Alert>
      ) : null}
      {rfp.status === "published" ? (
        <details
          open={Boolean(cancelError)}
          className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
        >
          <summary className="cursor-pointer font-semibold">Cancel RFP</summary>
          <Form method="post" className="mt-2 space-y-2" {...getFormProps(cancelForm)}>
            <p className="text-slate-600 dark:text-slate-400">
              Every vendor who submitted a proposal gets their credits back automatically.
            </p>
            <label htmlFor={reason.id} className="block font-medium">
              Reason
            </label>
            <textarea
              {...getTextareaProps(reason, { ariaAttributes: false })}
              rows={2}
              maxLength={1000}
              aria-invalid={cancelError ? true : undefined}
              aria-describedby={cancelError ? reason.errorId : undefined}
              className={fieldClass(Boolean(cancelError))}
            />
            {cancelError ? (
              <p id={reason.errorId} className="text-red-700 dark:text-red-400">
                {cancelError}
              </p>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="cancel"
              className={buttonClass("secondary", "text-red-700 dark:text-red-400")}
            >
              Cancel RFP and refund bidders
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

export default function RfpDetailPage() {
  const data = useLoaderData<typeof loader>() as unknown as RfpDetailData;
  const action = useActionData<typeof action>() as RfpDetailActionData | undefined;
  const { rfp, viewer, documents } = data;
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <Link
        to="/rfps"
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All RFPs
      </Link>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium dark:bg-slate-800">
            <CategoryIcon category={rfp.category} /> {rfp.categoryLabel}
          </span>
          <span
            data-testid="rfp-status"
            className={`rounded-full px-2 py-0.5 font-semibold ${STATUS_STYLE[rfp.status]}`}
          >
            {STATUS_LABEL[rfp.status]}
          </span>
          {rfp.urgency ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {URGENCY_LABELS[rfp.urgency]}
            </span>
          ) : null}
        </div>
        <h1 className="text-3xl font-semibold [overflow-wrap:anywhere]">{rfp.title}</h1>
        <p className="text-slate-600 dark:text-slate-400">
          {[rfp.organizationName, rfp.propertyName, rfp.address].filter(Boolean).join(" · ")}
        </p>
        {rfp.cancelReason ? <p className="text-sm">Cancelled: {rfp.cancelReason}</p> : null}
        {rfp.closedAt ? (
          <p className="text-sm">
            Closed {rfp.closedAt}
            {rfp.closeReason === "awarded" ? " (awarded)" : ""}.
          </p>
        ) : null}
      </header>
      {viewer.manage ? <AuthorActions data={data} action={action} /> : null}
      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          {rfp.shortDescription ? <p className="text-lg">{rfp.shortDescription}</p> : null}
          {rfp.description ? (
            <Section title="Description">
              <p className="whitespace-pre-line">{rfp.description}</p>
            </Section>
          ) : null}
          {rfp.scopeOfWork ? (
            <Section title="Scope of Work">
              <ScopeText text={rfp.scopeOfWork} />
            </Section>
          ) : null}
          {rfp.technicalSpecifications ? (
            <Section title="Technical Specifications">
              <p className="whitespace-pre-line">{rfp.technicalSpecifications}</p>
            </Section>
          ) : null}
          <Section title="Requirements">
            <ul className="list-disc space-y-1 pl-5">
              {rfp.requirements.insurance ? (
                <li>
                  Insurance
                  {rfp.requirements.insurance.length > 0 ? `: ${rfp.requirements.insurance.join("; ")}` : ""}
                </li>
              ) : null}
              {rfp.requirements.license ? <li>A current license</li> : null}
              {rfp.requirements.references ? <li>At least three references</li> : null}
              {!rfp.requirements.insurance && !rfp.requirements.license && !rfp.requirements.references ? (
                <li>No insurance, license or reference requirements.</li>
              ) : null}
            </ul>
          </Section>
          {documents.length > 0 ? (
            <Section title="Documents">
              <ul className="space-y-1">
                {documents.map((d) => (
                  <li key={d.id}>
                    <a
                      href={`/documents/rfp/${d.id}`}
                      className="inline-flex items-center gap-1 text-blue-700 hover:underline dark:text-blue-400"
                    >
                      <FileText aria-hidden="true" className="h-4 w-4" />
                      {d.fileName}
                    </a>{" "}
                    <span className="text-xs text-slate-500">
                      ({Math.max(1, Math.round(d.fileSize / 1024)).toLocaleString("en-US")} KB)
                    </span>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          <ProposalPanel data={data} action={action} />
        </div>
        <aside
          aria-label="Key facts"
          className="h-fit rounded-lg border border-slate-200 bg-white p-5 text-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <dl className="divide-y divide-slate-100 dark:divide-slate-800">
            <Fact label="Budget">{rfp.budget}</Fact>
            <Fact label="Budget type">{rfp.budgetType}</Fact>
            {rfp.budgetDescription ? <Fact label="Budget notes">{rfp.budgetDescription}</Fact> : null}
            <Fact label="Proposal deadline">
              {rfp.deadline ?? "Not set"}
              {rfp.daysLeft ? (
                <span className="block text-xs font-normal text-slate-500">{rfp.daysLeft}</span>
              ) : null}
            </Fact>
            {rfp.projectStart ? <Fact label="Project start">{rfp.projectStart}</Fact> : null}
            {rfp.projectEnd ? <Fact label="Project end">{rfp.projectEnd}</Fact> : null}
            {rfp.estimatedDurationDays ? (
              <Fact label="Estimated duration">{rfp.estimatedDurationDays} days</Fact>
            ) : null}
            <Fact label="Proposals">
              {rfp.proposalCount} of at most {rfp.maxProposals}
            </Fact>
            <Fact label="Evaluation period">{rfp.evaluationPeriodDays} days</Fact>
            {rfp.visibility ? <Fact label="Visibility">{rfp.visibility}</Fact> : null}
            <Fact label="Questions">{rfp.allowQuestions ? "Allowed" : "Not taken"}</Fact>
            <Fact label="Closes automatically">{rfp.autoClose ? "Yes, at the deadline" : "No"}</Fact>
            {rfp.publishedAt ? <Fact label="Published">{rfp.publishedAt}</Fact> : null}
            {rfp.authorName ? (
              <Fact label="Posted by">
                {rfp.authorName}
                {data.authorConnection ? (
                  <div className="mt-2 font-normal">
                    <ConnectionActions
                      viewerId={viewer.id}
                      person={{ id: rfp.authorId, name: rfp.authorName }}
                      pair={data.authorConnection}
                      redirectTo={`/rfps/${rfp.id}`}
                      showRemove={false}
                      hideBlocked
                    />
                  </div>
                ) : null}
              </Fact>
            ) : null}
            {viewer.manage ? <Fact label="Views">{rfp.viewCount}</Fact> : null}
          </dl>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={RFP_NOT_FOUND} />;
}
