import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import {
  CE_LIMITS,
  CE_SUBJECT_LABELS,
  ceHoursLabel,
  formatCeDate,
  formatHours,
  percentOf,
} from "@domain/learning/continuing-education";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ProgressBar } from "~/components/learning/course-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";
import type { CeLicenceView, CePeriodView } from "~/queries/learning-ce.server";
import { ceAction, ceLoader } from "./_app.learning-hub.continuing-education.server";

export const meta: MetaFunction = () => [
  { title: "Continuing Education · Learning Hub · Association Commons" },
];

export const loader = ({ request }: LoaderFunctionArgs) => ceLoader(request);
export const action = ({ request }: ActionFunctionArgs) => ceAction(request);

const TRANSCRIPT = "/learning-hub/continuing-education/transcript";

export default function ContinuingEducationPage() {
  const data = useLoaderData<typeof loader>();
  const licences = data.licences as CeLicenceView[];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Continuing Education</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The hours your completed courses earn toward each licence you hold, per renewal period.{" "}
          <Link to="/learning-hub/courses" className="text-blue-700 underline dark:text-blue-300">
            Courses
          </Link>
        </p>
      </div>
      {licences.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">No licence recorded</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Add a licence you hold below to see the continuing-education hours your courses earn toward it.
          </p>
        </div>
      ) : (
        <>
          {licences.length > 1 ? (
            <p>
              <a href={TRANSCRIPT} download className="btn btn-secondary">
                Download all transcripts (PDF)
              </a>
            </p>
          ) : null}
          {licences.map((l) => (
            <LicenceSection key={l.id} licence={l} />
          ))}
        </>
      )}
      <AddLicenceForm types={data.types} />
    </div>
  );
}

function LicenceSection({ licence: l }: { licence: CeLicenceView }) {
  const [current, ...past] = l.periods;
  return (
    <section
      id={`licence-${l.id}`}
      aria-labelledby={`licence-${l.id}-title`}
      data-testid="ce-licence"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`licence-${l.id}-title`} className="text-lg font-semibold">
            {l.shortName}: {l.typeName}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Licence {l.licenceNumber}
            {l.anchorDate ? ` · since ${formatCeDate(l.anchorDate)}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={`${TRANSCRIPT}?licence=${l.id}`} download className="btn btn-secondary">
            Download transcript (PDF)
          </a>
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="licenceId" value={l.id} />
            <Button variant="secondary" aria-label={`Remove licence ${l.licenceNumber}`}>
              Remove
            </Button>
          </Form>
        </div>
      </header>
      {current ? <PeriodView period={current} heading="Current period" licenceId={l.id} /> : null}
      {current && !current.tally.met ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">Courses that would fill the gaps</h3>
          {l.suggestions.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              No other published course carries hours for this licence yet.
            </p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm" aria-label={`Suggested courses for ${l.shortName}`}>
              {l.suggestions.map((s) => (
                <li key={s.slug}>
                  <Link
                    to={`/learning-hub/courses/${s.slug}`}
                    className="text-blue-700 underline dark:text-blue-300"
                  >
                    {s.title}
                  </Link>{" "}
                  (
                  {s.credits
                    .map((c) => `${formatHours(c.tenths)} h ${CE_SUBJECT_LABELS[c.subject]}`)
                    .join(", ")}
                  )
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {past.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">Past periods</h3>
          {past.map((p) => (
            <details key={p.end} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
              <summary className="cursor-pointer text-sm font-medium">
                {formatCeDate(p.start)} to {formatCeDate(p.end)}: {formatHours(p.tally.totalAppliedTenths)} of{" "}
                {formatHours(p.tally.totalRequiredTenths)} hours{p.tally.met ? " (met)" : ""}
              </summary>
              <div className="mt-3">
                <PeriodView period={p} heading={null} licenceId={l.id} />
              </div>
            </details>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function PeriodView({
  period: p,
  heading,
  licenceId,
}: {
  period: CePeriodView;
  heading: string | null;
  licenceId: string;
}) {
  const t = p.tally;
  const id = `period-${licenceId}-${p.end}`;
  return (
    <div className="flex flex-col gap-3" data-testid="ce-period">
      {heading ? (
        <div>
          <h3 id={id} className="font-semibold">
            {heading}: {formatCeDate(p.start)} to {formatCeDate(p.end)}
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {p.daysLeftLabel}
            {t.met ? " · requirement met" : ""}
          </p>
        </div>
      ) : null}
      <div>
        <p className="text-sm font-medium" data-testid="ce-total">
          {formatHours(t.totalAppliedTenths)} of {formatHours(t.totalRequiredTenths)} hours
          {t.totalEarnedTenths > t.totalAppliedTenths ? ` (${formatHours(t.totalEarnedTenths)} earned)` : ""}
        </p>
        <ProgressBar
          percent={percentOf(t.totalAppliedTenths, t.totalRequiredTenths)}
          label={`Hours toward ${p.end}`}
        />
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Hours per subject</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th scope="col" className="py-1 pr-2">
              Subject
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Earned
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Required
            </th>
            <th scope="col" className="py-1">
              Progress
            </th>
          </tr>
        </thead>
        <tbody>
          {t.rows.map((r) => (
            <tr key={r.subject} className="border-b border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1 pr-2 font-normal">
                {r.label}
              </th>
              <td className="py-1 pr-2 text-right tabular-nums">{formatHours(r.earnedTenths)}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{formatHours(r.requiredTenths)}</td>
              <td className="py-1">
                {r.appliedTenths >= r.requiredTenths ? (
                  <span className="text-emerald-800 dark:text-emerald-300">Met</span>
                ) : (
                  `${formatHours(r.requiredTenths - r.appliedTenths)} h to go`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {p.courses.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No course completed in this period yet.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Courses that earned these hours">
          {p.courses.map((c) => (
            <li key={c.courseId}>
              <Link
                to={`/learning-hub/courses/${c.slug}`}
                className="text-blue-700 underline dark:text-blue-300"
              >
                {c.title}
              </Link>
              : {ceHoursLabel(c.tenths)}, completed {formatCeDate(c.completedOn)} (
              {c.credits.map((x) => `${formatHours(x.tenths)} ${CE_SUBJECT_LABELS[x.subject]}`).join(", ")})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type AddAnswer = { intent: "add" | "remove" | null; result: SubmissionResult<string[]> } | undefined;

function AddLicenceForm({ types }: { types: { value: string; label: string; anchorRequired: boolean }[] }) {
  const answer = useActionData<typeof action>() as AddAnswer;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<{ licenceType: string; licenceNumber: string; anchorDate: string }>({
    id: "add-licence",
    lastResult: answer?.intent === "add" ? answer.result : undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <section aria-labelledby="add-licence-title" className="flex flex-col gap-3">
      <h2 id="add-licence-title" className="text-lg font-semibold">
        Add a licence
      </h2>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="add" />
        <IdempotencyKey />
        {form.errors ? <Alert title={form.errors.join(" ")} /> : null}
        <SelectField
          {...getSelectProps(fields.licenceType)}
          label="Licence type"
          placeholder="Choose..."
          options={types}
          errors={fields.licenceType.errors}
          required
        />
        <Field
          {...getInputProps(fields.licenceNumber, { type: "text" })}
          label="Licence number"
          maxLength={CE_LIMITS.licenceNumberMax}
          errors={fields.licenceNumber.errors}
          required
        />
        <Field
          {...getInputProps(fields.anchorDate, { type: "date" })}
          label="Issue or certification date"
          hint={`Optional for Florida licences; required for ${types
            .filter((t) => t.anchorRequired)
            .map((t) => t.label.split(":")[0])
            .join(", ")}, whose periods run from it.`}
          errors={fields.anchorDate.errors}
        />
        <div>
          <Button disabled={busy}>Add licence</Button>
        </div>
      </Form>
    </section>
  );
}
