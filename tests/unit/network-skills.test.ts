import {
  COMPLETENESS_WEIGHTS,
  type CompletenessFacts,
  completenessTone,
  portfolioCompleteness,
} from "@domain/network/completeness";
import { collapseText, remainingRequestsHint } from "@domain/network/endorsements";
import {
  buildInsights,
  engagementRating,
  engagementScore,
  percentChange,
  trend,
} from "@domain/network/insights";
import { categoryLabel, moveInOrder, normalizeSkillName } from "@domain/network/skills";
import { describe, expect, it } from "vitest";

/** Issue 28 parts 4-6: the pure rules of skills, endorsements and the Professional Center. */

const full: CompletenessFacts = {
  fullName: "Pat Lee",
  avatarUrl: "/avatars/pat.webp",
  summary: "Manager of 12 associations",
  location: "Tampa, FL",
  yearsExperience: 12,
  websiteUrl: "https://example.test",
  roles: 1,
  skills: 3,
  endorsementsReceived: 1,
};

describe("portfolio completeness", () => {
  it("weights add up to 100 and a full profile scores 100", () => {
    expect(COMPLETENESS_WEIGHTS.reduce((n, w) => n + w.weight, 0)).toBe(100);
    expect(portfolioCompleteness(full)).toEqual({ score: 100, missing: [] });
  });
  it("takes away each missing part's weight and names it", () => {
    const r = portfolioCompleteness({ ...full, avatarUrl: null, skills: 2, summary: "  " });
    expect(r.score).toBe(100 - 10 - 15 - 15);
    expect(r.missing.map((m) => m.key)).toEqual(["avatar", "summary", "skills"]);
  });
  it("an empty profile scores 0; zero years of experience still counts as given", () => {
    const none: CompletenessFacts = {
      fullName: null,
      avatarUrl: null,
      summary: null,
      location: null,
      yearsExperience: null,
      websiteUrl: null,
      roles: 0,
      skills: 0,
      endorsementsReceived: 0,
    };
    expect(portfolioCompleteness(none).score).toBe(0);
    expect(portfolioCompleteness({ ...none, yearsExperience: 0 }).score).toBe(10);
  });
  it("colours the bar: 80+ success, 60+ warning, else error", () => {
    expect(completenessTone(100)).toBe("success");
    expect(completenessTone(80)).toBe("success");
    expect(completenessTone(79)).toBe("warning");
    expect(completenessTone(60)).toBe("warning");
    expect(completenessTone(59)).toBe("error");
    expect(completenessTone(0)).toBe("error");
  });
});

describe("trend and insights", () => {
  it("trend is up when the period holds or grows, down when it falls", () => {
    expect(trend(5, 3)).toBe("up");
    expect(trend(3, 3)).toBe("up");
    expect(trend(2, 3)).toBe("down");
    expect(percentChange(6, 4)).toBe(50);
    expect(percentChange(1, 4)).toBe(-75);
    expect(percentChange(3, 0)).toBeNull();
  });
  it("rates engagement 80+ High, 60+ Good, 40+ Average, else Low", () => {
    expect(engagementRating(80)).toBe("High");
    expect(engagementRating(79)).toBe("Good");
    expect(engagementRating(60)).toBe("Good");
    expect(engagementRating(59)).toBe("Average");
    expect(engagementRating(40)).toBe("Average");
    expect(engagementRating(39)).toBe("Low");
  });
  it("scores engagement from the period's figures, at most 100", () => {
    expect(
      engagementScore({ profileViews: 2, newConnections: 1, endorsementsReceived: 1, actionsTaken: 1 }),
    ).toBe(50);
    expect(
      engagementScore({ profileViews: 100, newConnections: 0, endorsementsReceived: 0, actionsTaken: 0 }),
    ).toBe(100);
  });
  it("builds the four insight types with their trends against the previous period", () => {
    const insights = buildInsights(
      { profileViews: 10, newConnections: 1, endorsementsReceived: 4, actionsTaken: 2 },
      { profileViews: 4, newConnections: 3, endorsementsReceived: 2, actionsTaken: 0 },
      { pendingRequests: 2, suggestions: 0 },
    );
    expect(insights.map((i) => [i.type, i.trend])).toEqual([
      ["growth", "down"],
      ["engagement", "up"],
      ["opportunity", "up"],
      ["recognition", "up"],
    ]);
    const engagement = insights.find((i) => i.type === "engagement");
    expect(engagement?.value).toBe("High");
    expect(engagement?.description).toContain("10 profile views (+150% vs the previous 30 days)");
    expect(insights.find((i) => i.type === "recognition")?.description).toBe(
      "4 endorsements received (+100% vs the previous 30 days)",
    );
  });
});

describe("endorsement text and hints", () => {
  it("collapses text over 200 characters to its first 200 plus an ellipsis", () => {
    expect(collapseText("a".repeat(200)).collapsed).toBeNull();
    const long = `${"b".repeat(200)}CUT`;
    expect(collapseText(long).collapsed).toBe(`${"b".repeat(200)}...`);
    expect(collapseText(long).full).toBe(long);
  });
  it("shows the remaining hint only when fewer than 5 remain", () => {
    expect(remainingRequestsHint(5)).toBeNull();
    expect(remainingRequestsHint(4)).toBe("4 endorsement requests remaining");
    expect(remainingRequestsHint(1)).toBe("1 endorsement request remaining");
  });
});

describe("skills", () => {
  it("labels categories human-readably and trims names", () => {
    expect(categoryLabel("industry_specific")).toBe("Industry Specific");
    expect(normalizeSkillName("  Reserve   studies ")).toBe("Reserve studies");
  });
  it("moves a skill one place and renumbers the list; the ends do not move further", () => {
    const list = [
      { id: "a", displayOrder: 0 },
      { id: "b", displayOrder: 1 },
      { id: "c", displayOrder: 2 },
    ];
    expect(moveInOrder(list, "c", "up")).toEqual([
      { id: "a", displayOrder: 0 },
      { id: "c", displayOrder: 1 },
      { id: "b", displayOrder: 2 },
    ]);
    expect(moveInOrder(list, "a", "up")).toBeNull();
    expect(moveInOrder(list, "c", "down")).toBeNull();
    expect(moveInOrder(list, "x", "down")).toBeNull();
  });
});
