import { parseWithZod } from "@conform-to/zod";
import {
  ACTION_ITEM_STATUS_LABELS,
  ACTION_ITEM_STATUSES,
  ActionItemFormShape,
  isOverdue,
  MEETING_MESSAGES,
  MinutesContentShape,
  MOTION_RESULT_LABELS,
  MotionFormShape,
  meetingMinutesUrl,
  quorumLine,
} from "@domain/meeting";
import { defaultDueDate } from "@domain/meeting/form";
import { renderedVersionField } from "@domain/shared";
import { json } from "@remix-run/node";
import { z } from "zod";
import {
  associationQuorum,
  meetingActor,
  openOrOfferSwitch,
  requireBoardRoom,
} from "~/auth/board-room.server";
import { pageNotFound } from "~/auth/guards.server";
import { changeMeeting, editMinutesText, type MeetingChange, newId } from "~/commands/meetings.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { motionReferences, motionRfpChoices, motionRfpFacts } from "~/queries/board-votes.server";
import { meetingSummary, todayIn } from "~/queries/meeting-present.server";
import { assignableMembers, meetingDetail } from "~/queries/meetings.server";
import { dateLabel } from "~/queries/rfp-present.server";
import { failedForm, refusedForm } from "./_app.board-room_.meetings.$id.server";

/**
 * The minutes page's loader and action (/board-room/meetings/{id}/minutes). Its forms are parsed on
 * the server only, in one union on `intent` (the page carries no zod); a refused form answers as the
 * meeting page's do (MeetingFormAnswer): the errors per field, and for a stale edit of the text (409)
 * the text and version as they are now.
 */

async function load(request: Request, id: string) {
  const viewer = await requireBoardRoom(request);
  const db = await getDb();
  const detail = await meetingDetail(db, viewer.association.id, id);
  if (!detail) pageNotFound();
  return { viewer, detail, db };
}

/** The page's data (the route module says what the page is). */
export async function minutesLoader(request: Request, id: string) {
  const page = await openOrOfferSwitch(request, id, () => load(request, id));
  if ("switchTo" in page) return json({ switchTo: page.switchTo, redirectTo: meetingMinutesUrl(id) });
  const { viewer, detail, db } = page.opened;
  const tz = viewer.association.timeZone;
  const today = todayIn(tz);
  const members = await assignableMembers(db, viewer.association.id);
  const required = associationQuorum(viewer);
  const present = detail.attendees.filter(
    (a) => a.role === "board_member" && a.attendance === "present",
  ).length;
  const { meeting } = detail;
  const open = meeting.status === "in_progress" || meeting.status === "completed";
  const approved = meeting.minutesStatus === "approved";
  const writable = open && !approved;
  const references = await motionReferences(
    db,
    detail.motions.flatMap((m) => (m.rfpId ? [{ rfpId: m.rfpId, proposalId: m.proposalId }] : [])),
  );
  return json({
    meeting: meetingSummary(meeting, tz),
    content: meeting.minutesContent ?? "",
    /** The stream version the page shows: the minutes form posts it back (a stale one is a 409). */
    version: meeting.version,
    approvedOn: approved ? dateLabel(meeting.minutesApprovedAt, tz) : null,
    sharedOn: meeting.minutesSharedAt ? dateLabel(meeting.minutesSharedAt, tz) : null,
    writable,
    open,
    approvable: meeting.status === "completed" && meeting.minutesStatus === "draft",
    quorum: {
      present,
      required,
      seats: viewer.association.boardSeats,
      met: present >= required,
      line: quorumLine({ present, required, seats: viewer.association.boardSeats }),
    },
    motions: detail.motions.map((m) => ({
      ...m,
      resultLabel: MOTION_RESULT_LABELS[m.voteResult],
      reference: m.rfpId ? (references.get(`${m.rfpId}/${m.proposalId ?? ""}`) ?? null) : null,
    })),
    actionItems: detail.actionItems.map((a) => ({
      ...a,
      statusLabel: ACTION_ITEM_STATUS_LABELS[a.status],
      overdue: isOverdue(a, today),
    })),
    members,
    defaultDue: defaultDueDate(today),
    rfpChoices: writable ? await motionRfpChoices(db, viewer.association.id) : [],
  });
}

const uuid = z.string().uuid();
export const MinutesSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("content"), version: renderedVersionField, ...MinutesContentShape }),
  z.object({ intent: z.literal("add-motion"), ...MotionFormShape }),
  z.object({ intent: z.literal("remove-motion"), motion_id: uuid }),
  z.object({ intent: z.literal("add-action-item"), ...ActionItemFormShape }),
  z.object({ intent: z.literal("remove-action-item"), action_item_id: uuid }),
  z.object({
    intent: z.literal("action-item-status"),
    action_item_id: uuid,
    status: z.enum(ACTION_ITEM_STATUSES),
  }),
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("share") }),
]);
type MinutesValue = z.infer<typeof MinutesSchema>;
/** What each form posts (the page types its Conform forms with it: a type, no zod in the browser). */
export type MinutesInput = z.input<typeof MinutesSchema>;
const MINUTES_INTENTS = MinutesSchema.options.map((o) => o.shape.intent.value);

const DONE: Record<MinutesValue["intent"], string> = {
  content: "Minutes saved",
  "add-motion": "Motion recorded",
  "remove-motion": "Motion removed",
  "add-action-item": "Action item added",
  "remove-action-item": "Action item removed",
  "action-item-status": "Action item updated",
  approve: "Minutes approved",
  share: "Minutes shared with homeowners",
};

export async function minutesAction(request: Request, id: string) {
  const { viewer, detail, db } = await load(request, id);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: MinutesSchema });
  if (submission.status !== "success")
    return refusedForm(submission, MINUTES_INTENTS, MEETING_MESSAGES.minutesSaveFailed);
  const v = submission.value;
  let change: MeetingChange;
  switch (v.intent) {
    case "content":
      // An edit of the text: through editMinutesText below, at the version the form was rendered from.
      change = { type: "DraftMinutes", content: v.content };
      break;
    case "add-motion":
      change = {
        type: "RecordMotion",
        quorumRequired: associationQuorum(viewer),
        rfp: v.rfp_id ? await motionRfpFacts(db, v.rfp_id) : null,
        motion: {
          motionId: newId(),
          motion: v.motion,
          moved_by: v.moved_by,
          seconded_by: v.seconded_by,
          vote_result: v.vote_result,
          vote_count: { for: v.votes_for, against: v.votes_against, abstain: v.votes_abstain },
          ...(v.rfp_id ? { rfp_id: v.rfp_id } : {}),
          ...(v.proposal_id ? { proposal_id: v.proposal_id } : {}),
        },
      };
      break;
    case "remove-motion":
      change = { type: "RemoveMotion", motionId: v.motion_id };
      break;
    case "add-action-item": {
      const member = (await assignableMembers(db, viewer.association.id)).find(
        (m) => m.userId === v.assignee_id,
      );
      if (!member)
        return failedForm(submission, v.intent, {
          kind: "validation",
          message: MEETING_MESSAGES.actionAssigneeRequired,
          fieldErrors: { assignee_id: [MEETING_MESSAGES.actionAssigneeRequired] },
        });
      change = {
        type: "AssignActionItem",
        actionItemId: newId(),
        actionItem: {
          description: v.description,
          assigneeId: member.userId,
          assigneeName: member.name,
          due_date: v.due_date,
        },
      };
      break;
    }
    case "remove-action-item":
      change = { type: "RemoveActionItem", actionItemId: v.action_item_id };
      break;
    case "action-item-status":
      change = { type: "ChangeActionItemStatus", actionItemId: v.action_item_id, status: v.status };
      break;
    case "approve":
      change = { type: "ApproveMinutes" };
      break;
    case "share":
      change = { type: "ShareMinutes" };
      break;
  }
  const target = {
    meetingId: detail.meeting.id,
    associationId: viewer.association.id,
    actor: meetingActor(viewer),
  };
  const outcome = await once(request, viewer.user.id, formData, (db) =>
    v.intent === "content"
      ? editMinutesText(db, { ...target, content: v.content, renderedVersion: v.version })
      : changeMeeting(db, { ...target, change }),
  );
  if (!outcome.ok) return failedForm(submission, v.intent, outcome.error);
  return redirectWithFlash(meetingMinutesUrl(detail.meeting.id), {
    tone: "success",
    message: DONE[v.intent],
  });
}
