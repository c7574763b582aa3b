import { getDb } from "~/db.server";
import { isInvitedAttendee, packetMeeting } from "~/queries/meeting-packet.server";
import { getMemberships } from "./association.server";
import { BOARD_ROOM_ROLES } from "./board-room.server";
import { type ActiveViewer, forbidden, pageNotFound, requireContext } from "./guards.server";

/**
 * Who may read a meeting's board packet (issue 12): the board members and property managers of the
 * meeting's association, and the people invited to the meeting (an attendee by account, or by the
 * confirmed e-mail of their account). Consistent with the rest of the board room: another member of
 * the association (a homeowner who was not invited) gets 403, anyone outside it 404, as if the meeting
 * did not exist.
 */
export async function requirePacketAccess(
  request: Request,
  meetingId: string,
): Promise<{
  viewer: ActiveViewer;
  meeting: NonNullable<Awaited<ReturnType<typeof packetMeeting>>>;
  /** A board member or manager of the meeting's association (not only an invited attendee). */
  manage: boolean;
  timeZone: string;
}> {
  const viewer = await requireContext(request);
  const db = await getDb();
  const meeting = await packetMeeting(db, meetingId);
  if (!meeting) pageNotFound();
  const membership = (await getMemberships(viewer.user.id)).find(
    (m) => m.associationId === meeting.associationId,
  );
  if (membership && (BOARD_ROOM_ROLES as readonly string[]).includes(membership.memberRole)) {
    return { viewer, meeting, manage: true, timeZone: meeting.timeZone };
  }
  if (await isInvitedAttendee(db, meeting.id, viewer.user.id))
    return { viewer, meeting, manage: false, timeZone: meeting.timeZone };
  if (membership) forbidden();
  pageNotFound();
}
