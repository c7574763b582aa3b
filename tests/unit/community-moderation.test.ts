import {
  appealRefusal,
  itemSeverity,
  KNOWN_TARGET_KINDS,
  MODERATION_MESSAGES,
  REPORT_CATEGORIES,
  REPORT_SEVERITIES,
  SUSPENSION_PERIODS,
  suspensionActive,
  suspensionEnd,
  targetKindLabel,
} from "@domain/community/moderation";
import { describe, expect, it } from "vitest";

/** Reports and moderation's pure rules (issue 29, part 10; decision 069). */
describe("moderation rules", () => {
  it("keeps the spec's report categories, word for word", () => {
    expect(REPORT_CATEGORIES).toEqual([
      "Harassment",
      "Spam",
      "Off-topic",
      "Misinformation",
      "Copyright",
      "Privacy",
    ]);
  });

  it.each([
    ["1d", 1],
    ["7d", 7],
    ["30d", 30],
  ] as const)("a %s suspension ends %i whole days later", (period, days) => {
    const now = new Date("2026-03-07T12:00:00Z");
    expect(suspensionEnd(now, period).toISOString()).toBe(
      new Date(now.getTime() + days * 86_400_000).toISOString(),
    );
  });

  it("offers exactly the three periods", () => {
    expect(SUSPENSION_PERIODS).toEqual(["1d", "7d", "30d"]);
  });

  it("a suspension holds until its end, unless lifted", () => {
    const endsAt = new Date("2026-03-08T12:00:00Z");
    expect(suspensionActive({ endsAt, liftedAt: null }, new Date("2026-03-08T11:59:59Z"))).toBe(true);
    expect(suspensionActive({ endsAt, liftedAt: null }, endsAt)).toBe(false);
    expect(
      suspensionActive(
        { endsAt, liftedAt: new Date("2026-03-07T13:00:00Z") },
        new Date("2026-03-07T14:00:00Z"),
      ),
    ).toBe(false);
  });

  it("an appeal is allowed once, and only while there is something to appeal", () => {
    expect(appealRefusal({ kind: "item", state: "hidden" }, false)).toBeNull();
    expect(appealRefusal({ kind: "item", state: "removed" }, false)).toBeNull();
    expect(appealRefusal({ kind: "item", state: "removed" }, true)).toBe("already_appealed");
    expect(appealRefusal({ kind: "item", state: null }, false)).toBe("nothing_to_appeal");
    // Once means once: a decided appeal, or a restored item moderated again, is not appealed twice.
    expect(appealRefusal({ kind: "item", state: null }, true)).toBe("already_appealed");
    expect(appealRefusal({ kind: "suspension", active: true }, false)).toBeNull();
    expect(appealRefusal({ kind: "suspension", active: false }, false)).toBe("nothing_to_appeal");
    expect(appealRefusal({ kind: "suspension", active: true }, true)).toBe("already_appealed");
  });

  it("names every known kind and falls back for an unknown one", () => {
    for (const kind of KNOWN_TARGET_KINDS) expect(targetKindLabel(kind)).not.toBe("Content");
    expect(targetKindLabel("poll")).toBe("Content");
  });

  it("says when a suspension ends", () => {
    expect(MODERATION_MESSAGES.suspended(new Date("2026-03-14T12:00:00Z"))).toBe(
      "Your posting is suspended until March 14, 2026 at 12:00 PM UTC. You can appeal the suspension on your Moderation page.",
    );
  });

  it("keeps the spec's severities, word for word", () => {
    expect(REPORT_SEVERITIES).toEqual(["low", "medium", "high", "critical"]);
  });

  it.each([
    [["Spam"], 1, "low"],
    [["Off-topic"], 2, "low"],
    [["Copyright"], 1, "medium"],
    [["Misinformation", "Spam"], 2, "medium"],
    [["Harassment"], 1, "high"],
    [["Privacy", "Spam"], 2, "high"],
    [["Spam"], 3, "medium"],
    [["Spam"], 10, "high"],
    [["Harassment"], 3, "critical"],
    [["Misinformation"], 10, "critical"],
    [["Harassment"], 50, "critical"],
    [["Unknown category"], 1, "low"],
    [[], 0, "low"],
  ] as const)("reports %j, %i open: severity %s (decision 073)", (categories, count, severity) => {
    expect(itemSeverity(categories, count)).toBe(severity);
  });
});
