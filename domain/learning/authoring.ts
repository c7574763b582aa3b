import type { RoleType } from "@domain/roles/types";

/**
 * Course authoring (issue 30, part 2; decisions 083 and 084): the slug rule, the limits and messages of the
 * authoring forms, and what a draft needs before it can be published. Pure: no I/O.
 */

export const AUTHORING_LIMITS = {
  titleMax: 120,
  shortDescriptionMax: 300,
  descriptionMax: 5000,
  lessonBodyMax: 50_000,
  promptMax: 500,
  optionMax: 300,
  explanationMax: 1000,
  optionsMin: 2,
  optionsMax: 6,
  lessonMinutesMax: 600,
  cooldownMax: 10_080,
  priceDollarsMax: 10_000,
  certificateMonthsMax: 120,
} as const;

/** The professional roles a course can be written for (its target roles; recommendations). */
export const COURSE_TARGET_ROLES = [
  "board_member",
  "manager",
  "vendor",
  "attorney",
  "cpa",
  "homeowner",
  "other",
] as const satisfies readonly RoleType[];

export const AUTHORING_MESSAGES = {
  titleRequired: "Enter a title.",
  tooLong: (max: number) => `At most ${max} characters.`,
  shortDescriptionRequired: "Enter a short description.",
  descriptionRequired: "Enter a description.",
  slugInvalid: "Use lowercase letters, digits and single hyphens (for example budgeting-basics).",
  slugTaken: "Another course already uses this address. Choose another.",
  priceInvalid: `Enter a price in dollars from 0 to ${AUTHORING_LIMITS.priceDollarsMax}, at most two decimals.`,
  minutesInvalid: `Enter the minutes as a whole number from 1 to ${AUTHORING_LIMITS.lessonMinutesMax}.`,
  bodyRequired: "Write the lesson.",
  videoInvalid: "Enter a video link starting with https://, or leave it empty.",
  passInvalid: "Enter a pass mark from 1 to 100.",
  cooldownInvalid: `Enter a wait from 0 to ${AUTHORING_LIMITS.cooldownMax} minutes.`,
  promptRequired: "Enter the question.",
  optionsCount: `Give from ${AUTHORING_LIMITS.optionsMin} to ${AUTHORING_LIMITS.optionsMax} options.`,
  correctRequired: "Mark at least one filled-in option as correct.",
  moduleUnknown: "Choose a module of this course.",
  notDraft: "Only a draft can be edited. A published or archived course's content stays as people took it.",
  created: "Draft course created",
  saved: "Saved",
  moduleAdded: "Module added",
  lessonAdded: "Lesson added",
  lessonDeleted: "Lesson deleted",
  moduleDeleted: "Module deleted",
  questionDeleted: "Question deleted",
  questionAdded: "Question added",
  published: "Course published",
  archived: "Course archived",
  notPublished: "Only a published course can be archived.",
  versionNeedsPublished: "Only a published course can get a new version.",
  versionExists: "A new version of this course is already being written. Open it from the course's page.",
  versionStale: "This course changed since you opened it. Reload the page to see its current version.",
  versionStarted: "New version started. Learners see the published one until you publish it.",
  versionPublished: "New version published",
  versionDiscarded: "New version discarded",
  rolesInvalid: "Choose roles from the list.",
  validMonthsInvalid: `Enter the months a certificate stays valid, a whole number from 1 to ${AUTHORING_LIMITS.certificateMonthsMax}, or leave it empty (it never expires).`,
  lessonSaved: "Lesson saved",
  questionSaved: "Question saved",
  moduleRenamed: "Module renamed",
  moved: "Moved",
} as const;

/** "Budgeting Basics: Year 1!" -> "budgeting-basics-year-1" (ASCII letters and digits, single hyphens). */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A price typed in dollars ("12", "12.5", "12.50") as cents, or null when it is not one. */
export function dollarsToCents(input: string): number | null {
  const text = input.trim();
  if (text === "") return 0;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents <= AUTHORING_LIMITS.priceDollarsMax * 100 ? cents : null;
}

/** A draft's outline, enough to say whether it can be published. */
export interface DraftOutline {
  modules: {
    title: string;
    lessons: number;
    quiz: { title: string; questions: { options: number; correct: number }[] } | null;
  }[];
}

/**
 * What stops a draft from being published (empty: it can be): at least one module, every module with
 * at least one lesson, and every quiz with at least one question, each with a correct option.
 */
export function publishProblems(outline: DraftOutline): string[] {
  const problems: string[] = [];
  if (outline.modules.length === 0) problems.push("Add a module with at least one lesson.");
  for (const m of outline.modules) {
    if (m.lessons === 0) problems.push(`Module "${m.title}" has no lesson.`);
    if (m.quiz) {
      if (m.quiz.questions.length === 0) problems.push(`Quiz "${m.quiz.title}" has no question.`);
      if (m.quiz.questions.some((q) => q.correct < 1 || q.options < AUTHORING_LIMITS.optionsMin))
        problems.push(`Quiz "${m.quiz.title}" has a question without a correct option.`);
    }
  }
  return problems;
}
