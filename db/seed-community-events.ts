import { and, eq, sql } from "drizzle-orm";
import {
  answerEvent,
  createCommunityEvent,
  editCommunityEvent,
} from "../app/commands/community-events.server";
import type { EventViewer } from "../app/queries/community-events.server";
import { wallClock } from "../domain/calendar/time";
import type { EventDraft, RsvpChoice } from "../domain/community/events";
import { type Database, queryRows } from "./client";
import { communityEvents } from "./schema";
import { DEMO_ASSOCIATIONS } from "./seed-associations";

/**
 * Demo community events (issue 29, part 7): upcoming events with answers, written by the app's own
 * commands (createCommunityEvent, answerEvent), so the waitlist and the counts are the app's. One is
 * full with someone waiting, and one was moved to another room after people answered (decision 085: its
 * attendees were told by an event_changed notification). Idempotent: an event is matched by its author and title. The people who
 * answer are not those of the calendar's browser tests (treasurer@, secretary@).
 */

const ZONE = "America/New_York";
const DAY = 86_400_000;

interface DemoCommunityEvent {
  author: string;
  days: number;
  draft: Omit<EventDraft, "date" | "timeZone" | "associationId"> & {
    association?: keyof typeof DEMO_ASSOCIATIONS;
  };
  answers: Array<[string, RsvpChoice]>;
  /** Changed by its host after the answers, through the edit command (as Edit Event does). */
  edit?: Partial<Omit<EventDraft, "date" | "timeZone" | "associationId">>;
}

const EVENTS: DemoCommunityEvent[] = [
  {
    author: "manager@demo.test",
    days: 7,
    draft: {
      title: "HOA insurance renewal roundtable",
      eventType: "networking",
      time: "18:30",
      isVirtual: false,
      location: "Harborview Library, Community Room",
      meetingLink: "",
      maxAttendees: 30,
      rsvpDeadline: null,
      visibility: "public",
      targetRoles: ["board_member", "manager"],
    },
    answers: [
      ["board@demo.test", "attending"],
      ["director@demo.test", "maybe"],
    ],
    edit: { location: "Harborview Library, Room B (the community room is being repainted)" },
  },
  {
    author: "vendor@demo.test",
    days: 5,
    draft: {
      title: "Roof maintenance webinar for boards",
      eventType: "webinar",
      time: "12:00",
      isVirtual: true,
      location: "",
      meetingLink: "https://meet.example.com/roof-maintenance",
      maxAttendees: 2,
      rsvpDeadline: null,
      visibility: "members",
      targetRoles: ["board_member"],
    },
    // Two seats: the third answer waits in line.
    answers: [
      ["board@demo.test", "attending"],
      ["manager@demo.test", "attending"],
      ["director@demo.test", "attending"],
    ],
  },
  {
    author: "board@demo.test",
    days: 12,
    draft: {
      title: "Bayview Towers owners' social",
      eventType: "social",
      time: "17:00",
      isVirtual: false,
      location: "Rooftop terrace",
      meetingLink: "",
      maxAttendees: null,
      rsvpDeadline: null,
      visibility: "organization",
      association: "bayview",
      targetRoles: ["homeowner"],
    },
    answers: [
      ["homeowner@demo.test", "attending"],
      ["manager@demo.test", "attending"],
    ],
  },
];

async function viewerOf(db: Database, userId: string): Promise<EventViewer> {
  const roles = await queryRows<{ role_type: string }>(
    db,
    sql`select distinct role_type from user_professional_roles where user_id = ${userId} and is_current`,
  );
  const memberships = await queryRows<{ association_id: string }>(
    db,
    sql`select association_id from association_members where user_id = ${userId} and status = 'active'`,
  );
  return {
    userId,
    roleTypes: roles.map((r) => r.role_type),
    associationIds: memberships.map((m) => m.association_id),
  };
}

export async function seedCommunityEvents(
  db: Database,
  ids: Map<string, string>,
  associationIds: Map<string, string>,
  now = new Date(),
): Promise<void> {
  for (const demo of EVENTS) {
    const authorId = ids.get(demo.author);
    if (!authorId) continue;
    const [existing] = await db
      .select({ id: communityEvents.id })
      .from(communityEvents)
      .where(and(eq(communityEvents.authorId, authorId), eq(communityEvents.title, demo.draft.title)));
    if (existing) continue;
    const author = await viewerOf(db, authorId);
    const { association, ...rest } = demo.draft;
    const draft: EventDraft = {
      ...rest,
      date: wallClock(now.getTime() + demo.days * DAY, ZONE).date,
      timeZone: ZONE,
      associationId: association ? (associationIds.get(DEMO_ASSOCIATIONS[association]) ?? null) : null,
    };
    const created = await createCommunityEvent(
      db,
      { userId: authorId, contextId: null, associationIds: author.associationIds },
      draft,
      now,
    );
    if (!created.ok) throw new Error(`demo event "${demo.draft.title}" refused: ${JSON.stringify(created)}`);
    for (const [email, choice] of demo.answers) {
      const userId = ids.get(email);
      if (!userId) continue;
      const answered = await answerEvent(db, await viewerOf(db, userId), created.id, choice, now);
      if (!answered.ok) throw new Error(`demo answer of ${email} refused: ${JSON.stringify(answered)}`);
    }
    if (demo.edit) {
      const edited = await editCommunityEvent(db, {
        eventId: created.id,
        userId: authorId,
        isAdmin: false,
        associationIds: author.associationIds,
        version: 1,
        draft: { ...draft, ...demo.edit },
        now,
      });
      if (!edited.ok)
        throw new Error(`demo edit of "${demo.draft.title}" refused: ${JSON.stringify(edited)}`);
    }
  }
}
