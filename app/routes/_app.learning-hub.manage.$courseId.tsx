import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { StoredQuizQuestion } from "@db/schema";
import { AUTHORING_LIMITS } from "@domain/learning/authoring";
import {
  CE_SUBJECT_LABELS,
  CE_SUBJECTS,
  hoursLabel,
  LICENCE_TYPE_CODES,
  LICENCE_TYPES,
} from "@domain/learning/continuing-education";
import { formatPrice } from "@domain/learning/courses";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CourseDetailsForm } from "~/components/learning/course-details-form";
import { CourseInstructors } from "~/components/learning/course-instructors";
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
  const { course, modules, versionOf, revisionId, authoring, instructors, addable, ceHours } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const resultOf = (intent: string, target?: string): Result =>
    actionData?.intent === intent && (target === undefined || actionData.target === target)
      ? ((actionData.result ?? undefined) as Result)
      : undefined;
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
        <span data-testid="course-version" className="text-sm text-slate-600 dark:text-slate-400">
          {versionOf ? `New version ${course.version}` : `Version ${course.version}`}
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
          title={
            course.status === "published"
              ? "A published course's content is changed through a new version, so people taking it are not broken."
              : "An archived course's content cannot be edited, so people taking it are not broken."
          }
        />
      ) : null}
      {versionOf ? (
        <VersionForms
          versionOf={versionOf}
          version={course.version}
          busy={busy}
          result={resultOf("publishVersion") ?? resultOf("discardVersion")}
        />
      ) : draft ? (
        <PublishForm result={resultOf("publish")} busy={busy} />
      ) : null}
      {course.status === "published" ? (
        <NewVersionForm
          version={course.version}
          revisionId={revisionId}
          busy={busy}
          result={resultOf("newVersion")}
        />
      ) : null}
      {course.status === "published" && authoring === "admin" ? (
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
              targetRoles: course.targetRoles,
              certificateValidMonths: course.certificateValidMonths
                ? String(course.certificateValidMonths)
                : "",
            }}
            submitLabel="Save details"
            busy={busy}
            slugLocked={versionOf !== null}
            canFeature={authoring === "admin"}
          />
        </section>
      ) : null}

      <CourseInstructors
        instructors={instructors}
        addable={addable}
        admin={authoring === "admin"}
        busy={busy}
        addResult={resultOf("addInstructor")}
        removeResult={resultOf("removeInstructor")}
      />
      <CeSection
        ceHours={ceHours}
        draft={draft}
        busy={busy}
        result={resultOf("ceCredit")}
        removeResult={resultOf("removeCeCredit")}
      />

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
                <MoveButtons
                  intent="moveModule"
                  id={m.id}
                  name={`module ${m.title}`}
                  first={i === 0}
                  last={i === modules.length - 1}
                  busy={busy}
                />
              ) : null}
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
            {draft ? (
              <RenameModuleForm module={m} result={resultOf("renameModule", m.id)} busy={busy} />
            ) : null}
            <ol className="mt-2 flex flex-col gap-3">
              {m.lessons.map((l, j) => (
                <li key={l.id} className="rounded border p-3" data-testid="authoring-lesson">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium">
                      {l.title} <span className="text-xs text-slate-600">({l.minutes} min)</span>
                    </p>
                    {draft ? (
                      <MoveButtons
                        intent="moveLesson"
                        id={l.id}
                        name={`lesson ${l.title}`}
                        first={j === 0}
                        last={j === m.lessons.length - 1}
                        busy={busy}
                      />
                    ) : null}
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
                  {draft ? (
                    <EditLessonForm lesson={l} result={resultOf("editLesson", l.id)} busy={busy} />
                  ) : null}
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
                      {draft && m.quiz ? (
                        <EditQuestionForm
                          quizId={m.quiz.id}
                          question={q}
                          result={resultOf("editQuestion", `${m.quiz.id}/${q.id}`)}
                          busy={busy}
                        />
                      ) : null}
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

/** A published course: start its next version, or go on with the one being written (decision 084). */
function NewVersionForm({
  version,
  revisionId,
  busy,
  result,
}: {
  version: number;
  revisionId: string | null;
  busy: boolean;
  result: Result;
}) {
  const [form] = useForm({ id: "new-version", lastResult: result });
  if (revisionId)
    return (
      <p className="text-sm">
        Version {version + 1} is being written.{" "}
        <Link
          to={`/learning-hub/manage/${revisionId}`}
          className="text-blue-700 underline dark:text-blue-300"
        >
          Continue version {version + 1}
        </Link>
      </p>
    );
  return (
    <Form method="post" className="flex flex-col gap-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="newVersion" />
      <input type="hidden" name="expectedVersion" value={version} />
      <IdempotencyKey />
      <FormError errors={form.errors} />
      <p className="text-sm">
        A new version is a draft copy of this course to edit. Learners keep seeing version {version} until you
        publish it; then lessons and quizzes you kept stay done for the people who did them.
      </p>
      <div>
        <Button variant="secondary" disabled={busy}>
          New version
        </Button>
      </div>
    </Form>
  );
}

/** A new version being written: publish it over the course, or discard it. */
function VersionForms({
  versionOf,
  version,
  busy,
  result,
}: {
  versionOf: { id: string; title: string; version: number };
  version: number;
  busy: boolean;
  result: Result;
}) {
  const [form] = useForm({ id: "publish-version", lastResult: result });
  return (
    <div className="flex flex-col gap-2">
      <Alert
        tone="info"
        title={`Version ${version} of ${versionOf.title}. Learners see version ${versionOf.version} until you publish this one.`}
      />
      <p className="text-sm">
        <Link
          to={`/learning-hub/manage/${versionOf.id}`}
          className="text-blue-700 underline dark:text-blue-300"
        >
          Published version {versionOf.version}
        </Link>
      </p>
      <FormError errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="publishVersion" />
          <input type="hidden" name="expectedVersion" value={versionOf.version} />
          <Button disabled={busy}>Publish version {version}</Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="discardVersion" />
          <Button variant="secondary" disabled={busy}>
            Discard this version
          </Button>
        </Form>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Publishing replaces the course's content for everyone: people in progress keep the lessons and quizzes
        they did that are still in it; lessons you removed leave their course.
      </p>
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

type LessonValues = { title: string; minutes: string; body: string; videoUrl: string };
type LessonFieldset = ReturnType<typeof useForm<LessonValues & { moduleId: string; lessonId: string }>>[1];
const initial = (v: unknown) => (typeof v === "string" ? v : "");

/** A field's name, id, value as last submitted and errors, for the shared inputs. */
const fieldProps = (field: { name: string; id: string; initialValue?: unknown; errors?: string[] }) => ({
  name: field.name,
  id: field.id,
  defaultValue: initial(field.initialValue),
  errors: field.errors,
});

/** A lesson's title, minutes, Markdown and video link (adding or editing one). */
function LessonInputs({ fields }: { fields: LessonFieldset }) {
  return (
    <>
      <Field
        label="Lesson title"
        {...fieldProps(fields.title)}
        maxLength={AUTHORING_LIMITS.titleMax}
        required
      />
      <Field label="Minutes" {...fieldProps(fields.minutes)} inputMode="numeric" required />
      <TextareaField
        label="Lesson (Markdown)"
        {...fieldProps(fields.body)}
        rows={8}
        maxLength={AUTHORING_LIMITS.lessonBodyMax}
        hint="Markdown: ## headings, **bold**, lists, links. Raw HTML is shown as text. The preview shows after saving."
        required
      />
      <Field label="Video link (optional)" {...fieldProps(fields.videoUrl)} hint="https:// only." />
    </>
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
  const [form, fields] = useForm<LessonValues & { moduleId: string; lessonId: string }>({
    id: "add-lesson",
    lastResult: result,
    shouldValidate: "onSubmit",
  });
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
      <LessonInputs fields={fields} />
    </AddForm>
  );
}

/** Editing a draft's lesson in place, behind a disclosure (open again when its form was refused). */
function EditLessonForm({
  lesson,
  result,
  busy,
}: {
  lesson: { id: string; title: string; minutes: number; body: string; videoUrl: string | null };
  result: Result;
  busy: boolean;
}) {
  const [form, fields] = useForm<LessonValues & { moduleId: string; lessonId: string }>({
    id: `edit-lesson-${lesson.id}`,
    lastResult: result,
    shouldValidate: "onSubmit",
    defaultValue: {
      title: lesson.title,
      minutes: String(lesson.minutes),
      body: lesson.body,
      videoUrl: lesson.videoUrl ?? "",
    },
  });
  return (
    <details className="mt-2" open={Boolean(result)}>
      <summary className="cursor-pointer text-sm text-blue-700 dark:text-blue-300">Edit lesson</summary>
      <Form method="post" className="mt-2 flex flex-col gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="editLesson" />
        <input type="hidden" name="lessonId" value={lesson.id} />
        <FormError errors={form.errors} />
        <LessonInputs fields={fields} />
        <div>
          <Button disabled={busy} aria-label={`Save lesson ${lesson.title}`}>
            Save lesson
          </Button>
        </div>
      </Form>
    </details>
  );
}

type QuestionValues = { prompt: string; options: string[]; correct: string[]; explanation: string };
type QuestionFieldset = ReturnType<typeof useForm<QuestionValues>>[1];

/** A question's prompt, option slots with their correct ticks, and explanation (adding or editing one). */
function QuestionInputs({
  fields,
  values,
  idPrefix,
}: {
  fields: QuestionFieldset;
  values: { options?: unknown[]; correct?: unknown };
  idPrefix: string;
}) {
  const correct = ([] as unknown[]).concat(values.correct ?? []).map(String);
  const errors = [...(fields.options.errors ?? []), ...(fields.correct.errors ?? [])];
  return (
    <>
      <TextareaField
        label="Question"
        {...fieldProps(fields.prompt)}
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
            <label className="flex items-center gap-1 text-sm" htmlFor={`${idPrefix}-correct-${i}`}>
              <input
                id={`${idPrefix}-correct-${i}`}
                type="checkbox"
                name="correct"
                value={i}
                defaultChecked={correct.includes(String(i))}
              />
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
        {errors.length ? (
          <p id={fields.options.errorId} className="text-sm text-red-700 dark:text-red-400">
            {errors.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        label="Explanation (optional, shown after the quiz)"
        {...fieldProps(fields.explanation)}
        maxLength={AUTHORING_LIMITS.explanationMax}
        rows={2}
      />
    </>
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
  const [form, fields] = useForm<
    QuestionValues & {
      moduleId: string;
      quizTitle: string;
      passPercent: string;
      retryCooldownMinutes: string;
    }
  >({ id: "add-question", lastResult: result, shouldValidate: "onSubmit" });
  const values = (form.initialValue ?? {}) as { options?: unknown[]; correct?: unknown };
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
        {...fieldProps(fields.quizTitle)}
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
      <QuestionInputs fields={fields} values={values} idPrefix="add-question" />
    </AddForm>
  );
}

/** Editing a quiz question in place (it keeps its id), behind a disclosure. */
function EditQuestionForm({
  quizId,
  question,
  result,
  busy,
}: {
  quizId: string;
  question: StoredQuizQuestion;
  result: Result;
  busy: boolean;
}) {
  const formId = `edit-question-${quizId}-${question.id}`;
  const [form, fields] = useForm<QuestionValues>({
    id: formId,
    lastResult: result,
    shouldValidate: "onSubmit",
    defaultValue: {
      prompt: question.prompt,
      options: question.options.map((o) => o.text),
      correct: question.options.flatMap((o, i) => (question.correct.includes(o.id) ? [String(i)] : [])),
      explanation: question.explanation ?? "",
    },
  });
  const values = (form.initialValue ?? {}) as { options?: unknown[]; correct?: unknown };
  return (
    <details className="mt-1" open={Boolean(result)}>
      <summary className="cursor-pointer text-blue-700 dark:text-blue-300">Edit question</summary>
      <Form method="post" className="mt-2 flex flex-col gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="editQuestion" />
        <input type="hidden" name="quizId" value={quizId} />
        <input type="hidden" name="questionId" value={question.id} />
        <FormError errors={form.errors} />
        <QuestionInputs fields={fields} values={values} idPrefix={formId} />
        <div>
          <Button disabled={busy} aria-label={`Save question ${question.prompt}`}>
            Save question
          </Button>
        </div>
      </Form>
    </details>
  );
}

/** Renaming a draft's module, behind a disclosure. */
function RenameModuleForm({
  module,
  result,
  busy,
}: {
  module: { id: string; title: string };
  result: Result;
  busy: boolean;
}) {
  const [form, fields] = useForm<{ title: string; moduleId: string }>({
    id: `rename-module-${module.id}`,
    lastResult: result,
    shouldValidate: "onSubmit",
    defaultValue: { title: module.title },
  });
  return (
    <details open={Boolean(result)}>
      <summary className="cursor-pointer text-sm text-blue-700 dark:text-blue-300">Rename module</summary>
      <Form method="post" className="mt-2 flex flex-col gap-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="renameModule" />
        <input type="hidden" name="moduleId" value={module.id} />
        <FormError errors={form.errors} />
        <Field
          label="Module title"
          {...fieldProps(fields.title)}
          maxLength={AUTHORING_LIMITS.titleMax}
          required
        />
        <div>
          <Button disabled={busy} aria-label={`Save module name ${module.title}`}>
            Save name
          </Button>
        </div>
      </Form>
    </details>
  );
}

/** Move up / Move down: one small form per button, so it works without JavaScript. */
function MoveButtons({
  intent,
  id,
  name,
  first,
  last,
  busy,
}: {
  intent: "moveModule" | "moveLesson";
  id: string;
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
}) {
  return (
    <div className="flex gap-1">
      {(["up", "down"] as const).map((direction) =>
        (direction === "up" ? first : last) ? null : (
          <Form method="post" key={direction}>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="direction" value={direction} />
            <Button variant="ghost" disabled={busy} aria-label={`Move ${name} ${direction}`}>
              {direction === "up" ? "Move up" : "Move down"}
            </Button>
          </Form>
        ),
      )}
    </div>
  );
}

const LICENCE_OPTIONS = LICENCE_TYPE_CODES.map((code) => ({ value: code, label: LICENCE_TYPES[code].name }));
const SUBJECT_OPTIONS = CE_SUBJECTS.map((subject) => ({ value: subject, label: CE_SUBJECT_LABELS[subject] }));
/** "HOA management does not count for FL CAM." for the types that do not take every subject. */
const SUBJECT_HINT = LICENCE_TYPE_CODES.flatMap((code) => {
  const type = LICENCE_TYPES[code];
  const missing = CE_SUBJECTS.filter((x) => !type.subjects.includes(x)).map((x) => CE_SUBJECT_LABELS[x]);
  return missing.length ? [`${missing.join(", ")} does not count for ${type.shortName}.`] : [];
}).join(" ");

/**
 * The course's continuing-education hours per licence type and subject (decision 090): listed, set
 * (added, or changed for a type and subject it has) and removed while it is a draft or a new version.
 */
function CeSection({
  ceHours,
  draft,
  busy,
  result,
  removeResult,
}: {
  ceHours: {
    licenceType: string;
    typeName: string;
    shortName: string;
    tenths: number;
    credits: { subject: string; label: string; tenths: number }[];
  }[];
  draft: boolean;
  busy: boolean;
  result: Result;
  removeResult: Result;
}) {
  const [form, fields] = useForm<{ licenceType: string; subject: string; hours: string }>({
    id: "ce-credit",
    lastResult: result,
    shouldValidate: "onSubmit",
  });
  return (
    <section aria-labelledby="ce-heading" className="flex flex-col gap-3">
      <h2 id="ce-heading" className="text-lg font-semibold">
        Continuing education
      </h2>
      {ceHours.length === 0 ? <p className="text-sm">No CE hours yet.</p> : null}
      <FormError errors={removeResult?.error?.[""] ?? undefined} />
      {ceHours.map((type) => (
        <div key={type.licenceType} className="flex flex-col gap-1" data-testid="ce-licence-type">
          <h3 className="font-medium">
            {type.typeName}{" "}
            <span className="text-sm text-slate-600 dark:text-slate-400">({hoursLabel(type.tenths)})</span>
          </h3>
          <ul className="flex flex-col gap-1 text-sm">
            {type.credits.map((c) => (
              <li key={c.subject} className="flex flex-wrap items-center gap-2" data-testid="ce-credit">
                <span>
                  {c.label}: {hoursLabel(c.tenths)}
                </span>
                {draft ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="removeCeCredit" />
                    <input type="hidden" name="licenceType" value={type.licenceType} />
                    <input type="hidden" name="subject" value={c.subject} />
                    <Button
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Remove ${type.shortName} ${c.label} hours`}
                    >
                      Remove
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {draft ? (
        <Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="ceCredit" />
          <FormError errors={form.errors} />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Hours for a licence type and subject the course already has replace them. A new version's hours
            count for people who complete the course after it is published; those who completed it before keep
            theirs.
          </p>
          <SelectField
            label="Licence type"
            {...fieldProps(fields.licenceType)}
            options={LICENCE_OPTIONS}
            placeholder="Choose..."
          />
          <SelectField
            label="Subject"
            {...fieldProps(fields.subject)}
            options={SUBJECT_OPTIONS}
            placeholder="Choose..."
            hint={SUBJECT_HINT || undefined}
          />
          <Field
            label="Hours"
            {...fieldProps(fields.hours)}
            inputMode="decimal"
            maxLength={10}
            hint="Up to 40, with at most one decimal (for example 1.5)."
            required
          />
          <div>
            <Button disabled={busy}>Save CE hours</Button>
          </div>
        </Form>
      ) : ceHours.length > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          CE hours change through a new version, like the course's content.
        </p>
      ) : null}
    </section>
  );
}
