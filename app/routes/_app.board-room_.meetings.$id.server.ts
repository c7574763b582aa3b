import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { Database } from "@db/client";
import { type CommandOutcome, type EditConflict, isEditConflict } from "@db/event-store";
import {
  type AgendaItemFields,
  AgendaItemFormShape,
  ATTENDANCE,
  agendaFormToFields,
  MEETING_MESSAGES,
  type MeetingActor,
  type MeetingError,
} from "@domain/meeting";
import { renderedVersionField } from "@domain/shared";
import { json } from "@remix-run/node";
import { z } from "zod";
import {
  changeMeeting,
  changeMeetingAsShown,
  editAgendaItem,
  guestAttendee,
  type MeetingChange,
  type MeetingCommandResult,
  newId,
} from "~/commands/meetings.server";
import { domainErrorReply, domainErrorStatus, intentOf } from "~/forms.server";

/** What a form of the meeting page asks for. */
export type PageChange =
  /** An agenda item's edit form: its fields, merged against the meeting as it is now. */
  | { kind: "agenda-item"; itemId: string; fields: Partial<AgendaItemFields>; version: number }
  /** The agenda's reorder (the arrows and drag and drop): only on the agenda the page showed. */
  | { kind: "as-shown"; change: MeetingChange; version: number }
  /** The rest (start, complete, add an item or a guest, attendance): no form values to go stale. */
  | { kind: "change"; change: MeetingChange };

/**
 * Runs a change of the meeting page. The edits carry the stream version the page was rendered from
 * (a required field): a stale one answers an EditConflict with the current values (409), never a
 * silent last write.
 */
export function changeFromPage(
  db: Database,
  target: { meetingId: string; associationId: string; actor: MeetingActor },
  page: PageChange,
): Promise<CommandOutcome<MeetingCommandResult, MeetingError | EditConflict<Record<string, unknown>>>> {
  switch (page.kind) {
    case "agenda-item":
      return editAgendaItem(db, {
        ...target,
        itemId: page.itemId,
        fields: page.fields,
        renderedVersion: page.version,
      });
    case "as-shown":
      return changeMeetingAsShown(db, { ...target, change: page.change, renderedVersion: page.version });
    case "change":
      return changeMeeting(db, { ...target, change: page.change });
  }
}

/** The meeting page's forms: one union on `intent`. */
const uuid = z.string().uuid();
export const DetailSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("complete") }),
  z.object({ intent: z.literal("cancel"), reason: z.string().trim().max(1000).default("") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("add-agenda"), ...AgendaItemFormShape }),
  z.object({
    intent: z.literal("edit-agenda"),
    item_id: uuid,
    version: renderedVersionField,
    ...AgendaItemFormShape,
  }),
  z.object({ intent: z.literal("remove-agenda"), item_id: uuid }),
  z.object({
    intent: z.literal("move-agenda"),
    item_id: uuid,
    direction: z.enum(["up", "down"]),
    version: renderedVersionField,
  }),
  /** The drag and drop reorder (components/board-room/agenda-drag.tsx): the item's new place. */
  z.object({
    intent: z.literal("place-agenda"),
    item_id: uuid,
    position: z.number().int().min(1).max(100),
    version: renderedVersionField,
  }),
  z.object({
    intent: z.literal("add-guest"),
    email: z
      .string({ required_error: MEETING_MESSAGES.invalidEmails })
      .trim()
      .email(MEETING_MESSAGES.invalidEmails),
  }),
  z.object({ intent: z.literal("remove-attendee"), attendee_id: uuid }),
  z.object({ intent: z.literal("attendance"), attendee_id: uuid, attendance: z.enum(ATTENDANCE) }),
]);
export type DetailValue = z.infer<typeof DetailSchema>;
/** What each form posts (the page types its Conform forms with it: a type, no zod in the browser). */
export type DetailInput = z.input<typeof DetailSchema>;
export type DetailIntent = DetailValue["intent"];
const DETAIL_INTENTS = DetailSchema.options.map((o) => o.shape.intent.value);

/** Parses a post of the meeting page: one union on `intent`, checked on the server only. */
export const parseDetailForm = (formData: FormData) => parseWithZod(formData, { schema: DetailSchema });

/**
 * What a refused form of the board room's meeting pages answers (the meeting, its minutes): the intent
 * (null for a form the page does not have), the row the form was for (agenda item, attendee, motion or
 * action item), the first message for the page's alert, the Conform result with the errors per field,
 * and for a stale edit (409) the values and the version as they are now, which the form re-renders.
 */
export interface MeetingFormAnswer<Intent extends string> {
  intent: Intent | null;
  target: string;
  error: string;
  result: SubmissionResult<string[]>;
  current?: Record<string, unknown> | null;
  version?: number;
}

const TARGET_FIELDS = ["item_id", "attendee_id", "motion_id", "action_item_id"] as const;
function targetOf(payload: Record<string, unknown>) {
  for (const key of TARGET_FIELDS) {
    const value = payload[key];
    if (typeof value === "string") return value.slice(0, 64);
  }
  return "";
}

/** A submission its schema refused (or an unknown intent): 400 with the errors per field. */
export function refusedForm<Intent extends string>(
  submission: Submission<unknown>,
  intents: readonly Intent[],
  fallback: string,
) {
  const result = submission.reply();
  const first = Object.values(result.error ?? {})
    .flat()
    .find(Boolean);
  return json<MeetingFormAnswer<Intent>>(
    {
      intent: intentOf(submission.payload, intents),
      target: targetOf(submission.payload),
      error: first ?? fallback,
      result,
    },
    { status: 400 },
  );
}

/**
 * A command that refused a valid form: its message, on the fields it names or on the form; a stale
 * edit (409) with the current values and version.
 */
export function failedForm<Intent extends string, V extends object>(
  submission: Submission<unknown>,
  intent: Intent,
  error: MeetingError | EditConflict<V>,
) {
  return json<MeetingFormAnswer<Intent>>(
    {
      intent,
      target: targetOf(submission.payload),
      error: error.message,
      result: domainErrorReply(submission, error),
      ...(isEditConflict<V>(error)
        ? { current: error.current as Record<string, unknown> | null, version: error.version }
        : {}),
    },
    { status: domainErrorStatus(error.kind) },
  );
}

export const refusedDetail = (submission: Submission<unknown>) =>
  refusedForm(submission, DETAIL_INTENTS, MEETING_MESSAGES.saveFailed);

export const DONE: Record<DetailValue["intent"], string> = {
  start: "Meeting started",
  complete: "Meeting completed",
  cancel: "Meeting cancelled",
  delete: "Meeting deleted",
  "add-agenda": "Agenda item added",
  "edit-agenda": "Agenda item saved",
  "remove-agenda": "Agenda item removed",
  "move-agenda": "Agenda reordered",
  "place-agenda": "Agenda reordered",
  "add-guest": "Guest invited",
  "remove-attendee": "Attendee removed",
  attendance: "Attendance recorded",
};

function changeFor(v: DetailValue): MeetingChange {
  switch (v.intent) {
    case "start":
      return { type: "StartMeeting" };
    case "complete":
      return { type: "CompleteMeeting" };
    case "cancel":
      return { type: "CancelMeeting", reason: v.reason };
    case "delete":
      return { type: "DeleteMeeting" };
    case "add-agenda":
      return { type: "AddAgendaItem", item: { ...agendaFormToFields(v), itemId: newId() } };
    case "edit-agenda":
      return { type: "UpdateAgendaItem", itemId: v.item_id, changes: agendaFormToFields(v) };
    case "remove-agenda":
      return { type: "RemoveAgendaItem", itemId: v.item_id };
    case "move-agenda":
      return { type: "MoveAgendaItem", itemId: v.item_id, direction: v.direction };
    case "place-agenda":
      return { type: "MoveAgendaItemTo", itemId: v.item_id, position: v.position };
    case "add-guest":
      return { type: "InviteAttendee", attendee: guestAttendee(v.email) };
    case "remove-attendee":
      return { type: "RemoveAttendee", attendeeId: v.attendee_id };
    case "attendance":
      return { type: "RecordAttendance", attendeeId: v.attendee_id, attendance: v.attendance };
  }
}

/** The edits carry the version the page was rendered from; the rest are plain changes. */
export function pageChange(v: DetailValue): PageChange {
  switch (v.intent) {
    case "edit-agenda":
      return { kind: "agenda-item", itemId: v.item_id, fields: agendaFormToFields(v), version: v.version };
    case "move-agenda":
    case "place-agenda":
      return { kind: "as-shown", change: changeFor(v), version: v.version };
    default:
      return { kind: "change", change: changeFor(v) };
  }
}
