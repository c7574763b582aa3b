import { itemHref, LEARNING_MESSAGES } from "@domain/learning/courses";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { completeLesson } from "~/commands/learning.server";
import { noteLearningVisit } from "~/commands/learning-activity.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { parseSubmission } from "~/forms.server";
import { lessonView } from "~/queries/learning.server";
import { learningRefusal } from "./_app.learning-hub.courses.$slug.server";

/** A lesson (issue 30, parts 1 and 3): its body, and Mark Complete, which goes on to the next item. */
export async function lessonLoader(request: Request, params: { slug?: string; lessonId?: string }) {
  const viewer = await requireViewer(request);
  const db = await getDb();
  const found = await lessonView(db, viewer.user.id, params.slug ?? "", uuidOrEmpty(params.lessonId));
  if (!found) pageNotFound();
  // Lessons and quizzes are for the enrolled: others see the course page and its Start Course.
  if (!found.view.course.enrollment) throw redirect(`/learning-hub/courses/${found.view.course.slug}`);
  // Opening the lesson is a learning action: time since the last one is credited (decision 081).
  await noteLearningVisit(db, {
    userId: viewer.user.id,
    courseId: found.view.course.id,
    item: { kind: "lesson", id: found.lesson.id, size: found.lesson.minutes },
  });
  return json(found);
}

/** A malformed id is simply not found (the query never sees it). */
export const uuidOrEmpty = (raw: string | undefined) =>
  raw && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)
    ? raw
    : "00000000-0000-0000-0000-000000000000";

export const CompleteLessonSchema = z.object({ intent: z.literal("complete") });

export async function lessonAction(request: Request, params: { slug?: string; lessonId?: string }) {
  const viewer = await requireViewer(request);
  const { submission } = await parseSubmission(request, CompleteLessonSchema);
  if (submission.status !== "success")
    return json({ error: null as string | null, result: submission.reply() }, { status: 400 });
  const db = await getDb();
  const found = await lessonView(db, viewer.user.id, params.slug ?? "", uuidOrEmpty(params.lessonId));
  if (!found) pageNotFound();
  const outcome = await completeLesson(db, {
    userId: viewer.user.id,
    courseId: found.view.course.id,
    lessonId: found.lesson.id,
  });
  if (!outcome.ok) return learningRefusal(outcome, submission.reply());
  const slug = found.view.course.slug;
  return redirectWithFlash(found.next ? itemHref(slug, found.next) : `/learning-hub/courses/${slug}`, {
    tone: "success",
    message: outcome.completedNow ? LEARNING_MESSAGES.courseDone : LEARNING_MESSAGES.lessonDone,
  });
}
