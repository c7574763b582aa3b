import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { RATING_MAX, REVIEW_MAX_LENGTH, REVIEW_MESSAGES } from "@domain/learning/reviews";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { reviewAction, reviewLoader } from "./_app.learning-hub.courses.$slug_.review.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Rate ${data?.course.title ?? "course"} · Learning Hub · Association Commons` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => reviewLoader(request, params.slug);
export const action = ({ request, params }: ActionFunctionArgs) => reviewAction(request, params.slug);

const STARS = Array.from({ length: RATING_MAX }, (_, i) => RATING_MAX - i);

export default function ReviewPage() {
  const { course, mine, canRate, enrolled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // Checked by the action only (no zod in the page): its errors show per field, the values kept.
  const [form, fields] = useForm<{ rating: string; body: string }>({
    id: "course-review",
    lastResult: actionData?.result as SubmissionResult<string[]> | undefined,
    shouldValidate: "onSubmit",
    defaultValue: { rating: mine ? String(mine.rating) : "", body: mine?.body ?? "" },
  });
  const chosen = String(fields.rating.value ?? fields.rating.initialValue ?? "");
  const back = `/learning-hub/courses/${course.slug}`;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <p className="text-sm">
        <Link to={back} className="text-blue-700 underline dark:text-blue-300">
          {course.title}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{mine ? "Edit your review" : "Rate this course"}</h1>
      {!canRate ? (
        <Alert title={enrolled ? REVIEW_MESSAGES.lessonFirst : REVIEW_MESSAGES.enrollFirst} />
      ) : (
        <>
          {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="rate" />
            <fieldset className="flex flex-col gap-2" aria-describedby={fields.rating.errorId}>
              <legend className="text-sm font-medium">Your rating</legend>
              <div className="flex flex-wrap gap-3">
                {STARS.map((n) => (
                  <label key={n} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="radio"
                      name={fields.rating.name}
                      value={n}
                      defaultChecked={chosen === String(n)}
                      required
                    />
                    {n} {n === 1 ? "star" : "stars"}
                  </label>
                ))}
              </div>
              {fields.rating.errors ? (
                <p id={fields.rating.errorId} className="text-sm text-red-700 dark:text-red-400">
                  {fields.rating.errors.join(" ")}
                </p>
              ) : null}
            </fieldset>
            <div className="flex flex-col gap-1">
              <label htmlFor={fields.body.id} className="text-sm font-medium">
                Your review (optional)
              </label>
              <textarea
                {...getTextareaProps(fields.body)}
                maxLength={REVIEW_MAX_LENGTH}
                rows={5}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
              />
              <p className="text-xs text-slate-600 dark:text-slate-400">
                At most {REVIEW_MAX_LENGTH} characters.
              </p>
              {fields.body.errors ? (
                <p id={fields.body.errorId} className="text-sm text-red-700 dark:text-red-400">
                  {fields.body.errors.join(" ")}
                </p>
              ) : null}
            </div>
            <div>
              <Button disabled={busy}>{mine ? "Update review" : "Submit review"}</Button>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}
