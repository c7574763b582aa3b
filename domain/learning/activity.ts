import { isRoleType, ROLE_LABELS, type RoleType } from "../roles/types";
import { DIFFICULTIES, type Difficulty, formatDuration, formatPathDays } from "./courses";

/**
 * The learning dashboard's rules (spec 002, Learning hub; issue 30, part 7; decision 081): time spent
 * measured from learning activity, streaks by days of the person's own calendar, the weekly strip,
 * the activity periods and the recommendations. Pure: no I/O.
 */

/** What a learning action was about: a lesson read or a quiz taken (its cap bounds the time credited to it). */
export interface LearningItem {
  kind: "lesson" | "quiz";
  id: string;
  /** The lesson's estimated minutes, or the quiz's number of questions. */
  size: number;
}

export const TIME_CAP = { minSeconds: 5 * 60, maxSeconds: 60 * 60 } as const;

/**
 * How long time on an item may count before the next learning action: twice a lesson's estimated
 * minutes, three minutes a quiz question, never under 5 minutes or over an hour. Past it the tab was idle.
 */
export function itemCapSeconds(item: Pick<LearningItem, "kind" | "size">): number {
  const minutes = item.kind === "lesson" ? 2 * item.size : 3 * item.size;
  return Math.min(TIME_CAP.maxSeconds, Math.max(TIME_CAP.minSeconds, Math.round(minutes * 60)));
}

/** The seconds credited for the stretch since the last learning action (none before the first, none backwards). */
export function creditedSeconds(previousAt: Date | null, capSeconds: number, now: Date): number {
  if (!previousAt) return 0;
  const gap = Math.floor((now.getTime() - previousAt.getTime()) / 1000);
  if (!(gap > 0)) return 0;
  return Math.min(gap, Math.max(0, capSeconds));
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus `n` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return new Date(t + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Streaks (spec 002, "Streak data"): the current streak is the run of consecutive active days ending
 * today, or yesterday while today has no activity yet (a streak is not lost before the day is over);
 * the longest is the longest run ever. `days` are the person's active days, any order, duplicates allowed.
 */
export function streaks(days: readonly string[], today: string): { current: number; longest: number } {
  const sorted = [...new Set(days)].filter((d) => d <= today).sort();
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of sorted) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    if (run > longest) longest = run;
    previous = day;
  }
  const last = sorted[sorted.length - 1];
  const current = last !== undefined && (last === today || last === addDays(today, -1)) ? run : 0;
  return { current, longest };
}

/** The spec's streak tiers (3+, 7+, 14+, 30+ days); the emoji are ours (decision 081). */
export const STREAK_TIERS = [
  { days: 30, emoji: "🏆", label: "30-day streak" },
  { days: 14, emoji: "🌟", label: "14-day streak" },
  { days: 7, emoji: "⚡", label: "7-day streak" },
  { days: 3, emoji: "🔥", label: "3-day streak" },
] as const;

export function streakTier(days: number): (typeof STREAK_TIERS)[number] | null {
  return STREAK_TIERS.find((t) => days >= t.days) ?? null;
}

const WEEKDAY = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** The 7-day Weekly Activity strip: today and the six days before, oldest first, in minutes. */
export function weeklyActivity(
  days: readonly { day: string; seconds: number; activities: number }[],
  today: string,
): { day: string; weekday: string; minutes: number; active: boolean; today: boolean }[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  return Array.from({ length: 7 }, (_, i) => {
    const day = addDays(today, i - 6);
    const found = byDay.get(day);
    return {
      day,
      weekday: WEEKDAY[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? "",
      minutes: Math.floor((found?.seconds ?? 0) / 60),
      active: (found?.activities ?? 0) > 0,
      today: i === 6,
    };
  });
}

/** "0m", "45m", "3h 5m": the Learning Time card. */
export function formatLearningTime(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m}m` : `${h}h ${m}m`;
}

/** Recent Activity's period selector (spec 002: This Week / This Month / All Time). */
export const ACTIVITY_PERIODS = [
  { value: "week", label: "This Week" },
  { value: "month", label: "This Month" },
  { value: "all", label: "All Time" },
] as const;
export type ActivityPeriod = (typeof ACTIVITY_PERIODS)[number]["value"];

export function parseActivityPeriod(raw: string | null): ActivityPeriod {
  return ACTIVITY_PERIODS.some((p) => p.value === raw) ? (raw as ActivityPeriod) : "week";
}

/** The first local day of the period: this week starts on Monday, this month on the 1st; all time has none. */
export function periodStartDay(period: ActivityPeriod, today: string): string | null {
  if (period === "all") return null;
  if (period === "month") return `${today.slice(0, 8)}01`;
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, -((weekday + 6) % 7));
}

/** Continue Learning's tabs (spec 002: Courses / Paths / Certificates). */
export const CONTINUE_TABS = [
  { value: "courses", label: "Courses" },
  { value: "paths", label: "Paths" },
  { value: "certificates", label: "Certificates" },
] as const;
export type ContinueTab = (typeof CONTINUE_TABS)[number]["value"];

export function parseContinueTab(raw: string | null): ContinueTab {
  return CONTINUE_TABS.some((t) => t.value === raw) ? (raw as ContinueTab) : "courses";
}

/** How many of each the dashboard shows (spec 002, Learning hub constants). */
export const DASHBOARD_COUNTS = {
  courses: 3,
  paths: 2,
  certificates: 3,
  recentActivities: 5,
  recommendations: 3,
  stripDays: 7,
} as const;

/** A course or path the person might take next. */
export interface RecommendationCandidate {
  type: "course" | "path";
  id: string;
  slug: string;
  title: string;
  difficulty: Difficulty;
  /** Courses: estimated minutes; paths: estimated days. */
  minutes: number | null;
  days: number | null;
  targetRoles: readonly string[];
  enrollmentCount: number;
  /** Courses only: the paths that hold it, with the course before it on each (null: it comes first). */
  inPaths: readonly { pathId: string; pathTitle: string; previousCourseId: string | null }[];
}

/** What the person has and has done. */
export interface LearnerSignals {
  /** Professional role types and association member roles (property_manager reads as manager). */
  roles: readonly string[];
  enrolledCourseIds: ReadonlySet<string>;
  completedCourses: ReadonlyMap<string, { title: string; difficulty: Difficulty }>;
  enrolledPathIds: ReadonlySet<string>;
}

export interface Recommendation {
  type: "course" | "path";
  slug: string;
  title: string;
  reason: string;
  /** 1-99: how well it matches (spec 002: "match percent"). */
  matchPercent: number;
  /** "45 min", "2 h 30 min", "2 weeks". */
  estimatedTime: string;
  href: string;
}

const roleLabel = (role: string) => (isRoleType(role) ? ROLE_LABELS[role as RoleType] : role);

/**
 * Recommended for You (spec 002: reason, match percent, estimated time): every published course and
 * path the person is not on, scored by what they are and have done. Signals and weights (decision 081):
 * next in a path they are on +40, follows a course they completed +30, written for one of their roles
 * +35, the next difficulty after what they completed (or Beginner for a newcomer) +10, popularity up to
 * +10, from a base of 20. The reason is the strongest signal's. Ties go to the more popular, then the title.
 */
export function recommend(
  candidates: readonly RecommendationCandidate[],
  learner: LearnerSignals,
  limit: number = DASHBOARD_COUNTS.recommendations,
): Recommendation[] {
  const roles = new Set(learner.roles.map((r) => (r === "property_manager" ? "manager" : r)));
  const maxEnrolments = Math.max(1, ...candidates.map((c) => c.enrollmentCount));
  const completedLevels = [...learner.completedCourses.values()].map((c) =>
    DIFFICULTIES.indexOf(c.difficulty),
  );
  const nextLevel =
    completedLevels.length === 0 ? 0 : Math.min(DIFFICULTIES.length - 1, Math.max(...completedLevels) + 1);
  const scored = [];
  for (const c of candidates) {
    if (c.type === "course" && learner.enrolledCourseIds.has(c.id)) continue;
    if (c.type === "path" && learner.enrolledPathIds.has(c.id)) continue;
    const signals: { weight: number; reason: string }[] = [];
    const onPath = c.inPaths.find((p) => learner.enrolledPathIds.has(p.pathId));
    if (onPath) signals.push({ weight: 40, reason: `Next on your path: ${onPath.pathTitle}` });
    const follows = c.inPaths
      .map((p) => (p.previousCourseId ? learner.completedCourses.get(p.previousCourseId) : undefined))
      .find((x) => x !== undefined);
    if (follows) signals.push({ weight: 30, reason: `Follows ${follows.title}, which you completed` });
    const role = c.targetRoles.find((r) => roles.has(r));
    if (role) signals.push({ weight: 35, reason: `Written for ${roleLabel(role)}s` });
    if (DIFFICULTIES.indexOf(c.difficulty) === nextLevel)
      signals.push({
        weight: 10,
        reason: completedLevels.length === 0 ? "A good place to start" : "The next step up in difficulty",
      });
    const popularity = Math.round((10 * c.enrollmentCount) / maxEnrolments);
    const score = 20 + popularity + signals.reduce((s, x) => s + x.weight, 0);
    const strongest = [...signals].sort((a, b) => b.weight - a.weight)[0];
    scored.push({
      c,
      score,
      reason: strongest?.reason ?? "Popular with the community",
    });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score || b.c.enrollmentCount - a.c.enrollmentCount || a.c.title.localeCompare(b.c.title),
  );
  return scored.slice(0, limit).map(({ c, score, reason }) => ({
    type: c.type,
    slug: c.slug,
    title: c.title,
    reason,
    matchPercent: Math.max(1, Math.min(99, score)),
    estimatedTime: c.type === "course" ? formatDuration(c.minutes ?? 0) : formatPathDays(c.days ?? 0),
    href: `/learning-hub/${c.type === "course" ? "courses" : "paths"}/${c.slug}`,
  }));
}
