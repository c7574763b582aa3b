import { parseWithZod } from "@conform-to/zod";
import {
  COURSE_TARGET_ROLES,
  dollarsToCents,
  AUTHORING_LIMITS as L,
  AUTHORING_MESSAGES as M,
  SLUG_PATTERN,
  slugify,
} from "@domain/learning/authoring";
import {
  CE_MESSAGES,
  CE_SUBJECTS,
  LICENCE_TYPE_CODES,
  subjectAllowed,
  subjectNotForType,
  tenthsFromHoursText,
} from "@domain/learning/continuing-education";
import { DIFFICULTIES } from "@domain/learning/courses";
import { INSTRUCTOR_MESSAGES, mayAuthor } from "@domain/learning/instructors";
import { json } from "@remix-run/node";
import { z } from "zod";
import { forbidden, pageNotFound } from "~/auth/guards.server";
import { requireAuthoring } from "~/auth/learning.server";
import {
  addLesson,
  addModule,
  addQuizQuestion,
  archiveCourse,
  deleteLesson,
  deleteModule,
  deleteQuizQuestion,
  discardVersion,
  moveItem,
  publishDraft,
  publishVersion,
  removeCeCredit,
  renameModule,
  setCeCredit,
  startNewVersion,
  updateDraftCourse,
  updateLesson,
  updateQuizQuestion,
} from "~/commands/learning-authoring.server";
import { addCourseInstructor, removeCourseInstructor } from "~/commands/learning-instructors.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorReply, domainErrorStatus, intentOf, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { authoringView } from "~/queries/learning-authoring.server";
import { courseInstructorRows, listInstructors } from "~/queries/learning-instructors.server";

/**
 * /learning-hub/manage/{courseId} (issue 30, part 2; decision 083): an admin edits a draft course's
 * details, adds modules, lessons (a server-rendered preview of each) and quiz questions, publishes it,
 * or archives a published one. Plain forms, told apart by `intent`, that post and redirect.
 */

const text = (required: string, max: number) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, M.tooLong(max));

/** The course's details (the New Course form too): the slug is made from the title when left empty. */
export const DetailsFields = z
  .object({
    title: text(M.titleRequired, L.titleMax),
    slug: z.string().trim().max(100, M.slugInvalid).regex(SLUG_PATTERN, M.slugInvalid).optional(),
    shortDescription: text(M.shortDescriptionRequired, L.shortDescriptionMax),
    description: text(M.descriptionRequired, L.descriptionMax),
    difficulty: z.enum(DIFFICULTIES, { errorMap: () => ({ message: "Choose a difficulty." }) }),
    price: z
      .string()
      .max(20, M.priceInvalid)
      .optional()
      .refine((v) => dollarsToCents(v ?? "") !== null, M.priceInvalid),
    isFeatured: z.boolean().default(false),
    providesCertification: z.boolean().default(false),
    targetRoles: z
      .array(z.enum(COURSE_TARGET_ROLES, { errorMap: () => ({ message: M.rolesInvalid }) }))
      .max(COURSE_TARGET_ROLES.length, M.rolesInvalid)
      .default([]),
    certificateValidMonths: z.coerce
      .number({ invalid_type_error: M.validMonthsInvalid })
      .int(M.validMonthsInvalid)
      .min(1, M.validMonthsInvalid)
      .max(L.certificateMonthsMax, M.validMonthsInvalid)
      .optional(),
  })
  .superRefine((v, ctx) => {
    // A title of symbols alone makes no address: one must be typed.
    if (!SLUG_PATTERN.test(v.slug || slugify(v.title)))
      ctx.addIssue({ code: "custom", path: ["slug"], message: M.slugInvalid });
  })
  .transform((v) => ({
    title: v.title,
    slug: v.slug || slugify(v.title),
    shortDescription: v.shortDescription,
    description: v.description,
    difficulty: v.difficulty,
    priceCents: dollarsToCents(v.price ?? "") ?? 0,
    isFeatured: v.isFeatured,
    providesCertification: v.providesCertification,
    targetRoles: [...new Set(v.targetRoles)],
    certificateValidMonths: v.certificateValidMonths ?? null,
  }));

const Id = z.string().uuid(M.moduleUnknown);

const OPTION_SLOTS = L.optionsMax;

/** A question's prompt, six option slots with `correct` ticks, and explanation (adding or editing one). */
const questionShape = {
  prompt: text(M.promptRequired, L.promptMax),
  options: z
    .array(z.string().trim().max(L.optionMax, M.tooLong(L.optionMax)).optional())
    .max(OPTION_SLOTS, M.optionsCount)
    .default([]),
  correct: z
    .array(
      z.coerce
        .number()
        .int()
        .min(0)
        .max(OPTION_SLOTS - 1),
    )
    .max(OPTION_SLOTS)
    .default([]),
  explanation: z.string().trim().max(L.explanationMax, M.tooLong(L.explanationMax)).optional(),
};

type QuestionInput = { options: (string | undefined)[]; correct: number[]; explanation?: string };

/** At least two filled options and a correct one among them. */
function checkOptions(v: QuestionInput, ctx: z.RefinementCtx) {
  const filled = v.options.flatMap((o, i) => (o ? [i] : []));
  if (filled.length < L.optionsMin)
    ctx.addIssue({ code: "custom", path: ["options"], message: M.optionsCount });
  else if (!v.correct.some((c) => filled.includes(c)))
    ctx.addIssue({ code: "custom", path: ["correct"], message: M.correctRequired });
}

/** Empty slots dropped and the correct indexes remapped. */
function remapOptions<T extends QuestionInput>(v: T) {
  const filled = v.options.flatMap((o, i) => (o ? [{ text: o, at: i }] : []));
  return {
    ...v,
    options: filled.map((o) => o.text),
    correct: filled.flatMap((o, i) => (v.correct.includes(o.at) ? [i] : [])),
    explanation: v.explanation ?? "",
  };
}

const QuestionFields = z
  .object({
    moduleId: Id,
    quizTitle: text(M.titleRequired, L.titleMax),
    passPercent: z.coerce
      .number({ invalid_type_error: M.passInvalid, required_error: M.passInvalid })
      .int(M.passInvalid)
      .min(1, M.passInvalid)
      .max(100, M.passInvalid),
    retryCooldownMinutes: z.coerce
      .number({ invalid_type_error: M.cooldownInvalid })
      .int(M.cooldownInvalid)
      .min(0, M.cooldownInvalid)
      .max(L.cooldownMax, M.cooldownInvalid)
      .default(10),
    ...questionShape,
  })
  .superRefine(checkOptions)
  .transform(remapOptions);

const EditQuestionFields = z
  .object({ quizId: z.string().uuid(), questionId: z.string().max(20), ...questionShape })
  .superRefine(checkOptions)
  .transform(remapOptions);

/** A lesson's fields (adding or editing one). */
const lessonShape = {
  title: text(M.titleRequired, L.titleMax),
  minutes: z.coerce
    .number({ invalid_type_error: M.minutesInvalid, required_error: M.minutesInvalid })
    .int(M.minutesInvalid)
    .min(1, M.minutesInvalid)
    .max(L.lessonMinutesMax, M.minutesInvalid),
  body: text(M.bodyRequired, L.lessonBodyMax),
  videoUrl: z
    .string()
    .trim()
    .max(500, M.videoInvalid)
    .url(M.videoInvalid)
    .startsWith("https://", M.videoInvalid)
    .optional(),
};

const Move = z.object({ id: z.string().uuid(), direction: z.enum(["up", "down"]) });

/** A course's CE credit (decision 090): its licence type and subject, one of that type's. */
const CeCreditKey = z.object({
  licenceType: z.enum(LICENCE_TYPE_CODES, { errorMap: () => ({ message: CE_MESSAGES.licenceTypeRequired }) }),
  subject: z.enum(CE_SUBJECTS, { errorMap: () => ({ message: CE_MESSAGES.subjectRequired }) }),
});

/** Its hours as typed ("1.5"), kept in tenths. */
const CeCreditFields = CeCreditKey.extend({
  hours: z
    .string({ required_error: CE_MESSAGES.hoursInvalid })
    // One message however it is wrong (the pattern bounds its length).
    .refine((v) => tenthsFromHoursText(v) !== null, CE_MESSAGES.hoursInvalid),
})
  .superRefine((v, ctx) => {
    if (!subjectAllowed(v.licenceType, v.subject))
      ctx.addIssue({
        code: "custom",
        path: ["subject"],
        message: subjectNotForType(v.subject, v.licenceType),
      });
  })
  .transform((v) => ({
    licenceType: v.licenceType,
    subject: v.subject,
    tenths: tenthsFromHoursText(v.hours) ?? 0,
  }));

export const INTENTS = [
  "details",
  "module",
  "deleteModule",
  "lesson",
  "deleteLesson",
  "question",
  "deleteQuestion",
  "publish",
  "archive",
  "newVersion",
  "publishVersion",
  "discardVersion",
  "editLesson",
  "editQuestion",
  "renameModule",
  "moveModule",
  "moveLesson",
  "addInstructor",
  "removeInstructor",
  "ceCredit",
  "removeCeCredit",
] as const;

/** The version the page was shown (decision 084): a stale one is a 409. */
const ExpectedVersion = z.object({
  expectedVersion: z.coerce
    .number({ invalid_type_error: M.versionStale, required_error: M.versionStale })
    .int(M.versionStale)
    .min(1, M.versionStale)
    .max(1_000_000, M.versionStale),
});

/** One schema per form, chosen by its `intent` (so each form's field errors come back as they are). */
export const AUTHORING_SCHEMAS = {
  details: DetailsFields,
  module: z.object({ title: text(M.titleRequired, L.titleMax) }),
  lesson: z.object({ moduleId: Id, ...lessonShape }),
  deleteLesson: z.object({ lessonId: z.string().uuid() }),
  deleteModule: z.object({ moduleId: z.string().uuid() }),
  deleteQuestion: z.object({ quizId: z.string().uuid(), questionId: z.string().max(20) }),
  question: QuestionFields,
  publish: z.object({}),
  archive: z.object({}),
  newVersion: ExpectedVersion,
  publishVersion: ExpectedVersion,
  discardVersion: z.object({}),
  editLesson: z.object({ lessonId: z.string().uuid(), ...lessonShape }),
  editQuestion: EditQuestionFields,
  renameModule: z.object({ moduleId: z.string().uuid(), title: text(M.titleRequired, L.titleMax) }),
  moveModule: Move,
  moveLesson: Move,
  addInstructor: z.object({ userId: z.string().uuid(INSTRUCTOR_MESSAGES.chooseInstructor) }),
  removeInstructor: z.object({ userId: z.string().uuid(INSTRUCTOR_MESSAGES.chooseInstructor) }),
  ceCredit: CeCreditFields,
  removeCeCredit: CeCreditKey,
} satisfies Record<(typeof INTENTS)[number], z.ZodTypeAny>;

type Input = {
  [K in (typeof INTENTS)[number]]: { intent: K } & z.output<(typeof AUTHORING_SCHEMAS)[K]>;
}[(typeof INTENTS)[number]];

async function load(request: Request, courseId: string | undefined) {
  const parsed = z.string().uuid().safeParse(courseId);
  // An administrator, or an instructor of this course (decision 091).
  const viewer = await requireAuthoring(request, parsed.success ? parsed.data : undefined);
  const db = await getDb();
  const view = parsed.success ? await authoringView(db, parsed.data) : null;
  if (!view) pageNotFound();
  return { viewer, db, view };
}

export async function authoringLoader(request: Request, courseId: string | undefined) {
  const { viewer, db, view } = await load(request, courseId);
  const admin = viewer.authoring === "admin";
  const [instructors, appointed] = await Promise.all([
    courseInstructorRows(db, view.course.id),
    admin ? listInstructors(db) : Promise.resolve([]),
  ]);
  const on = new Set(instructors.map((i) => i.user_id));
  return json({
    ...view,
    authoring: viewer.authoring,
    instructors,
    // The appointed instructors an administrator may add to the course.
    addable: appointed.filter((i) => !on.has(i.user_id)).map((i) => ({ user_id: i.user_id, name: i.name })),
  });
}

export async function authoringAction(request: Request, courseId: string | undefined) {
  const { viewer, db, view } = await load(request, courseId);
  const id = view.course.id;
  const formData = await readForm(request);
  const intent = intentOf(Object.fromEntries(formData), INTENTS);
  // Which lesson's, question's or module's form it was (the page has one edit form of each).
  const field = (name: string) => {
    const v = formData.get(name);
    return typeof v === "string" ? v.slice(0, 40) : null;
  };
  const question = field("questionId");
  const target = question ? `${field("quizId")}/${question}` : (field("lessonId") ?? field("moduleId"));
  if (!intent) return json({ intent, target, result: null, error: "Unknown form." }, { status: 400 });
  if (!mayAuthor(viewer.authoring, intent)) forbidden(INSTRUCTOR_MESSAGES.adminsOnly);
  const submission = parseWithZod(formData, { schema: AUTHORING_SCHEMAS[intent] });
  if (submission.status !== "success")
    return json({ intent, target, result: submission.reply(), error: null }, { status: 400 });
  const input = { intent, ...submission.value } as Input;
  // Featuring a course is an administrator's choice: an instructor's save keeps what it was.
  if (input.intent === "details" && viewer.authoring !== "admin") input.isFeatured = view.course.isFeatured;
  const me = viewer.user.id;
  const run = (input: Input) => {
    switch (input.intent) {
      case "details":
        return updateDraftCourse(db, id, input);
      case "module":
        return once(request, me, submission.payload, (tx) => addModule(tx, id, input.title));
      case "lesson":
        return once(request, me, submission.payload, (tx) =>
          addLesson(tx, id, {
            moduleId: input.moduleId,
            title: input.title,
            minutes: input.minutes,
            body: input.body,
            videoUrl: input.videoUrl ?? null,
          }),
        );
      case "deleteLesson":
        return deleteLesson(db, id, input.lessonId);
      case "deleteModule":
        return deleteModule(db, id, input.moduleId);
      case "deleteQuestion":
        return deleteQuizQuestion(db, id, input.quizId, input.questionId);
      case "question":
        return once(request, me, submission.payload, (tx) => addQuizQuestion(tx, id, input));
      case "publish":
        return publishDraft(db, id);
      case "archive":
        return archiveCourse(db, id);
      case "newVersion":
        return once(request, me, submission.payload, (tx) => startNewVersion(tx, id, input.expectedVersion));
      case "publishVersion":
        return publishVersion(db, id, input.expectedVersion);
      case "discardVersion":
        return discardVersion(db, id);
      case "editLesson":
        return updateLesson(db, id, { ...input, videoUrl: input.videoUrl ?? null });
      case "editQuestion":
        return updateQuizQuestion(db, id, input);
      case "renameModule":
        return renameModule(db, id, input.moduleId, input.title);
      case "moveModule":
        return moveItem(db, id, { kind: "module", id: input.id, direction: input.direction });
      case "moveLesson":
        return moveItem(db, id, { kind: "lesson", id: input.id, direction: input.direction });
      case "addInstructor":
        return db.transaction((tx) => addCourseInstructor(tx, id, input.userId));
      case "removeInstructor":
        return removeCourseInstructor(db, id, input.userId);
      case "ceCredit":
        return setCeCredit(db, id, input);
      case "removeCeCredit":
        return removeCeCredit(db, id, input);
      default: {
        const never: never = input;
        return never;
      }
    }
  };
  const outcome = await run(input);
  if (!outcome.ok) {
    const fieldErrors =
      input.intent === "details" && outcome.message === M.slugTaken
        ? { slug: [M.slugTaken] }
        : "fieldErrors" in outcome
          ? (outcome.fieldErrors as Record<string, string[]> | undefined)
          : undefined;
    return json(
      { intent, target, result: domainErrorReply(submission, { ...outcome, fieldErrors }), error: null },
      { status: outcome.kind === "validation" ? 422 : domainErrorStatus(outcome.kind) },
    );
  }
  const message = {
    details: M.saved,
    module: M.moduleAdded,
    lesson: M.lessonAdded,
    deleteLesson: M.lessonDeleted,
    deleteModule: M.moduleDeleted,
    deleteQuestion: M.questionDeleted,
    question: M.questionAdded,
    publish: M.published,
    archive: M.archived,
    newVersion: M.versionStarted,
    publishVersion: M.versionPublished,
    discardVersion: M.versionDiscarded,
    editLesson: M.lessonSaved,
    editQuestion: M.questionSaved,
    renameModule: M.moduleRenamed,
    moveModule: M.moved,
    moveLesson: M.moved,
    addInstructor: INSTRUCTOR_MESSAGES.courseAdded,
    removeInstructor: INSTRUCTOR_MESSAGES.courseRemoved,
    ceCredit: CE_MESSAGES.creditSaved,
    removeCeCredit: CE_MESSAGES.creditRemoved,
  }[input.intent];
  // A new version opens its own page; publishing or discarding it goes back to the course's.
  const to =
    input.intent === "newVersion" && "id" in outcome
      ? outcome.id
      : "courseId" in outcome
        ? outcome.courseId
        : id;
  return redirectWithFlash(`/learning-hub/manage/${to}`, { tone: "success", message });
}
