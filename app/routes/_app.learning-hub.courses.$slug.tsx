import { formatHours, hoursLabel } from "@domain/learning/continuing-education";
import { courseAction, itemHref } from "@domain/learning/courses";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CourseMarkers, ProgressBar } from "~/components/learning/course-card";
import { CourseReviews, EnrollNow, RatingLabel } from "~/components/learning/course-commerce";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Check, FileText, ListChecks } from "~/components/ui/icons";
import type { CourseView } from "~/queries/learning.server";
import type { CourseCeHours } from "~/queries/learning-ce.server";
import type { CourseRatingView, Offer } from "~/queries/learning-commerce.server";
import { courseAction as action_, courseLoader } from "./_app.learning-hub.courses.$slug.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.course.title ?? "Course"} · Learning Hub · Association Commons` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => courseLoader(request, params.slug);
export const action = ({ request, params }: ActionFunctionArgs) => action_(request, params.slug);

export default function CoursePage() {
  const data = useLoaderData<typeof loader>() as unknown as CourseView & {
    offer: Offer;
    rating: CourseRatingView;
    certificateId: string | null;
    ceHours: CourseCeHours[];
  };
  const answer = useActionData<typeof action>() as { error: string | null } | undefined;
  const { course } = data;
  const enrolled = course.enrollment;
  const go = enrolled?.status === "completed" ? data.first : (data.next ?? data.first);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <p className="text-sm">
        <Link to="/learning-hub/courses" className="text-blue-700 underline dark:text-blue-300">
          Courses
        </Link>
      </p>
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">{course.title}</h1>
        <p className="text-slate-700 dark:text-slate-300">{course.shortDescription}</p>
        <CourseMarkers course={course} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {course.enrollmentCount} enrolled · {course.completionCount} completed
        </p>
        <RatingLabel average={data.rating.average} count={data.rating.count} />
      </header>
      {answer?.error ? <Alert title={answer.error} /> : null}
      <section
        aria-label="Your progress"
        className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      >
        {enrolled ? (
          <>
            <ProgressBar percent={enrolled.progressPercent} label={`Progress in ${course.title}`} />
            {enrolled.status === "completed" ? (
              <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
                You completed this course.
                {data.certificateId ? (
                  <>
                    {" "}
                    <Link
                      to={`/learning-hub/certifications/${data.certificateId}`}
                      className="text-blue-700 underline dark:text-blue-300"
                    >
                      View your certificate
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
            {go ? (
              <div>
                <Link to={itemHref(course.slug, go)} className="btn btn-primary">
                  {courseAction(enrolled)}
                </Link>
              </div>
            ) : null}
          </>
        ) : !data.offer.open ? (
          <EnrollNow
            action={`/learning-hub/courses/${course.slug}/checkout`}
            offer={data.offer}
            note="Your price includes the discount of a learning path you are on."
          />
        ) : (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="enroll" />
            <Button>Start Course</Button>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {data.offer.priceCents > 0 ? "Yours already: you start at once." : "Free: you start at once."}
            </span>
          </Form>
        )}
      </section>
      <section aria-labelledby="about" className="flex flex-col gap-2">
        <h2 id="about" className="text-lg font-semibold">
          About this course
        </h2>
        {course.description.split(/\n{2,}/).map((p) => (
          <p key={p.slice(0, 40)} className="text-slate-800 dark:text-slate-200">
            {p}
          </p>
        ))}
      </section>
      {data.ceHours.length > 0 ? (
        <section aria-labelledby="ce-hours" className="flex flex-col gap-2">
          <h2 id="ce-hours" className="text-lg font-semibold">
            Continuing education
          </h2>
          <ul className="flex flex-col gap-1 text-sm" data-testid="course-ce-hours">
            {data.ceHours.map((t) => (
              <li key={t.licenceType}>
                <span className="font-medium">{t.typeName}</span>: {hoursLabel(t.tenths)} (
                {t.credits.map((c) => `${c.label} ${formatHours(c.tenths)}`).join(", ")})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="curriculum" className="flex flex-col gap-3">
        <h2 id="curriculum" className="text-lg font-semibold">
          Curriculum
        </h2>
        <ol className="flex flex-col gap-3">
          {data.modules.map((m, i) => (
            <li key={m.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
              <h3 className="font-semibold">
                Module {i + 1}: {m.title}
                {data.currentModuleId === m.id && enrolled?.status === "active" ? (
                  <span className="ml-2 text-xs font-medium text-blue-800 dark:text-blue-300">Current</span>
                ) : null}
              </h3>
              <ul className="mt-2 flex flex-col gap-1.5 text-sm">
                {m.items.map((item) => {
                  const Icon = item.kind === "quiz" ? ListChecks : FileText;
                  const label = `${item.title} (${item.kind === "quiz" ? "quiz" : `${item.minutes} min`})`;
                  return (
                    <li key={item.id} className="flex items-center gap-2">
                      <Icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                      {enrolled ? (
                        <Link to={itemHref(course.slug, item)} className="hover:underline">
                          {label}
                        </Link>
                      ) : (
                        <span>{label}</span>
                      )}
                      {item.done ? (
                        <span className="inline-flex items-center gap-0.5 text-emerald-800 dark:text-emerald-300">
                          <Check className="h-4 w-4" aria-hidden />
                          Done
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      </section>
      <CourseReviews slug={course.slug} rating={data.rating} />
    </div>
  );
}
