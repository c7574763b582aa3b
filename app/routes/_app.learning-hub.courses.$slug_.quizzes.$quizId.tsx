import { itemHref, LEARNING_MESSAGES } from "@domain/learning/courses";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CourseTrail } from "~/components/learning/course-card";
import { useLeaveBeacon } from "~/components/learning/leave-beacon";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { quizAction, quizLoader } from "./_app.learning-hub.courses.$slug_.quizzes.$quizId.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.quiz.title ?? "Quiz"} · ${data?.view.course.title ?? "Course"} · Association Commons` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => quizLoader(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => quizAction(request, params);

export default function QuizPage() {
  const data = useLoaderData<typeof loader>();
  useLeaveBeacon(data.quiz.id);
  const answer = useActionData<typeof action>() as { error: string | null } | undefined;
  const { view, quiz, result } = data;
  const slug = view.course.slug;
  const byQuestion = new Map((result?.questions ?? []).map((q) => [q.id, q]));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <CourseTrail course={view.course} />
      <header>
        <p className="text-sm text-slate-600 dark:text-slate-400">{quiz.moduleTitle}</p>
        <h1 className="text-2xl font-bold">{quiz.title}</h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {quiz.questions.length} questions · pass mark {quiz.passPercent}%
        </p>
      </header>
      {result ? (
        <section
          id="result"
          aria-label="Your latest attempt"
          data-testid="quiz-result"
          className={`rounded-lg border p-4 ${
            result.passed
              ? "border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950"
              : "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950"
          }`}
        >
          <p className="font-semibold">
            {result.passed ? "Passed" : "Not passed"}: {result.percent}% ({result.score} of {result.total})
          </p>
          {!result.passed ? (
            <p className="text-sm">
              You need {quiz.passPercent}%. The questions marked wrong below need another look
              {data.waitMinutes > 0 ? `; ${LEARNING_MESSAGES.retryIn(data.waitMinutes)}` : "."}
            </p>
          ) : data.next ? (
            <p className="mt-2">
              <Link to={itemHref(slug, data.next)} className="btn btn-primary">
                Next
              </Link>
            </p>
          ) : (
            <p className="mt-2">
              <Link to={`/learning-hub/courses/${slug}`} className="btn btn-primary">
                Back to course
              </Link>
            </p>
          )}
        </section>
      ) : null}
      {answer?.error ? <Alert title={answer.error} /> : null}
      <Form method="post" className="flex flex-col gap-4" aria-label={quiz.title}>
        <IdempotencyKey />
        <input type="hidden" name="intent" value="submit" />
        {quiz.questions.map((q, i) => {
          const graded = byQuestion.get(q.id);
          return (
            <fieldset key={q.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
              <legend className="px-1 font-medium">
                {i + 1}. {q.prompt}
                {q.kind === "multiple" && !/all that apply/i.test(q.prompt) ? (
                  <span className="ml-1 text-sm font-normal text-slate-600 dark:text-slate-400">
                    (choose all that apply)
                  </span>
                ) : null}
              </legend>
              {graded ? (
                <p
                  className={`mb-2 text-sm font-medium ${graded.right ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-400"}`}
                >
                  {graded.right ? "Right last time" : "Wrong last time"}
                </p>
              ) : null}
              <div className="flex flex-col gap-2">
                {q.options.map((o) => {
                  const id = `${q.id}-${o.id}`;
                  const correct = graded?.correct.includes(o.id);
                  return (
                    <label key={o.id} htmlFor={id} className="flex items-start gap-2">
                      <input
                        id={id}
                        type={q.kind === "multiple" ? "checkbox" : "radio"}
                        name={q.id}
                        value={o.id}
                        defaultChecked={graded?.chosen.includes(o.id)}
                        className="mt-1"
                      />
                      <span>
                        {o.text}
                        {correct ? (
                          <span className="ml-2 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
                            (correct answer)
                          </span>
                        ) : null}
                      </span>
                    </label>
                  );
                })}
              </div>
              {graded?.explanation ? (
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{graded.explanation}</p>
              ) : null}
            </fieldset>
          );
        })}
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled={data.waitMinutes > 0}>{result ? "Submit again" : "Submit answers"}</Button>
          {data.waitMinutes > 0 ? (
            <span className="text-sm text-slate-700 dark:text-slate-300">
              {LEARNING_MESSAGES.retryIn(data.waitMinutes)}
            </span>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
