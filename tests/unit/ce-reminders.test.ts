import { describe, expect, it } from "vitest";
import { ceReminderMessage, ceReminderThreshold } from "../../domain/learning/continuing-education";

describe("continuing-education reminder thresholds (decision 086)", () => {
  it("is due from 90 days before the end, then from 30, and not once the period ended", () => {
    expect(ceReminderThreshold(91)).toBeNull();
    expect(ceReminderThreshold(90)).toBe(90);
    expect(ceReminderThreshold(31)).toBe(90);
    expect(ceReminderThreshold(30)).toBe(30);
    expect(ceReminderThreshold(0)).toBe(30);
    expect(ceReminderThreshold(-1)).toBeNull();
  });

  it("says what is left and by when", () => {
    const m = ceReminderMessage("CMCA", { start: "2024-09-01", end: "2026-08-31" }, "2026-08-30", {
      totalAppliedTenths: 45,
      totalRequiredTenths: 160,
    });
    expect(m.title).toBe("CMCA: 1 day left in your CE period");
    expect(m.body).toBe(
      "Your continuing-education period ends Aug 31, 2026. You have 4.5 of 16 required hours: 11.5 still to go.",
    );
  });
});
