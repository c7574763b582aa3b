import { parseWithZod } from "@conform-to/zod";
import {
  dollarsToCents,
  AUTHORING_LIMITS as L,
  AUTHORING_MESSAGES as M,
  SLUG_PATTERN,
  slugify,
} from "@domain/learning/authoring";
import { DIFFICULTIES } from "@domain/learning/courses";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireAdmin } from "~/auth/guards.server";
import {
  addLesson,
  addModule,
  addQuizQuestion,
  archiveCourse,
  deleteLesson,
  deleteModule,
  deleteQuizQuestion,
  publishDraft,
  updateDraftCourse,
} from "~/commands/learning-authoring.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorReply, domainErrorStatus, intentOf, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { authoringView } from "~/queries/learning-authoring.server";

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
  }));

const Id = z.string().uuid(M.moduleUnknown);

const OPTION_SLOTS = L.optionsMax;

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
  })
  .superRefine((v, ctx) => {
    const filled = v.options.flatMap((o, i) => (o ? [i] : []));
    if (filled.length < L.optionsMin)
      ctx.addIssue({ code: "custom", path: ["options"], message: M.optionsCount });
    else if (!v.correct.some((c) => filled.includes(c)))
      ctx.addIssue({ code: "custom", path: ["correct"], message: M.correctRequired });
  })
  .transform((v) => {
    const filled = v.options.flatMap((o, i) => (o ? [{ text: o, at: i }] : []));
    return {
      ...v,
      options: filled.map((o) => o.text),
      correct: filled.flatMap((o, i) => (v.correct.includes(o.at) ? [i] : [])),
      explanation: v.explanation ?? "",
    };
  });

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
] as const;

/** One schema per form, chosen by its `intent` (so each form's field errors come back as they are). */
export const AUTHORING_SCHEMAS = {
  details: DetailsFields,
  module: z.object({ title: text(M.titleRequired, L.titleMax) }),
  lesson: z.object({
    moduleId: Id,
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
  }),
  deleteLesson: z.object({ lessonId: z.string().uuid() }),
  deleteModule: z.object({ moduleId: z.string().uuid() }),
  deleteQuestion: z.object({ quizId: z.string().uuid(), questionId: z.string().max(20) }),
  question: QuestionFields,
  publish: z.object({}),
  archive: z.object({}),
} satisfies Record<(typeof INTENTS)[number], z.ZodTypeAny>;

type Input = {
  [K in (typeof INTENTS)[number]]: { intent: K } & z.output<(typeof AUTHORING_SCHEMAS)[K]>;
}[(typeof INTENTS)[number]];

async function load(request: Request, courseId: string | undefined) {
  const viewer = await requireAdmin(request);
  const db = await getDb();
  const parsed = z.string().uuid().safeParse(courseId);
  const view = parsed.success ? await authoringView(db, parsed.data) : null;
  if (!view) pageNotFound();
  return { viewer, db, view };
}

export async function authoringLoader(request: Request, courseId: string | undefined) {
  const { view } = await load(request, courseId);
  return json(view);
}

export async function authoringAction(request: Request, courseId: string | undefined) {
  const { viewer, db, view } = await load(request, courseId);
  const id = view.course.id;
  const formData = await readForm(request);
  const intent = intentOf(Object.fromEntries(formData), INTENTS);
  if (!intent) return json({ intent, result: null, error: "Unknown form." }, { status: 400 });
  const submission = parseWithZod(formData, { schema: AUTHORING_SCHEMAS[intent] });
  if (submission.status !== "success")
    return json({ intent, result: submission.reply(), error: null }, { status: 400 });
  const input = { intent, ...submission.value } as Input;
  const me = viewer.user.id;
  const here = `/learning-hub/manage/${id}`;
  const outcome =
    input.intent === "details"
      ? await updateDraftCourse(db, id, input)
      : input.intent === "module"
        ? await once(request, me, submission.payload, (tx) => addModule(tx, id, input.title))
        : input.intent === "lesson"
          ? await once(request, me, submission.payload, (tx) =>
              addLesson(tx, id, {
                moduleId: input.moduleId,
                title: input.title,
                minutes: input.minutes,
                body: input.body,
                videoUrl: input.videoUrl ?? null,
              }),
            )
          : input.intent === "deleteLesson"
            ? await deleteLesson(db, id, input.lessonId)
            : input.intent === "deleteModule"
              ? await deleteModule(db, id, input.moduleId)
              : input.intent === "deleteQuestion"
                ? await deleteQuizQuestion(db, id, input.quizId, input.questionId)
                : input.intent === "question"
                  ? await once(request, me, submission.payload, (tx) => addQuizQuestion(tx, id, input))
                  : input.intent === "publish"
                    ? await publishDraft(db, id)
                    : await archiveCourse(db, id);
  if (!outcome.ok) {
    const fieldErrors =
      input.intent === "details" && outcome.message === M.slugTaken ? { slug: [M.slugTaken] } : undefined;
    return json(
      { intent, result: domainErrorReply(submission, { ...outcome, fieldErrors }), error: null },
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
  }[input.intent];
  return redirectWithFlash(here, { tone: "success", message });
}
