import { relativeTime } from "@domain/community/posts";
import { ACTIVITY_PERIODS, CONTINUE_TABS, formatLearningTime, streakTier } from "@domain/learning/activity";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CertificationCardView } from "~/components/learning/certification-card";
import { CompletedBadge, PathCardView, ProgressBar } from "~/components/learning/course-card";
import { StatCards } from "~/components/ui/stat-cards";
import type { PathCard } from "~/queries/learning.server";
import type { CertificationCard } from "~/queries/learning-certificates.server";
import type { RecentActivity } from "~/queries/learning-dashboard.server";
import { learningDashboardLoader } from "./_app.learning-hub._index.server";

export const meta: MetaFunction = () => [{ title: "Learning Hub · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => learningDashboardLoader(request);

const PANEL = "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const LINK = "text-blue-700 underline dark:text-blue-300";

const ACTIVITY_WORDS: Record<RecentActivity["kind"], string> = {
  enrolled: "Enrolled in",
  course_completed: "Completed the course",
  lesson_completed: "Completed the lesson",
  quiz_passed: "Passed the quiz",
  quiz_failed: "Tried the quiz",
  path_started: "Started the path",
  certificate_earned: "Earned the certificate",
};

/** A link that selects one value of a query parameter, the other kept (tabs and the period selector). */
function choiceHref(
  current: { tab: string; period: string },
  change: Partial<{ tab: string; period: string }>,
) {
  const next = { ...current, ...change };
  return `/learning-hub?tab=${next.tab}&period=${next.period}`;
}

export default function LearningDashboardPage() {
  const data = useLoaderData<typeof loader>();
  const now = new Date(data.now);
  const tier = streakTier(data.stats.streak);
  const paths = data.continuePaths as PathCard[];
  const certificates = data.continueCertificates as CertificationCard[];
  const here = { tab: data.tab, period: data.period };
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <section className="rounded-lg bg-blue-700 p-6 text-white dark:bg-blue-900" aria-labelledby="welcome">
        <h1 id="welcome" className="text-2xl font-bold">
          {data.firstName ? `Welcome back, ${data.firstName}` : "Welcome to the Learning Hub"}
        </h1>
        <p className="mt-1 text-sm text-blue-50">
          Courses, learning paths and certifications for the people who run and serve associations.{" "}
          <Link to="/learning-hub/courses" className="underline">
            Browse courses
          </Link>{" "}
          ·{" "}
          <Link to="/learning-hub/paths" className="underline">
            Learning Paths
          </Link>
          {data.canSeeAnalytics ? (
            <>
              {" "}
              ·{" "}
              <Link to="/learning-hub/analytics" className="underline">
                Learning Analytics
              </Link>
            </>
          ) : null}
          {data.canManageCourses ? (
            <>
              {" "}
              ·{" "}
              <Link to="/learning-hub/manage" className="underline">
                Manage Courses
              </Link>
            </>
          ) : null}
        </p>
      </section>

      <StatCards
        label="Your learning"
        tabularNums
        cards={[
          {
            label: "Learning Streak",
            value: `${data.stats.streak} ${data.stats.streak === 1 ? "day" : "days"}${tier ? ` ${tier.emoji}` : ""}`,
            hint: `Longest: ${data.stats.longestStreak} ${data.stats.longestStreak === 1 ? "day" : "days"}`,
          },
          {
            label: "Courses Completed",
            value: String(data.stats.coursesCompleted),
            hint: `of ${data.stats.coursesEnrolled} enrolled`,
          },
          {
            label: "Learning Time",
            value: formatLearningTime(data.stats.learningSeconds),
            hint: "Time on lessons and quizzes",
          },
          {
            label: "Certifications",
            value: String(data.stats.certifications),
            hint: `${data.stats.activeCertifications} active`,
          },
        ]}
      />

      <section className={PANEL} aria-labelledby="weekly-activity">
        <h2 id="weekly-activity" className="text-lg font-semibold">
          Weekly Activity
        </h2>
        <ol className="mt-3 grid grid-cols-7 gap-2" aria-label="The last 7 days">
          {data.weeklyActivity.map((d) => (
            <li
              key={d.day}
              className={`flex flex-col items-center gap-1 rounded-md p-2 text-center text-xs ${
                d.active
                  ? "bg-blue-100 text-blue-950 dark:bg-blue-900 dark:text-blue-50"
                  : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300"
              }${d.today ? " ring-2 ring-blue-700 dark:ring-blue-300" : ""}`}
              data-testid="weekly-day"
            >
              <span className="font-semibold">{d.weekday}</span>
              <span className="tabular-nums">{d.minutes}m</span>
              <span className="sr-only">{d.active ? "active" : "no activity"}</span>
            </li>
          ))}
        </ol>
      </section>

      <section className={PANEL} aria-labelledby="continue-learning">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="continue-learning" className="text-lg font-semibold">
            Continue Learning
          </h2>
          <nav aria-label="Continue Learning tabs" className="flex gap-1">
            {CONTINUE_TABS.map((t) => (
              <Link
                key={t.value}
                to={choiceHref(here, { tab: t.value })}
                aria-current={data.tab === t.value ? "page" : undefined}
                preventScrollReset
                className={`rounded-md px-3 py-1.5 text-sm ${
                  data.tab === t.value
                    ? "bg-blue-700 text-white dark:bg-blue-400 dark:text-slate-950"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                }`}
              >
                {t.label}
              </Link>
            ))}
          </nav>
        </div>
        <div className="mt-3">
          {data.tab === "courses" ? (
            data.continueCourses.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                No courses in progress.{" "}
                <Link to="/learning-hub/courses" className={LINK}>
                  Find a course
                </Link>
              </p>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Courses in progress">
                {data.continueCourses.map((c) => (
                  <li key={c.slug} className="flex flex-col gap-1">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <Link to={`/learning-hub/courses/${c.slug}`} className="font-medium hover:underline">
                        {c.title}
                      </Link>
                      <span className="text-xs text-slate-600 dark:text-slate-400">
                        {c.currentModule ? `${c.currentModule} · ` : ""}
                        {relativeTime(new Date(c.lastAccessedAt), now)}
                      </span>
                    </div>
                    <ProgressBar percent={c.progressPercent} label={`Progress in ${c.title}`} />
                    <div>
                      <Link
                        to={`/learning-hub/courses/${c.slug}`}
                        className="btn btn-secondary"
                        aria-label={`Continue: ${c.title}`}
                      >
                        Continue
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            )
          ) : data.tab === "paths" ? (
            paths.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                You are not on a learning path yet.{" "}
                <Link to="/learning-hub/paths" className={LINK}>
                  Browse paths
                </Link>
              </p>
            ) : (
              <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label="Your paths">
                {paths.map((p) => (
                  <li key={p.id}>
                    <PathCardView path={p} />
                  </li>
                ))}
              </ul>
            )
          ) : certificates.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Certificates you earn from certification courses appear here.{" "}
              <Link to="/learning-hub/courses?certification=true" className={LINK}>
                Certification courses
              </Link>
            </p>
          ) : (
            <div className="flex flex-col gap-3">
              <ul className="grid grid-cols-1 gap-3 md:grid-cols-3" aria-label="Your certificates">
                {certificates.map((c) => (
                  <li key={c.id}>
                    <CertificationCardView cert={c} variant="compact" />
                  </li>
                ))}
              </ul>
              <Link to="/learning-hub/certifications" className={`${LINK} text-sm`}>
                All certifications
              </Link>
            </div>
          )}
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className={PANEL} aria-labelledby="recent-activity">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="recent-activity" className="text-lg font-semibold">
              Recent Activity
            </h2>
            <nav aria-label="Activity period" className="flex gap-1">
              {ACTIVITY_PERIODS.map((p) => (
                <Link
                  key={p.value}
                  to={choiceHref(here, { period: p.value })}
                  aria-current={data.period === p.value ? "page" : undefined}
                  preventScrollReset
                  className={`rounded-md px-2 py-1 text-xs ${
                    data.period === p.value
                      ? "bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-950"
                      : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                  }`}
                >
                  {p.label}
                </Link>
              ))}
            </nav>
          </div>
          {data.recent.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              No learning activity in this period.
            </p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2" aria-label="Recent activity">
              {data.recent.map((a) => (
                <li key={`${a.kind}-${a.href}-${a.at}`} className="text-sm" data-testid="recent-activity">
                  <span>{ACTIVITY_WORDS[a.kind]} </span>
                  <Link to={a.href} className={LINK}>
                    {a.title}
                  </Link>
                  {a.kind === "course_completed" ? (
                    <>
                      {" "}
                      <CompletedBadge />
                    </>
                  ) : null}
                  {a.percent !== null ? <span> ({a.percent}%)</span> : null}
                  {a.title !== a.courseTitle ? (
                    <span className="text-slate-600 dark:text-slate-400"> in {a.courseTitle}</span>
                  ) : null}
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {relativeTime(new Date(a.at), now)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className={PANEL} aria-labelledby="recommended">
          <h2 id="recommended" className="text-lg font-semibold">
            Recommended for You
          </h2>
          {data.recommendations.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              You are on every course and path we have. New ones will appear here.
            </p>
          ) : (
            <ul className="mt-3 flex flex-col gap-3" aria-label="Recommended for you">
              {data.recommendations.map((r) => (
                <li key={r.href} className="flex flex-col gap-0.5" data-testid="recommendation">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link to={r.href} className="font-medium hover:underline">
                      {r.title}
                    </Link>
                    <span className="text-xs font-semibold text-emerald-800 dark:text-emerald-300">
                      {r.matchPercent}% match
                    </span>
                  </div>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {r.type === "path" ? "Path" : "Course"} · {r.reason} · {r.estimatedTime}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
