import { type MemberRole, quorumRequired } from "@domain/associations";
import type { MeetingActor } from "@domain/meeting";
import {
  type AssociationViewer,
  asApiGuard,
  findAssociation,
  requireAssociation,
} from "./association.server";
import { type ActiveViewer, forbidden } from "./guards.server";
import { requireAssociationPlan } from "./plan.server";

/**
 * The board room's guard (spec 001 section 6: board room navigation is for board members and
 * managers; issue 12): a board member or property manager of the active association. A member with
 * another role (a homeowner) gets 403; a person outside the association gets 404 for its meetings,
 * because every read and command is scoped to this association.
 */
export const BOARD_ROOM_ROLES = ["board_member", "property_manager"] as const;

/** The board room's rule for a member of the association it shows: a role in BOARD_ROOM_ROLES. */
export const admitsToBoardRoom = (membership: { memberRole: MemberRole }) =>
  (BOARD_ROOM_ROLES as readonly string[]).includes(membership.memberRole);

export async function requireBoardRoom(request: Request): Promise<AssociationViewer> {
  const viewer = await requireAssociation(request);
  if (!admitsToBoardRoom(viewer.membership)) forbidden();
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
 * meetings and their minutes), for what a page links to: the same association scoping (findAssociation:
 * the person's active association; another association's meetings are 404 there) and the same rule
 * (admitsToBoardRoom). A platform administrator who is not such a member of it may not. Reading only:
 * it never replaces the guard on the board room's own routes.
 */
export async function mayOpenBoardRoom(viewer: ActiveViewer, associationId: string): Promise<boolean> {
  const scoped = await findAssociation(viewer);
  return scoped !== null && scoped.association.id === associationId && admitsToBoardRoom(scoped.membership);
}

/** Board members the active association needs for quorum. */
export const associationQuorum = (viewer: AssociationViewer) =>
  quorumRequired(viewer.association.boardSeats, viewer.association.quorumMinimum);

/** The same guard for the JSON endpoints (asApiGuard: 401/403/404 as `{ error }`). */
export function requireBoardRoomApi(request: Request): Promise<AssociationViewer> {
  return asApiGuard(() => requireBoardRoom(request), "Join or create an association to use the board room");
}
