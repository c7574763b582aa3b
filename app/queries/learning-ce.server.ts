import { type Queryable, queryRows } from "@db/client";
import {
  CE_SUBJECT_LABELS,
  CE_SUBJECTS,
  type CeSubject,
  type CreditEarned,
  daysBetween,
  daysLeftLabel,
  fillsGap,
  LICENCE_TYPE_CODES,
  LICENCE_TYPES,
  type LicenceTypeCode,
  localDate,
  type Period,
  type PeriodTally,
  periodContaining,
  periodsSince,
  requirementFor,
  tallyPeriod,
} from "@domain/learning/continuing-education";
import { sql } from "drizzle-orm";

/**
 * Continuing education's reads (issue 30, part 6; decision 079): per licence the person holds, its
 * periods with the hours earned from completed courses that count for its type, against the type's
 * requirement, and courses that would fill what is missing. Only the person's own rows are read.
 */

export interface CeCourseEarned {
  courseId: string;
  slug: string;
  title: string;
  completedOn: string;
  credits: CreditEarned[];
  tenths: number;
}

export interface CePeriodView extends Period {
  current: boolean;
  tally: PeriodTally;
  courses: CeCourseEarned[];
  daysLeft: number;
  daysLeftLabel: string;
}

export interface CeLicenceView {
  id: string;
  licenceType: LicenceTypeCode;
  typeName: string;
  shortName: string;
  licenceNumber: string;
  anchorDate: string | null;
  today: string;
  periods: CePeriodView[];
  /** Courses not yet completed whose hours would fill a gap of the current period. */
  suggestions: { slug: string; title: string; credits: CreditEarned[]; tenths: number }[];
}

interface CreditRow {
  course_id: string;
  slug: string;
  title: string;
  licence_type: LicenceTypeCode;
  subject: CeSubject;
  hours_tenths: number;
}

export async function listLicences(db: Queryable, userId: string) {
  return queryRows<{
    id: string;
    licence_type: LicenceTypeCode;
    licence_number: string;
    anchor_date: string | null;
  }>(
    db,
    sql`select id, licence_type, licence_number, anchor_date::text as anchor_date
        from professional_licences where user_id = ${userId} order by created_at, id`,
  );
}

/** The person's licences with their periods (newest first), at `now`. */
export async function ceOverview(db: Queryable, userId: string, now: Date): Promise<CeLicenceView[]> {
  const licences = await listLicences(db, userId);
  if (licences.length === 0) return [];
  const types = [...new Set(licences.map((l) => l.licence_type))];
  const typeList = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  const [earned, catalogue] = await Promise.all([
    queryRows<CreditRow & { completed_at: string }>(
      db,
      sql`select c.id as course_id, c.slug, c.title, k.licence_type, k.subject, k.hours_tenths,
            to_char(e.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as completed_at
          from course_enrollments e
          join courses c on c.id = e.course_id
          -- The hours in force when the course was completed (decision 090).
          join course_ce_credits k on k.course_id = e.course_id and k.licence_type in (${typeList})
            and k.applies_from <= e.completed_at and (k.applies_until is null or e.completed_at < k.applies_until)
          where e.user_id = ${userId} and e.status = 'completed' and e.completed_at is not null
          order by e.completed_at, c.title, k.subject`,
    ),
    queryRows<CreditRow>(
      db,
      sql`select c.id as course_id, c.slug, c.title, k.licence_type, k.subject, k.hours_tenths
          from courses c join course_ce_credits k on k.course_id = c.id and k.applies_until is null
          where c.status = 'published' and k.licence_type in (${typeList})
          order by c.title, k.subject`,
    ),
  ]);
  const completedCourses = new Set(earned.map((r) => r.course_id));
  return licences.map((l) => {
    const type = LICENCE_TYPES[l.licence_type];
    const today = localDate(now, type.timeZone);
    const anchor = l.anchor_date;
    // The courses completed for this type, each on its date in the type's zone; none before the anchor.
    const byCourse = new Map<string, CeCourseEarned>();
    for (const r of earned) {
      if (r.licence_type !== l.licence_type) continue;
      const on = localDate(r.completed_at, type.timeZone);
      if (anchor && on < anchor) continue;
      const course = byCourse.get(r.course_id) ?? {
        courseId: r.course_id,
        slug: r.slug,
        title: r.title,
        completedOn: on,
        credits: [],
        tenths: 0,
      };
      course.credits.push({ subject: r.subject, tenths: Number(r.hours_tenths) });
      course.tenths += Number(r.hours_tenths);
      byCourse.set(r.course_id, course);
    }
    const courses = [...byCourse.values()];
    const earliest = courses.reduce<string | null>(
      (m, c) => (m === null || c.completedOn < m ? c.completedOn : m),
      null,
    );
    const periods = periodsSince(type.cycle, today, anchor, earliest).map((p, i): CePeriodView => {
      const inPeriod = courses.filter((c) => {
        const q = periodContaining(type.cycle, c.completedOn, anchor);
        return q?.end === p.end;
      });
      return {
        ...p,
        current: i === 0,
        tally: tallyPeriod(
          type,
          requirementFor(type, p),
          inPeriod.flatMap((c) => c.credits),
        ),
        courses: inPeriod,
        daysLeft: Math.max(0, daysBetween(today, p.end)),
        daysLeftLabel: daysLeftLabel(today, p),
      };
    });
    const gaps = periods[0]?.tally.gaps ?? [];
    const offered = new Map<
      string,
      { slug: string; title: string; credits: CreditEarned[]; tenths: number }
    >();
    for (const r of catalogue) {
      if (r.licence_type !== l.licence_type || completedCourses.has(r.course_id)) continue;
      const o = offered.get(r.course_id) ?? { slug: r.slug, title: r.title, credits: [], tenths: 0 };
      o.credits.push({ subject: r.subject, tenths: Number(r.hours_tenths) });
      o.tenths += Number(r.hours_tenths);
      offered.set(r.course_id, o);
    }
    const suggestions = [...offered.values()].filter((o) => fillsGap(gaps, o.credits)).slice(0, 6);
    return {
      id: l.id,
      licenceType: l.licence_type,
      typeName: type.name,
      shortName: type.shortName,
      licenceNumber: l.licence_number,
      anchorDate: anchor,
      today,
      periods,
      suggestions,
    };
  });
}

/** A course's CE hours for the card and the course page: the most any one licence type gives it now. */
export const CE_TENTHS_COLUMN = sql`(select max(t) from (select sum(k.hours_tenths) as t from course_ce_credits k
  where k.course_id = c.id and k.applies_until is null group by k.licence_type) ce) as ce_tenths`;

export interface CourseCeHours {
  licenceType: LicenceTypeCode;
  typeName: string;
  shortName: string;
  /** The type's hours in all subjects. */
  tenths: number;
  credits: { subject: CeSubject; label: string; tenths: number }[];
}

/**
 * A course's CE hours in force, per licence type (in LICENCE_TYPES' order) and subject (in
 * CE_SUBJECTS' order): the course page, and a draft's authoring page (decision 090).
 */
export async function courseCeHours(db: Queryable, courseId: string): Promise<CourseCeHours[]> {
  const rows = await queryRows<{ licence_type: LicenceTypeCode; subject: CeSubject; hours_tenths: number }>(
    db,
    sql`select licence_type, subject, hours_tenths from course_ce_credits
        where course_id = ${courseId} and applies_until is null`,
  );
  return LICENCE_TYPE_CODES.flatMap((code) => {
    const credits = CE_SUBJECTS.flatMap((subject) => {
      const row = rows.find((r) => r.licence_type === code && r.subject === subject);
      return row ? [{ subject, label: CE_SUBJECT_LABELS[subject], tenths: Number(row.hours_tenths) }] : [];
    });
    if (credits.length === 0) return [];
    const type = LICENCE_TYPES[code];
    return [
      {
        licenceType: code,
        typeName: type.name,
        shortName: type.shortName,
        tenths: credits.reduce((sum, c) => sum + c.tenths, 0),
        credits,
      },
    ];
  });
}
