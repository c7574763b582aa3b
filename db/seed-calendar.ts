import { and, eq } from "drizzle-orm";
import type { AssociationMembership } from "../app/auth/association.server";
import { createEvent } from "../app/commands/calendar.server";
import type { MemberRole } from "../domain/associations";
import {
  addDays,
  type EventInput,
  type EventType,
  toRrule,
  wallClock,
  wallClockToInstant,
  weekday,
} from "../domain/calendar";
import type { Database } from "./client";
import { associationMembers, associations, calendarEvents } from "./schema";
import { DEMO_ASSOCIATIONS } from "./seed-associations";

/**
 * Demo calendar (issue 12 part 3): repeating and one-off events for the demo people and the two demo
 * associations, around the day the database is seeded, written by the app's own createEvent command.
 * Idempotent: an event is matched by its owner and title.
 */

const ZONE = "America/New_York";

interface DemoEvent {
  owner: string;
  association?: keyof typeof DEMO_ASSOCIATIONS;
  title: string;
  eventType: EventType;
  /** Days from the seeding day (the first occurrence). */
  day: number | ((today: string) => string);
  start: string;
  end: string;
  allDay?: boolean;
  rrule?: Parameters<typeof toRrule>[0];
  location?: string;
  meetingUrl?: string;
  description?: string;
  attendees?: string[];
}

/** The next given weekday (0 Sunday) on or after `date`, minus `weeksBack` weeks. */
const weekdayFrom =
  (dow: number, weeksBack = 0) =>
  (today: string) => {
    const d = addDays(today, (dow - weekday(today) + 7) % 7);
    return addDays(d, -7 * weeksBack);
  };

const DEMO_EVENTS: DemoEvent[] = [
  {
    owner: "board@demo.test",
    association: "bayview",
    title: "Board work session",
    eventType: "meeting",
    day: weekdayFrom(2, 6),
    start: "19:00",
    end: "20:00",
    rrule: { pattern: "weekly", interval: 2, ends: "never" },
    location: "Bayview Towers clubhouse",
    meetingUrl: "https://meet.example.org/bayview-board",
    description: "Every other Tuesday: open items, vendor updates and the next regular meeting's agenda.",
  },
  {
    owner: "manager@demo.test",
    association: "bayview",
    title: "Fire alarm testing",
    eventType: "maintenance",
    day: (today) => `${today.slice(0, 7)}-12`,
    start: "09:00",
    end: "12:00",
    rrule: { pattern: "monthly", interval: 1, ends: "count", count: 12 },
    location: "All floors",
    description: "Alarms will sound briefly on each floor. No action needed.",
  },
  {
    owner: "manager@demo.test",
    association: "bayview",
    title: "Pool closed for resurfacing",
    eventType: "maintenance",
    day: 9,
    start: "00:00",
    end: "23:59",
    allDay: true,
    location: "Pool deck",
  },
  {
    owner: "board@demo.test",
    association: "bayview",
    title: "Annual owners meeting",
    eventType: "meeting",
    day: 20,
    start: "18:30",
    end: "20:30",
    location: "Bayview Towers clubhouse",
    description: "Election of directors, the budget for next year and owners' questions.",
    attendees: ["homeowner@demo.test", "other@demo.test"],
  },
  {
    owner: "treasurer@demo.test",
    association: "bayview",
    title: "Reserve study deadline",
    eventType: "deadline",
    day: 14,
    start: "17:00",
    end: "17:30",
  },
  {
    owner: "director@demo.test",
    association: "oakHollow",
    title: "Architectural review committee",
    eventType: "meeting",
    day: weekdayFrom(4, 3),
    start: "18:00",
    end: "19:00",
    rrule: { pattern: "monthly", interval: 1, ends: "never" },
    location: "Oak Hollow pavilion",
  },
  {
    owner: "manager@demo.test",
    association: "oakHollow",
    title: "Landscaping crew on site",
    eventType: "maintenance",
    day: weekdayFrom(1, 2),
    start: "08:00",
    end: "12:00",
    rrule: { pattern: "weekly", interval: 1, ends: "never" },
    location: "Common areas",
  },
  {
    owner: "homeowner@demo.test",
    title: "Plumber visit (unit 4B)",
    eventType: "appointment",
    day: 3,
    start: "10:00",
    end: "11:00",
    location: "Unit 4B",
  },
  {
    owner: "homeowner@demo.test",
    title: "Pay HOA dues",
    eventType: "reminder",
    day: (today) => `${today.slice(0, 7)}-01`,
    start: "09:00",
    end: "09:15",
    rrule: { pattern: "monthly", interval: 1, ends: "never" },
  },
  {
    owner: "vendor@demo.test",
    title: "Site visit: Bayview Towers lobby",
    eventType: "appointment",
    day: 5,
    start: "14:00",
    end: "15:30",
    location: "Bayview Towers, 1200 Bayshore Blvd",
  },
];

async function membershipsOf(db: Database, userId: string): Promise<AssociationMembership[]> {
  const rows = await db
    .select({
      associationId: associationMembers.associationId,
      associationName: associations.name,
      memberId: associationMembers.id,
      memberRole: associationMembers.memberRole,
      boardOffice: associationMembers.boardOffice,
      unit: associationMembers.unit,
    })
    .from(associationMembers)
    .innerJoin(associations, eq(associations.id, associationMembers.associationId))
    .where(and(eq(associationMembers.userId, userId), eq(associationMembers.status, "active")));
  return rows.map((r) => ({ ...r, memberRole: r.memberRole as MemberRole, boardOffice: null }));
}

export async function seedCalendar(
  db: Database,
  ids: Map<string, string>,
  associationIds: Map<string, string>,
  now = new Date(),
): Promise<void> {
  const today = wallClock(now, ZONE).date;
  for (const demo of DEMO_EVENTS) {
    const ownerId = ids.get(demo.owner);
    if (!ownerId) continue;
    const [existing] = await db
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.ownerId, ownerId), eq(calendarEvents.title, demo.title)));
    if (existing) continue;
    const associationId = demo.association
      ? (associationIds.get(DEMO_ASSOCIATIONS[demo.association]) ?? null)
      : null;
    if (demo.association && !associationId) continue;
    const date = typeof demo.day === "function" ? demo.day(today) : addDays(today, demo.day);
    const input: EventInput = {
      title: demo.title,
      description: demo.description ?? null,
      eventType: demo.eventType,
      startsAt: new Date(wallClockToInstant(date, demo.start, ZONE)).toISOString(),
      endsAt: new Date(wallClockToInstant(date, demo.end, ZONE)).toISOString(),
      timeZone: ZONE,
      isAllDay: demo.allDay ?? false,
      location: demo.location ?? null,
      meetingUrl: demo.meetingUrl ?? null,
      rrule: demo.rrule ? toRrule(demo.rrule, ZONE) : null,
      attendeeEmails: demo.attendees ?? [],
      associationId,
    };
    const memberships = await membershipsOf(db, ownerId);
    const result = await createEvent(
      db,
      { userId: ownerId, email: demo.owner, fullName: null, memberships },
      input,
    );
    if (!result.ok) throw new Error(`demo event "${demo.title}": ${result.error.message}`);
  }
}
