/**
 * The learning hub's courses (issue 30, parts 1 and 3): the catalogue's filters, enrolment, lessons and
 * progress, quizzes graded on the server with their answers never in the page before a submission, the
 * wait after a failed attempt, completion once, and hostile forms.
 */
import { queryRows } from "@db/client";
import { LEARNING_MESSAGES } from "@domain/learning/courses";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type CourseDefinition, publishCourse, publishPath, submitQuiz } from "~/commands/learning.server";
import * as catalogueRoute from "~/routes/_app.learning-hub.courses._index";
import * as courseRoute from "~/routes/_app.learning-hub.courses.$slug";
import * as lessonRoute from "~/routes/_app.learning-hub.courses.$slug_.lessons.$lessonId";
import * as quizRoute from "~/routes/_app.learning-hub.courses.$slug_.quizzes.$quizId";
import * as pathsRoute from "~/routes/_app.learning-hub.paths._index";
import * as pathRoute from "~/routes/_app.learning-hub.paths.$slug";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const SECRET_EXPLANATION = "Quorum is set by the bylaws: this sentence is only shown after a pass.";

const COURSE: CourseDefinition = {
  slug: "test-quorum-basics",
  title: "Quorum Basics",
  shortDescription: "What quorum is and how to count it.",
  description: "First paragraph.\n\nSecond paragraph.",
  difficulty: "beginner",
  isFeatured: true,
  providesCertification: true,
  modules: [
    {
      title: "Counting",
      lessons: [
        {
          title: "What quorum means",
          minutes: 5,
          body: "## Quorum\n\nA <script>alert(1)</script> test and [a link](javascript:alert(1)) and **bold**.",
        },
        { title: "Counting proxies", minutes: 4, body: "Proxies count when the documents allow them." },
      ],
      quiz: {
        title: "Counting check",
        passPercent: 60,
        retryCooldownMinutes: 10,
        questions: [
          {
            prompt: "Who sets quorum?",
            options: ["The manager", "The bylaws", "The loudest owner"],
            correct: [1],
            explanation: SECRET_EXPLANATION,
          },
          {
            prompt: "Which can count toward quorum? (choose all)",
            options: ["Owners present", "Valid proxies", "Tenants"],
            correct: [0, 1],
          },
        ],
      },
    },
  ],
};

const OTHER: CourseDefinition = {
  slug: "test-reserve-reading",
  title: "Reading Reserves",
  shortDescription: "Component lists and funding plans.",
  description: "About reserves.",
  difficulty: "advanced",
  modules: [
    {
      title: "Only module",
      lessons: [{ title: "Components", minutes: 6, body: "Roofs, paving, elevators." }],
      quiz: {
        title: "Reserves check",
        passPercent: 100,
        questions: [{ prompt: "A reserve study lists?", options: ["Components", "Owners"], correct: [0] }],
      },
    },
  ],
};

describe.each(engines)("learning hub courses on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person;
  let bob: Person;
  let courseId: string;
  let otherId: string;
  let lessons: string[];
  let quizId: string;
  let otherQuizId: string;

  const catalogue = async (who: Person, query = "") => {
    const r = await outcome(() => catalogueRoute.loader(argsOf(getAs(`/learning-hub/courses${query}`, who))));
    expect(r.status).toBe(200);
    return r.data.courses as { slug: string; enrollment: unknown }[];
  };
  const coursePage = (who: Person, slug = COURSE.slug) =>
    outcome(() => courseRoute.loader(argsOf(getAs(`/learning-hub/courses/${slug}`, who), { slug })));
  const enroll = (who: Person, slug = COURSE.slug) =>
    outcome(() =>
      courseRoute.action(
        argsOf(postAs(`/learning-hub/courses/${slug}`, who, { intent: "enroll" }), { slug }),
      ),
    );
  const lessonPage = (who: Person, lessonId: string, slug = COURSE.slug) =>
    outcome(() =>
      lessonRoute.loader(
        argsOf(getAs(`/learning-hub/courses/${slug}/lessons/${lessonId}`, who), { slug, lessonId }),
      ),
    );
  const complete = (who: Person, lessonId: string) =>
    outcome(() =>
      lessonRoute.action(
        argsOf(
          postAs(`/learning-hub/courses/${COURSE.slug}/lessons/${lessonId}`, who, { intent: "complete" }),
          {
            slug: COURSE.slug,
            lessonId,
          },
        ),
      ),
    );
  const quizPage = (who: Person, id = quizId, slug = COURSE.slug) =>
    outcome(() =>
      quizRoute.loader(
        argsOf(getAs(`/learning-hub/courses/${slug}/quizzes/${id}`, who), { slug, quizId: id }),
      ),
    );
  const submit = (
    who: Person,
    body: [string, string][],
    id = quizId,
    headers: Record<string, string> = {},
  ) => {
    const form = new URLSearchParams(body);
    const request = new Request(`http://localhost/learning-hub/courses/${COURSE.slug}/quizzes/${id}`, {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie, ...headers },
    });
    return outcome(() => quizRoute.action(argsOf(request, { slug: COURSE.slug, quizId: id })));
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "learn-ann" });
    bob = await personWithRole(t.db, "homeowner", { label: "learn-bob" });
    courseId = (await publishCourse(t.db, COURSE)).id;
    otherId = (await publishCourse(t.db, OTHER)).id;
    expect((await publishCourse(t.db, COURSE)).created).toBe(false);
    lessons = (
      await queryRows<{ id: string }>(
        t.db,
        sql`select id from course_lessons where course_id = ${courseId} order by position`,
      )
    ).map((r) => r.id);
    quizId = (
      await queryRows<{ id: string }>(t.db, sql`select id from course_quizzes where course_id = ${courseId}`)
    )[0]?.id as string;
    otherQuizId = (
      await queryRows<{ id: string }>(t.db, sql`select id from course_quizzes where course_id = ${otherId}`)
    )[0]?.id as string;
  });

  it("filters the catalogue on the server: search, difficulty, certification and featured", async () => {
    const slugs = async (q: string) => (await catalogue(ann, q)).map((c) => c.slug);
    expect(await slugs("")).toEqual(expect.arrayContaining([COURSE.slug, OTHER.slug]));
    expect(await slugs("?search=quorum")).toEqual([COURSE.slug]);
    expect(await slugs("?difficulty=advanced")).toContain(OTHER.slug);
    expect(await slugs("?difficulty=advanced")).not.toContain(COURSE.slug);
    expect(await slugs("?certification=true")).not.toContain(OTHER.slug);
    expect(await slugs("?featured=true")).not.toContain(OTHER.slug);
    // Unknown values fall back to no filter; a LIKE wildcard is searched for as itself.
    expect(await slugs("?difficulty=expert")).toEqual(expect.arrayContaining([COURSE.slug, OTHER.slug]));
    expect(await slugs("?search=%25")).toEqual([]);
  });

  it("enrols once, keeps lessons for the enrolled, and moves progress as lessons are completed", async () => {
    expect((await coursePage(ann)).data.course.enrollment).toBeNull();
    const before = await lessonPage(ann, lessons[0] as string);
    expect(before.status).toBe(302);
    expect(before.response.headers.get("Location")).toBe(`/learning-hub/courses/${COURSE.slug}`);

    const first = await enroll(ann);
    expect(first.status).toBe(302);
    expect(first.response.headers.get("Location")).toBe(
      `/learning-hub/courses/${COURSE.slug}/lessons/${lessons[0]}`,
    );
    expect((await enroll(ann)).status).toBe(302);
    const page = await coursePage(ann);
    expect(page.data.course.enrollment).toEqual({ status: "active", progressPercent: 0 });
    expect(page.data.course.enrollmentCount).toBe(1);

    const lesson = await lessonPage(ann, lessons[0] as string);
    // The Markdown is rendered with its raw HTML escaped and its javascript: link dropped.
    expect(lesson.data.lesson.html).toContain("<h2>Quorum</h2>");
    expect(lesson.data.lesson.html).toContain("&lt;script&gt;");
    expect(lesson.data.lesson.html).not.toContain("<script>");
    expect(lesson.data.lesson.html).not.toContain("javascript:");

    const done = await complete(ann, lessons[0] as string);
    expect(done.status).toBe(302);
    expect(done.response.headers.get("Location")).toBe(
      `/learning-hub/courses/${COURSE.slug}/lessons/${lessons[1]}`,
    );
    await complete(ann, lessons[0] as string);
    expect((await coursePage(ann)).data.course.enrollment.progressPercent).toBe(33);
  });

  it("never sends a quiz's answers before a submission, grades on the server, and waits after a fail", async () => {
    await enroll(bob);
    const page = await quizPage(bob);
    expect(page.status).toBe(200);
    const raw = JSON.stringify(page.data);
    expect(raw).not.toContain("correct");
    expect(raw).not.toContain(SECRET_EXPLANATION);
    expect(page.data.quiz.questions[1].kind).toBe("multiple");

    // One of two right (partial multiple choice is wrong): 50% under a 60% pass mark.
    const failed = await submit(bob, [
      ["intent", "submit"],
      ["q1", "o2"],
      ["q2", "o1"],
    ]);
    expect(failed.status).toBe(302);
    const after = await quizPage(bob);
    expect(after.data.result).toMatchObject({ passed: false, percent: 50, score: 1, total: 2 });
    // After a fail: which were wrong, not which options were right.
    expect(after.data.result.questions.map((q: { right: boolean }) => q.right)).toEqual([true, false]);
    expect(JSON.stringify(after.data)).not.toContain(SECRET_EXPLANATION);
    expect(after.data.result.questions.every((q: { correct: string[] }) => q.correct.length === 0)).toBe(
      true,
    );
    expect(after.data.waitMinutes).toBe(10);

    const early = await submit(bob, [
      ["intent", "submit"],
      ["q1", "o2"],
      ["q2", "o1"],
      ["q2", "o2"],
    ]);
    expect(early.status).toBe(429);
    expect(Number(early.response.headers.get("Retry-After"))).toBeGreaterThan(500);
    expect(early.data.error).toBe(LEARNING_MESSAGES.retryIn(10));

    // Eleven minutes later (the command's clock) it passes; the right options then show.
    const later = new Date(Date.now() + 11 * 60_000);
    const passed = await submitQuiz(t.db, {
      userId: bob.id,
      courseId,
      quizId,
      answers: { q1: ["o2"], q2: ["o2", "o1"] },
      now: later,
    });
    expect(passed).toMatchObject({ ok: true, passed: true, percent: 100 });
    const shown = await quizPage(bob);
    expect(shown.data.result.questions[0]).toMatchObject({
      right: true,
      correct: ["o2"],
      explanation: SECRET_EXPLANATION,
    });
    expect((await coursePage(bob)).data.course.enrollment.progressPercent).toBe(33);
  });

  it("completes the course once, when every lesson is done and every quiz passed", async () => {
    const carl = await personWithRole(t.db, "vendor", { label: "learn-carl" });
    await enroll(carl);
    await submitQuiz(t.db, { userId: carl.id, courseId, quizId, answers: { q1: ["o2"], q2: ["o1", "o2"] } });
    for (const id of lessons) expect((await complete(carl, id)).status).toBe(302);
    const page = await coursePage(carl);
    expect(page.data.course.enrollment).toEqual({ status: "completed", progressPercent: 100 });
    const before = page.data.course.completionCount;
    await complete(carl, lessons[0] as string);
    expect((await coursePage(carl)).data.course.completionCount).toBe(before);
    const [row] = await queryRows<{ completed_at: string | null }>(
      t.db,
      sql`select completed_at from course_enrollments where user_id = ${carl.id} and course_id = ${courseId}`,
    );
    expect(row?.completed_at).not.toBeNull();
  });

  it("answers hostile forms with a 4xx and records nothing", async () => {
    const dan = await personWithRole(t.db, "attorney", { label: "learn-dan" });
    // Not enrolled: the quiz refuses.
    const notEnrolled = await submit(dan, [
      ["intent", "submit"],
      ["q1", "o2"],
      ["q2", "o1"],
    ]);
    expect(notEnrolled.status).toBe(409);
    await enroll(dan);
    const cases: [string, [string, string][]][] = [
      ["missing answers", [["intent", "submit"]]],
      [
        "unknown option",
        [
          ["intent", "submit"],
          ["q1", "o9"],
          ["q2", "o1"],
        ],
      ],
      [
        "two answers to a single-choice question",
        [
          ["intent", "submit"],
          ["q1", "o1"],
          ["q1", "o2"],
          ["q2", "o1"],
        ],
      ],
      [
        "no intent",
        [
          ["q1", "o2"],
          ["q2", "o1"],
        ],
      ],
      [
        "an oversized value",
        [
          ["intent", "submit"],
          ["q1", "x".repeat(5000)],
          ["q2", "o1"],
        ],
      ],
    ];
    for (const [what, body] of cases) expect((await submit(dan, body)).status, what).toBe(400);
    expect((await submit(dan, [["intent", "submit"]], "not-a-uuid")).status).toBe(404);
    // Another course's quiz under this course's address is not found.
    expect(
      (
        await submit(
          dan,
          [
            ["intent", "submit"],
            ["q1", "o1"],
          ],
          otherQuizId,
        )
      ).status,
    ).toBe(404);
    expect((await lessonPage(dan, "../../etc")).status).toBe(404);
    expect((await coursePage(dan, "no-such-course")).status).toBe(404);
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from quiz_attempts where user_id = ${dan.id}`,
    );
    expect(count?.n).toBe(0);
  });

  it("a double-submitted quiz form records one attempt", async () => {
    const eve = await personWithRole(t.db, "cpa", { label: "learn-eve" });
    await enroll(eve);
    const body: [string, string][] = [
      ["intent", "submit"],
      ["q1", "o2"],
      ["q2", "o1"],
      ["q2", "o2"],
    ];
    const key = "11111111-2222-4333-8444-555555555555";
    const [a, b] = await Promise.all([
      submit(eve, [...body, ["idempotencyKey", key]]),
      submit(eve, [...body, ["idempotencyKey", key]]),
    ]);
    expect([a.status, b.status]).toEqual([302, 302]);
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from quiz_attempts where user_id = ${eve.id}`,
    );
    expect(count?.n).toBe(1);
  });

  it("a path: Start Path enrols in it and its first course once; its state and progress are its courses'", async () => {
    const def = {
      slug: "test-path",
      title: "Test Path",
      shortDescription: "Quorum, then reserves.",
      description: "Two courses.",
      difficulty: "beginner",
      estimatedDurationDays: 7,
      courseSlugs: [COURSE.slug, OTHER.slug],
    } as const;
    const path = await publishPath(t.db, { ...def, courseSlugs: [...def.courseSlugs] });
    expect((await publishPath(t.db, { ...def, courseSlugs: [...def.courseSlugs] })).created).toBe(false);
    const fay = await personWithRole(t.db, "board_member", { label: "learn-fay" });
    const list = async () =>
      (await outcome(() => pathsRoute.loader(argsOf(getAs("/learning-hub/paths", fay))))).data.paths as {
        slug: string;
        state: string;
        progressPercent: number;
        courseCount: number;
      }[];
    const page = () =>
      outcome(() =>
        pathRoute.loader(argsOf(getAs("/learning-hub/paths/test-path", fay), { slug: "test-path" })),
      );
    const start = () =>
      outcome(() =>
        pathRoute.action(
          argsOf(postAs("/learning-hub/paths/test-path", fay, { intent: "start" }), { slug: "test-path" }),
        ),
      );
    expect((await list()).find((p) => p.slug === "test-path")).toMatchObject({
      state: "not_enrolled",
      courseCount: 2,
    });

    const started = await start();
    expect(started.status).toBe(302);
    expect(started.response.headers.get("Location")).toBe(`/learning-hub/courses/${COURSE.slug}`);
    expect((await start()).status).toBe(302);
    const [counts] = await queryRows<{ n: number; enrolled: number }>(
      t.db,
      sql`select (select enrollment_count from learning_paths where id = ${path.id}) as n,
            (select count(*)::int from course_enrollments where user_id = ${fay.id}) as enrolled`,
    );
    expect(counts).toEqual({ n: 1, enrolled: 1 });
    expect((await page()).data.path).toMatchObject({
      state: "enrolled",
      progressPercent: 0,
      completedCourses: 0,
    });

    // The first course done: half the path; both done: completed.
    await submitQuiz(t.db, { userId: fay.id, courseId, quizId, answers: { q1: ["o2"], q2: ["o1", "o2"] } });
    for (const id of lessons)
      await outcome(() =>
        lessonRoute.action(
          argsOf(postAs(`/learning-hub/courses/${COURSE.slug}/lessons/${id}`, fay, { intent: "complete" }), {
            slug: COURSE.slug,
            lessonId: id,
          }),
        ),
      );
    const half = await page();
    expect(half.data.path).toMatchObject({ state: "enrolled", progressPercent: 50, completedCourses: 1 });
    expect(half.data.currentCourseSlug).toBe(OTHER.slug);
    await enroll(fay, OTHER.slug);
    const otherLesson = (
      await queryRows<{ id: string }>(t.db, sql`select id from course_lessons where course_id = ${otherId}`)
    )[0]?.id as string;
    await outcome(() =>
      lessonRoute.action(
        argsOf(
          postAs(`/learning-hub/courses/${OTHER.slug}/lessons/${otherLesson}`, fay, { intent: "complete" }),
          {
            slug: OTHER.slug,
            lessonId: otherLesson,
          },
        ),
      ),
    );
    await submitQuiz(t.db, {
      userId: fay.id,
      courseId: otherId,
      quizId: otherQuizId,
      answers: { q1: ["o1"] },
    });
    expect((await list()).find((p) => p.slug === "test-path")).toMatchObject({
      state: "completed",
      progressPercent: 100,
    });

    const missing = await outcome(() =>
      pathRoute.loader(argsOf(getAs("/learning-hub/paths/no-such-path", fay), { slug: "no-such-path" })),
    );
    expect(missing.status).toBe(404);
    const hostile = await outcome(() =>
      pathRoute.action(
        argsOf(postAs("/learning-hub/paths/test-path", fay, { intent: "drop table" }), { slug: "test-path" }),
      ),
    );
    expect(hostile.status).toBe(400);
  });
});
