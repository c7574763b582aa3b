import { DIFFICULTY_LABELS, formatPathDays, formatPrice, pathAction } from "@domain/learning/courses";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CompletedBadge, CourseCardView, ProgressBar } from "~/components/learning/course-card";
import { EnrollNow, RatingLabel } from "~/components/learning/course-commerce";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { CourseCard, PathCard } from "~/queries/learning.server";
import type { Offer } from "~/queries/learning-commerce.server";
import { pathAction as action_, pathLoader } from "./_app.learning-hub.paths.$slug.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.path.title ?? "Learning path"} · Learning Hub · Association Commons` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => pathLoader(request, params.slug);
export const action = ({ request, params }: ActionFunctionArgs) => action_(request, params.slug);

export default function PathPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { error: string | null } | undefined;
  const path = data.path as PathCard & { description: string };
  const courses = data.courses as CourseCard[];
  const offer = data.offer as Offer & { discountPercent: number };
  const label = pathAction(path.state, path.priceCents);
  const goTo = data.currentCourseSlug ?? courses[0]?.slug;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <p className="text-sm">
        <Link to="/learning-hub/paths" className="text-blue-700 underline dark:text-blue-300">
          Learning Paths
        </Link>
      </p>
      <header className="flex flex-col gap-2">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
          {path.title}
          {path.state === "completed" ? <CompletedBadge /> : null}
        </h1>
        <p className="text-slate-700 dark:text-slate-300">{path.shortDescription}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {DIFFICULTY_LABELS[path.difficulty]} · {courses.length} courses · about{" "}
          {formatPathDays(path.estimatedDurationDays)} · {formatPrice(path.priceCents)} ·{" "}
          {path.enrollmentCount} enrolled
        </p>
        <RatingLabel average={path.averageRating} count={path.reviewCount} />
        {offer.priceCents > 0 && offer.discountPercent > 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The price includes every course on the path. Bought one already? Inside this path each course
            counts at {offer.discountPercent}% off its price, and that is taken off the path's price.
          </p>
        ) : null}
      </header>
      {answer?.error ? <Alert title={answer.error} /> : null}
      <section
        aria-label="Your progress"
        className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      >
        {path.state === "not_enrolled" && !offer.open ? (
          <EnrollNow
            action={`/learning-hub/paths/${path.slug}/checkout`}
            offer={offer}
            note="Your price is less the courses of this path you already own."
          />
        ) : path.state === "not_enrolled" ? (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="start" />
            <Button>{label}</Button>
          </Form>
        ) : (
          <>
            <ProgressBar percent={path.progressPercent} label={`Progress in ${path.title}`} />
            <p className="text-sm">
              {path.completedCourses} of {courses.length} courses completed
            </p>
            {goTo ? (
              <div>
                <Link
                  to={`/learning-hub/courses/${path.state === "completed" ? courses[0]?.slug : goTo}`}
                  className="btn btn-primary"
                >
                  {label}
                </Link>
              </div>
            ) : null}
          </>
        )}
      </section>
      <section aria-labelledby="path-about" className="flex flex-col gap-2">
        <h2 id="path-about" className="text-lg font-semibold">
          About this path
        </h2>
        {path.description.split(/\n{2,}/).map((p) => (
          <p key={p.slice(0, 40)}>{p}</p>
        ))}
      </section>
      <section aria-labelledby="path-courses" className="flex flex-col gap-3">
        <h2 id="path-courses" className="text-lg font-semibold">
          Courses in order
        </h2>
        <ol className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {courses.map((c) => (
            <li key={c.id}>
              <CourseCardView course={c} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
