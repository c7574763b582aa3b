import { ceHoursLabel } from "@domain/learning/continuing-education";
import {
  courseAction,
  DIFFICULTY_LABELS,
  formatDuration,
  formatPathDays,
  formatPrice,
  pathAction,
} from "@domain/learning/courses";
import { Link } from "@remix-run/react";
import type { CourseCard, PathCard } from "~/queries/learning.server";
import { RatingLabel } from "./course-commerce";

const chip =
  "rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100";

const CARD =
  "flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";

const TONES = {
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  emerald: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
} as const;

/** A marker on a card: Featured, Certification, Completed. */
function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}

/** A progress bar with its number (the course card, the course page). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 flex-1 overflow-hidden rounded bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full bg-blue-700 dark:bg-blue-400" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-10 text-right tabular-nums">{percent}%</span>
    </div>
  );
}

/** The markers of a course: difficulty, duration, price (0 is Free), Featured and Certification. */
export function CourseMarkers({ course }: { course: CourseCard }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className={chip}>{DIFFICULTY_LABELS[course.difficulty]}</span>
      <span className={chip}>{formatDuration(course.estimatedMinutes)}</span>
      <span className={chip}>{formatPrice(course.priceCents)}</span>
      {course.isFeatured ? <Badge tone="amber">Featured</Badge> : null}
      {course.providesCertification ? <Badge tone="emerald">Certification</Badge> : null}
      {course.ceTenths > 0 ? <span className={chip}>{ceHoursLabel(course.ceTenths)}</span> : null}
    </div>
  );
}

/** The course card (spec 002): the action reads Review when completed, otherwise Continue. */
export function CourseCardView({ course }: { course: CourseCard }) {
  const href = `/learning-hub/courses/${course.slug}`;
  return (
    <article className={CARD} data-testid="course-card">
      <h2 className="text-lg font-semibold">
        <Link to={href} className="hover:underline">
          {course.title}
        </Link>
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{course.shortDescription}</p>
      <CourseMarkers course={course} />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {course.enrollmentCount} enrolled · {course.completionCount} completed
      </p>
      <RatingLabel average={course.averageRating} count={course.reviewCount} />
      {course.enrollment ? (
        <ProgressBar percent={course.enrollment.progressPercent} label={`Progress in ${course.title}`} />
      ) : null}
      <div className="mt-auto">
        <Link
          to={href}
          className="btn btn-secondary"
          aria-label={`${courseAction(course.enrollment)}: ${course.title}`}
        >
          {courseAction(course.enrollment)}
        </Link>
      </div>
    </article>
  );
}

/** A lesson's or a quiz's way back (Courses / the course) and the course's progress. */
export function CourseTrail({ course }: { course: Pick<CourseCard, "slug" | "title" | "enrollment"> }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/learning-hub/courses" className="text-blue-700 underline dark:text-blue-300">
          Courses
        </Link>
        <span aria-hidden> / </span>
        <Link
          to={`/learning-hub/courses/${course.slug}`}
          className="text-blue-700 underline dark:text-blue-300"
        >
          {course.title}
        </Link>
      </nav>
      <ProgressBar percent={course.enrollment?.progressPercent ?? 0} label={`Progress in ${course.title}`} />
    </>
  );
}

/** The Completed badge of a finished path (spec 002). */
export function CompletedBadge() {
  return <Badge tone="emerald">Completed</Badge>;
}

/** A learning path's card: its markers, courses, progress and the spec's action for the person's state. */
export function PathCardView({ path }: { path: PathCard }) {
  const href = `/learning-hub/paths/${path.slug}`;
  return (
    <article className={CARD} data-testid="path-card">
      <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <Link to={href} className="hover:underline">
          {path.title}
        </Link>
        {path.state === "completed" ? <CompletedBadge /> : null}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{path.shortDescription}</p>
      <div className="flex flex-wrap items-center gap-1.5">
        <span className={chip}>{DIFFICULTY_LABELS[path.difficulty]}</span>
        <span className={chip}>
          {path.courseCount} {path.courseCount === 1 ? "course" : "courses"}
        </span>
        <span className={chip}>about {formatPathDays(path.estimatedDurationDays)}</span>
        <span className={chip}>{formatPrice(path.priceCents)}</span>
        {path.isFeatured ? <Badge tone="amber">Featured</Badge> : null}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">{path.enrollmentCount} enrolled</p>
      <RatingLabel average={path.averageRating} count={path.reviewCount} />
      {path.state !== "not_enrolled" ? (
        <ProgressBar percent={path.progressPercent} label={`Progress in ${path.title}`} />
      ) : null}
      <div className="mt-auto">
        <Link
          to={href}
          className="btn btn-secondary"
          aria-label={`${pathAction(path.state, path.priceCents)}: ${path.title}`}
        >
          {pathAction(path.state, path.priceCents)}
        </Link>
      </div>
    </article>
  );
}
