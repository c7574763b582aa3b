import { type MemberRole, quorumRequired } from "@domain/associations";
import type { MeetingActor } from "@domain/meeting";
import { getDb } from "~/db.server";
import { meetingAssociation } from "~/queries/meetings.server";
import {
  type AssociationViewer,
  activeMembershipOf,
  asApiGuard,
  refuseRole,
  requireAssociation,
} from "./association.server";
import { type ActiveViewer, requireContext } from "./guards.server";
import { requireAssociationPlan } from "./plan.server";

/**
 * The board room's guard (spec 001 section 6: board room navigation is for board members and
 * managers; issue 12): a board member or property manager of the active association. A member with
 * another role (a homeowner) gets 403, or 404 when the address names a meeting outside their association
 * (refuseRole); a person outside the association gets 404 for its meetings, because every read and
 * command is scoped to this association.
 */
export const BOARD_ROOM_ROLES = ["board_member", "property_manager"] as const;

/** The board room's rule for a member of the association it shows: a role in BOARD_ROOM_ROLES. */
export const admitsToBoardRoom = (membership: { memberRole: MemberRole }) =>
  (BOARD_ROOM_ROLES as readonly string[]).includes(membership.memberRole);

export async function requireBoardRoom(request: Request): Promise<AssociationViewer> {
  const viewer = await requireAssociation(request);
  if (!admitsToBoardRoom(viewer.membership)) await refuseRole(request, viewer);
  // Writes need the association's plan or its trial (issue 14); reading always stays open.
  await requireAssociationPlan(request, viewer.association.id, "board_room");
  return viewer;
}

export function meetingActor(viewer: AssociationViewer): MeetingActor {
  return {
    userId: viewer.user.id,
    mayManage: admitsToBoardRoom(viewer.membership),
  };
}

/**
 * Whether requireBoardRoom would admit this person to the board room pages of `associationId` (its
 * meetings and their minutes), for what a page links to: the same association scoping (activeMembershipOf:
 * the person's active association; another association's meetings are 404 there) and the same rule
 * (admitsToBoardRoom). A platform administrator who is not such a member of it may not. Reading only:
 * it never replaces the guard on the board room's own routes.
 */
export async function mayOpenBoardRoom(viewer: ActiveViewer, associationId: string): Promise<boolean> {
  const { membership } = await activeMembershipOf(viewer.user.id);
  return membership?.associationId === associationId && admitsToBoardRoom(membership);
}

/** Another association of the person's that holds a meeting, for a page offering to switch to it. */
export interface BoardRoomSwitch {
  associationId: string;
  associationName: string;
  meetingTitle: string;
}

/**
 * A board room page of one meeting, for reading (GET): `open` is the page's own guard and read
 * (requireBoardRoom, then the meeting in the active association). The calendar lists the meetings of
 * every association the person belongs to, while the board room shows only the active one; so when
 * `open` refuses (403: the active association's board room does not admit them; 404: it holds no such
 * meeting) and the meeting belongs to another of the person's associations whose board room admits them
 * (admitsToBoardRoom, the rule of requireBoardRoom), the answer is `{ switchTo }`: that association and
 * the meeting's title, for a page that offers to make it the active one. Anyone else gets `open`'s
 * refusal unchanged: a person outside the meeting's association still gets 404, so ids reveal nothing.
 * Actions keep requireBoardRoom alone. `admits` is the page's rule for a member of the meeting's
 * association (the board room's by default; readsSharedMinutes for the shared minutes).
 */
export async function openOrOfferSwitch<T>(
  request: Request,
  meetingId: string,
  open: () => Promise<T>,
  admits: SwitchRule = admitsToBoardRoom,
): Promise<{ opened: T } | { switchTo: BoardRoomSwitch }> {
  try {
    return { opened: await open() };
  } catch (refusal) {
    if (!(refusal instanceof Response) || (refusal.status !== 403 && refusal.status !== 404)) throw refusal;
    const switchTo = await boardRoomSwitchFor(await requireContext(request), meetingId, admits);
    if (!switchTo) throw refusal;
    return { switchTo };
  }
}

/** Whether a page of a meeting would admit this member of the meeting's association. */
type SwitchRule = (
  membership: { memberRole: MemberRole },
  meeting: { minutesApproved: boolean; minutesShared: boolean },
) => boolean;

/**
 * The rule of the shared minutes (/minutes/{id} and its PDF; issue 26): any member of the meeting's
 * association reads its approved minutes once the board shared them, homeowners included.
 */
export const readsSharedMinutes: SwitchRule = (_membership, meeting) =>
  meeting.minutesApproved && meeting.minutesShared;

/** The meeting's association when it is not the active one and its page (`admits`) admits the person. */
async function boardRoomSwitchFor(
  viewer: ActiveViewer,
  meetingId: string,
  admits: SwitchRule,
): Promise<BoardRoomSwitch | null> {
  const meeting = await meetingAssociation(await getDb(), meetingId);
  if (!meeting) return null;
  const { memberships, membership: active } = await activeMembershipOf(viewer.user.id);
  if (!active || active.associationId === meeting.associationId) return null;
  const membership = memberships.find((m) => m.associationId === meeting.associationId);
  if (!membership || !admits(membership, meeting)) return null;
  return {
    associationId: membership.associationId,
    associationName: membership.associationName,
    meetingTitle: meeting.title,
  };
}

/** Board members the active association needs for quorum. */
export const associationQuorum = (viewer: AssociationViewer) =>
  quorumRequired(viewer.association.boardSeats, viewer.association.quorumMinimum);

/** The same guard for the JSON endpoints (asApiGuard: 401/403/404 as `{ error }`). */
export function requireBoardRoomApi(request: Request): Promise<AssociationViewer> {
  return asApiGuard(() => requireBoardRoom(request), "Join or create an association to use the board room");
}
