import { and, eq, sql } from "drizzle-orm";
import { pgSchema, pgTable } from "drizzle-orm/pg-core";
import { MEETING_EVENT_TYPES, type MeetingEvent } from "../../domain/meeting";
import { assertNever } from "../../domain/shared";
import type { Queryable } from "../client";
import { type MeetingProjectionTables, meetingProjectionTables } from "../schema/meetings";
import type { Projection, ProjectionInput } from "./types";

const live = meetingProjectionTables(pgTable);

/** The next position in a meeting's list (agenda, attendees, motions): after the last one. */
const nextPosition = (meetingId: string, name: string) =>
  sql`coalesce((select max(position) from ${sql.raw(name)} where meeting_id = ${meetingId}), 0) + 1`;

async function applyMeetingEvent(
  db: Queryable,
  e: MeetingEvent,
  version: number,
  tables: MeetingProjectionTables,
  names: { agenda: string; attendees: string; motions: string; documents: string },
) {
  const {
    meetings: m,
    meetingAgendaItems: ag,
    meetingAttendees: at,
    meetingMotions: mo,
    meetingActionItems: ai,
    meetingDocuments: md,
  } = tables;
  const meetingId = e.data.meetingId;
  const touch = (updatedAt: string, set: Partial<typeof m.$inferInsert> = {}) =>
    db
      .update(m)
      .set({ ...set, version, updatedAt })
      .where(eq(m.id, meetingId));
  const recount = (updatedAt: string) =>
    touch(updatedAt, {
      attendeeCount: sql`(select count(*) from ${sql.raw(names.attendees)} where meeting_id = ${meetingId})`,
      presentCount: sql`(select count(*) from ${sql.raw(names.attendees)} where meeting_id = ${meetingId} and attendance = 'present')`,
    } as unknown as Partial<typeof m.$inferInsert>);
  switch (e.type) {
    case "MeetingScheduled": {
      const f = e.data.fields;
      await db.insert(m).values({
        id: meetingId,
        associationId: e.data.associationId,
        title: f.title,
        description: f.description,
        meetingType: f.meeting_type,
        status: "scheduled",
        startTime: f.start_time,
        endTime: f.end_time,
        location: f.location,
        meetingUrl: f.meeting_url,
        minutesStatus: "none",
        attendeeCount: e.data.attendees.length,
        presentCount: 0,
        scheduledBy: e.data.scheduledBy,
        version,
        createdAt: e.data.scheduledAt,
        updatedAt: e.data.scheduledAt,
      });
      if (e.data.agenda.length > 0)
        await db.insert(ag).values(
          e.data.agenda.map((i, n) => ({
            id: i.itemId,
            meetingId,
            position: n + 1,
            title: i.title,
            description: i.description,
            itemType: i.item_type,
            durationMinutes: i.duration_minutes,
            assignedTo: i.assigned_to,
          })),
        );
      if (e.data.attendees.length > 0)
        await db.insert(at).values(
          e.data.attendees.map((a, n) => ({
            id: a.attendeeId,
            meetingId,
            userId: a.userId,
            email: a.email,
            fullName: a.fullName,
            role: a.role,
            attendance: null,
            position: n + 1,
          })),
        );
      return;
    }
    case "MeetingDetailsUpdated": {
      const c = e.data.changes;
      const set: Partial<typeof m.$inferInsert> = {};
      if (c.title !== undefined) set.title = c.title;
      if (c.description !== undefined) set.description = c.description;
      if (c.meeting_type !== undefined) set.meetingType = c.meeting_type;
      if (c.start_time !== undefined) set.startTime = c.start_time;
      if (c.end_time !== undefined) set.endTime = c.end_time;
      if (c.location !== undefined) set.location = c.location;
      if (c.meeting_url !== undefined) set.meetingUrl = c.meeting_url;
      await touch(e.data.updatedAt, set);
      return;
    }
    case "AgendaItemAdded": {
      const i = e.data.item;
      await db.insert(ag).values({
        id: i.itemId,
        meetingId,
        position: nextPosition(meetingId, names.agenda) as unknown as number,
        title: i.title,
        description: i.description,
        itemType: i.item_type,
        durationMinutes: i.duration_minutes,
        assignedTo: i.assigned_to,
      });
      await touch(e.data.addedAt);
      return;
    }
    case "AgendaItemUpdated": {
      const c = e.data.changes;
      const set: Partial<typeof ag.$inferInsert> = {};
      if (c.title !== undefined) set.title = c.title;
      if (c.description !== undefined) set.description = c.description;
      if (c.item_type !== undefined) set.itemType = c.item_type;
      if (c.duration_minutes !== undefined) set.durationMinutes = c.duration_minutes;
      if (c.assigned_to !== undefined) set.assignedTo = c.assigned_to;
      if (Object.keys(set).length > 0) await db.update(ag).set(set).where(eq(ag.id, e.data.itemId));
      await touch(e.data.updatedAt);
      return;
    }
    case "AgendaItemRemoved":
      await db.delete(ag).where(eq(ag.id, e.data.itemId));
      await touch(e.data.removedAt);
      return;
    case "AgendaReordered":
      for (const [n, itemId] of e.data.itemIds.entries())
        await db
          .update(ag)
          .set({ position: n + 1 })
          .where(eq(ag.id, itemId));
      await touch(e.data.reorderedAt);
      return;
    case "AttendeeInvited": {
      const a = e.data.attendee;
      await db.insert(at).values({
        id: a.attendeeId,
        meetingId,
        userId: a.userId,
        email: a.email,
        fullName: a.fullName,
        role: a.role,
        attendance: null,
        position: nextPosition(meetingId, names.attendees) as unknown as number,
      });
      await recount(e.data.invitedAt);
      return;
    }
    case "AttendeeRemoved":
      await db.delete(at).where(eq(at.id, e.data.attendeeId));
      await recount(e.data.removedAt);
      return;
    case "AttendeeResponded":
      await db
        .update(at)
        .set({ response: e.data.response, respondedAt: e.data.respondedAt })
        .where(eq(at.id, e.data.attendeeId));
      await touch(e.data.respondedAt);
      return;
    case "AttendanceRecorded":
      await db.update(at).set({ attendance: e.data.attendance }).where(eq(at.id, e.data.attendeeId));
      await recount(e.data.recordedAt);
      return;
    case "MeetingStarted":
      await touch(e.data.startedAt, { status: "in_progress" });
      return;
    case "MeetingCompleted":
      await touch(e.data.completedAt, { status: "completed" });
      return;
    case "MeetingCancelled":
      await touch(e.data.cancelledAt, { status: "cancelled", cancelReason: e.data.reason });
      return;
    case "MeetingDeleted":
      await touch(e.data.deletedAt, { deletedAt: e.data.deletedAt });
      // A deleted meeting's packet is gone: no row names its uploads, so the orphan sweep removes them.
      await db.delete(md).where(eq(md.meetingId, meetingId));
      return;
    case "MinutesDrafted":
      await touch(e.data.draftedAt, { minutesStatus: "draft", minutesContent: e.data.content });
      return;
    case "MotionRecorded": {
      const x = e.data.motion;
      await db.insert(mo).values({
        id: x.motionId,
        meetingId,
        position: nextPosition(meetingId, names.motions) as unknown as number,
        motion: x.motion,
        movedBy: x.moved_by,
        secondedBy: x.seconded_by,
        voteResult: x.vote_result,
        votesFor: x.vote_count.for,
        votesAgainst: x.vote_count.against,
        votesAbstain: x.vote_count.abstain,
        quorumPresent: e.data.quorum.present,
        quorumRequired: e.data.quorum.required,
        recordedAt: e.data.recordedAt,
        rfpId: x.rfp_id ?? null,
        proposalId: x.proposal_id ?? null,
      });
      await touch(e.data.recordedAt);
      return;
    }
    case "MotionRemoved":
      await db.delete(mo).where(eq(mo.id, e.data.motionId));
      await touch(e.data.removedAt);
      return;
    case "ActionItemAssigned": {
      const x = e.data.actionItem;
      const [row] = await db.select({ associationId: m.associationId }).from(m).where(eq(m.id, meetingId));
      await db.insert(ai).values({
        id: x.actionItemId,
        meetingId,
        associationId: row?.associationId ?? meetingId,
        description: x.description,
        assigneeId: x.assigneeId,
        assigneeName: x.assigneeName,
        dueDate: x.due_date,
        status: x.status,
        createdAt: e.data.assignedAt,
        updatedAt: e.data.assignedAt,
      });
      await touch(e.data.assignedAt);
      return;
    }
    case "ActionItemRemoved":
      await db.delete(ai).where(eq(ai.id, e.data.actionItemId));
      await touch(e.data.removedAt);
      return;
    case "ActionItemStatusChanged":
      await db
        .update(ai)
        .set({
          status: e.data.status,
          updatedAt: e.data.changedAt,
          completedAt: e.data.status === "completed" ? e.data.changedAt : null,
        })
        .where(and(eq(ai.id, e.data.actionItemId), eq(ai.meetingId, meetingId)));
      await touch(e.data.changedAt);
      return;
    case "MinutesApproved":
      await touch(e.data.approvedAt, {
        minutesStatus: "approved",
        minutesApprovedAt: e.data.approvedAt,
        minutesApprovedBy: e.data.approvedBy,
      });
      return;
    case "MinutesShared":
      await touch(e.data.sharedAt, { minutesSharedAt: e.data.sharedAt });
      return;
    case "MeetingDocumentAttached": {
      const d = e.data.document;
      const [row] = await db.select({ associationId: m.associationId }).from(m).where(eq(m.id, meetingId));
      await db.insert(md).values({
        id: d.documentId,
        meetingId,
        associationId: row?.associationId ?? meetingId,
        position: nextPosition(meetingId, names.documents) as unknown as number,
        name: d.name,
        fileName: d.fileName,
        contentType: d.contentType,
        fileSize: d.fileSize,
        source: d.source.kind,
        storageKey: d.source.kind === "upload" ? d.source.storageKey : null,
        libraryDocumentId: d.source.kind === "library" ? d.source.libraryDocumentId : null,
        libraryVersionId: d.source.kind === "library" ? d.source.versionId : null,
        libraryVersion: d.source.kind === "library" ? d.source.version : null,
        attachedBy: e.data.attachedBy,
        attachedAt: e.data.attachedAt,
      });
      await touch(e.data.attachedAt);
      return;
    }
    case "MeetingDocumentRemoved":
      await db.delete(md).where(and(eq(md.id, e.data.documentId), eq(md.meetingId, meetingId)));
      await touch(e.data.removedAt);
      return;
    default:
      return assertNever(e);
  }
}

const TABLE_NAMES = [
  "meetings",
  "meeting_agenda_items",
  "meeting_attendees",
  "meeting_motions",
  "meeting_action_items",
  "meeting_documents",
] as const;

/**
 * The board room's read models: meetings (with attendance counts and the minutes' text), their agenda
 * items, attendees, motions and action items. Events are applied one by one in order; times come from
 * the events.
 */
export const meetingsProjection: Projection<MeetingProjectionTables & { schema: string | undefined }> = {
  name: "meetings",
  eventTypes: new Set<string>(MEETING_EVENT_TYPES),
  tableNames: TABLE_NAMES,
  upsertTables: [],
  tables: (schema) =>
    schema
      ? {
          ...meetingProjectionTables(pgSchema(schema).table as unknown as typeof pgTable, `${schema}_`),
          schema,
        }
      : { ...live, schema: undefined },
  async apply(db, events, tables) {
    const q = (t: string) => (tables.schema ? `"${tables.schema}"."${t}"` : `"${t}"`);
    const names = {
      agenda: q("meeting_agenda_items"),
      attendees: q("meeting_attendees"),
      motions: q("meeting_motions"),
      documents: q("meeting_documents"),
    };
    for (const e of events as readonly ProjectionInput[]) {
      await applyMeetingEvent(
        db,
        { type: e.type, data: e.data } as MeetingEvent,
        e.streamVersion,
        tables,
        names,
      );
    }
  },
};
