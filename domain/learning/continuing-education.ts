/**
 * Continuing education (issue 30, part 6; decision 079): licence types with their renewal cycle and
 * requirement, the cycle that contains a date, and a period's hours per subject against the
 * requirement. Pure: no I/O, no clock (today and the time zone come in as arguments).
 *
 * Hours are integers in tenths of an hour (30 = 3 hours), as a course states them for a licence type;
 * an "hour" is the licence type's own (Florida CAM: 50 minutes of instruction). Dates are calendar
 * dates "YYYY-MM-DD"; a completion counts on its date in the licence type's time zone.
 */

export type IsoDate = string;

export const CE_SUBJECTS = [
  "legal_update",
  "insurance_financial",
  "physical_property",
  "human_resources",
  "hoa_management",
  "elective",
] as const;
export type CeSubject = (typeof CE_SUBJECTS)[number];

export const CE_SUBJECT_LABELS: Record<CeSubject, string> = {
  legal_update: "Legal update",
  insurance_financial: "Insurance and financial management",
  physical_property: "Operation of the physical property",
  human_resources: "Human resources",
  hoa_management: "HOA management",
  elective: "Elective",
};

/**
 * How a licence's periods run: "fixed" periods end on the same day of the year every `years` years
 * (Florida CAM: 30 September of even years); "anniversary" periods run `months` months from the
 * licence's anchor date (its issue or certification date).
 */
export type CycleRule =
  | { kind: "fixed"; endMonth: number; endDay: number; years: number; endYearRemainder: number }
  | { kind: "anniversary"; months: number };

/** The hours a period needs: a total, and minimums per subject; the rest of the total is elective. */
export interface Requirement {
  totalTenths: number;
  minimums: Partial<Record<Exclude<CeSubject, "elective">, number>>;
}

export const LICENCE_TYPE_CODES = ["fl-cam", "fl-cam-hoa", "cmca"] as const;
export type LicenceTypeCode = (typeof LICENCE_TYPE_CODES)[number];

export interface LicenceType {
  code: LicenceTypeCode;
  name: string;
  shortName: string;
  cycle: CycleRule;
  requirement: Requirement;
  /** A different requirement for one period, by its end date. */
  periodRequirements?: Record<IsoDate, Requirement>;
  /** The subjects a course may carry hours in for this type (others are not its subjects). */
  subjects: readonly CeSubject[];
  /** What the row of hours beyond the minimums is called. */
  electiveLabel: string;
  /** Whether the licence needs its anchor date (anniversary periods start from it). */
  anchorRequired: boolean;
  /** Whose calendar dates a completion on: the licensing body's zone. */
  timeZone: string;
  minutesPerHour: number;
  /** Where the figures come from (REFERENCE.md, or ours). */
  source: string;
}

const FL_CORE = {
  legal_update: 30,
  insurance_financial: 30,
  physical_property: 30,
  human_resources: 30,
} as const;

const FL_CYCLE: CycleRule = { kind: "fixed", endMonth: 9, endDay: 30, years: 2, endYearRemainder: 0 };

export const LICENCE_TYPES: Record<LicenceTypeCode, LicenceType> = {
  "fl-cam": {
    code: "fl-cam",
    name: "Florida Community Association Manager",
    shortName: "FL CAM",
    cycle: FL_CYCLE,
    requirement: { totalTenths: 150, minimums: FL_CORE },
    // HOA management is the HOA-serving licence's subject (its 2024-2026 period): decision 090.
    subjects: CE_SUBJECTS.filter((x) => x !== "hoa_management"),
    electiveLabel: "Elective",
    anchorRequired: false,
    timeZone: "America/New_York",
    minutesPerHour: 50,
    source: "Florida Administrative Code 61E14-4.001 (REFERENCE.md)",
  },
  "fl-cam-hoa": {
    code: "fl-cam-hoa",
    name: "Florida Community Association Manager (serving HOAs)",
    shortName: "FL CAM (HOA)",
    cycle: FL_CYCLE,
    requirement: { totalTenths: 150, minimums: FL_CORE },
    // REFERENCE.md: 17 hours for 2024-2026, 5 on HOA management. The split of the other 12 is our
    // reading (the four 3-hour subjects; no elective left): decision 079.
    periodRequirements: {
      "2026-09-30": { totalTenths: 170, minimums: { ...FL_CORE, hoa_management: 50 } },
    },
    subjects: CE_SUBJECTS,
    electiveLabel: "Elective",
    anchorRequired: false,
    timeZone: "America/New_York",
    minutesPerHour: 50,
    source: "REFERENCE.md (2024-2026 HOA hours); the split of the 17 hours is ours",
  },
  cmca: {
    code: "cmca",
    name: "Certified Manager of Community Associations",
    shortName: "CMCA",
    cycle: { kind: "anniversary", months: 24 },
    requirement: { totalTenths: 160, minimums: {} },
    subjects: CE_SUBJECTS,
    electiveLabel: "Any subject",
    anchorRequired: true,
    timeZone: "UTC",
    minutesPerHour: 60,
    source: "our figures (16 hours every two years from the certification date), not from REFERENCE.md",
  },
};

export const isLicenceTypeCode = (v: string): v is LicenceTypeCode =>
  (LICENCE_TYPE_CODES as readonly string[]).includes(v);

export const CE_MESSAGES = {
  licenceAdded: "Licence added",
  licenceRemoved: "Licence removed",
  duplicate: "You already recorded a licence of this type.",
  anchorRequired: "Enter the certification date: this licence's periods run from it.",
  anchorInFuture: "The date cannot be in the future.",
  notFound: "Licence not found",
  tooMany: "You can record up to 10 licences.",
  // A course's CE hours, set on its authoring page (decision 090).
  creditSaved: "CE hours saved",
  creditRemoved: "CE hours removed",
  creditNotFound: "CE hours not found",
  licenceTypeRequired: "Choose a licence type.",
  subjectRequired: "Choose a subject.",
  hoursInvalid: "Enter the hours above 0 and up to 40, with at most one decimal (for example 1.5).",
} as const;

/** "HOA management does not count for FL CAM: choose one of its subjects." */
export const subjectNotForType = (subject: CeSubject, type: LicenceTypeCode) =>
  `${CE_SUBJECT_LABELS[subject]} does not count for ${LICENCE_TYPES[type].shortName}: choose one of its subjects.`;

/** A course's hours for one licence type and subject: at most 40 hours (a week of instruction). */
export const CE_LIMITS = { licenceNumberMax: 40, licencesMax: 10, creditTenthsMax: 400 } as const;

/** Whether the licence type takes hours in the subject (its `subjects`). */
export const subjectAllowed = (type: LicenceTypeCode, subject: CeSubject) =>
  LICENCE_TYPES[type].subjects.includes(subject);

/**
 * Hours typed as a decimal ("3", "1.5", " 0.5 ") in tenths (30, 15, 5); null when not a number with at
 * most one decimal, or not above 0 and up to the limit.
 */
export function tenthsFromHoursText(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d))?$/.exec(text.trim());
  if (!m) return null;
  const tenths = Number(m[1]) * 10 + Number(m[2] ?? 0);
  return tenths >= 1 && tenths <= CE_LIMITS.creditTenthsMax ? tenths : null;
}

// ---------------------------------------------------------------------------------------------------
// Calendar dates (UTC arithmetic on "YYYY-MM-DD"; no time of day, so no daylight-saving surprises)

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar date "YYYY-MM-DD" (2025-02-29 is not). */
export function isIsoDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}

const parts = (d: IsoDate) => {
  const m = DATE.exec(d);
  if (!m) throw new Error(`not a date: ${d}`);
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
};

const iso = (y: number, m: number, d: number): IsoDate =>
  `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function addDays(date: IsoDate, days: number): IsoDate {
  const { y, m, d } = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Months later, the day clamped to the month's last (29 February + 12 months = 28 February). */
export function addMonthsClamped(date: IsoDate, months: number): IsoDate {
  const { y, m, d } = parts(date);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return iso(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const a = parts(from);
  const b = parts(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/** The calendar date of an instant in a time zone (a completion at 02:30 UTC on 1 October is 30 September in Florida). */
export function localDate(instant: string | Date, timeZone: string): IsoDate {
  const at = typeof instant === "string" ? new Date(instant) : instant;
  const f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

// ---------------------------------------------------------------------------------------------------
// Periods

export interface Period {
  /** First day, inclusive. */
  start: IsoDate;
  /** Last day, inclusive (the renewal date). */
  end: IsoDate;
}

/**
 * The period of a cycle that contains the date. Anniversary periods start on the anchor and every
 * `months` after it (each counted from the anchor, so a 29 February anchor comes back on 29 February
 * in leap years); a date before the anchor is in no period (null).
 */
export function periodContaining(cycle: CycleRule, date: IsoDate, anchor: IsoDate | null): Period | null {
  if (cycle.kind === "fixed") {
    const { y, m, d } = parts(date);
    let endYear = m > cycle.endMonth || (m === cycle.endMonth && d > cycle.endDay) ? y + 1 : y;
    while ((((endYear - cycle.endYearRemainder) % cycle.years) + cycle.years) % cycle.years !== 0)
      endYear += 1;
    const end = iso(endYear, cycle.endMonth, Math.min(cycle.endDay, daysInMonth(endYear, cycle.endMonth)));
    const prevYear = endYear - cycle.years;
    const prevEnd = iso(
      prevYear,
      cycle.endMonth,
      Math.min(cycle.endDay, daysInMonth(prevYear, cycle.endMonth)),
    );
    return { start: addDays(prevEnd, 1), end };
  }
  if (!anchor || date < anchor) return null;
  const a = parts(anchor);
  const t = parts(date);
  let k = Math.floor(((t.y - a.y) * 12 + (t.m - a.m)) / cycle.months);
  const startOf = (n: number) => addMonthsClamped(anchor, n * cycle.months);
  while (k > 0 && startOf(k) > date) k -= 1;
  while (startOf(k + 1) <= date) k += 1;
  return { start: startOf(k), end: addDays(startOf(k + 1), -1) };
}

/** The period before this one (null: an anniversary period that starts on the anchor). */
export function previousPeriod(cycle: CycleRule, period: Period, anchor: IsoDate | null): Period | null {
  return periodContaining(cycle, addDays(period.start, -1), anchor);
}

/**
 * The periods to show, newest first: from the current one back to the one containing the first day
 * that counts (the anchor, else the earliest completion), at most `max`.
 */
export function periodsSince(
  cycle: CycleRule,
  today: IsoDate,
  anchor: IsoDate | null,
  earliest: IsoDate | null,
  max = 6,
): Period[] {
  const first = anchor ?? earliest ?? today;
  const out: Period[] = [];
  let p = periodContaining(cycle, today, anchor);
  while (p && out.length < max) {
    out.push(p);
    if (p.start <= first) break;
    p = previousPeriod(cycle, p, anchor);
  }
  return out;
}

export function requirementFor(type: LicenceType, period: Period): Requirement {
  return type.periodRequirements?.[period.end] ?? type.requirement;
}

// ---------------------------------------------------------------------------------------------------
// A period's hours against the requirement

export interface CreditEarned {
  subject: CeSubject;
  tenths: number;
}

export interface SubjectTally {
  subject: CeSubject;
  label: string;
  requiredTenths: number;
  /** Hours in this subject (for the elective row: its own and the overflow of the others). */
  earnedTenths: number;
  /** What of them counts toward the requirement (at most the required). */
  appliedTenths: number;
}

export interface PeriodTally {
  rows: SubjectTally[];
  totalRequiredTenths: number;
  totalEarnedTenths: number;
  totalAppliedTenths: number;
  /** What is still needed, per row (subject, or elective). */
  gaps: { subject: CeSubject; tenths: number }[];
  met: boolean;
}

/**
 * Hours per subject against the requirement. A subject's hours beyond its minimum, and hours in a
 * subject the requirement does not name, count toward the elective hours (decision 079), so the
 * total counted never exceeds the required total but hours are never lost to a full subject.
 */
export function tallyPeriod(
  type: LicenceType,
  requirement: Requirement,
  credits: CreditEarned[],
): PeriodTally {
  const earned = new Map<CeSubject, number>();
  for (const c of credits) earned.set(c.subject, (earned.get(c.subject) ?? 0) + Math.max(0, c.tenths));
  const rows: SubjectTally[] = [];
  let overflow = 0;
  let minimumsTotal = 0;
  for (const subject of CE_SUBJECTS) {
    if (subject === "elective") continue;
    const required = requirement.minimums[subject];
    const mine = earned.get(subject) ?? 0;
    if (required === undefined) {
      overflow += mine;
      continue;
    }
    minimumsTotal += required;
    const applied = Math.min(mine, required);
    overflow += mine - applied;
    rows.push({
      subject,
      label: CE_SUBJECT_LABELS[subject],
      requiredTenths: required,
      earnedTenths: mine,
      appliedTenths: applied,
    });
  }
  const electiveRequired = Math.max(0, requirement.totalTenths - minimumsTotal);
  const pool = (earned.get("elective") ?? 0) + overflow;
  if (electiveRequired > 0 || pool > 0)
    rows.push({
      subject: "elective",
      label: type.electiveLabel,
      requiredTenths: electiveRequired,
      earnedTenths: pool,
      appliedTenths: Math.min(pool, electiveRequired),
    });
  const gaps = rows
    .filter((r) => r.appliedTenths < r.requiredTenths)
    .map((r) => ({ subject: r.subject, tenths: r.requiredTenths - r.appliedTenths }));
  const totalApplied = rows.reduce((s, r) => s + r.appliedTenths, 0);
  return {
    rows,
    totalRequiredTenths: requirement.totalTenths,
    totalEarnedTenths: [...earned.values()].reduce((s, v) => s + v, 0),
    totalAppliedTenths: totalApplied,
    gaps,
    met: gaps.length === 0,
  };
}

/** Whether a course's credit would fill one of the gaps (any hours fill an elective gap). */
export function fillsGap(gaps: PeriodTally["gaps"], credits: CreditEarned[]): boolean {
  return gaps.some(
    (g) => g.subject === "elective" || credits.some((c) => c.subject === g.subject && c.tenths > 0),
  );
}

/** "3", "1.5", "0". */
export function formatHours(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const rest = tenths % 10;
  return rest === 0 ? String(whole) : `${whole}.${rest}`;
}

/** "3 hours", "1.5 hours", "1 hour". */
export const hoursLabel = (tenths: number) => `${formatHours(tenths)} ${tenths === 10 ? "hour" : "hours"}`;

/** "3 CE hours", "1 CE hour". */
export const ceHoursLabel = (tenths: number) =>
  `${formatHours(tenths)} CE ${tenths === 10 ? "hour" : "hours"}`;

/** Whole tenths of an hour in so many minutes of instruction (Florida: 50-minute hours), rounded down. */
export const tenthsFromMinutes = (minutes: number, minutesPerHour: number) =>
  Math.floor((minutes * 10) / minutesPerHour);

/** Percent of the requirement met, rounded down, at most 100. */
export const percentOf = (applied: number, required: number) =>
  required <= 0 ? 100 : Math.min(100, Math.floor((applied * 100) / required));

/** "Ends today", "1 day left", "420 days left", "Ended". */
export function daysLeftLabel(today: IsoDate, period: Period): string {
  const n = daysBetween(today, period.end);
  if (n < 0) return "Ended";
  if (n === 0) return "Ends today";
  return `${n} ${n === 1 ? "day" : "days"} left`;
}

/** "Oct 1, 2026" (a calendar date, the same on the server and in any browser). */
export const formatCeDate = (date: IsoDate) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", dateStyle: "medium" });

// ---------------------------------------------------------------------------------------------------
// Reminders before a period ends (decision 086)

/** A reminder goes out when a period ends within 90 days, and again within 30, if not yet met. */
export const CE_REMINDER_THRESHOLDS = [90, 30] as const;
export type CeReminderThreshold = (typeof CE_REMINDER_THRESHOLDS)[number];

/**
 * The threshold whose reminder is due `daysLeft` days before the period's last day (0: it ends today):
 * the nearest one reached (a licence added 20 days before the end gets the 30-day one only); null
 * before 90 days or once the period ended.
 */
export function ceReminderThreshold(daysLeft: number): CeReminderThreshold | null {
  if (!Number.isInteger(daysLeft) || daysLeft < 0) return null;
  if (daysLeft <= 30) return 30;
  if (daysLeft <= 90) return 90;
  return null;
}

/** The reminder's words: what is missing and by when. */
export function ceReminderMessage(
  shortName: string,
  period: Period,
  today: IsoDate,
  tally: Pick<PeriodTally, "totalAppliedTenths" | "totalRequiredTenths">,
): { title: string; body: string } {
  const left = Math.max(0, tally.totalRequiredTenths - tally.totalAppliedTenths);
  return {
    title: `${shortName}: ${daysLeftLabel(today, period).toLowerCase()} in your CE period`,
    body: `Your continuing-education period ends ${formatCeDate(period.end)}. You have ${formatHours(
      tally.totalAppliedTenths,
    )} of ${formatHours(tally.totalRequiredTenths)} required hours: ${formatHours(left)} still to go.`,
  };
}
