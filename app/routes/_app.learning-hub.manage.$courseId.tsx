import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { AUTHORING_LIMITS } from "@domain/learning/authoring";
import { formatPrice } from "@domain/learning/courses";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CourseDetailsForm } from "~/components/learning/course-details-form";
import { TextareaField } from "~/components/onboarding/textarea-field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";
import { authoringAction, authoringLoader } from "./_app.learning-hub.manage.$courseId.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.course.title ?? "course"} · Manage Courses · Association Commons` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => authoringLoader(request, params.courseId);
export const action = ({ request, params }: ActionFunctionArgs) => authoringAction(request, params.courseId);

type Result = SubmissionResult<string[]> | undefined;
const SLOTS = Array.from({ length: AUTHORING_LIMITS.optionsMax }, (_, i) => i);
const STATUS = { draft: "Draft", published: "Published", archived: "Archived" } as const;

function FormError({ errors }: { errors: string[] | undefined }) {
  return errors?.length ? <Alert title={errors.join(" ")} /> : null;
}

/** One "Add ..." form of the page: its heading, intent, idempotency key, form-level error and button. */
function AddForm<Schema extends Record<string, unknown>>({
  id,
  heading,
  intent,
  form,
  busy,
  submit,
  note,
  children,
}: {
  id: string;
  heading: string;
  intent: string;
  form: FormMetadata<Schema, string[]>;
  busy: boolean;
  submit: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {heading}
      </h2>
      {note}
      <Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <IdempotencyKey />
        <FormError errors={form.errors} />
        {children}
        <div>
          <Button disabled={busy}>{submit}</Button>
        </div>
      </Form>
    </section>
  );
}

/** /learning-hub/manage/{courseId} (issue 30, part 2; decision 083): edit a draft course, publish, archive. */
export default function EditCoursePage() {
  const { course, modules } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const resultOf = (intent: string): Result =>
    actionData?.intent === intent ? ((actionData.result ?? undefined) as Result) : undefined;
  const draft = course.status === "draft";
  const moduleOptions = modules.map((m, i) => ({ value: m.id, label: `${i + 1}. ${m.title}` }));
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <p className="text-sm">
        <Link to="/learning-hub/manage" className="text-blue-700 underline dark:text-blue-300">
          Manage Courses
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{course.title}</h1>
        <span data-testid="course-status" className="rounded-full border px-2 py-0.5 text-xs">
          {STATUS[course.status]}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-400">{formatPrice(course.priceCents)}</span>
        {course.status !== "draft" ? (
          <Link to={`/learning-hub/courses/${course.slug}`} className="text-sm underline">
            View in catalogue
          </Link>
        ) : null}
      </div>
      {actionData?.error ? <Alert title={actionData.error} /> : null}
      {!draft ? (
        <Alert
          tone="info"
          title="A published or archived course's content cannot be edited, so people taking it are not broken."
        />
      ) : null}
      {draft ? (
        <PublishForm result={resultOf("publish")} busy={busy} />
      ) : course.status === "published" ? (
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="archive" />
          <FormError errors={resultOf("archive")?.error?.[""] ?? undefined} />
          <p className="text-sm">Archiving takes the course out of the catalogue; people enrolled keep it.</p>
          <div>
            <Button variant="secondary" disabled={busy}>
              Archive course
            </Button>
          </div>
        </Form>
      ) : null}

      {draft ? (
        <section aria-labelledby="details" className="flex flex-col gap-2">
          <h2 id="details" className="text-lg font-semibold">
            Details
          </h2>
          <CourseDetailsForm
            id="course-details"
            intent="details"
            lastResult={resultOf("details")}
            defaults={{
              title: course.title,
              slug: course.slug,
              shortDescription: course.shortDescription,
              description: course.description,
              difficulty: course.difficulty,
              price: course.priceCents ? (course.priceCents / 100).toFixed(2) : "0",
              isFeatured: course.isFeatured,
              providesCertification: course.providesCertification,
            }}
            submitLabel="Save details"
            busy={busy}
          />
        </section>
      ) : null}

      <section aria-labelledby="curriculum" className="flex flex-col gap-4">
        <h2 id="curriculum" className="text-lg font-semibold">
          Modules
        </h2>
        {modules.length === 0 ? <p className="text-sm">No modules yet.</p> : null}
        {modules.map((m, i) => (
          <article key={m.id} className="rounded-md border p-4" data-testid="authoring-module">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">
                Module {i + 1}: {m.title}
              </h3>
              {draft ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="deleteModule" />
                  <input type="hidden" name="moduleId" value={m.id} />
                  <Button variant="ghost" disabled={busy} aria-label={`Delete module ${m.title}`}>
                    Delete module
                  </Button>
                </Form>
              ) : null}
            </div>
            <ol className="mt-2 flex flex-col gap-3">
              {m.lessons.map((l) => (
                <li key={l.id} className="rounded border p-3" data-testid="authoring-lesson">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium">
                      {l.title} <span className="text-xs text-slate-600">({l.minutes} min)</span>
                    </p>
                    {draft ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="deleteLesson" />
                        <input type="hidden" name="lessonId" value={l.id} />
                        <Button variant="ghost" disabled={busy} aria-label={`Delete lesson ${l.title}`}>
                          Delete
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                  {l.videoUrl ? <p className="text-xs">Video: {l.videoUrl}</p> : null}
                  <div
                    className="prose prose-sm mt-2 max-w-none dark:prose-invert"
                    data-testid="lesson-preview"
                    // micromark's HTML of the lesson's Markdown: raw HTML escaped, unsafe links dropped.
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered safely on the server
                    dangerouslySetInnerHTML={{ __html: l.html }}
                  />
                </li>
              ))}
            </ol>
            {m.quiz ? (
              <div className="mt-3" data-testid="authoring-quiz">
                <p className="font-medium">
                  Quiz: {m.quiz.title} (pass mark {m.quiz.passPercent}%, wait {m.quiz.retryCooldownMinutes}{" "}
                  min)
                </p>
                <ol className="ml-5 list-decimal text-sm">
                  {m.quiz.questions.map((q) => (
                    <li key={q.id}>
                      {draft && m.quiz ? (
                        <Form method="post" className="float-right">
                          <input type="hidden" name="intent" value="deleteQuestion" />
                          <input type="hidden" name="quizId" value={m.quiz.id} />
                          <input type="hidden" name="questionId" value={q.id} />
                          <Button variant="ghost" disabled={busy} aria-label={`Delete question ${q.prompt}`}>
                            Delete
                          </Button>
                        </Form>
                      ) : null}
                      {q.prompt}{" "}
                      <span className="text-slate-600">
                        (
                        {q.options
                          .map((o) => (q.correct.includes(o.id) ? `${o.text} ✓` : o.text))
                          .join(" · ")}
                        )
                      </span>
                    </li>
                  ))}
                </ol>
              </div>
            ) : null}
          </article>
        ))}
      </section>

      {draft ? (
        <>
          <ModuleForm result={resultOf("module")} busy={busy} />
          {modules.length > 0 ? (
            <>
              <LessonForm result={resultOf("lesson")} busy={busy} moduleOptions={moduleOptions} />
              <QuestionForm result={resultOf("question")} busy={busy} moduleOptions={moduleOptions} />
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function PublishForm({ result, busy }: { result: Result; busy: boolean }) {
  const [form] = useForm({ id: "publish", lastResult: result });
  return (
    <Form method="post" className="flex flex-col gap-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="publish" />
      <FormError errors={form.errors} />
      <p className="text-sm">
        Publishing puts the course in the catalogue. It needs at least one module, a lesson in each module,
        and a correct option in each quiz question. Its content cannot be edited after.
      </p>
      <div>
        <Button disabled={busy}>Publish course</Button>
      </div>
    </Form>
  );
}

function ModuleForm({ result, busy }: { result: Result; busy: boolean }) {
  const [form, fields] = useForm<{ title: string }>({
    id: "add-module",
    lastResult: result,
    shouldValidate: "onSubmit",
  });
  return (
    <AddForm
      id="add-module"
      heading="Add a module"
      intent="module"
      form={form}
      busy={busy}
      submit="Add module"
    >
      <Field
        label="Module title"
        name={fields.title.name}
        id={fields.title.id}
        defaultValue={(fields.title.initialValue as string | undefined) ?? ""}
        errors={fields.title.errors}
        maxLength={AUTHORING_LIMITS.titleMax}
        required
      />
    </AddForm>
  );
}

function LessonForm({
  result,
  busy,
  moduleOptions,
}: {
  result: Result;
  busy: boolean;
  moduleOptions: { value: string; label: string }[];
}) {
  const [form, fields] = useForm<{
    moduleId: string;
    title: string;
    minutes: string;
    body: string;
    videoUrl: string;
  }>({ id: "add-lesson", lastResult: result, shouldValidate: "onSubmit" });
  const initial = (v: unknown) => (typeof v === "string" ? v : "");
  return (
    <AddForm
      id="add-lesson"
      heading="Add a lesson"
      intent="lesson"
      form={form}
      busy={busy}
      submit="Add lesson"
    >
      <SelectField
        label="Module"
        name={fields.moduleId.name}
        id={fields.moduleId.id}
        defaultValue={initial(fields.moduleId.initialValue) || moduleOptions.at(-1)?.value}
        errors={fields.moduleId.errors}
        options={moduleOptions}
      />
      <Field
        label="Lesson title"
        name={fields.title.name}
        id={fields.title.id}
        defaultValue={initial(fields.title.initialValue)}
        errors={fields.title.errors}
        maxLength={AUTHORING_LIMITS.titleMax}
        required
      />
      <Field
        label="Minutes"
        name={fields.minutes.name}
        id={fields.minutes.id}
        defaultValue={initial(fields.minutes.initialValue)}
        errors={fields.minutes.errors}
        inputMode="numeric"
        required
      />
      <TextareaField
        label="Lesson (Markdown)"
        name={fields.body.name}
        id={fields.body.id}
        defaultValue={initial(fields.body.initialValue)}
        errors={fields.body.errors}
        rows={8}
        maxLength={AUTHORING_LIMITS.lessonBodyMax}
        hint="Markdown: ## headings, **bold**, lists, links. Raw HTML is shown as text. The preview shows after adding."
        required
      />
      <Field
        label="Video link (optional)"
        name={fields.videoUrl.name}
        id={fields.videoUrl.id}
        defaultValue={initial(fields.videoUrl.initialValue)}
        errors={fields.videoUrl.errors}
        hint="https:// only."
      />
    </AddForm>
  );
}

function QuestionForm({
  result,
  busy,
  moduleOptions,
}: {
  result: Result;
  busy: boolean;
  moduleOptions: { value: string; label: string }[];
}) {
  const [form, fields] = useForm<{
    moduleId: string;
    quizTitle: string;
    passPercent: string;
    retryCooldownMinutes: string;
    prompt: string;
    options: string[];
    correct: string[];
    explanation: string;
  }>({ id: "add-question", lastResult: result, shouldValidate: "onSubmit" });
  const initial = (v: unknown) => (typeof v === "string" ? v : "");
  const values = (form.initialValue ?? {}) as { options?: unknown[]; correct?: unknown };
  const correct = ([] as unknown[]).concat(values.correct ?? []).map(String);
  return (
    <AddForm
      id="add-question"
      heading="Add a quiz question"
      intent="question"
      form={form}
      busy={busy}
      submit="Add question"
      note={
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A module's quiz is created with its first question; the quiz title, pass mark and wait given here
          replace the quiz's.
        </p>
      }
    >
      <SelectField
        label="Module"
        name={fields.moduleId.name}
        id={`${fields.moduleId.id}-q`}
        defaultValue={initial(fields.moduleId.initialValue) || moduleOptions.at(-1)?.value}
        errors={fields.moduleId.errors}
        options={moduleOptions}
      />
      <Field
        label="Quiz title"
        name={fields.quizTitle.name}
        id={fields.quizTitle.id}
        defaultValue={initial(fields.quizTitle.initialValue)}
        errors={fields.quizTitle.errors}
        maxLength={AUTHORING_LIMITS.titleMax}
        required
      />
      <Field
        label="Pass mark (%)"
        name={fields.passPercent.name}
        id={fields.passPercent.id}
        defaultValue={initial(fields.passPercent.initialValue) || "70"}
        errors={fields.passPercent.errors}
        inputMode="numeric"
        required
      />
      <Field
        label="Wait after a fail (minutes)"
        name={fields.retryCooldownMinutes.name}
        id={fields.retryCooldownMinutes.id}
        defaultValue={initial(fields.retryCooldownMinutes.initialValue) || "10"}
        errors={fields.retryCooldownMinutes.errors}
        inputMode="numeric"
      />
      <TextareaField
        label="Question"
        name={fields.prompt.name}
        id={fields.prompt.id}
        defaultValue={initial(fields.prompt.initialValue)}
        errors={fields.prompt.errors}
        maxLength={AUTHORING_LIMITS.promptMax}
        rows={2}
        required
      />
      <fieldset className="flex flex-col gap-2" aria-describedby={fields.options.errorId}>
        <legend className="text-sm font-medium">
          Options (2 to {AUTHORING_LIMITS.optionsMax}; tick the correct ones)
        </legend>
        {SLOTS.map((i) => (
          <div key={i} className="flex items-center gap-2">
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" name="correct" value={i} defaultChecked={correct.includes(String(i))} />
              <span className="sr-only">Option {i + 1} is correct</span>
            </label>
            <input
              name={`options[${i}]`}
              aria-label={`Option ${i + 1}`}
              defaultValue={initial(values.options?.[i])}
              maxLength={AUTHORING_LIMITS.optionMax}
              className="flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            />
          </div>
        ))}
        {[...(fields.options.errors ?? []), ...(fields.correct.errors ?? [])].length ? (
          <p id={fields.options.errorId} className="text-sm text-red-700 dark:text-red-400">
            {[...(fields.options.errors ?? []), ...(fields.correct.errors ?? [])].join(" ")}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        label="Explanation (optional, shown after the quiz)"
        name={fields.explanation.name}
        id={fields.explanation.id}
        defaultValue={initial(fields.explanation.initialValue)}
        errors={fields.explanation.errors}
        maxLength={AUTHORING_LIMITS.explanationMax}
        rows={2}
      />
    </AddForm>
  );
}
