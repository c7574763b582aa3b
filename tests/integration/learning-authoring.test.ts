/**
 * Course authoring (issue 30, part 2; decision 083): admins only; a draft is created, edited, given a
 * module, a lesson and a quiz question, published (then in the catalogue, enrolled in and completed),
 * and archived (out of the catalogue, still open to the enrolled). Invalid forms are refused with their
 * messages and values; hostile Markdown is rendered safely; a published course's content is not edited.
 */
import { queryRows } from "@db/client";
import { AUTHORING_MESSAGES } from "@domain/learning/authoring";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as catalogueRoute from "~/routes/_app.learning-hub.courses._index";
import * as courseRoute from "~/routes/_app.learning-hub.courses.$slug";
import * as lessonRoute from "~/routes/_app.learning-hub.courses.$slug_.lessons.$lessonId";
import * as quizRoute from "~/routes/_app.learning-hub.courses.$slug_.quizzes.$quizId";
import * as manageRoute from "~/routes/_app.learning-hub.manage._index";
import * as editRoute from "~/routes/_app.learning-hub.manage.$courseId";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const post = (path: string, who: Person, body: [string, string][]) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
  });

const DETAILS = {
  title: "Running an Annual Meeting",
  shortDescription: "Notice, quorum and the vote.",
  description: "From the notice to the minutes.",
  difficulty: "beginner",
  price: "",
};

describe.each(engines)("learning hub authoring on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let manager: Person;
  let courseId: string;

  const edit = (who: Person, body: [string, string][], id = courseId) =>
    outcome(() => editRoute.action(argsOf(post(`/learning-hub/manage/${id}`, who, body), { courseId: id })));
  const editPage = (who: Person, id = courseId) =>
    outcome(() => editRoute.loader(argsOf(getAs(`/learning-hub/manage/${id}`, who), { courseId: id })));
  const catalogueSlugs = async (who: Person) =>
    (
      await outcome(() => catalogueRoute.loader(argsOf(getAs("/learning-hub/courses", who))))
    ).data.courses.map((c: { slug: string }) => c.slug) as string[];

  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin", { label: "author-admin" });
    manager = await personWithRole(t.db, "manager", { label: "author-manager" });
  });

  it("is for admins only", async () => {
    const list = await outcome(() => manageRoute.loader(argsOf(getAs("/learning-hub/manage", manager))));
    expect(list.status).toBe(403);
    const create = await outcome(() =>
      manageRoute.action(argsOf(postAs("/learning-hub/manage", manager, DETAILS))),
    );
    expect(create.status).toBe(403);
    expect((await queryRows(t.db, sql`select id from courses where title = ${DETAILS.title}`)).length).toBe(
      0,
    );
  });

  it("refuses an invalid course with its messages and keeps the values", async () => {
    const r = await outcome(() =>
      manageRoute.action(
        argsOf(
          postAs("/learning-hub/manage", admin, { ...DETAILS, title: "", price: "-3", slug: "Bad Slug" }),
        ),
      ),
    );
    expect(r.status).toBe(400);
    expect(r.data.result.error.title).toEqual([AUTHORING_MESSAGES.titleRequired]);
    expect(r.data.result.error.price).toEqual([AUTHORING_MESSAGES.priceInvalid]);
    expect(r.data.result.error.slug).toEqual([AUTHORING_MESSAGES.slugInvalid]);
    expect(r.data.result.initialValue.shortDescription).toBe(DETAILS.shortDescription);
  });

  it("creates a draft with a slug from its title, unseen in the catalogue", async () => {
    const r = await outcome(() =>
      manageRoute.action(
        argsOf(postAs("/learning-hub/manage", admin, { ...DETAILS, price: "19.50", isFeatured: "on" })),
      ),
    );
    expect(r.status).toBe(302);
    courseId = (r.response.headers.get("Location") ?? "").split("/").pop() as string;
    const page = await editPage(admin);
    expect(page.data.course).toMatchObject({
      slug: "running-an-annual-meeting",
      status: "draft",
      priceCents: 1950,
      isFeatured: true,
    });
    expect(await catalogueSlugs(manager)).not.toContain("running-an-annual-meeting");
    // The same slug again is refused on its field.
    const again = await outcome(() =>
      manageRoute.action(argsOf(postAs("/learning-hub/manage", admin, DETAILS))),
    );
    expect(again.status).toBe(422);
    expect(again.data.result.error.slug).toEqual([AUTHORING_MESSAGES.slugTaken]);
    expect((await editPage(manager)).status).toBe(403);
  });

  it("edits, adds a module, a lesson and a question, refuses bad ones, then publishes", async () => {
    expect((await edit(admin, [["intent", "publish"]])).status).toBe(422);
    expect(
      (await edit(admin, [["intent", "details"], ...Object.entries({ ...DETAILS, price: "0" })])).status,
    ).toBe(302);
    expect(
      (
        await edit(admin, [
          ["intent", "module"],
          ["title", "Before the meeting"],
        ])
      ).status,
    ).toBe(302);
    const moduleId = (await editPage(admin)).data.modules[0].id as string;

    const badLesson = await edit(admin, [
      ["intent", "lesson"],
      ["moduleId", moduleId],
      ["title", "Notice"],
      ["minutes", "0"],
      ["body", ""],
      ["videoUrl", "javascript:alert(1)"],
    ]);
    expect(badLesson.status).toBe(400);
    expect(badLesson.data.result.error).toMatchObject({
      minutes: [AUTHORING_MESSAGES.minutesInvalid],
      body: [AUTHORING_MESSAGES.bodyRequired],
      videoUrl: expect.arrayContaining([AUTHORING_MESSAGES.videoInvalid]),
    });
    expect(badLesson.data.result.initialValue.title).toBe("Notice");

    const lesson = await edit(admin, [
      ["intent", "lesson"],
      ["moduleId", moduleId],
      ["title", "Notice"],
      ["minutes", "7"],
      ["body", "## Notice\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) **on time**"],
      ["videoUrl", "https://video.example/notice"],
    ]);
    expect(lesson.status).toBe(302);
    const html = (await editPage(admin)).data.modules[0].lessons[0].html as string;
    expect(html).toContain("<h2>Notice</h2>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("<strong>on time</strong>");

    const badQuestion = await edit(admin, [
      ["intent", "question"],
      ["moduleId", moduleId],
      ["quizTitle", "Notice check"],
      ["passPercent", "101"],
      ["prompt", "How early?"],
      ["options[0]", "Ten days"],
      ["options[1]", ""],
    ]);
    expect(badQuestion.status).toBe(400);
    expect(badQuestion.data.result.error.passPercent).toEqual([AUTHORING_MESSAGES.passInvalid]);
    expect(badQuestion.data.result.error.options).toEqual([AUTHORING_MESSAGES.optionsCount]);
    const noCorrect = await edit(admin, [
      ["intent", "question"],
      ["moduleId", moduleId],
      ["quizTitle", "Notice check"],
      ["passPercent", "100"],
      ["prompt", "How early?"],
      ["options[0]", "Ten days"],
      ["options[2]", "The day before"],
      ["correct", "1"],
    ]);
    expect(noCorrect.data.result.error.correct).toEqual([AUTHORING_MESSAGES.correctRequired]);

    const question = await edit(admin, [
      ["intent", "question"],
      ["moduleId", moduleId],
      ["quizTitle", "Notice check"],
      ["passPercent", "100"],
      ["retryCooldownMinutes", "5"],
      ["prompt", "How early?"],
      ["options[0]", "The day before"],
      ["options[2]", "As the bylaws say"],
      ["correct", "2"],
      ["explanation", "The bylaws and the statute set it."],
    ]);
    expect(question.status).toBe(302);
    const quiz = (await editPage(admin)).data.modules[0].quiz;
    expect(quiz.questions[0]).toMatchObject({
      options: [
        { id: "o1", text: "The day before" },
        { id: "o2", text: "As the bylaws say" },
      ],
      correct: ["o2"],
    });

    // A second module and a second question, deleted again: the first stay, in place.
    expect(
      (
        await edit(admin, [
          ["intent", "module"],
          ["title", "Scratch"],
        ])
      ).status,
    ).toBe(302);
    const scratch = (await editPage(admin)).data.modules[1].id as string;
    expect(
      (
        await edit(admin, [
          ["intent", "question"],
          ["moduleId", moduleId],
          ["quizTitle", "Notice check"],
          ["passPercent", "100"],
          ["prompt", "Scratch question?"],
          ["options[0]", "Yes"],
          ["options[1]", "No"],
          ["correct", "0"],
        ])
      ).status,
    ).toBe(302);
    const twoQuestions = (await editPage(admin)).data.modules[0].quiz;
    expect(
      (
        await edit(admin, [
          ["intent", "deleteQuestion"],
          ["quizId", twoQuestions.id],
          ["questionId", "q9"],
        ])
      ).status,
    ).toBe(404);
    expect(twoQuestions.questions.map((q: { id: string }) => q.id)).toEqual(["q1", "q2"]);
    expect(
      (
        await edit(admin, [
          ["intent", "deleteQuestion"],
          ["quizId", twoQuestions.id],
          ["questionId", "q2"],
        ])
      ).status,
    ).toBe(302);
    expect(
      (
        await edit(admin, [
          ["intent", "deleteModule"],
          ["moduleId", scratch],
        ])
      ).status,
    ).toBe(302);
    expect(
      (
        await edit(admin, [
          ["intent", "deleteModule"],
          ["moduleId", scratch],
        ])
      ).status,
    ).toBe(404);
    const after = (await editPage(admin)).data.modules;
    expect(after.map((m: { title: string }) => m.title)).toEqual(["Before the meeting"]);
    expect(after[0].quiz.questions.map((q: { prompt: string }) => q.prompt)).toEqual(["How early?"]);

    // Hostile forms: too many option slots, a non-number correct index, an unknown intent: 400, never 500.
    for (const body of [
      [
        ["intent", "question"],
        ["moduleId", moduleId],
        ["options[99]", "x"],
      ],
      [
        ["intent", "question"],
        ["moduleId", moduleId],
        ["correct", "abc"],
        ["options", "x"],
      ],
      [["intent", "nonsense"]],
      [
        ["intent", "lesson"],
        ["moduleId", "not-a-uuid"],
        ["minutes", "1e9"],
      ],
    ] as [string, string][][])
      expect((await edit(admin, body)).status).toBe(400);

    // A module of another course is refused.
    const foreign = await edit(admin, [
      ["intent", "lesson"],
      ["moduleId", "00000000-0000-4000-8000-000000000000"],
      ["title", "X"],
      ["minutes", "1"],
      ["body", "x"],
    ]);
    expect(foreign.status).toBe(422);

    expect((await edit(admin, [["intent", "publish"]])).status).toBe(302);
    expect((await editPage(admin)).data.course.status).toBe("published");
    // A published course's content is not edited.
    expect(
      (
        await edit(admin, [
          ["intent", "module"],
          ["title", "Late"],
        ])
      ).status,
    ).toBe(409);
  });

  it("is in the catalogue once published, and can be enrolled in and completed", async () => {
    const slug = "running-an-annual-meeting";
    expect(await catalogueSlugs(manager)).toContain(slug);
    const enrol = await outcome(() =>
      courseRoute.action(
        argsOf(postAs(`/learning-hub/courses/${slug}`, manager, { intent: "enroll" }), { slug }),
      ),
    );
    expect(enrol.status).toBe(302);
    const [lesson] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from course_lessons where course_id = ${courseId}`,
    );
    const [quiz] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from course_quizzes where course_id = ${courseId}`,
    );
    const lessonId = lesson?.id as string;
    const quizId = quiz?.id as string;
    expect(
      (
        await outcome(() =>
          lessonRoute.action(
            argsOf(
              postAs(`/learning-hub/courses/${slug}/lessons/${lessonId}`, manager, { intent: "complete" }),
              {
                slug,
                lessonId,
              },
            ),
          ),
        )
      ).status,
    ).toBe(302);
    const submitted = await outcome(() =>
      quizRoute.action(
        argsOf(
          postAs(`/learning-hub/courses/${slug}/quizzes/${quizId}`, manager, { intent: "submit", q1: "o2" }),
          {
            slug,
            quizId,
          },
        ),
      ),
    );
    expect(submitted.status).toBeLessThan(500);
    const [enrolment] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from course_enrollments where course_id = ${courseId} and user_id = ${manager.id}`,
    );
    expect(enrolment?.status).toBe("completed");
  });

  it("archives: out of the catalogue and closed to new enrolments, still open to the enrolled", async () => {
    const slug = "running-an-annual-meeting";
    expect((await edit(admin, [["intent", "archive"]])).status).toBe(302);
    expect((await edit(admin, [["intent", "archive"]])).status).toBe(409);
    expect(await catalogueSlugs(manager)).not.toContain(slug);
    const enrolled = await outcome(() =>
      courseRoute.loader(argsOf(getAs(`/learning-hub/courses/${slug}`, manager), { slug })),
    );
    expect(enrolled.status).toBe(200);
    const stranger = await personWithRole(t.db, "board_member", { label: "author-stranger" });
    const closed = await outcome(() =>
      courseRoute.loader(argsOf(getAs(`/learning-hub/courses/${slug}`, stranger), { slug })),
    );
    expect(closed.status).toBe(404);
  });
});
