/**
 * The learning dashboard's rules (issue 30, part 7; decision 081): time credited between learning
 * actions and its caps, streaks by local days, the weekly strip, the periods and the recommendations.
 */
import {
  addDays,
  creditedSeconds,
  formatLearningTime,
  itemCapSeconds,
  parseActivityPeriod,
  parseContinueTab,
  periodStartDay,
  type RecommendationCandidate,
  recommend,
  streaks,
  streakTier,
  weeklyActivity,
} from "@domain/learning/activity";
import { formatPathDays } from "@domain/learning/courses";
import { describe, expect, it } from "vitest";

describe("time spent", () => {
  it("caps a lesson at twice its minutes, a quiz at three minutes a question, within 5 to 60 minutes", () => {
    expect(itemCapSeconds({ kind: "lesson", size: 10 })).toBe(20 * 60);
    expect(itemCapSeconds({ kind: "lesson", size: 1 })).toBe(5 * 60);
    expect(itemCapSeconds({ kind: "lesson", size: 45 })).toBe(60 * 60);
    expect(itemCapSeconds({ kind: "quiz", size: 4 })).toBe(12 * 60);
  });
  it("credits the gap since the last action, never more than the cap, nothing before the first or backwards", () => {
    const t0 = new Date("2026-11-29T10:00:00Z");
    expect(creditedSeconds(t0, 600, new Date("2026-11-29T10:03:00Z"))).toBe(180);
    expect(creditedSeconds(t0, 600, new Date("2026-11-29T15:00:00Z"))).toBe(600);
    expect(creditedSeconds(null, 600, t0)).toBe(0);
    expect(creditedSeconds(t0, 600, new Date("2026-11-29T09:00:00Z"))).toBe(0);
  });
  it("formats learning time in hours and minutes", () => {
    expect(formatLearningTime(0)).toBe("0m");
    expect(formatLearningTime(59)).toBe("0m");
    expect(formatLearningTime(45 * 60)).toBe("45m");
    expect(formatLearningTime(3 * 3600 + 5 * 60 + 30)).toBe("3h 5m");
  });
});

describe("streaks", () => {
  it("counts the run ending today, or yesterday while today has nothing yet", () => {
    const days = ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"];
    expect(streaks(days, "2026-11-28")).toEqual({ current: 4, longest: 4 });
    expect(streaks(days, "2026-11-29")).toEqual({ current: 4, longest: 4 });
    expect(streaks(days, "2026-11-30")).toEqual({ current: 0, longest: 4 });
  });
  it("keeps the longest run across gaps, ignores duplicates, order and future days", () => {
    const days = [
      "2026-11-29",
      "2026-01-03",
      "2026-01-01",
      "2026-01-02",
      "2026-01-02",
      "2026-11-28",
      "2026-12-05",
    ];
    expect(streaks(days, "2026-11-29")).toEqual({ current: 2, longest: 3 });
    expect(streaks([], "2026-11-29")).toEqual({ current: 0, longest: 0 });
  });
  it("crosses month, year and leap-day boundaries", () => {
    expect(streaks(["2028-02-28", "2028-02-29", "2028-03-01"], "2028-03-01").current).toBe(3);
    expect(streaks(["2026-12-31", "2027-01-01"], "2027-01-01").current).toBe(2);
    expect(streaks(["2027-02-28", "2027-03-01"], "2027-03-01").current).toBe(2);
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
  it("has the spec's tiers at 3, 7, 14 and 30 days", () => {
    expect(streakTier(2)).toBeNull();
    expect(streakTier(3)?.days).toBe(3);
    expect(streakTier(6)?.days).toBe(3);
    expect(streakTier(7)?.days).toBe(7);
    expect(streakTier(14)?.days).toBe(14);
    expect(streakTier(29)?.days).toBe(14);
    expect(streakTier(30)?.days).toBe(30);
    expect(streakTier(400)?.emoji).toBe(streakTier(30)?.emoji);
  });
});

describe("the weekly strip and periods", () => {
  it("shows today and the six days before, oldest first, in minutes", () => {
    const strip = weeklyActivity(
      [
        { day: "2026-11-29", seconds: 125, activities: 2 },
        { day: "2026-11-23", seconds: 600, activities: 1 },
        { day: "2026-11-22", seconds: 900, activities: 1 },
      ],
      "2026-11-29",
    );
    expect(strip.map((d) => d.day)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(strip[0]).toMatchObject({ weekday: "Mon", minutes: 10, active: true, today: false });
    expect(strip[6]).toMatchObject({ weekday: "Sun", minutes: 2, active: true, today: true });
    expect(strip[3]).toMatchObject({ minutes: 0, active: false });
  });
  it("starts this week on Monday and this month on the 1st", () => {
    expect(periodStartDay("week", "2026-11-29")).toBe("2026-11-23");
    expect(periodStartDay("week", "2026-11-23")).toBe("2026-11-23");
    expect(periodStartDay("week", "2026-12-02")).toBe("2026-11-30");
    expect(periodStartDay("month", "2026-11-29")).toBe("2026-11-01");
    expect(periodStartDay("all", "2026-11-29")).toBeNull();
  });
  it("reads unknown periods and tabs as the defaults", () => {
    expect(parseActivityPeriod("month")).toBe("month");
    expect(parseActivityPeriod("<script>")).toBe("week");
    expect(parseContinueTab("paths")).toBe("paths");
    expect(parseContinueTab(null)).toBe("courses");
  });
  it("writes path durations in days under a week, then weeks and days", () => {
    expect(formatPathDays(1)).toBe("1 day");
    expect(formatPathDays(6)).toBe("6 days");
    expect(formatPathDays(7)).toBe("1 week");
    expect(formatPathDays(17)).toBe("2 weeks 3 days");
  });
});

describe("recommendations", () => {
  const course = (id: string, extra: Partial<RecommendationCandidate> = {}): RecommendationCandidate => ({
    type: "course",
    id,
    slug: id,
    title: `Course ${id}`,
    difficulty: "beginner",
    minutes: 90,
    days: null,
    targetRoles: [],
    enrollmentCount: 0,
    inPaths: [],
    ...extra,
  });
  const none = {
    roles: [] as string[],
    enrolledCourseIds: new Set<string>(),
    completedCourses: new Map(),
    enrolledPathIds: new Set<string>(),
  };

  it("leaves out what the person is already on, and gives three at most", () => {
    const list = recommend(
      [
        course("a"),
        course("b"),
        course("c"),
        course("d"),
        { ...course("p"), type: "path", days: 10, minutes: null },
      ],
      { ...none, enrolledCourseIds: new Set(["a"]), enrolledPathIds: new Set(["p"]) },
    );
    expect(list).toHaveLength(3);
    expect(list.map((r) => r.slug)).not.toContain("a");
    expect(list.map((r) => r.slug)).not.toContain("p");
  });
  it("puts the next course of a path the person is on first, with its reason", () => {
    const list = recommend(
      [
        course("popular", { enrollmentCount: 500, targetRoles: ["manager"] }),
        course("next", {
          inPaths: [{ pathId: "path-1", pathTitle: "Finance Foundations", previousCourseId: "done" }],
        }),
      ],
      {
        ...none,
        roles: ["property_manager"],
        enrolledCourseIds: new Set(["done"]),
        completedCourses: new Map([["done", { title: "Budgeting", difficulty: "beginner" as const }]]),
        enrolledPathIds: new Set(["path-1"]),
      },
    );
    expect(list[0]).toMatchObject({ slug: "next", reason: "Next on your path: Finance Foundations" });
    expect(list[0]?.matchPercent).toBeGreaterThan(list[1]?.matchPercent ?? 100);
    // An association's property manager counts as a manager.
    expect(list[1]).toMatchObject({ slug: "popular", reason: "Written for Property Managers" });
  });
  it("says why, how well it matches (1-99) and how long it takes", () => {
    const [r] = recommend([course("x", { minutes: 150 })], none);
    expect(r).toMatchObject({
      reason: "A good place to start",
      estimatedTime: "2 h 30 min",
      href: "/learning-hub/courses/x",
    });
    expect(r?.matchPercent).toBeGreaterThanOrEqual(1);
    expect(r?.matchPercent).toBeLessThanOrEqual(99);
    const [p] = recommend(
      [{ ...course("y"), type: "path", days: 14, minutes: null, targetRoles: ["board_member"] }],
      {
        ...none,
        roles: ["board_member"],
      },
    );
    expect(p).toMatchObject({
      reason: "Written for Board Members",
      estimatedTime: "2 weeks",
      href: "/learning-hub/paths/y",
    });
  });
  it("steps up a level after completions", () => {
    const list = recommend([course("easy"), course("harder", { difficulty: "intermediate" })], {
      ...none,
      enrolledCourseIds: new Set(["done"]),
      completedCourses: new Map([["done", { title: "Basics", difficulty: "beginner" as const }]]),
    });
    expect(list[0]).toMatchObject({ slug: "harder", reason: "The next step up in difficulty" });
  });
});
