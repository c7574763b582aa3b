import { quorumRequired } from "@domain/associations";
import type { MeetingActor } from "@domain/meeting";
import { type AssociationViewer, asApiGuard, requireAssociation } from "./association.server";
import { requireAssociationPlan } from "./plan.server";

/**
 * The board room's guard (spec 001 section 6: board room navigation is for board members and
 * managers; issue 12): a board member or property manager of the active association. A member with
 * another role (a homeowner) gets 403; a person outside the association gets 404 for its meetings,
 * because every read and command is scoped to this association.
 */
export const BOARD_ROOM_ROLES = ["board_member", "property_manager"] as const;

export async function requireBoardRoom(request: Request): Promise<AssociationViewer> {
  const viewer = await requireAssociation(request, { roles: BOARD_ROOM_ROLES });
  // Writes need the association's plan or its trial (issue 14); reading always stays open.
  await requireAssociationPlan(request, viewer.association.id, "board_room");
  return viewer;
}

export function meetingActor(viewer: AssociationViewer): MeetingActor {
  return {
    userId: viewer.user.id,
    mayManage: (BOARD_ROOM_ROLES as readonly string[]).includes(viewer.membership.memberRole),
  };
}

/** Board members the active association needs for quorum. */
export const associationQuorum = (viewer: AssociationViewer) =>
  quorumRequired(viewer.association.boardSeats, viewer.association.quorumMinimum);

/** The same guard for the JSON endpoints (asApiGuard: 401/403/404 as `{ error }`). */
export function requireBoardRoomApi(request: Request): Promise<AssociationViewer> {
  return asApiGuard(() => requireBoardRoom(request), "Join or create an association to use the board room");
}
