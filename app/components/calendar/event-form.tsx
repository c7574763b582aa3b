import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import {
  ALL_DAY_END,
  ALL_DAY_START,
  type EventFormFields,
  onStartTimeChange,
  plusOneHour,
} from "@domain/calendar/form-fields";
import { recurrenceOptions } from "@domain/calendar/recurrence";
import { EVENT_TYPE_LABELS, EVENT_TYPES } from "@domain/calendar/types";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";

/** Zones offered besides the person's and the event's own. */
export const COMMON_TIME_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Puerto_Rico",
  "UTC",
] as const;

const textareaClass =
  "rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900";

/** A named input of the form (the spec's behaviour sets one field from another). */
const control = (form: HTMLFormElement | null, name: string) => {
  const el = form?.elements.namedItem(name);
  return el instanceof HTMLInputElement ? el : null;
};

interface EventFormProps {
  id: string;
  defaults: EventFormFields;
  lastResult?: SubmissionResult<string[]> | null;
  associations: readonly { id: string; name: string }[];
  timeZones: readonly string[];
  submitLabel: string;
  cancelHref: string;
  /** One occurrence of a series: no recurrence, no attendees, no association. */
  occurrence?: string | null;
  /** A form error from the server ("Failed to save event" or its own text). */
  error?: string | null;
}

/**
 * The create and edit form (spec 001 sections 3 to 5). A plain post that works without JavaScript;
 * the action checks it and Conform shows its errors per field (no zod in the page, decision 056). With
 * JavaScript the spec's behaviour applies: a new start date
 * sets the end date, a new start time sets the end one hour later, all-day sets 00:00 and 23:59.
 */
export function EventForm(props: EventFormProps) {
  const { defaults: d } = props;
  const busy = useNavigation().state === "submitting";
  // The weekday patterns are named after the start date ("Monthly on the second Tuesday").
  const [startDate, setStartDate] = useState(d.start_date);
  const [form, fields] = useForm<EventFormFields>({
    id: props.id,
    lastResult: props.lastResult ?? undefined,
    defaultValue: {
      ...d,
      is_all_day: d.is_all_day ? "on" : undefined,
      is_recurring: d.is_recurring ? "on" : undefined,
    },
    shouldValidate: "onSubmit",
  });
  const errors = [...(form.errors ?? []), ...(props.error ? [props.error] : [])];
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <IdempotencyKey />
      {errors.length > 0 ? <Alert title={errors.join(" ")} /> : null}
      {props.occurrence ? <input type="hidden" name="occurrence" value={props.occurrence} /> : null}
      <Field
        label="Title"
        {...getInputProps(fields.title, { type: "text" })}
        errors={fields.title.errors}
        maxLength={200}
      />
      <SelectField
        label="Event type"
        {...getSelectProps(fields.event_type)}
        errors={fields.event_type.errors}
        options={EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }))}
      />
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(fields.is_all_day, { type: "checkbox" })}
          className="h-4 w-4"
          onChange={(e) => {
            if (!e.currentTarget.checked) return;
            const f = e.currentTarget.form;
            const startTime = control(f, "start_time");
            const endTime = control(f, "end_time");
            if (startTime) startTime.value = ALL_DAY_START;
            if (endTime) endTime.value = ALL_DAY_END;
          }}
        />
        <label htmlFor={fields.is_all_day.id} className="text-sm font-medium">
          All day
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Start date"
          {...getInputProps(fields.start_date, { type: "date" })}
          errors={fields.start_date.errors}
          onChange={(e) => {
            const endDate = control(e.currentTarget.form, "end_date");
            if (endDate && e.currentTarget.value) endDate.value = e.currentTarget.value;
            setStartDate(e.currentTarget.value);
          }}
        />
        <Field
          label="Start time"
          {...getInputProps(fields.start_time, { type: "time" })}
          errors={fields.start_time.errors}
          onChange={(e) => {
            const value = e.currentTarget.value;
            const f = e.currentTarget.form;
            const [startDate, endDate, endTime] = [
              control(f, "start_date"),
              control(f, "end_date"),
              control(f, "end_time"),
            ];
            if (!value || !endTime) return;
            const next = onStartTimeChange(
              {
                start_date: startDate?.value ?? "",
                start_time: value,
                end_date: endDate?.value ?? "",
                end_time: endTime.value,
              },
              value,
            );
            endTime.value = next.end_time;
            if (endDate && plusOneHour(value).nextDay) endDate.value = next.end_date;
          }}
        />
        <Field
          label="End date"
          {...getInputProps(fields.end_date, { type: "date" })}
          errors={fields.end_date.errors}
        />
        <Field
          label="End time"
          {...getInputProps(fields.end_time, { type: "time" })}
          errors={fields.end_time.errors}
        />
      </div>
      <SelectField
        label="Time zone"
        {...getSelectProps(fields.time_zone)}
        errors={fields.time_zone.errors}
        options={props.timeZones.map((z) => ({ value: z, label: z.replace(/_/g, " ") }))}
        hint="A repeating event keeps its local time in this zone, also across daylight-saving changes."
      />
      <Field
        label="Location"
        {...getInputProps(fields.location, { type: "text" })}
        errors={fields.location.errors}
        maxLength={300}
      />
      <Field
        label="Meeting URL"
        {...getInputProps(fields.meeting_url, { type: "text" })}
        errors={fields.meeting_url.errors}
        inputMode="url"
        placeholder="https://"
      />
      <div className="flex flex-col gap-1">
        <label
          htmlFor={fields.description.id}
          className="text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Description
        </label>
        <textarea
          {...getTextareaProps(fields.description)}
          rows={3}
          maxLength={5000}
          className={textareaClass}
        />
      </div>
      {props.occurrence ? null : (
        <>
          <SelectField
            label="Calendar"
            {...getSelectProps(fields.association_id)}
            errors={fields.association_id.errors}
            placeholder="Private (only you and the people you invite)"
            options={props.associations.map((a) => ({ value: a.id, label: `${a.name} (all members)` }))}
          />
          <div className="flex flex-col gap-1">
            <label
              htmlFor={fields.attendee_emails.id}
              className="text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Attendee e-mails
            </label>
            <textarea
              {...getTextareaProps(fields.attendee_emails)}
              rows={2}
              placeholder="name@example.com, other@example.com"
              aria-describedby={
                fields.attendee_emails.errors
                  ? `${fields.attendee_emails.id}-error`
                  : `${fields.attendee_emails.id}-hint`
              }
              className={textareaClass}
            />
            <p
              id={`${fields.attendee_emails.id}-hint`}
              className="text-xs text-slate-600 dark:text-slate-400"
            >
              Comma-separated. Each person gets an invitation with an .ics file and links to answer.
            </p>
            {fields.attendee_emails.errors ? (
              <p id={`${fields.attendee_emails.id}-error`} className="text-sm text-red-700 dark:text-red-400">
                {fields.attendee_emails.errors.join(" ")}
              </p>
            ) : null}
          </div>
          <fieldset className="rounded-md border border-slate-300 p-4 dark:border-slate-700">
            <legend className="px-1 text-sm font-medium">Recurrence</legend>
            <div className="flex items-center gap-2">
              <input {...getInputProps(fields.is_recurring, { type: "checkbox" })} className="h-4 w-4" />
              <label htmlFor={fields.is_recurring.id} className="text-sm font-medium">
                Repeats
              </label>
            </div>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Pattern"
                {...getSelectProps(fields.recurring_pattern)}
                errors={fields.recurring_pattern.errors}
                options={recurrenceOptions(startDate)}
              />
              <Field
                label="Every (interval)"
                {...getInputProps(fields.recurrence_interval, { type: "number" })}
                min={1}
                max={99}
                errors={fields.recurrence_interval.errors}
              />
              <SelectField
                label="Ends"
                {...getSelectProps(fields.recurrence_ends)}
                options={[
                  { value: "never", label: "Never" },
                  { value: "until", label: "On a date" },
                  { value: "count", label: "After a number of times" },
                ]}
              />
              <Field
                label="End date of the series"
                {...getInputProps(fields.recurrence_until, { type: "date" })}
                errors={fields.recurrence_until.errors}
              />
              <Field
                label="Number of times"
                {...getInputProps(fields.recurrence_count, { type: "number" })}
                min={1}
                max={730}
                errors={fields.recurrence_count.errors}
              />
            </div>
          </fieldset>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy}>{busy ? "Saving..." : props.submitLabel}</Button>
        <Link to={props.cancelHref} className={buttonClass("secondary")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
