/** Course authoring's pure rules (issue 30, part 2; decision 083): slugs, prices and what a draft needs to publish. */
import { dollarsToCents, publishProblems, SLUG_PATTERN, slugify } from "@domain/learning/authoring";
import { describe, expect, it } from "vitest";

describe("slugify", () => {
  it("makes a lowercase, hyphenated address from a title", () => {
    expect(slugify("Budgeting Basics: Year 1!")).toBe("budgeting-basics-year-1");
    expect(slugify("  Café  Réserve -- Study ")).toBe("cafe-reserve-study");
    expect(slugify("!!!")).toBe("");
  });
  it("gives an address the pattern accepts, at most 80 characters", () => {
    const slug = slugify("A very long title ".repeat(10));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(SLUG_PATTERN.test(slug)).toBe(true);
    expect(SLUG_PATTERN.test("Bad--slug")).toBe(false);
  });
});

describe("dollarsToCents", () => {
  it("reads dollars with up to two decimals; empty is free", () => {
    expect(dollarsToCents("")).toBe(0);
    expect(dollarsToCents("12")).toBe(1200);
    expect(dollarsToCents("12.5")).toBe(1250);
    expect(dollarsToCents("0.99")).toBe(99);
  });
  it("refuses what is not a price", () => {
    for (const bad of ["-1", "1.999", "abc", "1e3", "10000.01", "1,00"])
      expect(dollarsToCents(bad)).toBeNull();
  });
});

describe("publishProblems", () => {
  const lesson = { title: "M", lessons: 1, quiz: null };
  it("accepts a module with a lesson, and a quiz whose questions have a correct option", () => {
    expect(publishProblems({ modules: [lesson] })).toEqual([]);
    expect(
      publishProblems({
        modules: [{ ...lesson, quiz: { title: "Q", questions: [{ options: 2, correct: 1 }] } }],
      }),
    ).toEqual([]);
  });
  it("refuses an empty course, a module without lessons and an empty or unanswerable quiz", () => {
    expect(publishProblems({ modules: [] })).toHaveLength(1);
    expect(publishProblems({ modules: [{ title: "Empty", lessons: 0, quiz: null }] })[0]).toContain("Empty");
    expect(publishProblems({ modules: [{ ...lesson, quiz: { title: "Q", questions: [] } }] })).toHaveLength(
      1,
    );
    expect(
      publishProblems({
        modules: [{ ...lesson, quiz: { title: "Q", questions: [{ options: 2, correct: 0 }] } }],
      }),
    ).toHaveLength(1);
  });
});
