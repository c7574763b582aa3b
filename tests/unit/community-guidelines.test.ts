import {
  COMMUNITY_GUIDELINES,
  ENFORCEMENT_STEPS,
  REPORT_CATEGORIES,
  REPORT_SEVERITIES,
} from "@domain/community/guidelines";
import { describe, expect, it } from "vitest";

describe("Community Guidelines (spec 002)", () => {
  it("has the modal's five sections, in order, word for word", () => {
    expect(COMMUNITY_GUIDELINES.map((s) => s.title)).toEqual([
      "Community Overview",
      "Community Rules",
      "Moderation Policy",
      "Reporting & Support",
      "Recognition System",
    ]);
    for (const s of COMMUNITY_GUIDELINES) expect(s.points.length).toBeGreaterThan(0);
  });

  it("section 9: severities, report categories and enforcement steps, and the text names them", () => {
    expect(REPORT_SEVERITIES).toEqual(["low", "medium", "high", "critical"]);
    expect(REPORT_CATEGORIES).toEqual([
      "Harassment",
      "Spam",
      "Off-topic",
      "Misinformation",
      "Copyright",
      "Privacy",
    ]);
    expect(ENFORCEMENT_STEPS).toEqual(["Warning", "Temporary Suspension", "Permanent Ban"]);
    const text = JSON.stringify(COMMUNITY_GUIDELINES);
    for (const word of [...REPORT_SEVERITIES, ...REPORT_CATEGORIES, ...ENFORCEMENT_STEPS])
      expect(text).toContain(word);
  });

  it("quotes the limits the server enforces", () => {
    const rules = COMMUNITY_GUIDELINES.find((s) => s.id === "rules");
    expect(JSON.stringify(rules)).toContain(
      "up to 5000 characters, comments up to 1000, messages up to 2000",
    );
  });
});
