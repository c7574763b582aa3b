import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { RfpFields } from "@domain/rfp";
import { RFP_MESSAGES } from "@domain/rfp/messages";
import { PUBLISHED_FORM, RFP_LIMITS, type RfpWizardStepId } from "@domain/rfp/types";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useFetcher, useNavigation, useSubmit } from "@remix-run/react";
import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { RfpDocuments } from "./documents";
import { ReviewSummary } from "./review";
import {
  BasicFields,
  BudgetFields,
  type ErrorsOf,
  LocationFields,
  PublishedFields,
  RequirementsFields,
  SettingsFields,
  type WizardFields,
} from "./step-fields";
import { WizardHeader } from "./wizard-header";

/** What the wizard's loader gives (app/routes/_app.rfps_.new.server.ts), as the page receives it. */
export interface WizardData {
  mode: "create" | "draft" | "published" | "ended";
  rfpId: string | null;
  /** The RFP stream's version the page shows; every edit form posts it back. */
  version: number;
  step: RfpWizardStepId;
  fields: SerializeFrom<RfpFields>;
  deadlineLocal: string;
  deadlineLabel: string | null;
  invitedEmails: string[];
  lastSaved: string | null;
  timeZone: string;
  checked: { fieldErrors: Record<string, string[]>; formErrors: string[] } | null;
  publishBlocked: boolean;
  documents: { id: string; fileName: string; fileSize: number }[];
  draftKey: string | null;
  /** The author's associations, one of which the RFP may belong to. */
  associations: { id: string; name: string }[];
}

export interface WizardActionResult {
  result?: SubmissionResult<string[]>;
  formError?: string;
  uploadErrors?: string[];
  /** The RFP changed since the page was rendered: the form shows the current values again. */
  conflict?: { fields: string[] };
}

interface AutosaveData {
  autosave?: { ok: boolean; rfpId?: string; lastSaved?: string; version?: number };
}

/**
 * After a conflict the page was reloaded with the current values: the form starts again from them
 * (a new key), instead of keeping the entries that were based on an older version.
 */
/** "Changed meanwhile: Description, Project start date", after a conflict. */
export function conflictNote(actionData: WizardActionResult | undefined): string[] {
  const fields = actionData?.conflict?.fields ?? [];
  if (fields.length === 0) return [];
  const label = (f: string) => f.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  return [`Changed meanwhile: ${fields.map(label).join(", ")}.`];
}

const formKey = (data: WizardData, actionData: WizardActionResult | undefined) =>
  actionData?.conflict ? `${data.step}@${data.version}` : data.step;

const str = (v: number | string | null | undefined) => (v === undefined || v === null ? "" : String(v));
const on = (b: boolean | undefined) => (b ? "on" : undefined);

/** The form's starting values, from the RFP as saved. */
function defaultsOf(data: WizardData) {
  const f = data.fields;
  const ins = f.insurance_requirements;
  return {
    title: f.title ?? "",
    category: f.category ?? "",
    short_description: f.short_description ?? "",
    description: f.description ?? "",
    organization_name: f.organization_name ?? "",
    property_name: f.property_name ?? "",
    property_type: f.property_type ?? "",
    association_id: f.association_id ?? "",
    location_address: f.location_address ?? "",
    location_city: f.location_city ?? "",
    location_state: f.location_state ?? "",
    location_zip: f.location_zip ?? "",
    proposal_deadline: data.deadlineLocal,
    project_start_date: f.project_start_date ?? "",
    project_end_date: f.project_end_date ?? "",
    estimated_duration_days: str(f.estimated_duration_days),
    budget_type: f.budget_type,
    budget_min: str(f.budget_min),
    budget_max: str(f.budget_max),
    budget_hourly_rate: str(f.budget_hourly_rate),
    budget_description: f.budget_description ?? "",
    scope_of_work: f.scope_of_work ?? "",
    technical_specifications: f.technical_specifications ?? "",
    require_insurance: on(f.require_insurance),
    require_license: on(f.require_license),
    require_references: on(f.require_references),
    insurance_requirements: {
      general_liability: {
        required: on(ins.general_liability.required),
        minimum: str(ins.general_liability.minimum),
      },
      workers_compensation: {
        required: on(ins.workers_compensation.required),
        minimum: str(ins.workers_compensation.minimum),
      },
    },
    visibility: f.visibility ?? "",
    invited_vendor_emails: data.invitedEmails.join("\n"),
    max_proposals: str(f.max_proposals),
    evaluation_period_days: str(f.evaluation_period_days),
    allow_questions: on(f.allow_questions),
    auto_close_enabled: on(f.auto_close_enabled),
  };
}

/** A form's content without the buttons' values, to tell whether anything changed since the last save. */
function snapshot(form: HTMLFormElement | null) {
  if (!form) return "";
  return JSON.stringify([...new FormData(form).entries()].filter(([k]) => k !== "intent" && k !== "version"));
}

/**
 * The RFP creation wizard (spec 001 sections 2.5, 4 and 5), create or edit mode; for a published RFP,
 * the editable details only. Everything is a form post; JavaScript adds saving on tab changes and
 * auto-save every 30 seconds.
 */
export function RfpWizard({ data, actionData }: { data: WizardData; actionData?: WizardActionResult }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (data.mode === "ended") {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        <h1 className="text-2xl font-semibold">Edit RFP</h1>
        <Alert title="This RFP is closed or cancelled">It can no longer be edited.</Alert>
        <Link to={`/rfps/${data.rfpId}`} className="text-blue-700 underline dark:text-blue-300">
          Back to the RFP
        </Link>
      </div>
    );
  }
  if (data.mode === "published")
    return <PublishedEdit key={formKey(data, actionData)} data={data} actionData={actionData} busy={busy} />;
  return <WizardSteps key={formKey(data, actionData)} data={data} actionData={actionData} busy={busy} />;
}

function useErrors(
  fields: WizardFields,
  checked: WizardData["checked"],
  actionData: WizardActionResult | undefined,
): ErrorsOf {
  return useCallback(
    (name: string) => {
      const mine = (fields as Record<string, { errors?: string[] }>)[name]?.errors;
      if (mine?.length) return mine;
      const fromAction = actionData?.result?.error?.[name];
      if (fromAction?.length) return fromAction;
      if (actionData?.result) return undefined;
      return checked?.fieldErrors[name];
    },
    [fields, checked, actionData],
  );
}

function WizardSteps({
  data,
  actionData,
  busy,
}: {
  data: WizardData;
  actionData?: WizardActionResult;
  busy: boolean;
}) {
  const submit = useSubmit();
  const fetcher = useFetcher<AutosaveData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [lastSaved, setLastSaved] = useState(data.lastSaved);
  // Auto-save moves the form on to the version it saved (when that version holds what the form shows).
  const [version, setVersion] = useState(data.version);
  const rfpId = data.rfpId ?? createdId;
  const step = data.step;
  const formId = `rfp-wizard-${step}`;
  const hrefFor = useCallback(
    (s: RfpWizardStepId) => (rfpId ? `/rfps/${rfpId}/edit?step=${s}` : `/rfps/new?step=${s}`),
    [rfpId],
  );
  const actionUrl = hrefFor(step);
  const [form, fields] = useForm({
    id: formId,
    lastResult: actionData?.conflict ? undefined : actionData?.result,
    // Checked on the server only (decision 056): the step's schema never reaches the browser.
    shouldValidate: "onSubmit",
    defaultValue: defaultsOf(data),
  });
  const errorsOf = useErrors(fields as unknown as WizardFields, data.checked, actionData);
  const formErrors = [
    ...(form.errors ?? []),
    ...(actionData?.formError ? [actionData.formError] : []),
    ...conflictNote(actionData),
    ...(!actionData && data.checked ? data.checked.formErrors : []),
  ];
  const hasStepErrors =
    Boolean(actionData?.result?.error && Object.keys(actionData.result.error).length > 0) ||
    Boolean(!actionData && data.checked && Object.keys(data.checked.fieldErrors).length > 0);

  useEffect(() => setLastSaved(data.lastSaved), [data.lastSaved]);

  // Auto-save (spec 001 sections 4 and 9): every 30 s, when there is a title, nothing is being
  // submitted, and the step's fields changed since they were last saved.
  const saved = useRef<string>("");
  useEffect(() => {
    saved.current = snapshot(formRef.current);
  }, []);
  useEffect(() => {
    const result = fetcher.data?.autosave;
    if (!result?.ok) return;
    if (result.rfpId && !data.rfpId) setCreatedId(result.rfpId);
    if (result.lastSaved) setLastSaved(result.lastSaved);
    if (result.version !== undefined) setVersion(result.version);
  }, [fetcher.data, data.rfpId]);
  const busyRef = useRef(false);
  busyRef.current = busy || fetcher.state !== "idle";
  useEffect(() => {
    const timer = window.setInterval(() => {
      const el = formRef.current;
      if (!el || busyRef.current || step === "review") return;
      const titleInput = el.elements.namedItem("title");
      const title =
        titleInput instanceof HTMLInputElement ? titleInput.value.trim() : (data.fields.title ?? "");
      if (!title) return;
      const now = snapshot(el);
      if (now === saved.current) return;
      const body = new FormData(el);
      body.set("intent", "autosave");
      saved.current = now;
      fetcher.submit(body, { method: "post", action: hrefFor(step) });
    }, RFP_LIMITS.autoSaveMs);
    return () => window.clearInterval(timer);
  }, [fetcher, hrefFor, step, data.fields.title]);

  // With JavaScript, a tab saves the current step as a draft, then opens the chosen step.
  const onTab = (event: MouseEvent<HTMLAnchorElement>, to: RfpWizardStepId) => {
    const el = formRef.current;
    if (!el || step === "review" || to === step) return;
    const titleInput = el.elements.namedItem("title");
    const hasTitle =
      titleInput instanceof HTMLInputElement ? Boolean(titleInput.value.trim()) : Boolean(rfpId);
    if (!hasTitle) return;
    event.preventDefault();
    const body = new FormData(el);
    body.set("intent", "goto");
    body.set("to", to);
    submit(body, { method: "post", action: actionUrl });
  };

  const isReview = step === "review";
  const title =
    data.mode === "create" ? "Create RFP" : data.fields.title ? `Edit RFP: ${data.fields.title}` : "Edit RFP";

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <WizardHeader title={title} step={step} hrefFor={hrefFor} lastSaved={lastSaved} onTab={onTab} />
      {hasStepErrors ? (
        <Alert title="Please correct the highlighted fields">
          Your entries are kept; fix the fields below and try again.
        </Alert>
      ) : null}
      {formErrors.length > 0 ? (
        <div id={`${formId}-form-error`}>
          <Alert title={formErrors[0] as string}>{formErrors.slice(1).join(" ") || undefined}</Alert>
        </div>
      ) : null}
      <Form
        method="post"
        action={actionUrl}
        ref={formRef}
        className="flex flex-col gap-4"
        {...getFormProps(form)}
      >
        <input type="hidden" name="step" value={step} />
        <input type="hidden" name="version" value={version} />
        {data.draftKey && !rfpId ? <input type="hidden" name="draftKey" value={data.draftKey} /> : null}
        {step === "basic" ? (
          <BasicFields
            fields={fields as unknown as WizardFields}
            errorsOf={errorsOf}
            associations={data.associations}
          />
        ) : null}
        {step === "location" ? (
          <LocationFields
            fields={fields as unknown as WizardFields}
            errorsOf={errorsOf}
            timeZone={data.timeZone}
          />
        ) : null}
        {step === "budget" ? (
          <BudgetFields fields={fields as unknown as WizardFields} errorsOf={errorsOf} />
        ) : null}
        {step === "requirements" ? (
          <RequirementsFields fields={fields as unknown as WizardFields} errorsOf={errorsOf} />
        ) : null}
        {step === "settings" ? (
          <SettingsFields fields={fields as unknown as WizardFields} errorsOf={errorsOf} />
        ) : null}
      </Form>
      {step === "requirements" ? (
        <RfpDocuments
          rfpId={rfpId}
          step={step}
          documents={data.documents}
          errors={actionData?.uploadErrors}
          editable
          busy={busy}
        />
      ) : null}
      {isReview ? (
        <>
          <ReviewSummary
            fields={data.fields as RfpFields}
            deadlineLabel={data.deadlineLabel}
            invitedEmails={data.invitedEmails}
            hrefFor={hrefFor}
          />
          <RfpDocuments rfpId={rfpId} step={step} documents={data.documents} editable={false} busy={busy} />
          {data.publishBlocked ? (
            <p id="publish-blocked" className="text-sm font-medium text-red-700 dark:text-red-400">
              {RFP_MESSAGES.completeRequired}
            </p>
          ) : null}
        </>
      ) : null}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <div className="flex gap-2">
          <Link to="/dashboard" className={buttonClass("ghost")}>
            Cancel
          </Link>
          {step !== "basic" ? (
            <Button
              form={formId}
              name="intent"
              value="previous"
              variant="secondary"
              disabled={busy}
              formNoValidate
            >
              Previous
            </Button>
          ) : null}
        </div>
        <div className="flex gap-2 sm:justify-end [&>*]:flex-1 sm:[&>*]:flex-none">
          <Button form={formId} name="intent" value="save" variant="secondary" disabled={busy}>
            Save Draft
          </Button>
          {isReview ? (
            <Button
              form={formId}
              name="intent"
              value="publish"
              disabled={busy || data.publishBlocked || !rfpId}
              aria-describedby={data.publishBlocked ? "publish-blocked" : undefined}
            >
              Publish RFP
            </Button>
          ) : (
            <Button form={formId} name="intent" value="next" disabled={busy}>
              Next
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

function PublishedEdit({
  data,
  actionData,
  busy,
}: {
  data: WizardData;
  actionData?: WizardActionResult;
  busy: boolean;
}) {
  const formId = "rfp-published-edit";
  const [form, fields] = useForm({
    id: formId,
    lastResult: actionData?.conflict ? undefined : actionData?.result,
    // Checked on the server only (decision 056): the step's schema never reaches the browser.
    shouldValidate: "onSubmit",
    defaultValue: defaultsOf(data),
  });
  const errorsOf = useErrors(fields as unknown as WizardFields, null, actionData);
  const formErrors = [
    ...(form.errors ?? []),
    ...(actionData?.formError ? [actionData.formError] : []),
    ...conflictNote(actionData),
  ];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Edit published RFP</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="last-saved">
            {data.lastSaved}
          </p>
        </div>
        <p className="text-lg text-slate-800 dark:text-slate-200">{data.fields.title}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Once an RFP is published, only its description, scope of work and project dates can change.
        </p>
      </header>
      {formErrors.length > 0 ? (
        <Alert title={formErrors[0] as string}>{formErrors.slice(1).join(" ") || undefined}</Alert>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="step" value={PUBLISHED_FORM} />
        <input type="hidden" name="version" value={data.version} />
        <PublishedFields fields={fields as unknown as WizardFields} errorsOf={errorsOf} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Link to={`/rfps/${data.rfpId}`} className={buttonClass("ghost")}>
            Cancel
          </Link>
          <Button name="intent" value="save" disabled={busy}>
            Save Changes
          </Button>
        </div>
      </Form>
      <RfpDocuments rfpId={data.rfpId} step="basic" documents={data.documents} editable={false} busy={busy} />
    </div>
  );
}
