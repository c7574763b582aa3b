import { type Queryable, queryRows } from "@db/client";
import {
  type ActivityPeriod,
  DASHBOARD_COUNTS,
  periodStartDay,
  type RecommendationCandidate,
  recommend,
  streaks,
  weeklyActivity,
} from "@domain/learning/activity";
import type { Difficulty } from "@domain/learning/courses";
import { localDayAndHour } from "@domain/notifications/email";
import { localDateTimeToIso } from "@domain/rfp/time";
import { sql } from "drizzle-orm";
import { listPaths } from "./learning.server";
import { listCertificates } from "./learning-certificates.server";

/**
 * The learning dashboard (spec 002, Learning hub; issue 30, part 7; decision 081): every figure is read
 * from what the person did: enrolments, completions, quiz attempts and their learning days.
 */

export type RecentActivityKind =
  | "enrolled"
  | "course_completed"
  | "lesson_completed"
  | "quiz_passed"
  | "quiz_failed"
  | "path_started"
  | "certificate_earned";

export interface RecentActivity {
  kind: RecentActivityKind;
  title: string;
  courseTitle: string;
  href: string;
  at: string;
  percent: number | null;
}

export async function learningDashboard(
  db: Queryable,
  input: { userId: string; period: ActivityPeriod; now?: Date },
) {
  const now = input.now ?? new Date();
  const { userId } = input;
  const [person] = await queryRows<{
    timezone: string | null;
    full_name: string | null;
    enrolled: number;
    completed: number;
    seconds: number;
  }>(
    db,
    sql`select p.timezone, p.full_name,
          (select count(*)::int from course_enrollments e where e.user_id = p.id) as enrolled,
          (select count(*)::int from course_enrollments e where e.user_id = p.id and e.status = 'completed') as completed,
          (select coalesce(sum(d.seconds), 0)::int from learning_days d where d.user_id = p.id) as seconds
        from user_profiles p where p.id = ${userId}`,
  );
  const timeZone = person?.timezone ?? null;
  const today = localDayAndHour(now, timeZone).day;
  const startDay = periodStartDay(input.period, today);
  const since = startDay
    ? (localDateTimeToIso(`${startDay}T00:00`, timeZone || "UTC") ?? `${startDay}T00:00:00Z`)
    : null;

  const days = await queryRows<{ day: string; seconds: number; activities: number }>(
    db,
    sql`select day::text as day, seconds, activities from learning_days
        where user_id = ${userId} order by day`,
  );
  const streak = streaks(
    days.filter((d) => Number(d.activities) > 0).map((d) => d.day),
    today,
  );
  const week = weeklyActivity(
    days
      .slice(-DASHBOARD_COUNTS.stripDays)
      .map((d) => ({ day: d.day, seconds: Number(d.seconds), activities: Number(d.activities) })),
    today,
  );

  const continueCourses = await queryRows<{
    slug: string;
    title: string;
    progress_percent: number;
    module_title: string | null;
    last_accessed_at: string;
  }>(
    db,
    sql`select c.slug, c.title, e.progress_percent, m.title as module_title, e.last_accessed_at
        from course_enrollments e
        join courses c on c.id = e.course_id
        left join course_modules m on m.id = e.current_module_id
        where e.user_id = ${userId} and e.status = 'active'
        order by e.last_accessed_at desc limit ${DASHBOARD_COUNTS.courses}`,
  );

  const paths = await listPaths(db, userId);
  const certificates = await listCertificates(db, userId, now);
  const earned = certificates.filter((c) => !c.revokedAt);

  const recent = await recentActivity(db, userId, since);

  const recommendations = recommend(await candidates(db), await signals(db, userId));

  return {
    firstName: (person?.full_name ?? "").trim().split(/\s+/)[0] ?? "",
    today,
    stats: {
      streak: streak.current,
      longestStreak: streak.longest,
      coursesCompleted: Number(person?.completed ?? 0),
      coursesEnrolled: Number(person?.enrolled ?? 0),
      learningSeconds: Number(person?.seconds ?? 0),
      // Spec 002 total_certifications_earned: every certificate not revoked, and how many are in force.
      certifications: earned.length,
      activeCertifications: earned.filter((c) => c.state.status !== "expired").length,
    },
    weeklyActivity: week,
    continueCourses: continueCourses.map((c) => ({
      slug: c.slug,
      title: c.title,
      progressPercent: Number(c.progress_percent),
      currentModule: c.module_title,
      lastAccessedAt: c.last_accessed_at,
    })),
    continuePaths: paths.filter((p) => p.state !== "not_enrolled").slice(0, DASHBOARD_COUNTS.paths),
    continueCertificates: earned.slice(0, DASHBOARD_COUNTS.certificates),
    recent,
    recommendations,
  };
}

/** Recent Activity: the newest five of the person's learning actions since the period began. */
async function recentActivity(
  db: Queryable,
  userId: string,
  since: string | null,
): Promise<RecentActivity[]> {
  const limit = DASHBOARD_COUNTS.recentActivities;
  const after = since ? sql`${since}::timestamptz` : sql`'-infinity'::timestamptz`;
  const rows = await queryRows<{
    kind: RecentActivityKind;
    title: string;
    course_title: string;
    href: string;
    at: string;
    percent: number | null;
  }>(
    db,
    sql`select * from (
          (select 'lesson_completed' as kind, l.title, c.title as course_title,
              '/learning-hub/courses/' || c.slug || '/lessons/' || l.id as href, lc.completed_at as at, null::int as percent
            from lesson_completions lc join course_lessons l on l.id = lc.lesson_id join courses c on c.id = lc.course_id
            where lc.user_id = ${userId} and lc.completed_at >= ${after} order by lc.completed_at desc limit ${limit})
          union all
          (select case when a.passed then 'quiz_passed' else 'quiz_failed' end, q.title, c.title,
              '/learning-hub/courses/' || c.slug || '/quizzes/' || q.id, a.created_at, a.percent::int
            from quiz_attempts a join course_quizzes q on q.id = a.quiz_id join courses c on c.id = a.course_id
            where a.user_id = ${userId} and a.created_at >= ${after} order by a.created_at desc limit ${limit})
          union all
          (select 'enrolled', c.title, c.title, '/learning-hub/courses/' || c.slug, e.enrolled_at, null
            from course_enrollments e join courses c on c.id = e.course_id
            where e.user_id = ${userId} and e.enrolled_at >= ${after} order by e.enrolled_at desc limit ${limit})
          union all
          (select 'course_completed', c.title, c.title, '/learning-hub/courses/' || c.slug, e.completed_at, null
            from course_enrollments e join courses c on c.id = e.course_id
            where e.user_id = ${userId} and e.completed_at >= ${after} order by e.completed_at desc limit ${limit})
          union all
          (select 'path_started', lp.title, lp.title, '/learning-hub/paths/' || lp.slug, pe.enrolled_at, null
            from path_enrollments pe join learning_paths lp on lp.id = pe.path_id
            where pe.user_id = ${userId} and pe.enrolled_at >= ${after} order by pe.enrolled_at desc limit ${limit})
          union all
          (select 'certificate_earned', ce.name, ce.name, '/learning-hub/certifications/' || ce.id, ce.issued_at, null
            from certificates ce
            where ce.user_id = ${userId} and ce.issued_at >= ${after} order by ce.issued_at desc limit ${limit})
        ) recent order by at desc, kind limit ${limit}`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    title: r.title,
    courseTitle: r.course_title,
    href: r.href,
    at: r.at,
    percent: r.percent === null ? null : Number(r.percent),
  }));
}

/** Every published course and path, with where each course sits in the paths (for "follows" and "next"). */
async function candidates(db: Queryable): Promise<RecommendationCandidate[]> {
  const rows = await queryRows<{
    type: "course" | "path";
    id: string;
    slug: string;
    title: string;
    difficulty: Difficulty;
    minutes: number | null;
    days: number | null;
    target_roles: string[];
    enrollment_count: number;
    in_paths: { pathId: string; pathTitle: string; previousCourseId: string | null }[];
  }>(
    db,
    sql`select 'course' as type, c.id, c.slug, c.title, c.difficulty, c.estimated_minutes as minutes, null::int as days,
          c.target_roles, c.enrollment_count,
          coalesce((select jsonb_agg(jsonb_build_object('pathId', lp.id, 'pathTitle', lp.title,
              'previousCourseId', (select prev.course_id from learning_path_courses prev
                where prev.path_id = lpc.path_id and prev.position < lpc.position order by prev.position desc limit 1)))
            from learning_path_courses lpc join learning_paths lp on lp.id = lpc.path_id
            where lpc.course_id = c.id), '[]'::jsonb) as in_paths
        from courses c where c.status = 'published'
        union all
        select 'path', lp.id, lp.slug, lp.title, lp.difficulty, null, lp.estimated_duration_days,
          case when lp.target_role is null then '{}'::text[] else array[lp.target_role] end, lp.enrollment_count,
          '[]'::jsonb
        from learning_paths lp
        order by 1, 4 limit 500`,
  );
  return rows.map((r) => ({
    type: r.type,
    id: r.id,
    slug: r.slug,
    title: r.title,
    difficulty: r.difficulty,
    minutes: r.minutes === null ? null : Number(r.minutes),
    days: r.days === null ? null : Number(r.days),
    targetRoles: r.target_roles ?? [],
    enrollmentCount: Number(r.enrollment_count),
    inPaths: r.in_paths ?? [],
  }));
}

/** What the person is (roles, association roles) and has done (enrolments, completions, paths). */
async function signals(db: Queryable, userId: string) {
  const [row] = await queryRows<{
    roles: string[];
    enrolled: { id: string; title: string; difficulty: Difficulty; completed: boolean }[];
    paths: string[];
  }>(
    db,
    sql`select
          array(select role_type from user_professional_roles where user_id = ${userId} and is_current
                union select member_role from association_members where user_id = ${userId} and status = 'active') as roles,
          coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'title', c.title, 'difficulty', c.difficulty,
              'completed', e.status = 'completed'))
            from course_enrollments e join courses c on c.id = e.course_id where e.user_id = ${userId}), '[]'::jsonb) as enrolled,
          array(select path_id::text from path_enrollments where user_id = ${userId}) as paths`,
  );
  const enrolled = row?.enrolled ?? [];
  return {
    roles: row?.roles ?? [],
    enrolledCourseIds: new Set(enrolled.map((e) => e.id)),
    completedCourses: new Map(
      enrolled.filter((e) => e.completed).map((e) => [e.id, { title: e.title, difficulty: e.difficulty }]),
    ),
    enrolledPathIds: new Set(row?.paths ?? []),
  };
}

/**
 * The learning hub's analytics for admins (issue 30, part 7): per course its enrolments, completions
 * and completion rate; per quiz its attempts and pass rate, and per question the share of attempts
 * that answered it right (from the questions each graded attempt recorded).
 */
export async function learningAnalytics(db: Queryable) {
  const courses = await queryRows<{
    slug: string;
    title: string;
    status: string;
    enrollment_count: number;
    completion_count: number;
  }>(
    db,
    sql`select slug, title, status, enrollment_count, completion_count from courses
        where revision_of is null -- a new version being written is not a course of its own (decision 084)
        order by enrollment_count desc, title limit 500`,
  );
  const quizzes = await queryRows<{
    id: string;
    title: string;
    course_title: string;
    course_slug: string;
    questions: { id: string; prompt: string }[];
    attempts: number;
    passed: number;
    people: number;
  }>(
    db,
    sql`select q.id, q.title, c.title as course_title, c.slug as course_slug,
          (select jsonb_agg(jsonb_build_object('id', x->>'id', 'prompt', x->>'prompt')) from jsonb_array_elements(q.questions) x) as questions,
          count(a.id)::int as attempts, count(a.id) filter (where a.passed)::int as passed,
          count(distinct a.user_id)::int as people
        from course_quizzes q join courses c on c.id = q.course_id
        join course_modules m on m.id = q.module_id
        left join quiz_attempts a on a.quiz_id = q.id
        where c.revision_of is null
        group by q.id, c.id, m.position order by c.title, m.position limit 500`,
  );
  const right = await queryRows<{ quiz_id: string; question_id: string; right: number }>(
    db,
    sql`select quiz_id, question_id, count(*)::int as right
        from quiz_attempts, unnest(right_question_ids) as question_id group by quiz_id, question_id`,
  );
  const rightOf = new Map(right.map((r) => [`${r.quiz_id}/${r.question_id}`, Number(r.right)]));
  const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 100) / whole));
  return {
    courses: courses.map((c) => ({
      slug: c.slug,
      title: c.title,
      status: c.status,
      enrollments: Number(c.enrollment_count),
      completions: Number(c.completion_count),
      completionRate: rate(Number(c.completion_count), Number(c.enrollment_count)),
    })),
    quizzes: quizzes.map((q) => ({
      id: q.id,
      title: q.title,
      courseTitle: q.course_title,
      courseSlug: q.course_slug,
      attempts: Number(q.attempts),
      people: Number(q.people),
      passRate: rate(Number(q.passed), Number(q.attempts)),
      questions: (q.questions ?? []).map((question) => ({
        id: question.id,
        prompt: question.prompt,
        rightRate: rate(rightOf.get(`${q.id}/${question.id}`) ?? 0, Number(q.attempts)),
      })),
    })),
  };
}
