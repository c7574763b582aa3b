import { randomUUID } from "node:crypto";
import type { Database, Queryable } from "@db/client";
import { type CommandOutcome, type EventMetadata, readStream, runCommand } from "@db/event-store";
import { associationMembers, associations, userProfiles, users } from "@db/schema";
import {
  type ActionItemFields,
  type AgendaItemFields,
  type Attendee,
  decide as decideMeeting,
  fold as foldMeeting,
  MEETING_MESSAGES,
  MEETING_STREAM_TYPE,
  type MeetingActor,
  type MeetingCommand,
  type MeetingError,
  type MeetingEvent,
  type MeetingFields,
  type MeetingState,
  meetingStreamId,
} from "@domain/meeting";
import { and, asc, eq, inArray } from "drizzle-orm";

/**
 * Board room commands (issue 12): each loads the `meeting-{id}` stream, decides and appends in one
 * transaction through the event store, with the projections (db/projections/meetings.ts) in the same
 * transaction. The caller has authorized the person through requireAssociation; every command also
 * checks that the meeting belongs to that association (another association's meeting is not found).
 */

type Clock = () => Date;
const nowIso = (clock?: Clock) => (clock ?? (() => new Date()))().toISOString();

/** A new id for an agenda item, motion or action item. */
export const newId = () => randomUUID();

const stream = (meetingId: string) => ({
  streamId: meetingStreamId(meetingId),
  streamType: MEETING_STREAM_TYPE,
});

export interface MeetingCommandResult {
  meetingId: string;
  version: number;
}

export interface MeetingCommandOptions {
  metadata?: EventMetadata;
  now?: Clock;
  idempotencyKey?: string;
  expectedVersion?: number;
}

/** The association's time zone, in which a meeting's day is counted (UTC when there is no such association). */
async function associationTimeZone(db: Queryable, associationId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: associations.timeZone })
    .from(associations)
    .where(eq(associations.id, associationId));
  return row?.timeZone ?? "UTC";
}

/** Commands that do not create the meeting: everything but ScheduleMeeting, without the actor. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type MeetingChange = DistributiveOmit<Exclude<MeetingCommand, { type: "ScheduleMeeting" }>, "actor">;

/**
 * Runs one meeting command in `associationId`. A meeting of another association (or none) is
 * not found. With `expectedVersion`, a stream that moved on throws VersionConflictError.
 */
export async function executeMeetingCommand(
  db: Database,
  input: { meetingId: string; associationId: string; command: MeetingCommand },
  options: MeetingCommandOptions = {},
): Promise<CommandOutcome<MeetingCommandResult, MeetingError>> {
  const s = stream(input.meetingId);
  const timeZone = await associationTimeZone(db, input.associationId);
  return runCommand<MeetingCommandResult, MeetingError>(db, {
    streams: [s],
    expectedVersions:
      options.expectedVersion === undefined ? undefined : { [s.streamId]: options.expectedVersion },
    metadata: options.metadata ?? { actorUserId: input.command.actor.userId },
    idempotencyKey: options.idempotencyKey,
    decide(loaded) {
      const { state, version } = loaded.get(s.streamId) as { state: MeetingState; version: number };
      if (state.status !== "new" && state.associationId !== input.associationId) {
        return { ok: false, error: { kind: "not_found", message: MEETING_MESSAGES.notFound } };
      }
      const decision = decideMeeting(state, input.command, { now: nowIso(options.now), timeZone });
      if (!decision.ok) return decision;
      return {
        ok: true,
        appends: [{ streamId: s.streamId, events: decision.events }],
        result: { meetingId: input.meetingId, version: version + decision.events.length },
      };
    },
  });
}

/** A change to an existing meeting by `actor`. */
export function changeMeeting(
  db: Database,
  input: { meetingId: string; associationId: string; actor: MeetingActor; change: MeetingChange },
  options: MeetingCommandOptions = {},
) {
  return executeMeetingCommand(
    db,
    {
      meetingId: input.meetingId,
      associationId: input.associationId,
      command: { ...input.change, actor: input.actor } as MeetingCommand,
    },
    options,
  );
}

/** The association's board members and property managers, as the meeting's invited attendees. */
export async function boardAttendees(db: Queryable, associationId: string): Promise<Attendee[]> {
  const rows = await db
    .select({
      userId: associationMembers.userId,
      memberRole: associationMembers.memberRole,
      email: users.email,
      fullName: userProfiles.fullName,
      displayName: userProfiles.displayName,
    })
    .from(associationMembers)
    .innerJoin(users, eq(users.id, associationMembers.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, associationMembers.userId))
    .where(
      and(
        eq(associationMembers.associationId, associationId),
        eq(associationMembers.status, "active"),
        inArray(associationMembers.memberRole, ["board_member", "property_manager"]),
      ),
    )
    .orderBy(asc(associationMembers.createdAt));
  return rows.map((r) => ({
    attendeeId: randomUUID(),
    userId: r.userId,
    email: r.email.toLowerCase(),
    fullName: r.fullName?.trim() || r.displayName?.trim() || r.email,
    role: r.memberRole === "board_member" ? ("board_member" as const) : ("property_manager" as const),
  }));
}

/** A guest invited by e-mail. */
export const guestAttendee = (email: string): Attendee => ({
  attendeeId: randomUUID(),
  userId: null,
  email: email.trim().toLowerCase(),
  fullName: "",
  role: "guest",
});

/**
 * Schedules a meeting: the association's board members and managers are invited, plus the guests'
 * e-mails (an e-mail of a board member or manager is not added twice), with the agenda as given.
 */
export async function scheduleMeeting(
  db: Database,
  input: {
    associationId: string;
    actor: MeetingActor;
    fields: MeetingFields;
    guestEmails?: readonly string[];
    agenda?: readonly (AgendaItemFields & { itemId?: string })[];
    meetingId?: string;
  },
  options: Omit<MeetingCommandOptions, "expectedVersion"> = {},
) {
  const meetingId = input.meetingId ?? randomUUID();
  const members = await boardAttendees(db, input.associationId);
  const known = new Set(members.map((m) => m.email));
  const guests = (input.guestEmails ?? [])
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e && !known.has(e))
    .map(guestAttendee);
  return executeMeetingCommand(
    db,
    {
      meetingId,
      associationId: input.associationId,
      command: {
        type: "ScheduleMeeting",
        meetingId,
        associationId: input.associationId,
        actor: input.actor,
        fields: input.fields,
        attendees: [...members, ...guests],
        agenda: (input.agenda ?? []).map((i) => ({ ...i, itemId: i.itemId ?? randomUUID() })),
      },
    },
    options,
  );
}

/**
 * Saves the edit form: the fields it posted, merged in `decide` against the locked meeting, with the
 * fields as they were at the version the form was rendered from as the base. A field someone else
 * changed meanwhile is a conflict (409 with the current values), never a silent overwrite.
 */
export async function editMeeting(
  db: Database,
  input: {
    meetingId: string;
    associationId: string;
    actor: MeetingActor;
    fields: Partial<MeetingFields>;
    renderedVersion: number;
  },
  options: MeetingCommandOptions = {},
): Promise<CommandOutcome<MeetingCommandResult, MeetingError>> {
  const history = await readStream(db, meetingStreamId(input.meetingId));
  const events = history.map((e) => ({ type: e.type, data: e.data }) as MeetingEvent);
  const current = foldMeeting(events);
  if (current.status === "new" || current.associationId !== input.associationId || current.deleted) {
    return { ok: false, error: { kind: "not_found", message: MEETING_MESSAGES.notFound } };
  }
  if (input.renderedVersion < 1 || input.renderedVersion > history.length) {
    return {
      ok: false,
      error: {
        kind: "conflict",
        message: MEETING_MESSAGES.editConflict,
        fields: Object.keys(input.fields) as (keyof MeetingFields)[],
      },
    };
  }
  const shown = foldMeeting(events.slice(0, input.renderedVersion)).fields as MeetingFields;
  const base = Object.fromEntries(Object.keys(input.fields).map((k) => [k, shown[k as keyof MeetingFields]]));
  return executeMeetingCommand(
    db,
    {
      meetingId: input.meetingId,
      associationId: input.associationId,
      command: { type: "UpdateMeeting", actor: input.actor, fields: input.fields, base },
    },
    options,
  );
}

/** Adds an action item with a new id. */
export function assignActionItem(
  db: Database,
  input: { meetingId: string; associationId: string; actor: MeetingActor; actionItem: ActionItemFields },
  options: MeetingCommandOptions = {},
) {
  return changeMeeting(
    db,
    {
      ...input,
      change: { type: "AssignActionItem", actionItemId: randomUUID(), actionItem: input.actionItem },
    },
    options,
  );
}

/** The meeting's current state (for pages that need the folded lifecycle, e.g. the quorum). */
export async function loadMeeting(db: Queryable, meetingId: string): Promise<MeetingState> {
  const history = await readStream(db, meetingStreamId(meetingId));
  return foldMeeting(history.map((e) => ({ type: e.type, data: e.data }) as MeetingEvent));
}
