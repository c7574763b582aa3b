/**
 * Course versions (issue 30, part 2; decision 084): "New version" copies a published course into a
 * draft revision (one at a time, the expected version checked); editing it changes nothing learners
 * see; publishing it replaces the course's content with lesson and quiz identity carried across, so
 * people mid-course keep their completions and attempts, a removed lesson leaves the course, progress
 * is worked out again (completing, with a certificate, those who have now done everything), and
 * completed enrolments and certificates stay as they are.
 */
import { queryRows } from "@db/client";
import { AUTHORING_MESSAGES } from "@domain/learning/authoring";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CourseDefinition,
  completeLesson,
  enrollInCourse,
  publishCourse,
  submitQuiz,
} from "~/commands/learning.server";
import { courseView } from "~/queries/learning.server";
import * as lessonRoute from "~/routes/_app.learning-hub.courses.$slug_.lessons.$lessonId";
import * as manageRoute from "~/routes/_app.learning-hub.manage._index";
import * as editRoute from "~/routes/_app.learning-hub.manage.$courseId";
import { argsOf, getAs, outcome, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const SLUG = "reserve-studies-versioned";
const COURSE: CourseDefinition = {
  slug: SLUG,
  title: "Reserve Studies",
  shortDescription: "Plan for the roof.",
  description: "Components, lives and funding.",
  difficulty: "beginner",
  providesCertification: true,
  modules: [
    {
      title: "Components",
      lessons: [
        { title: "Lesson A", minutes: 5, body: "A" },
        { title: "Lesson B", minutes: 5, body: "B" },
      ],
      quiz: {
        title: "Components check",
        passPercent: 100,
        questions: [{ prompt: "Roof life?", options: ["20 years", "2 years"], correct: [0] }],
      },
    },
    { title: "Funding", lessons: [{ title: "Lesson C", minutes: 5, body: "C" }] },
  ],
};

const post = (path: string, who: Person, body: [string, string][]) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
  });

describe.each(engines)("learning hub course versions on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let manager: Person;
  let ann: Person; // did A and B
  let bea: Person; // did A, B and passed the quiz; not C
  let cy: Person; // completed version 1 (certificate)
  let courseId: string;
  let lessonA: string;
  let lessonB: string;
  let lessonC: string;
  let quizId: string;

  const edit = (who: Person, id: string, body: [string, string][]) =>
    outcome(() => editRoute.action(argsOf(post(`/learning-hub/manage/${id}`, who, body), { courseId: id })));
  const editPage = (id: string) =>
    outcome(() => editRoute.loader(argsOf(getAs(`/learning-hub/manage/${id}`, admin), { courseId: id })));
  const enrolment = async (who: Person) => {
    const [row] = await queryRows<{ status: string; progress_percent: number }>(
      t.db,
      sql`select status, progress_percent from course_enrollments where user_id = ${who.id} and course_id = ${courseId}`,
    );
    return row ? { status: row.status, percent: Number(row.progress_percent) } : null;
  };
  const certificates = (who: Person) =>
    queryRows<{ id: string; number: string }>(
      t.db,
      sql`select id, number from certificates where user_id = ${who.id} and course_id = ${courseId}`,
    );
  const titlesSeenBy = async (who: Person) =>
    (await courseView(t.db, who.id, SLUG))?.modules.flatMap((m) => m.items.map((i) => i.title)) ?? [];
  const newVersion = async (expectedVersion: number) => {
    const r = await edit(admin, courseId, [
      ["intent", "newVersion"],
      ["expectedVersion", String(expectedVersion)],
    ]);
    return {
      status: r.status,
      id: (r.response?.headers.get("Location") ?? "").split("/").pop() as string,
      r,
    };
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin", { label: "versions-admin" });
    manager = await personWithRole(t.db, "manager", { label: "versions-manager" });
    ann = await personWithRole(t.db, "manager", { label: "versions-ann" });
    bea = await personWithRole(t.db, "manager", { label: "versions-bea" });
    cy = await personWithRole(t.db, "manager", { label: "versions-cy" });
    courseId = (await publishCourse(t.db, COURSE)).id;
    const lessons = await queryRows<{ id: string; title: string }>(
      t.db,
      sql`select id, title from course_lessons where course_id = ${courseId}`,
    );
    const byTitle = new Map(lessons.map((l) => [l.title, l.id]));
    lessonA = byTitle.get("Lesson A") as string;
    lessonB = byTitle.get("Lesson B") as string;
    lessonC = byTitle.get("Lesson C") as string;
    const [quiz] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from course_quizzes where course_id = ${courseId}`,
    );
    quizId = quiz?.id as string;
    for (const who of [ann, bea, cy]) {
      expect((await enrollInCourse(t.db, { userId: who.id, courseId })).ok).toBe(true);
      for (const lessonId of [lessonA, lessonB])
        expect((await completeLesson(t.db, { userId: who.id, courseId, lessonId })).ok).toBe(true);
    }
    for (const who of [bea, cy])
      expect((await submitQuiz(t.db, { userId: who.id, courseId, quizId, answers: { q1: ["o1"] } })).ok).toBe(
        true,
      );
    expect((await completeLesson(t.db, { userId: cy.id, courseId, lessonId: lessonC })).ok).toBe(true);
  });

  it("starts a new version for admins only, from the version shown, one at a time", async () => {
    expect(await enrolment(ann)).toEqual({ status: "active", percent: 50 });
    expect(await enrolment(bea)).toEqual({ status: "active", percent: 75 });
    expect(await enrolment(cy)).toEqual({ status: "completed", percent: 100 });
    expect(await certificates(cy)).toHaveLength(1);

    const other = await outcome(() =>
      editRoute.action(
        argsOf(
          post(`/learning-hub/manage/${courseId}`, manager, [
            ["intent", "newVersion"],
            ["expectedVersion", "1"],
          ]),
          { courseId },
        ),
      ),
    );
    expect(other.status).toBe(403);
    expect((await newVersion(2)).status).toBe(409);
    expect((await newVersion(2)).r.data.result.error[""]).toEqual([AUTHORING_MESSAGES.versionStale]);
    const hostile = await edit(admin, courseId, [
      ["intent", "newVersion"],
      ["expectedVersion", "x".repeat(50)],
    ]);
    expect(hostile.status).toBe(400);

    const first = await newVersion(1);
    expect(first.status).toBe(302);
    expect(first.id).not.toBe(courseId);
    const again = await newVersion(1);
    expect(again.status).toBe(409);
    expect(again.r.data.result.error[""]).toEqual([AUTHORING_MESSAGES.versionExists]);

    // Discarded, the course is as it was, and a new one can start.
    const page = await editPage(first.id);
    expect(page.data.versionOf).toEqual({ id: courseId, title: "Reserve Studies", version: 1 });
    expect(page.data.course).toMatchObject({ status: "draft", version: 2, slug: SLUG });
    expect((await editPage(courseId)).data.revisionId).toBe(first.id);
    expect((await edit(admin, first.id, [["intent", "discardVersion"]])).status).toBe(302);
    expect((await editPage(first.id)).status).toBe(404);
    expect((await editPage(courseId)).data.revisionId).toBeNull();
    // A new version is not a course of its own in the list.
    const list = await outcome(() => manageRoute.loader(argsOf(getAs("/learning-hub/manage", admin))));
    expect(list.data.courses.filter((c: { title: string }) => c.title === "Reserve Studies")).toHaveLength(1);
  });

  it("edits a new version without changing what learners see, then publishes it over the course", async () => {
    const { id: draft } = await newVersion(1);
    const page = await editPage(draft);
    const [components, funding] = page.data.modules as { id: string; lessons: { id: string }[] }[];
    expect(components?.lessons).toHaveLength(2);
    // The copy has its own rows: deleting one does not touch the published course.
    expect(components?.lessons.map((l) => l.id)).not.toContain(lessonA);

    expect(
      (
        await edit(admin, draft, [
          ["intent", "details"],
          ["title", "Reserve Studies (2027)"],
          ["slug", SLUG],
          ["shortDescription", "Plan for the roof."],
          ["description", "Components, lives and funding."],
          ["difficulty", "beginner"],
          ["providesCertification", "on"],
          ["targetRoles", "manager"],
          ["targetRoles", "board_member"],
          ["certificateValidMonths", "24"],
        ])
      ).status,
    ).toBe(302);
    const badDetails = await edit(admin, draft, [
      ["intent", "details"],
      ["title", "Reserve Studies (2027)"],
      ["shortDescription", "Plan for the roof."],
      ["description", "Components, lives and funding."],
      ["difficulty", "beginner"],
      ["targetRoles", "admin"],
      ["certificateValidMonths", "0"],
    ]);
    expect(badDetails.status).toBe(400);
    expect(badDetails.data.result.error).toMatchObject({
      "targetRoles[0]": [AUTHORING_MESSAGES.rolesInvalid],
      certificateValidMonths: [AUTHORING_MESSAGES.validMonthsInvalid],
    });
    expect((await editPage(draft)).data.course).toMatchObject({
      targetRoles: ["manager", "board_member"],
      certificateValidMonths: 24,
    });
    expect((await editPage(courseId)).data.course).toMatchObject({
      targetRoles: [],
      certificateValidMonths: null,
    });
    expect(
      (
        await edit(admin, draft, [
          ["intent", "deleteModule"],
          ["moduleId", funding?.id as string],
        ])
      ).status,
    ).toBe(302);

    // Learners still see version 1, C included; the course's address and title have not changed.
    expect(await titlesSeenBy(ann)).toEqual(["Lesson A", "Lesson B", "Components check", "Lesson C"]);
    expect((await courseView(t.db, ann.id, SLUG))?.course.title).toBe("Reserve Studies");
    expect(await courseView(t.db, ann.id, `${SLUG}~v2`)).toBeNull();
    expect(await enrolment(ann)).toEqual({ status: "active", percent: 50 });

    // The publish form carries the course's version: a stale one is refused; a plain publish too.
    const stale = await edit(admin, draft, [
      ["intent", "publishVersion"],
      ["expectedVersion", "2"],
    ]);
    expect(stale.status).toBe(409);
    expect((await edit(admin, draft, [["intent", "publish"]])).status).toBe(409);
    const published = await edit(admin, draft, [
      ["intent", "publishVersion"],
      ["expectedVersion", "1"],
    ]);
    expect(published.status).toBe(302);
    expect(published.response?.headers.get("Location")).toBe(`/learning-hub/manage/${courseId}`);
    expect((await editPage(draft)).status).toBe(404);
    const live = await editPage(courseId);
    expect(live.data.course).toMatchObject({
      title: "Reserve Studies (2027)",
      version: 2,
      status: "published",
    });

    // Same lesson and quiz ids, C gone from the course.
    expect(await titlesSeenBy(ann)).toEqual(["Lesson A", "Lesson B", "Components check"]);
    const view = await courseView(t.db, ann.id, SLUG);
    expect(view?.modules[0]?.items.map((i) => i.id)).toEqual([lessonA, lessonB, quizId]);
    expect(view?.modules[0]?.items.map((i) => i.done)).toEqual([true, true, false]);
    const removed = await outcome(() =>
      lessonRoute.loader(
        argsOf(getAs(`/learning-hub/courses/${SLUG}/lessons/${lessonC}`, cy), {
          slug: SLUG,
          lessonId: lessonC,
        }),
      ),
    );
    expect(removed.status).toBeGreaterThanOrEqual(300);
    expect(removed.status).toBeLessThan(500);
    expect((await completeLesson(t.db, { userId: ann.id, courseId, lessonId: lessonC })).ok).toBe(false);

    // Progress worked out again: Ann 2 of 3; Bea had done all that is left, so completes with a
    // certificate; Cy stays completed with the same certificate, her completion of C kept.
    expect(await enrolment(ann)).toEqual({ status: "active", percent: 66 });
    expect(await enrolment(bea)).toEqual({ status: "completed", percent: 100 });
    expect(await certificates(bea)).toHaveLength(1);
    // The version's target roles and certificate validity are the course's now: Bea's certificate,
    // issued on publishing, expires in 24 months; Cy's, issued before, keeps no expiry.
    expect(live.data.course).toMatchObject({
      targetRoles: ["manager", "board_member"],
      certificateValidMonths: 24,
    });
    const expiries = await queryRows<{ user_id: string; expires_at: string | null }>(
      t.db,
      sql`select user_id, expires_at from certificates where course_id = ${courseId}`,
    );
    expect(expiries.find((e) => e.user_id === bea.id)?.expires_at).not.toBeNull();
    expect(expiries.find((e) => e.user_id === cy.id)?.expires_at).toBeNull();
    expect(await enrolment(cy)).toEqual({ status: "completed", percent: 100 });
    const [cyCert] = await certificates(cy);
    expect(cyCert).toBeDefined();
    const kept = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from lesson_completions where user_id = ${cy.id} and lesson_id = ${lessonC}`,
    );
    expect(Number(kept[0]?.n)).toBe(1);
    const [counts] = await queryRows<{ completion_count: number; enrollment_count: number }>(
      t.db,
      sql`select completion_count, enrollment_count from courses where id = ${courseId}`,
    );
    expect(counts).toMatchObject({ completion_count: 2, enrollment_count: 3 });
  });

  it("adds a lesson in a third version: those in progress see it, quiz attempts still count", async () => {
    const { id: draft, status } = await newVersion(2);
    expect(status).toBe(302);
    const [components] = (await editPage(draft)).data.modules as { id: string }[];
    expect(
      (
        await edit(admin, draft, [
          ["intent", "lesson"],
          ["moduleId", components?.id as string],
          ["title", "Lesson D"],
          ["minutes", "4"],
          ["body", "D"],
        ])
      ).status,
    ).toBe(302);
    expect(
      (
        await edit(admin, draft, [
          ["intent", "publishVersion"],
          ["expectedVersion", "2"],
        ])
      ).status,
    ).toBe(302);
    expect(await titlesSeenBy(ann)).toEqual(["Lesson A", "Lesson B", "Lesson D", "Components check"]);
    expect(await enrolment(ann)).toEqual({ status: "active", percent: 50 });
    // Completed enrolments stay completed.
    expect(await enrolment(bea)).toEqual({ status: "completed", percent: 100 });

    const [d] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from course_lessons where course_id = ${courseId} and title = 'Lesson D' and retired_at is null`,
    );
    expect((await completeLesson(t.db, { userId: ann.id, courseId, lessonId: d?.id as string })).ok).toBe(
      true,
    );
    const passed = await submitQuiz(t.db, { userId: ann.id, courseId, quizId, answers: { q1: ["o1"] } });
    expect(passed.ok && passed.completedNow).toBe(true);
    expect(await enrolment(ann)).toEqual({ status: "completed", percent: 100 });
    expect(await certificates(ann)).toHaveLength(1);
    const [course] = await queryRows<{ estimated_minutes: number; version: number }>(
      t.db,
      sql`select estimated_minutes, version from courses where id = ${courseId}`,
    );
    // A, B and D (14 minutes) and one question (2): C's minutes no longer count.
    expect(course).toMatchObject({ estimated_minutes: 16, version: 3 });
  });

  it("edits lessons, questions and module names in place and reorders, in a version", async () => {
    // A published course's content is not edited in place.
    const onLive = await edit(admin, courseId, [
      ["intent", "editLesson"],
      ["lessonId", lessonA],
      ["title", "Changed"],
      ["minutes", "5"],
      ["body", "x"],
    ]);
    expect(onLive.status).toBe(409);

    const { id: draft } = await newVersion(3);
    type Lesson = { id: string; title: string };
    const before = (await editPage(draft)).data.modules[0] as {
      id: string;
      lessons: Lesson[];
      quiz: { id: string; questions: { id: string }[] };
    };
    const [a, , d] = before.lessons as [Lesson, Lesson, Lesson];
    const bad = await edit(admin, draft, [
      ["intent", "editLesson"],
      ["lessonId", a.id],
      ["title", ""],
      ["minutes", "0"],
      ["body", "x"],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.data.target).toBe(a.id);
    expect(bad.data.result.error).toMatchObject({
      title: [AUTHORING_MESSAGES.titleRequired],
      minutes: [AUTHORING_MESSAGES.minutesInvalid],
    });
    expect(
      (
        await edit(admin, draft, [
          ["intent", "editLesson"],
          ["lessonId", a.id],
          ["title", "Lesson A, revised"],
          ["minutes", "6"],
          ["body", "## Revised"],
          ["videoUrl", "https://video.example/a"],
        ])
      ).status,
    ).toBe(302);
    // A lesson of the published course (not of this draft) is not found here.
    const foreign = await edit(admin, draft, [
      ["intent", "editLesson"],
      ["lessonId", lessonB],
      ["title", "X"],
      ["minutes", "5"],
      ["body", "x"],
    ]);
    expect(foreign.status).toBe(404);
    expect(
      (
        await edit(admin, draft, [
          ["intent", "moveLesson"],
          ["id", d.id],
          ["direction", "up"],
        ])
      ).status,
    ).toBe(302);
    // At the top, Move up changes nothing; a made-up direction is a 400.
    expect(
      (
        await edit(admin, draft, [
          ["intent", "moveLesson"],
          ["id", a.id],
          ["direction", "up"],
        ])
      ).status,
    ).toBe(302);
    expect(
      (
        await edit(admin, draft, [
          ["intent", "moveLesson"],
          ["id", a.id],
          ["direction", "sideways"],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await edit(admin, draft, [
          ["intent", "renameModule"],
          ["moduleId", before.id],
          ["title", "Parts"],
        ])
      ).status,
    ).toBe(302);
    const question = (q: string, extra: [string, string][]) =>
      edit(admin, draft, [
        ["intent", "editQuestion"],
        ["quizId", before.quiz.id],
        ["questionId", q],
        ["prompt", "A roof lasts about?"],
        ["options[0]", "2 years"],
        ["options[1]", "20 years"],
        ...extra,
      ]);
    expect((await question("q1", [])).data.result.error.correct).toEqual([
      AUTHORING_MESSAGES.correctRequired,
    ]);
    expect((await question("q9", [["correct", "1"]])).status).toBe(404);
    expect((await question("q1", [["correct", "1"]])).status).toBe(302);
    // A second module, moved above the first, then back down.
    expect(
      (
        await edit(admin, draft, [
          ["intent", "module"],
          ["title", "Extra"],
        ])
      ).status,
    ).toBe(302);
    let modules = (await editPage(draft)).data.modules as { id: string; title: string }[];
    const extra = modules[1]?.id as string;
    await edit(admin, draft, [
      ["intent", "moveModule"],
      ["id", extra],
      ["direction", "up"],
    ]);
    modules = (await editPage(draft)).data.modules;
    expect(modules.map((m) => m.title)).toEqual(["Extra", "Parts"]);
    await edit(admin, draft, [
      ["intent", "deleteModule"],
      ["moduleId", extra],
    ]);
    const after = (await editPage(draft)).data.modules[0];
    expect(after.lessons.map((l: Lesson) => l.title)).toEqual(["Lesson A, revised", "Lesson D", "Lesson B"]);
    expect(after.quiz.questions[0]).toMatchObject({ id: "q1", correct: ["o2"] });

    // Learners see none of it until it is published; then the same lessons, renamed and reordered.
    expect(await titlesSeenBy(ann)).toEqual(["Lesson A", "Lesson B", "Lesson D", "Components check"]);
    expect(
      (
        await edit(admin, draft, [
          ["intent", "publishVersion"],
          ["expectedVersion", "3"],
        ])
      ).status,
    ).toBe(302);
    const view = await courseView(t.db, ann.id, SLUG);
    expect(view?.modules.map((m) => m.title)).toEqual(["Parts"]);
    expect(view?.modules[0]?.items.map((i) => i.title)).toEqual([
      "Lesson A, revised",
      "Lesson D",
      "Lesson B",
      "Components check",
    ]);
    expect(view?.modules[0]?.items[0]?.id).toBe(lessonA);
    expect(view?.modules[0]?.items.every((i) => i.done)).toBe(true);
    expect(await enrolment(ann)).toEqual({ status: "completed", percent: 100 });
  });

  it("refuses a new version of a draft or an archived course", async () => {
    expect((await edit(admin, courseId, [["intent", "archive"]])).status).toBe(302);
    const r = await newVersion(4);
    expect(r.status).toBe(409);
    expect(r.r.data.result.error[""]).toEqual([AUTHORING_MESSAGES.versionNeedsPublished]);
  });
});
