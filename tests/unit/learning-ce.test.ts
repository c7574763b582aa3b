import {
  addMonthsClamped,
  ceHoursLabel,
  daysLeftLabel,
  fillsGap,
  formatHours,
  hoursLabel,
  isIsoDate,
  LICENCE_TYPES,
  localDate,
  periodContaining,
  periodsSince,
  requirementFor,
  subjectAllowed,
  subjectNotForType,
  tallyPeriod,
  tenthsFromHoursText,
  tenthsFromMinutes,
} from "@domain/learning/continuing-education";
import { describe, expect, it } from "vitest";
import { DEMO_CE_CREDITS, DEMO_COURSES } from "../../db/learning-content";

const FL = LICENCE_TYPES["fl-cam"];
const HOA = LICENCE_TYPES["fl-cam-hoa"];
const CMCA = LICENCE_TYPES.cmca;

describe("fixed-date periods (Florida CAM: ending 30 September of even years)", () => {
  it.each([
    ["2026-09-30", "2024-10-01", "2026-09-30"],
    ["2026-10-01", "2026-10-01", "2028-09-30"],
    ["2024-10-01", "2024-10-01", "2026-09-30"],
    ["2024-09-30", "2022-10-01", "2024-09-30"],
    ["2025-01-01", "2024-10-01", "2026-09-30"],
    ["2025-12-31", "2024-10-01", "2026-09-30"],
    ["2027-09-30", "2026-10-01", "2028-09-30"],
    ["2028-02-29", "2026-10-01", "2028-09-30"],
  ])("%s is in %s to %s", (date, start, end) => {
    expect(periodContaining(FL.cycle, date, null)).toEqual({ start, end });
  });

  it("takes no anchor: the issue date does not move the period", () => {
    expect(periodContaining(FL.cycle, "2025-03-01", "2025-02-01")).toEqual({
      start: "2024-10-01",
      end: "2026-09-30",
    });
  });
});

describe("anniversary periods (CMCA: 24 months from the certification date)", () => {
  it("runs from the anchor to the day before the next anniversary", () => {
    expect(periodContaining(CMCA.cycle, "2025-06-15", "2025-06-15")).toEqual({
      start: "2025-06-15",
      end: "2027-06-14",
    });
    expect(periodContaining(CMCA.cycle, "2027-06-14", "2025-06-15")?.end).toBe("2027-06-14");
    expect(periodContaining(CMCA.cycle, "2027-06-15", "2025-06-15")).toEqual({
      start: "2027-06-15",
      end: "2029-06-14",
    });
  });

  it("has no period before the anchor", () => {
    expect(periodContaining(CMCA.cycle, "2025-06-14", "2025-06-15")).toBeNull();
    expect(periodContaining(CMCA.cycle, "2025-06-14", null)).toBeNull();
  });

  it("a 29 February anchor: 28 February in common years, back to 29 February in leap years", () => {
    expect(addMonthsClamped("2024-02-29", 12)).toBe("2025-02-28");
    expect(periodContaining(CMCA.cycle, "2026-02-27", "2024-02-29")).toEqual({
      start: "2024-02-29",
      end: "2026-02-27",
    });
    expect(periodContaining(CMCA.cycle, "2026-02-28", "2024-02-29")).toEqual({
      start: "2026-02-28",
      end: "2028-02-28",
    });
    expect(periodContaining(CMCA.cycle, "2028-02-29", "2024-02-29")?.start).toBe("2028-02-29");
  });

  it("end of month anchors clamp without drifting (31 August -> 31 August)", () => {
    expect(periodContaining(CMCA.cycle, "2031-08-31", "2025-08-31")?.start).toBe("2031-08-31");
  });
});

describe("the date a completion counts on", () => {
  it("is the licence type's calendar date: late evening in Florida on 30 September is still that period", () => {
    // 02:30 UTC on 1 October 2026 is 22:30 on 30 September in Florida (EDT).
    const day = localDate("2026-10-01T02:30:00Z", FL.timeZone);
    expect(day).toBe("2026-09-30");
    expect(periodContaining(FL.cycle, day, null)?.end).toBe("2026-09-30");
    // 04:30 UTC is 00:30 on 1 October: the next period.
    expect(periodContaining(FL.cycle, localDate("2026-10-01T04:30:00Z", FL.timeZone), null)?.end).toBe(
      "2028-09-30",
    );
  });

  it("checks real calendar dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("25-01-01")).toBe(false);
  });
});

describe("periods to show", () => {
  it("from the current back to the first that counts, newest first", () => {
    const periods = periodsSince(FL.cycle, "2026-11-29", null, "2023-05-01");
    expect(periods.map((p) => p.end)).toEqual(["2028-09-30", "2026-09-30", "2024-09-30"]);
  });

  it("anniversary: from the anchor", () => {
    expect(periodsSince(CMCA.cycle, "2026-11-29", "2022-01-10", null).map((p) => p.start)).toEqual([
      "2026-01-10",
      "2024-01-10",
      "2022-01-10",
    ]);
  });

  it("only the current period when nothing was earned before", () => {
    expect(periodsSince(FL.cycle, "2026-11-29", null, null)).toHaveLength(1);
  });
});

describe("hours against the requirement", () => {
  const period = { start: "2024-10-01", end: "2026-09-30" };

  it("Florida: 15 hours, 3 in each of four subjects and 3 elective", () => {
    const req = requirementFor(FL, period);
    const t = tallyPeriod(FL, req, [
      { subject: "legal_update", tenths: 30 },
      { subject: "insurance_financial", tenths: 15 },
    ]);
    expect(t.totalRequiredTenths).toBe(150);
    expect(t.rows.map((r) => [r.subject, r.requiredTenths, r.appliedTenths])).toEqual([
      ["legal_update", 30, 30],
      ["insurance_financial", 30, 15],
      ["physical_property", 30, 0],
      ["human_resources", 30, 0],
      ["elective", 30, 0],
    ]);
    expect(t.gaps).toEqual([
      { subject: "insurance_financial", tenths: 15 },
      { subject: "physical_property", tenths: 30 },
      { subject: "human_resources", tenths: 30 },
      { subject: "elective", tenths: 30 },
    ]);
    expect(t.met).toBe(false);
  });

  it("hours beyond a subject's minimum count as elective, never twice", () => {
    const t = tallyPeriod(FL, FL.requirement, [
      { subject: "legal_update", tenths: 50 },
      { subject: "hoa_management", tenths: 10 },
    ]);
    const elective = t.rows.find((r) => r.subject === "elective");
    expect(elective).toMatchObject({ earnedTenths: 30, appliedTenths: 30, requiredTenths: 30 });
    expect(t.totalEarnedTenths).toBe(60);
    expect(t.totalAppliedTenths).toBe(60);
    expect(t.gaps.map((g) => g.subject)).toEqual([
      "insurance_financial",
      "physical_property",
      "human_resources",
    ]);
  });

  it("extra hours over the total do not count beyond it", () => {
    const t = tallyPeriod(FL, FL.requirement, [
      { subject: "legal_update", tenths: 30 },
      { subject: "insurance_financial", tenths: 30 },
      { subject: "physical_property", tenths: 30 },
      { subject: "human_resources", tenths: 30 },
      { subject: "elective", tenths: 25 },
      { subject: "legal_update", tenths: 20 },
    ]);
    expect(t.met).toBe(true);
    expect(t.totalEarnedTenths).toBe(165);
    expect(t.totalAppliedTenths).toBe(150);
  });

  it("the HOA manager's 2024-2026 period needs 17 hours with 5 in HOA management; other periods 15", () => {
    const req = requirementFor(HOA, period);
    expect(req.totalTenths).toBe(170);
    const t = tallyPeriod(HOA, req, [{ subject: "hoa_management", tenths: 30 }]);
    expect(t.rows.find((r) => r.subject === "hoa_management")).toMatchObject({
      requiredTenths: 50,
      appliedTenths: 30,
    });
    expect(t.rows.some((r) => r.subject === "elective")).toBe(false);
    expect(requirementFor(HOA, { start: "2026-10-01", end: "2028-09-30" }).totalTenths).toBe(150);
    expect(requirementFor(FL, period).totalTenths).toBe(150);
  });

  it("CMCA (our figures): 16 hours in any subject", () => {
    const t = tallyPeriod(CMCA, CMCA.requirement, [
      { subject: "legal_update", tenths: 100 },
      { subject: "elective", tenths: 60 },
    ]);
    expect(t.rows).toEqual([
      {
        subject: "elective",
        label: "Any subject",
        requiredTenths: 160,
        earnedTenths: 160,
        appliedTenths: 160,
      },
    ]);
    expect(t.met).toBe(true);
  });

  it("a course fills a gap in its subject; any course fills an elective gap", () => {
    expect(
      fillsGap([{ subject: "legal_update", tenths: 10 }], [{ subject: "human_resources", tenths: 10 }]),
    ).toBe(false);
    expect(
      fillsGap([{ subject: "legal_update", tenths: 10 }], [{ subject: "legal_update", tenths: 10 }]),
    ).toBe(true);
    expect(
      fillsGap([{ subject: "elective", tenths: 10 }], [{ subject: "human_resources", tenths: 10 }]),
    ).toBe(true);
  });
});

describe("labels", () => {
  it("hours in tenths", () => {
    expect(formatHours(30)).toBe("3");
    expect(formatHours(15)).toBe("1.5");
    expect(ceHoursLabel(10)).toBe("1 CE hour");
    expect(ceHoursLabel(25)).toBe("2.5 CE hours");
    expect(tenthsFromMinutes(150, 50)).toBe(30);
    expect(tenthsFromMinutes(149, 50)).toBe(29);
  });

  it("days left, the last day included", () => {
    const p = { start: "2024-10-01", end: "2026-09-30" };
    expect(daysLeftLabel("2026-09-30", p)).toBe("Ends today");
    expect(daysLeftLabel("2026-09-29", p)).toBe("1 day left");
    expect(daysLeftLabel("2026-10-01", p)).toBe("Ended");
    expect(daysLeftLabel("2025-09-30", p)).toBe("365 days left");
  });
});

describe("the demo courses' CE hours", () => {
  it("never state more Florida hours than their minutes of instruction give at 50 minutes an hour", () => {
    for (const [slug, credits] of Object.entries(DEMO_CE_CREDITS)) {
      const course = DEMO_COURSES.find((c) => c.slug === slug);
      expect(course, slug).toBeDefined();
      const minutes = (course?.modules ?? []).reduce(
        (s, m) => s + m.lessons.reduce((a, l) => a + l.minutes, 0) + 2 * (m.quiz?.questions.length ?? 0),
        0,
      );
      const fl = credits.filter((c) => c.licenceType === "fl-cam").reduce((s, c) => s + c.tenths, 0);
      expect(fl, slug).toBeGreaterThan(0);
      expect(fl, slug).toBeLessThanOrEqual(tenthsFromMinutes(minutes, FL.minutesPerHour));
    }
  });

  it("only use subjects their licence type takes", () => {
    for (const [slug, credits] of Object.entries(DEMO_CE_CREDITS))
      for (const c of credits) expect(subjectAllowed(c.licenceType, c.subject), slug).toBe(true);
  });
});

describe("CE hours typed by course authors (decision 090)", () => {
  it.each([
    ["3", 30],
    ["1.5", 15],
    [" 0.5 ", 5],
    ["40", 400],
    ["40.0", 400],
    ["0", null],
    ["0.0", null],
    ["40.1", null],
    ["1.55", null],
    ["1.", null],
    [".5", null],
    ["-1", null],
    ["1e1", null],
    ["1,5", null],
    ["", null],
  ])("%j hours is %j tenths", (text, tenths) => {
    expect(tenthsFromHoursText(text)).toBe(tenths);
  });

  it("labels hours", () => {
    expect(hoursLabel(30)).toBe("3 hours");
    expect(hoursLabel(15)).toBe("1.5 hours");
    expect(hoursLabel(10)).toBe("1 hour");
  });

  it("takes HOA management for the HOA-serving licence only", () => {
    expect(subjectAllowed("fl-cam", "hoa_management")).toBe(false);
    expect(subjectAllowed("fl-cam-hoa", "hoa_management")).toBe(true);
    expect(subjectAllowed("cmca", "hoa_management")).toBe(true);
    expect(subjectNotForType("hoa_management", "fl-cam")).toBe(
      "HOA management does not count for FL CAM: choose one of its subjects.",
    );
  });
});
