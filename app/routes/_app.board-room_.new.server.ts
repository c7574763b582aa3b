import {
  MEETING_MESSAGES,
  MeetingFormSchema,
  meetingFormToFields,
  newMeetingDefaults,
  splitEmails,
} from "@domain/meeting";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { meetingActor, requireBoardRoom } from "~/auth/board-room.server";
import { scheduleMeeting } from "~/commands/meetings.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorReply, domainErrorStatus, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";

/** /board-room/new: schedule a meeting (spec 001 sections 2.8, 5 and 9: regular, now to two hours later). */
export async function scheduleMeetingLoader({ request }: LoaderFunctionArgs) {
  const viewer = await requireBoardRoom(request);
  const tz = viewer.association.timeZone;
  return json({ timeZone: tz, defaults: newMeetingDefaults(new Date().toISOString(), tz) });
}

export async function scheduleMeetingAction({ request }: ActionFunctionArgs) {
  const viewer = await requireBoardRoom(request);
  const { submission } = await parseSubmission(request, MeetingFormSchema);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const fields = meetingFormToFields(submission.value, viewer.association.timeZone);
  if (!fields)
    return json(
      { result: submission.reply({ fieldErrors: { start_time: [MEETING_MESSAGES.startTimeRequired] } }) },
      { status: 400 },
    );
  const outcome = await once(request, viewer.user.id, submission.payload, (db) =>
    scheduleMeeting(db, {
      associationId: viewer.association.id,
      actor: meetingActor(viewer),
      fields,
      guestEmails: splitEmails(submission.value.attendee_emails),
    }),
  );
  if (!outcome.ok) {
    const error = outcome.error;
    return json({ result: domainErrorReply(submission, error) }, { status: domainErrorStatus(error.kind) });
  }
  return redirectWithFlash(`/board-room/meetings/${outcome.result.meetingId}`, {
    tone: "success",
    message: "Meeting scheduled",
  });
}
