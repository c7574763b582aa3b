import type { Queryable } from "@db/client";
import { associations, financeSettings, meetingMotions, meetings } from "@db/schema";
import type { MotionFacts } from "@domain/finance/approval";
import { and, desc, eq, isNull } from "drizzle-orm";

/**
 * The board link's reads (issue 13, part 9): the association's approval threshold, the passed motions
 * a budget or expense may cite (from its completed meetings' minutes) and the facts the server checks
 * a cited motion against.
 */

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** The association's approval threshold in cents (null: none set). */
export async function approvalThreshold(db: Queryable, associationId: string): Promise<number | null> {
  const [row] = await db
    .select({ cents: financeSettings.approvalThresholdCents })
    .from(financeSettings)
    .where(eq(financeSettings.associationId, associationId));
  return row?.cents ?? null;
}

/** The passed motions of the association's completed meetings, newest meeting first (the form's choices). */
export async function passedMotionChoices(db: Queryable, associationId: string) {
  const rows = await db
    .select({
      id: meetingMotions.id,
      motion: meetingMotions.motion,
      meetingId: meetings.id,
      meetingTitle: meetings.title,
      meetingStart: meetings.startTime,
      timeZone: associations.timeZone,
    })
    .from(meetingMotions)
    .innerJoin(meetings, eq(meetings.id, meetingMotions.meetingId))
    .innerJoin(associations, eq(associations.id, meetings.associationId))
    .where(
      and(
        eq(meetings.associationId, associationId),
        eq(meetings.status, "completed"),
        isNull(meetings.deletedAt),
        eq(meetingMotions.voteResult, "passed"),
      ),
    )
    .orderBy(desc(meetings.startTime), meetingMotions.position)
    .limit(200);
  return rows;
}

/** A motion with its meeting, as a citation is checked and recorded (null: no such motion). */
export async function motionForCitation(
  db: Queryable,
  motionId: string,
): Promise<(MotionFacts & { motionId: string; meetingId: string; text: string; meeting: string }) | null> {
  if (!isUuid(motionId)) return null;
  const [row] = await db
    .select({
      motionId: meetingMotions.id,
      text: meetingMotions.motion,
      voteResult: meetingMotions.voteResult,
      meetingId: meetings.id,
      meetingTitle: meetings.title,
      meetingStart: meetings.startTime,
      meetingStatus: meetings.status,
      deletedAt: meetings.deletedAt,
      associationId: meetings.associationId,
      timeZone: associations.timeZone,
    })
    .from(meetingMotions)
    .innerJoin(meetings, eq(meetings.id, meetingMotions.meetingId))
    .innerJoin(associations, eq(associations.id, meetings.associationId))
    .where(eq(meetingMotions.id, motionId));
  if (!row) return null;
  return {
    motionId: row.motionId,
    meetingId: row.meetingId,
    text: row.text,
    meeting: `${row.meetingTitle}, ${meetingDay(row.meetingStart, row.timeZone)}`,
    associationId: row.associationId,
    voteResult: row.voteResult,
    meetingStatus: row.meetingStatus,
    meetingDeleted: row.deletedAt !== null,
  };
}

/** "Mar 3, 2026": the meeting's day in the association's time zone. */
export function meetingDay(start: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(start));
}

/** The approve form's choices: "Motion text (Meeting, Mar 3, 2026)". */
export async function motionChoices(db: Queryable, associationId: string) {
  const rows = await passedMotionChoices(db, associationId);
  return rows.map((r) => ({
    id: r.id,
    label: `${r.motion} (${r.meetingTitle}, ${meetingDay(r.meetingStart, r.timeZone)})`,
  }));
}
