import { randomUUID } from "node:crypto";
import type { Database, Queryable } from "@db/client";
import {
  type CommandOutcome,
  type EditConflict,
  type EventMetadata,
  readStream,
  runCommand,
  runEdit,
} from "@db/event-store";
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

/** For the routes: a command error that is an edit conflict (a 409 with the current values). */
export { isEditConflict } from "@db/event-store";

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

/** What the meeting's edit commands take: the person, and the version their form was rendered from. */
interface MeetingEditInput {
  meetingId: string;
  associationId: string;
  actor: MeetingActor;
  renderedVersion: number;
}

/** The minutes text the minutes form edits. */
export interface MinutesText {
  content: string | null;
}

/**
 * One edit of a meeting through the one edit path (runEdit): another association's (or a deleted)
 * meeting is not found; a stale version merges only what the person changed, and a field someone else
 * changed meanwhile is an EditConflict with the current values (409).
 */
async function editMeetingStream<V extends object>(
  db: Database,
  input: MeetingEditInput,
  edit: {
    posted?: Partial<V>;
    valuesOf: (state: MeetingState) => V | null;
    command: (changes: Partial<V>, state: MeetingState) => MeetingChange;
  },
  options: MeetingCommandOptions = {},
): Promise<CommandOutcome<MeetingCommandResult, MeetingError | EditConflict<V>>> {
  const timeZone = await associationTimeZone(db, input.associationId);
  return runEdit<MeetingState, V, MeetingCommandResult, MeetingError>(db, {
    stream: stream(input.meetingId),
    renderedVersion: input.renderedVersion,
    posted: edit.posted,
    valuesOf: edit.valuesOf,
    conflictMessage: MEETING_MESSAGES.editConflict,
    metadata: options.metadata ?? { actorUserId: input.actor.userId },
    idempotencyKey: options.idempotencyKey,
    guard: (state) =>
      state.status === "new" || state.associationId !== input.associationId || state.deleted
        ? { kind: "not_found", message: MEETING_MESSAGES.notFound }
        : null,
    decide(state, changes, version) {
      const command = { ...edit.command(changes, state), actor: input.actor } as MeetingCommand;
      const decision = decideMeeting(state, command, { now: nowIso(options.now), timeZone });
      if (!decision.ok) return decision;
      return {
        ok: true,
        appends: [{ streamId: meetingStreamId(input.meetingId), events: decision.events }],
        result: { meetingId: input.meetingId, version: version + decision.events.length },
      };
    },
  });
}

/** Saves the meeting's edit form (its details). */
export function editMeeting(
  db: Database,
  input: MeetingEditInput & { fields: Partial<MeetingFields> },
  options: MeetingCommandOptions = {},
) {
  return editMeetingStream<MeetingFields>(
    db,
    input,
    {
      posted: input.fields,
      valuesOf: (state) => state.fields,
      command: (changes) => ({ type: "UpdateMeeting", fields: changes }),
    },
    options,
  );
}

/** Saves one agenda item's edit form (an item removed meanwhile is not found). */
export function editAgendaItem(
  db: Database,
  input: MeetingEditInput & { itemId: string; fields: Partial<AgendaItemFields> },
  options: MeetingCommandOptions = {},
) {
  return editMeetingStream<AgendaItemFields>(
    db,
    input,
    {
      posted: input.fields,
      valuesOf: (state) => {
        const item = state.agenda.find((i) => i.itemId === input.itemId);
        if (!item) return null;
        const { itemId: _id, ...fields } = item;
        return fields;
      },
      command: (changes) => ({ type: "UpdateAgendaItem", itemId: input.itemId, changes }),
    },
    options,
  );
}

/** Saves the minutes text (the minutes form's content). */
export function editMinutesText(
  db: Database,
  input: MeetingEditInput & { content: string },
  options: MeetingCommandOptions = {},
) {
  return editMeetingStream<MinutesText>(
    db,
    input,
    {
      posted: { content: input.content },
      valuesOf: (state) => ({ content: state.minutes.content }),
      // Text the person left as shown stays as it is now (DraftMinutes of the same text appends nothing).
      command: (changes, state) => ({
        type: "DraftMinutes",
        content: changes.content ?? state.minutes.content ?? "",
      }),
    },
    options,
  );
}

/**
 * A change without fields that only makes sense on what the page showed (the agenda's reorder: the
 * arrows and drag and drop): any change to the meeting since the page was rendered is a conflict.
 */
export function changeMeetingAsShown(
  db: Database,
  input: MeetingEditInput & { change: MeetingChange },
  options: MeetingCommandOptions = {},
) {
  return editMeetingStream<{ agenda: string[] }>(
    db,
    input,
    { valuesOf: (state) => ({ agenda: state.agenda.map((i) => i.itemId) }), command: () => input.change },
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
