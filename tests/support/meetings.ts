import { randomUUID } from "node:crypto";
import type { Database } from "@db/client";
import { meetingAttendees } from "@db/schema";
import { eq } from "drizzle-orm";
import { changeMeeting, type MeetingChange, scheduleMeeting } from "~/commands/meetings.server";

/**
 * A board meeting of `associationId` held yesterday with its motions recorded in the minutes
 * (everyone present, quorum of one), then completed unless `complete` is false. Returns the meeting
 * and its motion ids in order.
 */
export async function heldMeetingWithMotions(
  db: Database,
  input: {
    associationId: string;
    by: string;
    title?: string;
    motions: { motion: string; vote_result: "passed" | "failed" | "tabled" }[];
    complete?: boolean;
  },
) {
  const actor = { userId: input.by, mayManage: true };
  const start = new Date(Date.now() - 86_400_000);
  const scheduled = await scheduleMeeting(db, {
    associationId: input.associationId,
    actor,
    fields: {
      title: input.title ?? "Board meeting",
      description: null,
      meeting_type: "regular",
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
      location: "Clubhouse",
      meeting_url: null,
    },
  } as Parameters<typeof scheduleMeeting>[1]);
  if (!scheduled.ok) throw new Error(scheduled.error.message);
  const meetingId = scheduled.result.meetingId;
  const run = async (change: MeetingChange) => {
    const outcome = await changeMeeting(db, { meetingId, associationId: input.associationId, actor, change });
    if (!outcome.ok) throw new Error(outcome.error.message);
  };
  await run({ type: "StartMeeting" });
  const attendees = await db
    .select({ id: meetingAttendees.id, role: meetingAttendees.role })
    .from(meetingAttendees)
    .where(eq(meetingAttendees.meetingId, meetingId));
  for (const a of attendees) await run({ type: "RecordAttendance", attendeeId: a.id, attendance: "present" });
  const present = attendees.filter((a) => a.role === "board_member").length;
  await run({ type: "DraftMinutes", content: "The board met and voted." });
  const motionIds: string[] = [];
  for (const m of input.motions) {
    const motionId = randomUUID();
    motionIds.push(motionId);
    await run({
      type: "RecordMotion",
      quorumRequired: 1,
      motion: {
        motionId,
        motion: m.motion,
        moved_by: "Director",
        seconded_by: "Treasurer",
        vote_result: m.vote_result,
        // One vote per board member present (votes cannot exceed them).
        vote_count: { for: present, against: 0, abstain: 0 },
      },
    } as MeetingChange);
  }
  if (input.complete !== false) await run({ type: "CompleteMeeting" });
  return { meetingId, motionIds };
}
