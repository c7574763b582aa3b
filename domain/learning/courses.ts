/**
 * The learning hub's courses (spec 002, Learning; issue 30, parts 1 and 3): the catalogue's filters,
 * the course card's labels, quiz grading and the progress rules. Pure: no I/O.
 */

export const DIFFICULTIES = ["beginner", "intermediate", "advanced"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

export const LEARNING_MESSAGES = {
  notFound: "Course not found",
  lessonNotFound: "Lesson not found",
  quizNotFound: "Quiz not found",
  pathNotFound: "Learning path not found",
  pathStarted: "You're on the path. Start with its first course.",
  enrollFirst: "Enroll in this course first.",
  answerEveryQuestion: "Answer every question before you submit.",
  unknownAnswer: "That answer is not one of the question's options.",
  enrolled: "You're enrolled. Start with the first lesson.",
  lessonDone: "Lesson complete",
  courseDone: "Course complete",
  retryIn: (minutes: number) =>
    `You can try this quiz again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
} as const;

/** "Free" for 0 (spec 002: price 0 means Free), else dollars. */
export function formatPrice(priceCents: number): string {
  if (priceCents <= 0) return "Free";
  const dollars = priceCents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toFixed(0) : dollars.toFixed(2)}`;
}

/** "45 min", "1 h", "2 h 30 min". */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

/** "3 days", "1 week", "2 weeks 3 days" (spec 002: path duration in days under 7, otherwise weeks and days). */
export function formatPathDays(days: number): string {
  const d = Math.max(0, Math.round(days));
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (d < 7) return plural(d, "day");
  const weeks = Math.floor(d / 7);
  const rest = d % 7;
  return rest === 0 ? plural(weeks, "week") : `${plural(weeks, "week")} ${plural(rest, "day")}`;
}

/** The course card's action (spec 002: "Review when completed, otherwise Continue"). */
export function courseAction(enrollment: { status: "active" | "completed" } | null): string {
  if (!enrollment) return "View Course";
  return enrollment.status === "completed" ? "Review" : "Continue";
}

/** Where an item of a course lives. */
export const itemHref = (slug: string, item: { kind: "lesson" | "quiz"; id: string }) =>
  `/learning-hub/courses/${slug}/${item.kind === "lesson" ? "lessons" : "quizzes"}/${item.id}`;

export const CATALOGUE_LIMITS = { searchMax: 100 } as const;

export interface CatalogueParams {
  search: string;
  difficulty: Difficulty | null;
  /** ?certification=true: only courses that provide a certification. */
  certification: boolean;
  /** ?featured=true: only featured courses. */
  featured: boolean;
}

/** Parses the catalogue's query string leniently: anything unknown falls back to the default. */
export function parseCatalogueParams(params: URLSearchParams): CatalogueParams {
  const search = (params.get("search") ?? "").trim().slice(0, CATALOGUE_LIMITS.searchMax);
  const d = params.get("difficulty");
  return {
    search,
    difficulty: (DIFFICULTIES as readonly string[]).includes(d ?? "") ? (d as Difficulty) : null,
    certification: params.get("certification") === "true",
    featured: params.get("featured") === "true",
  };
}

export function catalogueHref(p: CatalogueParams): string {
  const q = new URLSearchParams();
  if (p.search) q.set("search", p.search);
  if (p.difficulty) q.set("difficulty", p.difficulty);
  if (p.certification) q.set("certification", "true");
  if (p.featured) q.set("featured", "true");
  const s = q.toString();
  return s ? `/learning-hub/courses?${s}` : "/learning-hub/courses";
}

/** A quiz question as stored (the correct options never leave the server before a submission). */
export interface QuizQuestion {
  id: string;
  prompt: string;
  kind: "single" | "multiple";
  options: { id: string; text: string }[];
  correct: string[];
  /** Shown with the result, after a submission. */
  explanation?: string;
}

export interface GradedQuestion {
  questionId: string;
  chosen: string[];
  correct: string[];
  right: boolean;
}

export type QuizGrade =
  | { ok: true; score: number; total: number; percent: number; passed: boolean; questions: GradedQuestion[] }
  | { ok: false; error: string };

/**
 * Grades a submission: every question answered with options of its own (one for a single-choice
 * question), a question right only when the chosen set equals the correct set (no partial credit for
 * multiple choice), percent rounded down, passed at `passPercent` or above.
 */
export function gradeQuiz(
  questions: readonly QuizQuestion[],
  answers: Readonly<Record<string, readonly string[]>>,
  passPercent: number,
): QuizGrade {
  const graded: GradedQuestion[] = [];
  for (const q of questions) {
    const chosen = [...new Set(answers[q.id] ?? [])];
    if (chosen.length === 0) return { ok: false, error: LEARNING_MESSAGES.answerEveryQuestion };
    const known = new Set(q.options.map((o) => o.id));
    if (chosen.some((c) => !known.has(c)) || (q.kind === "single" && chosen.length > 1))
      return { ok: false, error: LEARNING_MESSAGES.unknownAnswer };
    const correct = new Set(q.correct);
    const right = chosen.length === correct.size && chosen.every((c) => correct.has(c));
    graded.push({ questionId: q.id, chosen: chosen.sort(), correct: [...q.correct].sort(), right });
  }
  const score = graded.filter((g) => g.right).length;
  const total = questions.length;
  const percent = total === 0 ? 100 : Math.floor((score * 100) / total);
  return { ok: true, score, total, percent, passed: percent >= passPercent, questions: graded };
}

/** Minutes left before another attempt after a failed one (0: may try now). Passing has no wait. */
export function retryWaitMinutes(lastFailedAt: Date | null, cooldownMinutes: number, now: Date): number {
  if (!lastFailedAt || cooldownMinutes <= 0) return 0;
  const left = lastFailedAt.getTime() + cooldownMinutes * 60_000 - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / 60_000);
}

/** One item of a course's curriculum, in order: a lesson or a quiz of a module. */
export interface CurriculumItem {
  kind: "lesson" | "quiz";
  id: string;
  moduleId: string;
}

/**
 * Progress (issue 30, part 3): the share of the course's items done (lessons completed, quizzes
 * passed), rounded down, 100 only when all are; the current module is the module of the first item not
 * done (the last module when all are).
 */
export function courseProgress(
  items: readonly CurriculumItem[],
  done: ReadonlySet<string>,
): { percent: number; complete: boolean; currentModuleId: string | null; next: CurriculumItem | null } {
  if (items.length === 0) return { percent: 0, complete: false, currentModuleId: null, next: null };
  const doneCount = items.filter((i) => done.has(i.id)).length;
  const next = items.find((i) => !done.has(i.id)) ?? null;
  return {
    percent: Math.floor((doneCount * 100) / items.length),
    complete: next === null,
    currentModuleId: next ? next.moduleId : (items[items.length - 1]?.moduleId ?? null),
    next,
  };
}

/** A path's state for the person (spec 002, Learning: path enrolment). */
export type PathState = "not_enrolled" | "enrolled" | "completed";

/**
 * The path card's and page's action (spec 002): not enrolled, Enroll Now for a paid path or Start Path
 * for a free one; enrolled, Continue Learning; completed, Review Path (with a Completed badge).
 */
export function pathAction(state: PathState, priceCents: number): string {
  if (state === "completed") return "Review Path";
  if (state === "enrolled") return "Continue Learning";
  return priceCents > 0 ? "Enroll Now" : "Start Path";
}

/**
 * A path's progress from its courses' (in order): the average of their progress, the courses completed,
 * the current course (the first not completed), and completed when every course is.
 */
export function pathProgress(
  courses: readonly { id: string; progressPercent: number; completed: boolean }[],
): {
  percent: number;
  completedCourses: number;
  currentCourseId: string | null;
  complete: boolean;
} {
  if (courses.length === 0)
    return { percent: 0, completedCourses: 0, currentCourseId: null, complete: false };
  const completedCourses = courses.filter((c) => c.completed).length;
  const sum = courses.reduce(
    (s, c) => s + (c.completed ? 100 : Math.min(100, Math.max(0, c.progressPercent))),
    0,
  );
  return {
    percent: Math.floor(sum / courses.length),
    completedCourses,
    currentCourseId: courses.find((c) => !c.completed)?.id ?? null,
    complete: completedCourses === courses.length,
  };
}
