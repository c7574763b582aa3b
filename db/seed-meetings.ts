import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { changeMeeting, type MeetingChange, scheduleMeeting } from "../app/commands/meetings.server";
import { quorumRequired } from "../domain/associations";
import type { AgendaItemFields, Attendance, MeetingType } from "../domain/meeting";
import { localDateTimeToIso } from "../domain/rfp/time";
import type { Database } from "./client";
import { associations, meetingAttendees } from "./schema";
import { DEMO_ASSOCIATIONS } from "./seed-associations";

/**
 * Demo board room data (README, "Board room"), written by the board room's own commands: past meetings
 * completed with approved minutes, motions and action items (some open, one overdue), upcoming
 * scheduled meetings with agendas, and one cancelled meeting. Every id is derived from a fixed name
 * and every command carries an idempotency key, so seeding twice changes nothing.
 */

/** A stable UUID (RFC 9562 version 8) for a seed name. */
export function seedUuid(name: string): string {
  const h = createHash("sha256").update(`seed-meeting:${name}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

const DAY = 86_400_000;

/** The calendar date `days` from `now` (UTC date arithmetic; the hour is set in the zone below). */
const dateIn = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

interface DemoMotion {
  motion: string;
  moved_by: string;
  seconded_by: string;
  vote_result: "passed" | "failed" | "tabled";
  votes: [number, number, number];
}

interface DemoActionItem {
  key: string;
  description: string;
  assignee: string;
  /** Due this many days from today (negative: overdue if still open). */
  dueInDays: number;
  status: "pending" | "in_progress" | "completed";
}

interface DemoMeeting {
  key: string;
  association: string;
  by: string;
  title: string;
  description: string;
  type: MeetingType;
  /** Days from today; the meeting runs 18:00 to 20:00 in the association's zone. */
  inDays: number;
  location: string;
  guests?: string[];
  agenda: AgendaItemFields[];
  /** Past meetings: who was absent or excused (everyone else present), the minutes. */
  held?: {
    attendance: Record<string, Attendance>;
    minutes: string;
    motions: DemoMotion[];
    actionItems: DemoActionItem[];
  };
  cancelled?: string;
  /** Approved minutes shared with the homeowners. */
  shared?: boolean;
}

const item = (
  title: string,
  item_type: AgendaItemFields["item_type"],
  duration_minutes: number,
  assigned_to: string | null = null,
): AgendaItemFields => ({
  title,
  description: null,
  item_type,
  duration_minutes,
  assigned_to,
});

const MEETINGS: DemoMeeting[] = [
  {
    key: "bayview-annual-budget",
    association: DEMO_ASSOCIATIONS.bayview,
    shared: true,
    by: "board@demo.test",
    title: "Annual budget meeting",
    description: "Adoption of next year's operating budget and reserve contribution.",
    type: "regular",
    inDays: -45,
    location: "Bayview Towers clubhouse",
    agenda: [
      item("Call to order and roll call", "discussion", 5, "Blair Board"),
      item("Treasurer's report", "report", 20, "Taylor Treasurer"),
      item("Adopt the operating budget", "vote", 30),
      item("Open forum", "discussion", 15),
    ],
    held: {
      attendance: { "director@demo.test": "excused" },
      minutes:
        "The meeting was called to order at 6:02 PM by the President. A quorum of the board was present.\n\nThe Treasurer presented the proposed operating budget, including a 4% increase in the reserve contribution. After discussion the budget was adopted.",
      motions: [
        {
          motion: "Adopt the operating budget as presented, with a 4% reserve contribution increase",
          moved_by: "Taylor Treasurer",
          seconded_by: "Sam Secretary",
          vote_result: "passed",
          votes: [3, 0, 0],
        },
      ],
      actionItems: [
        {
          key: "budget-letter",
          description: "Mail the adopted budget and assessment notice to all owners",
          assignee: "secretary@demo.test",
          dueInDays: -30,
          status: "completed",
        },
        {
          key: "reserve-transfer",
          description: "Set up the monthly reserve transfer with the bank",
          assignee: "treasurer@demo.test",
          dueInDays: -5,
          status: "pending",
        },
      ],
    },
  },
  {
    key: "bayview-roof-special",
    association: DEMO_ASSOCIATIONS.bayview,
    by: "board@demo.test",
    title: "Special meeting: roof replacement",
    description: "Review of the engineer's report and the roof replacement RFP.",
    type: "special",
    inDays: -14,
    location: "Bayview Towers clubhouse",
    guests: ["engineer@example.com"],
    agenda: [
      item("Engineer's report", "presentation", 30),
      item("Publish the roof replacement RFP", "vote", 20, "Morgan Manager"),
    ],
    held: {
      attendance: { "engineer@example.com": "present", "secretary@demo.test": "absent" },
      minutes:
        "The engineer presented the roof survey: the membrane is at the end of its life. The board agreed to request proposals and to table the special assessment until bids are in.",
      motions: [
        {
          motion: "Publish an RFP for the full roof replacement",
          moved_by: "Blair Board",
          seconded_by: "Dana Director",
          vote_result: "passed",
          votes: [3, 0, 0],
        },
        {
          motion: "Levy a special assessment for the roof",
          moved_by: "Dana Director",
          seconded_by: "Taylor Treasurer",
          vote_result: "tabled",
          votes: [0, 0, 0],
        },
      ],
      actionItems: [
        {
          key: "roof-rfp",
          description: "Publish the roof replacement RFP on the marketplace",
          assignee: "manager@demo.test",
          dueInDays: 3,
          status: "in_progress",
        },
        {
          key: "insurance-check",
          description: "Ask the insurer whether the roof work changes our premium",
          assignee: "board@demo.test",
          dueInDays: 10,
          status: "pending",
        },
      ],
    },
  },
  {
    key: "bayview-monthly",
    association: DEMO_ASSOCIATIONS.bayview,
    by: "board@demo.test",
    title: "Monthly board meeting",
    description: "Regular monthly business.",
    type: "regular",
    inDays: 9,
    location: "Bayview Towers clubhouse",
    agenda: [
      item("Approve the previous minutes", "vote", 5),
      item("Manager's report", "report", 15, "Morgan Manager"),
      item("Roof RFP: proposals received", "discussion", 30),
      item("Pool deck resurfacing", "discussion", 20),
    ],
  },
  {
    key: "bayview-landscaping-committee",
    association: DEMO_ASSOCIATIONS.bayview,
    by: "manager@demo.test",
    title: "Landscaping committee",
    description: "Plantings along Bayshore Boulevard.",
    type: "committee",
    inDays: 23,
    location: "Online",
    agenda: [
      item("Vendor walkthrough findings", "report", 20),
      item("Spring planting plan", "discussion", 25),
    ],
  },
  {
    key: "bayview-emergency-storm",
    association: DEMO_ASSOCIATIONS.bayview,
    by: "board@demo.test",
    title: "Emergency meeting: storm preparations",
    description: "Shutters and generator readiness ahead of the storm.",
    type: "emergency",
    inDays: 2,
    location: "Lobby",
    agenda: [item("Shutter installation schedule", "discussion", 15)],
    cancelled: "The storm turned north; preparations continue at the monthly meeting.",
  },
  {
    key: "oak-hollow-quarterly",
    association: DEMO_ASSOCIATIONS.oakHollow,
    by: "director@demo.test",
    title: "Quarterly board meeting",
    description: "Quarterly business and the entrance gate repair.",
    type: "regular",
    inDays: -20,
    location: "Oak Hollow pavilion",
    agenda: [item("Financial report", "report", 15, "Blair Board"), item("Entrance gate repair", "vote", 20)],
    held: {
      attendance: {},
      minutes: "The board reviewed the quarter's finances and approved the entrance gate repair.",
      motions: [
        {
          motion: "Approve the entrance gate repair up to $8,500",
          moved_by: "Dana Director",
          seconded_by: "Blair Board",
          vote_result: "passed",
          votes: [2, 0, 0],
        },
      ],
      actionItems: [
        {
          key: "gate-contract",
          description: "Sign the gate repair contract",
          assignee: "manager@demo.test",
          dueInDays: 5,
          status: "in_progress",
        },
      ],
    },
  },
  {
    key: "oak-hollow-annual",
    association: DEMO_ASSOCIATIONS.oakHollow,
    by: "manager@demo.test",
    title: "Annual owners' meeting",
    description: "Election of directors and the annual report.",
    type: "regular",
    inDays: 30,
    location: "Oak Hollow pavilion",
    agenda: [item("Annual report", "report", 20, "Dana Director"), item("Election of directors", "vote", 40)],
  },
];

export async function seedMeetings(db: Database, ids: Map<string, string>, now: Date = new Date()) {
  for (const demo of MEETINGS) {
    const [association] = await db
      .select({
        id: associations.id,
        timeZone: associations.timeZone,
        boardSeats: associations.boardSeats,
        quorumMinimum: associations.quorumMinimum,
      })
      .from(associations)
      .where(eq(associations.name, demo.association));
    const by = ids.get(demo.by);
    if (!association || !by) continue;
    const meetingId = seedUuid(demo.key);
    const actor = { userId: by, mayManage: true };
    const key = (step: string) => `seed:meeting:${demo.key}:${step}`;
    const date = dateIn(now, demo.inDays);
    const at = (time: string) => localDateTimeToIso(`${date}T${time}`, association.timeZone) as string;
    const scheduled = await scheduleMeeting(
      db,
      {
        associationId: association.id,
        actor,
        meetingId,
        fields: {
          title: demo.title,
          description: demo.description,
          meeting_type: demo.type,
          start_time: at("18:00"),
          end_time: at("20:00"),
          location: demo.location,
          meeting_url: null,
        },
        guestEmails: demo.guests ?? [],
        agenda: demo.agenda.map((a, n) => ({ ...a, itemId: seedUuid(`${demo.key}:agenda:${n}`) })),
      },
      { idempotencyKey: key("schedule"), metadata: { actorUserId: by, correlationId: "seed" } },
    );
    if (!scheduled.ok) throw new Error(`seed meeting ${demo.key}: ${scheduled.error.message}`);
    const run = async (step: string, change: MeetingChange, as: string = by) => {
      const outcome = await changeMeeting(
        db,
        { meetingId, associationId: association.id, actor: { userId: as, mayManage: true }, change },
        { idempotencyKey: key(step), metadata: { actorUserId: as, correlationId: "seed" } },
      );
      if (!outcome.ok) throw new Error(`seed meeting ${demo.key} ${step}: ${outcome.error.message}`);
    };
    if (demo.cancelled) {
      await run("cancel", { type: "CancelMeeting", reason: demo.cancelled });
      continue;
    }
    const held = demo.held;
    if (!held) continue;
    await run("start", { type: "StartMeeting" });
    const attendees = await db
      .select({ id: meetingAttendees.id, email: meetingAttendees.email })
      .from(meetingAttendees)
      .where(and(eq(meetingAttendees.meetingId, meetingId)));
    for (const a of attendees)
      await run(`attendance:${a.email}`, {
        type: "RecordAttendance",
        attendeeId: a.id,
        attendance: held.attendance[a.email] ?? "present",
      });
    await run("minutes", { type: "DraftMinutes", content: held.minutes });
    for (const [n, m] of held.motions.entries())
      await run(`motion:${n}`, {
        type: "RecordMotion",
        quorumRequired: quorumRequired(association.boardSeats, association.quorumMinimum),
        motion: {
          motionId: seedUuid(`${demo.key}:motion:${n}`),
          motion: m.motion,
          moved_by: m.moved_by,
          seconded_by: m.seconded_by,
          vote_result: m.vote_result,
          vote_count: { for: m.votes[0], against: m.votes[1], abstain: m.votes[2] },
        },
      });
    for (const a of held.actionItems) {
      const assignee = ids.get(a.assignee);
      if (!assignee) continue;
      const actionItemId = seedUuid(`${demo.key}:action:${a.key}`);
      const name = a.assignee.split("@")[0] ?? a.assignee;
      await run(`action:${a.key}`, {
        type: "AssignActionItem",
        actionItemId,
        actionItem: {
          description: a.description,
          assigneeId: assignee,
          assigneeName: DEMO_NAMES[a.assignee] ?? name,
          due_date: dateIn(now, a.dueInDays),
        },
      });
    }
    await run("complete", { type: "CompleteMeeting" });
    await run("approve", { type: "ApproveMinutes" });
    if (demo.shared) await run("share", { type: "ShareMinutes" });
    for (const a of held.actionItems) {
      const assignee = ids.get(a.assignee);
      if (!assignee || a.status === "pending") continue;
      const actionItemId = seedUuid(`${demo.key}:action:${a.key}`);
      await run(
        `action:${a.key}:in_progress`,
        { type: "ChangeActionItemStatus", actionItemId, status: "in_progress" },
        assignee,
      );
      if (a.status === "completed")
        await run(
          `action:${a.key}:completed`,
          { type: "ChangeActionItemStatus", actionItemId, status: "completed" },
          assignee,
        );
    }
  }
}

const DEMO_NAMES: Record<string, string> = {
  "board@demo.test": "Blair Board",
  "manager@demo.test": "Morgan Manager",
  "treasurer@demo.test": "Taylor Treasurer",
  "secretary@demo.test": "Sam Secretary",
  "director@demo.test": "Dana Director",
};
