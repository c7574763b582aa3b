/**
 * The learning dashboard (issue 30, part 7; decision 081): time spent credited between learning
 * actions and capped, the leave beacon, streaks by the person's own days across time zones and
 * midnight, the dashboard's figures, recent activity per period, recommendations, and the admins'
 * analytics with pass rates per question.
 */
import { queryRows } from "@db/client";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CourseDefinition,
  completeLesson,
  enrollInCourse,
  publishCourse,
  publishPath,
  startPath,
  submitQuiz,
} from "~/commands/learning.server";
import { noteLearningLeave, noteLearningVisit } from "~/commands/learning-activity.server";
import { learningDashboard } from "~/queries/learning-dashboard.server";
import * as dashboardRoute from "~/routes/_app.learning-hub._index";
import * as analyticsRoute from "~/routes/_app.learning-hub.analytics";
import * as activityRoute from "~/routes/api.learning-activity";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

const course = (slug: string, extra: Partial<CourseDefinition> = {}): CourseDefinition => ({
  slug,
  title: `Course ${slug}`,
  shortDescription: "Short.",
  description: "Long.",
  difficulty: "beginner",
  modules: [
    {
      title: "Module one",
      lessons: [
        { title: `${slug} lesson A`, minutes: 5, body: "A." },
        { title: `${slug} lesson B`, minutes: 4, body: "B." },
      ],
      quiz: {
        title: `${slug} quiz`,
        passPercent: 50,
        retryCooldownMinutes: 0,
        questions: [
          { prompt: "First?", options: ["Yes", "No"], correct: [0] },
          { prompt: "Second?", options: ["Yes", "No"], correct: [1] },
        ],
      },
    },
  ],
  ...extra,
});

const at = (iso: string) => new Date(iso);

describe.each(bothEngines)("learning dashboard on %s", (engine) => {
  const t = useTestDatabase(engine);
  let courseId: string;
  let lessons: string[];
  let quizId: string;

  const daysOf = (userId: string) =>
    queryRows<{ day: string; seconds: number; activities: number }>(
      t.db,
      sql`select day::text as day, seconds, activities from learning_days where user_id = ${userId} order by day`,
    );
  const person = async (label: string, timeZone: string | null = "UTC") => {
    const p = await personWithRole(t.db, "homeowner", { label });
    await t.db.execute(sql`update user_profiles set timezone = ${timeZone} where id = ${p.id}`);
    return p;
  };
  const lesson = (i: number) => ({ kind: "lesson" as const, id: lessons[i] as string, size: 5 - i });

  beforeAll(async () => {
    useAppDatabase(t.handle);
    courseId = (
      await publishCourse(
        t.db,
        course("dash-main", { targetRoles: ["board_member"], providesCertification: true }),
      )
    ).id;
    lessons = (
      await queryRows<{ id: string }>(
        t.db,
        sql`select id from course_lessons where course_id = ${courseId} order by position`,
      )
    ).map((r) => r.id);
    [{ id: quizId }] = (await queryRows<{ id: string }>(
      t.db,
      sql`select id from course_quizzes where course_id = ${courseId}`,
    )) as [{ id: string }];
  });

  it("credits the time between a lesson opened and completed, and caps an idle tab", async () => {
    const p = await person("dash-time");
    await enrollInCourse(t.db, { userId: p.id, courseId, now: at("2026-11-29T09:00:00Z") });
    await noteLearningVisit(t.db, {
      userId: p.id,
      courseId,
      item: lesson(0),
      now: at("2026-11-29T10:00:00Z"),
    });
    await completeLesson(t.db, {
      userId: p.id,
      courseId,
      lessonId: lessons[0] as string,
      now: at("2026-11-29T10:03:00Z"),
    });
    expect(await daysOf(p.id)).toEqual([{ day: "2026-11-29", seconds: 180, activities: 2 }]);
    // Lesson B (4 minutes: capped at twice that, 8 minutes) left open for five hours.
    await noteLearningVisit(t.db, {
      userId: p.id,
      courseId,
      item: lesson(1),
      now: at("2026-11-29T10:03:10Z"),
    });
    await completeLesson(t.db, {
      userId: p.id,
      courseId,
      lessonId: lessons[1] as string,
      now: at("2026-11-29T15:03:10Z"),
    });
    const [day] = await daysOf(p.id);
    expect(day).toEqual({ day: "2026-11-29", seconds: 180 + 10 + 480, activities: 4 });
    const [enrolment] = await queryRows<{ last_accessed_at: string }>(
      t.db,
      sql`select last_accessed_at from course_enrollments where user_id = ${p.id} and course_id = ${courseId}`,
    );
    expect(new Date(enrolment?.last_accessed_at as string).toISOString()).toBe("2026-11-29T15:03:10.000Z");
  });

  it("never credits one stretch twice when a person's requests run at once", async () => {
    const p = await person("dash-race");
    await enrollInCourse(t.db, { userId: p.id, courseId });
    await noteLearningVisit(t.db, {
      userId: p.id,
      courseId,
      item: lesson(0),
      now: at("2026-11-29T10:00:00Z"),
    });
    await Promise.all(
      Array.from({ length: 6 }, () =>
        completeLesson(t.db, {
          userId: p.id,
          courseId,
          lessonId: lessons[0] as string,
          now: at("2026-11-29T10:01:00Z"),
        }),
      ),
    );
    const [day] = await daysOf(p.id);
    expect(day?.seconds).toBe(60);
    expect(day?.activities).toBe(7);
  });

  it("the leave beacon credits up to the moment the page was left, once, and only for the item still open", async () => {
    const p = await person("dash-beacon");
    await enrollInCourse(t.db, { userId: p.id, courseId });
    const opened = new Date(Date.now() - 120_000);
    await noteLearningVisit(t.db, { userId: p.id, courseId, item: lesson(0), now: opened });
    // Another item's beacon (a stale tab) changes nothing.
    const stale = await outcome(() =>
      activityRoute.action(argsOf(postAs("/api/learning-activity", p, { item: lessons[1] as string }))),
    );
    expect(stale.data).toEqual({ credited: 0 });
    const left = await outcome(() =>
      activityRoute.action(argsOf(postAs("/api/learning-activity", p, { item: lessons[0] as string }))),
    );
    expect(left.status).toBe(200);
    expect(left.data.credited).toBeGreaterThanOrEqual(119);
    expect(left.data.credited).toBeLessThanOrEqual(300);
    const again = await outcome(() =>
      activityRoute.action(argsOf(postAs("/api/learning-activity", p, { item: lessons[0] as string }))),
    );
    expect(again.data).toEqual({ credited: 0 });
    const hostile = await outcome(() =>
      activityRoute.action(argsOf(postAs("/api/learning-activity", p, { item: "x'; drop table users; --" }))),
    );
    expect(hostile.status).toBe(400);
    expect(await noteLearningLeave(t.db, { userId: p.id, itemId: lessons[0] as string })).toEqual({
      creditedSeconds: 0,
    });
  });

  it("counts days in the person's own time zone, across midnight", async () => {
    // 10:30 and 11:30 UTC are 23:30 and 00:30 in Auckland (two days), 02:30 and 03:30 in Los Angeles (one).
    const nz = await person("dash-nz", "Pacific/Auckland");
    const la = await person("dash-la", "America/Los_Angeles");
    for (const p of [nz, la]) {
      await enrollInCourse(t.db, { userId: p.id, courseId, now: at("2026-11-29T10:00:00Z") });
      await noteLearningVisit(t.db, {
        userId: p.id,
        courseId,
        item: lesson(0),
        now: at("2026-11-29T10:30:00Z"),
      });
      await noteLearningVisit(t.db, {
        userId: p.id,
        courseId,
        item: lesson(1),
        now: at("2026-11-29T11:30:00Z"),
      });
    }
    expect((await daysOf(nz.id)).map((d) => d.day)).toEqual(["2026-11-29", "2026-11-30"]);
    expect((await daysOf(la.id)).map((d) => d.day)).toEqual(["2026-11-29"]);
    const later = at("2026-11-30T11:45:00Z");
    const nzDash = await learningDashboard(t.db, { userId: nz.id, period: "all", now: later });
    expect(nzDash.today).toBe("2026-12-01");
    expect(nzDash.stats).toMatchObject({ streak: 2, longestStreak: 2 });
    const laDash = await learningDashboard(t.db, { userId: la.id, period: "all", now: later });
    expect(laDash.today).toBe("2026-11-30");
    expect(laDash.stats).toMatchObject({ streak: 1, longestStreak: 1 });
    // Two days later in Los Angeles the streak is gone; the longest stays.
    const gone = await learningDashboard(t.db, {
      userId: la.id,
      period: "all",
      now: at("2026-12-02T12:00:00Z"),
    });
    expect(gone.stats).toMatchObject({ streak: 0, longestStreak: 1 });
  });

  it("shows the person's figures, recent activity per period and recommendations from the page", async () => {
    const p = await personWithRole(t.db, "board_member", { label: "dash-page" });
    const other = (await publishCourse(t.db, course("dash-other", { difficulty: "intermediate" }))).id;
    const path = await publishPath(t.db, {
      slug: "dash-path",
      title: "Dash Path",
      shortDescription: "Two courses.",
      description: "Two courses.",
      difficulty: "beginner",
      estimatedDurationDays: 10,
      courseSlugs: ["dash-main", "dash-other"],
    });
    // Long ago: enrolled in the other course. This week: the path, the main course's lessons and its quiz.
    await enrollInCourse(t.db, {
      userId: p.id,
      courseId: other,
      now: new Date(Date.now() - 60 * 86_400_000),
    });
    await startPath(t.db, { userId: p.id, pathId: path.id });
    await enrollInCourse(t.db, { userId: p.id, courseId });
    for (const lessonId of lessons) await completeLesson(t.db, { userId: p.id, courseId, lessonId });
    await submitQuiz(t.db, { userId: p.id, courseId, quizId, answers: { q1: ["o2"], q2: ["o1"] } });
    await submitQuiz(t.db, { userId: p.id, courseId, quizId, answers: { q1: ["o1"], q2: ["o2"] } });

    const page = async (query: string) => {
      const r = await outcome(() => dashboardRoute.loader(argsOf(getAs(`/learning-hub${query}`, p))));
      expect(r.status).toBe(200);
      return r.data;
    };
    const week = await page("");
    expect(week.tab).toBe("courses");
    expect(week.period).toBe("week");
    expect(week.stats).toMatchObject({ coursesCompleted: 1, coursesEnrolled: 2, streak: 1 });
    expect(week.recent).toHaveLength(5);
    // Completing the certification course issued its certificate at the same moment.
    expect(week.recent.slice(0, 2).map((a: { kind: string }) => a.kind)).toEqual([
      "certificate_earned",
      "course_completed",
    ]);
    expect(week.stats).toMatchObject({ certifications: 1, activeCertifications: 1 });
    expect(week.continueCertificates.map((c: { course: { slug: string } }) => c.course.slug)).toEqual([
      "dash-main",
    ]);
    expect(week.recent.map((a: { kind: string }) => a.kind)).toContain("quiz_passed");
    expect(
      week.recent.some(
        (a: { title: string; kind: string }) => a.kind === "enrolled" && a.title === "Course dash-other",
      ),
    ).toBe(false);
    const all = await page("?period=all&tab=paths");
    expect(all.tab).toBe("paths");
    expect(all.continuePaths.map((x: { slug: string }) => x.slug)).toEqual(["dash-path"]);
    // Only the other course is still in progress.
    expect(all.continueCourses.map((c: { slug: string }) => c.slug)).toEqual(["dash-other"]);
    expect(all.weeklyActivity).toHaveLength(7);
    expect(all.weeklyActivity[6].active).toBe(true);
    // Recommendations never repeat what the person is on; hostile parameters fall back to the defaults.
    const slugs = all.recommendations.map((r: { slug: string }) => r.slug);
    expect(slugs).not.toContain("dash-main");
    expect(slugs).not.toContain("dash-other");
    expect(slugs).not.toContain("dash-path");
    const odd = await page("?period=%3Cscript%3E&tab=../../etc");
    expect([odd.period, odd.tab]).toEqual(["week", "courses"]);
    expect(odd.canSeeAnalytics).toBe(false);
  });

  it("recommends by the person's role with its reason", async () => {
    await publishCourse(
      t.db,
      course("dash-for-vendors", { targetRoles: ["vendor"], difficulty: "advanced" }),
    );
    const vendor = await personWithRole(t.db, "vendor", { label: "dash-vendor" });
    const dash = await learningDashboard(t.db, { userId: vendor.id, period: "week" });
    expect(dash.recommendations[0]).toMatchObject({
      slug: "dash-for-vendors",
      reason: "Written for Vendor/Contractors",
    });
  });

  it("gives admins pass rates per quiz and per question", async () => {
    const a = await person("dash-q-a");
    const b = await person("dash-q-b");
    for (const p of [a, b]) await enrollInCourse(t.db, { userId: p.id, courseId });
    const before = await learningAnalytics();
    // a: first right, second wrong (50%: a pass at 50); b: both right.
    await submitQuiz(t.db, { userId: a.id, courseId, quizId, answers: { q1: ["o1"], q2: ["o1"] } });
    await submitQuiz(t.db, { userId: b.id, courseId, quizId, answers: { q1: ["o1"], q2: ["o2"] } });
    const after = await learningAnalytics();
    expect(after.attempts - before.attempts).toBe(2);
    expect(after.right.q1 - before.right.q1).toBe(2);
    expect(after.right.q2 - before.right.q2).toBe(1);
    const admin = await personWithRole(t.db, "admin", { label: "dash-admin" });
    const page = await outcome(() => analyticsRoute.loader(argsOf(getAs("/learning-hub/analytics", admin))));
    expect(page.status).toBe(200);
    const quiz = page.data.quizzes.find((q: { id: string }) => q.id === quizId);
    expect(quiz.questions.map((q: { prompt: string }) => q.prompt)).toEqual(["First?", "Second?"]);
    expect(JSON.stringify(page.data)).not.toContain('"correct"');
    const dash = await outcome(() => dashboardRoute.loader(argsOf(getAs("/learning-hub", admin))));
    expect(dash.data.canSeeAnalytics).toBe(true);
    const refused = await outcome(() => analyticsRoute.loader(argsOf(getAs("/learning-hub/analytics", a))));
    expect(refused.status).toBe(403);
  });

  async function learningAnalytics() {
    const [row] = await queryRows<{ attempts: number; q1: number; q2: number }>(
      t.db,
      sql`select count(*)::int as attempts,
            count(*) filter (where 'q1' = any(right_question_ids))::int as q1,
            count(*) filter (where 'q2' = any(right_question_ids))::int as q2
          from quiz_attempts where quiz_id = ${quizId}`,
    );
    return { attempts: Number(row?.attempts), right: { q1: Number(row?.q1), q2: Number(row?.q2) } };
  }
});
