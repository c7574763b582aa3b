import { date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";

type TableFn = typeof pgTable;

/**
 * The board room's projections (spec 001 section 3, "Meeting" and "Minutes"; issue 12), built by a
 * factory so that replay can rebuild the same shapes into a scratch schema and compare. Written only by
 * db/projections/meetings.ts from the `meeting-{id}` streams.
 */
export function meetingProjectionTables(table: TableFn, prefix = "") {
  const meetings = table(
    "meetings",
    {
      id: uuid("id").primaryKey(),
      associationId: uuid("association_id").notNull(),
      title: text("title").notNull(),
      description: text("description"),
      meetingType: text("meeting_type", { enum: ["regular", "special", "emergency", "committee"] }).notNull(),
      status: text("status", { enum: ["scheduled", "in_progress", "completed", "cancelled"] }).notNull(),
      startTime: ts("start_time").notNull(),
      endTime: ts("end_time").notNull(),
      location: text("location"),
      meetingUrl: text("meeting_url"),
      cancelReason: text("cancel_reason"),
      minutesStatus: text("minutes_status", { enum: ["none", "draft", "approved"] }).notNull(),
      minutesContent: text("minutes_content"),
      minutesApprovedAt: ts("minutes_approved_at"),
      minutesApprovedBy: uuid("minutes_approved_by"),
      /** Approved minutes shared with the homeowners (their read-only page and PDF). */
      minutesSharedAt: ts("minutes_shared_at"),
      /** Attendees, and those marked present (average attendance = present / attendees). */
      attendeeCount: integer("attendee_count").notNull(),
      presentCount: integer("present_count").notNull(),
      scheduledBy: uuid("scheduled_by").notNull(),
      /** The stream version the row reflects: edit forms carry it. */
      version: integer("version").notNull(),
      createdAt: ts("created_at").notNull(),
      updatedAt: ts("updated_at").notNull(),
      deletedAt: ts("deleted_at"),
    },
    (t) => [index(`${prefix}meetings_association_start_idx`).on(t.associationId, t.startTime)],
  );

  const meetingAgendaItems = table(
    "meeting_agenda_items",
    {
      id: uuid("id").primaryKey(),
      meetingId: uuid("meeting_id").notNull(),
      position: integer("position").notNull(),
      title: text("title").notNull(),
      description: text("description"),
      itemType: text("item_type").notNull(),
      durationMinutes: integer("duration_minutes").notNull(),
      assignedTo: text("assigned_to"),
    },
    (t) => [index(`${prefix}meeting_agenda_items_meeting_idx`).on(t.meetingId, t.position)],
  );

  const meetingAttendees = table(
    "meeting_attendees",
    {
      id: uuid("id").primaryKey(),
      meetingId: uuid("meeting_id").notNull(),
      userId: uuid("user_id"),
      email: text("email").notNull(),
      fullName: text("full_name").notNull(),
      role: text("role", { enum: ["board_member", "property_manager", "guest"] }).notNull(),
      attendance: text("attendance", { enum: ["present", "absent", "excused"] }),
      /** The answer to the e-mailed invitation (RSVP), apart from attendance; null: no answer yet. */
      response: text("response", { enum: ["accepted", "declined", "tentative"] }),
      respondedAt: ts("responded_at"),
      /** Order of invitation. */
      position: integer("position").notNull(),
    },
    (t) => [index(`${prefix}meeting_attendees_meeting_idx`).on(t.meetingId, t.position)],
  );

  const meetingMotions = table(
    "meeting_motions",
    {
      id: uuid("id").primaryKey(),
      meetingId: uuid("meeting_id").notNull(),
      position: integer("position").notNull(),
      motion: text("motion").notNull(),
      movedBy: text("moved_by").notNull(),
      secondedBy: text("seconded_by").notNull(),
      voteResult: text("vote_result", { enum: ["passed", "failed", "tabled"] }).notNull(),
      votesFor: integer("votes_for").notNull(),
      votesAgainst: integer("votes_against").notNull(),
      votesAbstain: integer("votes_abstain").notNull(),
      quorumPresent: integer("quorum_present").notNull(),
      quorumRequired: integer("quorum_required").notNull(),
      recordedAt: ts("recorded_at").notNull(),
      /** The RFP of the association the motion names, and its proposal ("award per board vote"). */
      rfpId: uuid("rfp_id"),
      proposalId: uuid("proposal_id"),
    },
    (t) => [
      index(`${prefix}meeting_motions_meeting_idx`).on(t.meetingId, t.position),
      index(`${prefix}meeting_motions_rfp_idx`).on(t.rfpId),
    ],
  );

  const meetingActionItems = table(
    "meeting_action_items",
    {
      id: uuid("id").primaryKey(),
      meetingId: uuid("meeting_id").notNull(),
      associationId: uuid("association_id").notNull(),
      description: text("description").notNull(),
      assigneeId: uuid("assignee_id").notNull(),
      assigneeName: text("assignee_name").notNull(),
      dueDate: date("due_date", { mode: "string" }).notNull(),
      status: text("status", { enum: ["pending", "in_progress", "completed"] }).notNull(),
      createdAt: ts("created_at").notNull(),
      updatedAt: ts("updated_at").notNull(),
      completedAt: ts("completed_at"),
    },
    (t) => [
      index(`${prefix}meeting_action_items_meeting_idx`).on(t.meetingId),
      index(`${prefix}meeting_action_items_assignee_idx`).on(t.assigneeId, t.status),
      index(`${prefix}meeting_action_items_association_idx`).on(t.associationId, t.status),
    ],
  );

  /**
   * The board packet: documents attached to a meeting (domain/meeting/packet.ts). An uploaded file is
   * named by `storage_key` (area "meeting-documents", known to the orphan sweep); a library document by
   * its pinned version.
   */
  const meetingDocuments = table(
    "meeting_documents",
    {
      id: uuid("id").primaryKey(),
      meetingId: uuid("meeting_id").notNull(),
      associationId: uuid("association_id").notNull(),
      position: integer("position").notNull(),
      name: text("name").notNull(),
      fileName: text("file_name").notNull(),
      contentType: text("content_type").notNull(),
      fileSize: integer("file_size").notNull(),
      source: text("source", { enum: ["upload", "library"] }).notNull(),
      storageKey: text("storage_key"),
      libraryDocumentId: uuid("library_document_id"),
      libraryVersionId: uuid("library_version_id"),
      libraryVersion: integer("library_version"),
      attachedBy: uuid("attached_by").notNull(),
      attachedAt: ts("attached_at").notNull(),
    },
    (t) => [
      index(`${prefix}meeting_documents_meeting_idx`).on(t.meetingId, t.position),
      index(`${prefix}meeting_documents_storage_key_idx`).on(t.storageKey),
    ],
  );

  return {
    meetings,
    meetingAgendaItems,
    meetingAttendees,
    meetingMotions,
    meetingActionItems,
    meetingDocuments,
  };
}

export const {
  meetings,
  meetingAgendaItems,
  meetingAttendees,
  meetingMotions,
  meetingActionItems,
  meetingDocuments,
} = meetingProjectionTables(pgTable);
export type MeetingProjectionTables = ReturnType<typeof meetingProjectionTables>;
