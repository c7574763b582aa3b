import { LEARNING_MESSAGES } from "@domain/learning/courses";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { submitQuiz } from "~/commands/learning.server";
import { noteLearningVisit } from "~/commands/learning-activity.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { quizView } from "~/queries/learning.server";
import { learningRefusal } from "./_app.learning-hub.courses.$slug.server";
import { uuidOrEmpty } from "./_app.learning-hub.courses.$slug_.lessons.$lessonId.server";

/**
 * A quiz (issue 30, part 1): its questions without their answers, graded on the server when
 * submitted; the latest attempt's result; the wait after a failed attempt.
 */
export async function quizLoader(request: Request, params: { slug?: string; quizId?: string }) {
  const viewer = await requireViewer(request);
  const db = await getDb();
  const found = await quizView(db, viewer.user.id, params.slug ?? "", uuidOrEmpty(params.quizId));
  if (!found) pageNotFound();
  // Lessons and quizzes are for the enrolled: others see the course page and its Start Course.
  if (!found.view.course.enrollment) throw redirect(`/learning-hub/courses/${found.view.course.slug}`);
  // Opening the quiz is a learning action: time since the last one is credited (decision 081).
  await noteLearningVisit(db, {
    userId: viewer.user.id,
    courseId: found.view.course.id,
    item: { kind: "quiz", id: found.quiz.id, size: found.quiz.questions.length },
  });
  return json(found);
}

/**
 * The quiz's form schema: the intent, and per question (a field named after its id, "q1") the chosen
 * option ids, one value each. Grading (gradeQuiz) then words what is missing or unknown.
 */
function quizSchema(questionIds: readonly string[]) {
  const chosen = z
    .union([z.string().max(20), z.array(z.string().max(20)).max(20)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
  return z.object({
    intent: z.literal("submit"),
    ...Object.fromEntries(questionIds.map((id) => [id, chosen])),
  });
}

export async function quizAction(request: Request, params: { slug?: string; quizId?: string }) {
  const viewer = await requireViewer(request);
  const db = await getDb();
  const found = await quizView(db, viewer.user.id, params.slug ?? "", uuidOrEmpty(params.quizId));
  if (!found) pageNotFound();
  const ids = found.quiz.questions.map((q) => q.id);
  const { formData, submission } = await parseSubmission(request, quizSchema(ids));
  if (submission.status !== "success")
    return json({ error: "Check your answers and try again.", result: submission.reply() }, { status: 400 });
  const values = submission.value as Record<string, unknown>;
  const answers: Record<string, string[]> = Object.fromEntries(ids.map((id) => [id, values[id] as string[]]));
  const outcome = await once(request, viewer.user.id, formData, (tx) =>
    submitQuiz(tx, {
      userId: viewer.user.id,
      courseId: found.view.course.id,
      quizId: found.quiz.id,
      answers,
    }),
  );
  if (!outcome.ok) return learningRefusal(outcome, null);
  const here = `/learning-hub/courses/${found.view.course.slug}/quizzes/${found.quiz.id}`;
  return redirectWithFlash(`${here}#result`, {
    tone: outcome.passed ? "success" : "info",
    message: outcome.completedNow
      ? `${LEARNING_MESSAGES.courseDone}: you passed with ${outcome.percent}%.`
      : outcome.passed
        ? `Passed: ${outcome.percent}% (${outcome.score} of ${outcome.total}).`
        : `Not passed: ${outcome.percent}% (${outcome.score} of ${outcome.total}). You need ${found.quiz.passPercent}%.`,
  });
}
