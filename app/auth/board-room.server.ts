import { quorumRequired } from "@domain/associations";
import type { MeetingActor } from "@domain/meeting";
import { json } from "@remix-run/node";
import { type AssociationViewer, requireAssociation } from "./association.server";
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

/**
 * The same guard for the JSON endpoints: what a page answers with a redirect (not signed in, no
 * association yet) is a 401 or 403 `{ error }` here, and every other refusal keeps its status with
 * an `{ error }` body.
 */
export async function requireBoardRoomApi(request: Request): Promise<AssociationViewer> {
  try {
    return await requireBoardRoom(request);
  } catch (thrown) {
    if (thrown instanceof Response) {
      if (thrown.status >= 300 && thrown.status < 400) {
        const location = thrown.headers.get("Location") ?? "";
        if (location.startsWith("/auth/sign-in")) throw json({ error: "Please sign in" }, { status: 401 });
        throw json(
          {
            error: location.startsWith("/properties")
              ? "Join or create an association to use the board room"
              : "Finish setting up your account first",
          },
          { status: 403 },
        );
      }
      if (thrown.status === 404) throw json({ error: "Not found" }, { status: 404 });
      if (thrown.status === 403)
        throw json({ error: "You do not have permission to do this." }, { status: 403 });
    }
    throw thrown;
  }
}
