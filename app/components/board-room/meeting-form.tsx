import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { MEETING_MESSAGES, MEETING_TYPE_LABELS, MEETING_TYPES } from "@domain/meeting/types";
import { Form, useNavigation } from "@remix-run/react";
import { SelectField, TextareaField } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";

export interface MeetingFormValues {
  title: string;
  description: string;
  meeting_type: string;
  date: string;
  start_time: string;
  end_time: string;
  location: string;
  meeting_url: string;
  attendee_emails?: string;
}

/**
 * The schedule and edit meeting form (spec 001 section 5): one Zod schema validates in the browser
 * (with JavaScript) and on the server (always). Without JavaScript the server's answer re-renders it
 * with the messages. `version` (edit only) is the stream version the form was rendered from.
 */
export function MeetingForm({
  id,
  defaults,
  lastResult,
  version,
  timeZone,
  submitLabel,
  withAttendees,
}: {
  id: string;
  defaults: MeetingFormValues;
  lastResult?: SubmissionResult<string[]>;
  version?: number;
  timeZone: string;
  submitLabel: string;
  withAttendees: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaults,
    // Checked on the server only (decision 056): no schema in the page.
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <IdempotencyKey />
      {form.errors?.length ? (
        <Alert title={MEETING_MESSAGES.saveFailed}>{form.errors.join(" ")}</Alert>
      ) : null}
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <Field label="Title" errors={fields.title.errors} {...getInputProps(fields.title, { type: "text" })} />
      <TextareaField
        label="Description (optional)"
        rows={3}
        errors={fields.description.errors}
        {...getTextareaProps(fields.description)}
      />
      <SelectField
        label="Meeting type"
        errors={fields.meeting_type.errors}
        {...getSelectProps(fields.meeting_type)}
      >
        {MEETING_TYPES.map((t) => (
          <option key={t} value={t}>
            {MEETING_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Date" errors={fields.date.errors} {...getInputProps(fields.date, { type: "date" })} />
        <Field
          label="Start time"
          errors={fields.start_time.errors}
          {...getInputProps(fields.start_time, { type: "time" })}
        />
        <Field
          label="End time"
          errors={fields.end_time.errors}
          {...getInputProps(fields.end_time, { type: "time" })}
        />
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Times are in the association's time zone ({timeZone}).
      </p>
      <Field
        label="Location (optional)"
        errors={fields.location.errors}
        {...getInputProps(fields.location, { type: "text" })}
      />
      <Field
        label="Meeting URL (optional)"
        placeholder="https://"
        errors={fields.meeting_url.errors}
        {...getInputProps(fields.meeting_url, { type: "url" })}
      />
      {withAttendees ? (
        <TextareaField
          label="Guest e-mails (optional)"
          rows={2}
          hint="Comma-separated. The association's board members and managers are invited automatically."
          errors={fields.attendee_emails.errors}
          {...getTextareaProps(fields.attendee_emails)}
        />
      ) : null}
      <Button disabled={busy}>{busy ? "Saving..." : submitLabel}</Button>
    </Form>
  );
}
