import { PROPERTY_TYPES } from "@domain/rfp/types";

/**
 * Associations: the tenant that owns a board room, financials, documents and an association calendar
 * (DESIGN.md, "Associations"). Ordinary relational data; these are its rules. Pure.
 */

/** The spec's property types (spec 001 section 3, "Property types for search"). */
export const ASSOCIATION_PROPERTY_TYPES = PROPERTY_TYPES;

/** How a person belongs to an association. */
export const MEMBER_ROLES = ["board_member", "property_manager", "homeowner"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  board_member: "Board Member",
  property_manager: "Property Manager",
  homeowner: "Homeowner",
};

/** A board member's office. */
export const BOARD_OFFICES = ["president", "vice_president", "treasurer", "secretary", "director"] as const;
export type BoardOffice = (typeof BOARD_OFFICES)[number];

export const BOARD_OFFICE_LABELS: Record<BoardOffice, string> = {
  president: "President",
  vice_president: "Vice President",
  treasurer: "Treasurer",
  secretary: "Secretary",
  director: "Director",
};

/** active: a member; requested: a homeowner asked to join and waits for a board member or manager. */
export const MEMBERSHIP_STATUSES = ["active", "requested"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** The board and the manager run the association (board room, financials, members). */
export const mayManageAssociation = (role: MemberRole) =>
  role === "board_member" || role === "property_manager";

/** Invitation links are single-use and valid 7 days (issue 12). */
export const INVITATION_VALID_DAYS = 7;

export const DEFAULT_BOARD_SEATS = 5;

/**
 * Board members needed for quorum: the association's own number when it set one, else a majority of
 * the board's seats (more than half).
 */
export function quorumRequired(boardSeats: number, quorumMinimum: number | null): number {
  if (quorumMinimum !== null && quorumMinimum > 0) return quorumMinimum;
  return Math.floor(boardSeats / 2) + 1;
}

export function hasQuorum(boardMembersPresent: number, boardSeats: number, quorumMinimum: number | null) {
  return boardMembersPresent >= quorumRequired(boardSeats, quorumMinimum);
}

/** The creator of an association chooses how they belong to it, from the verified roles they hold. */
export const CREATOR_ROLE_FOR: Partial<Record<string, MemberRole>> = {
  board_member: "board_member",
  manager: "property_manager",
};

export const MONTH_LABELS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export const propertyTypeLabel = (id: string) =>
  ASSOCIATION_PROPERTY_TYPES.find((p) => p.id === id)?.label ?? id;

/** What people read about associations, in one place. */
export const ASSOCIATION_MESSAGES = {
  notVerified:
    "Only a verified board member or property manager can create an association. Verification review takes about 1-2 business days.",
  created: "Association created",
  settingsSaved: "Association settings saved",
  officeChanged: "Office changed",
  memberRemoved: "Member removed",
  left: "You left the association",
  lastManager:
    "An association needs at least one board member or property manager. Appoint or invite another before this member leaves.",
  notABoardMember: "Only a board member holds an office",
  memberNotFound: "Member not found",
  invitationSent: "Invitation sent",
  invitationRevoked: "Invitation revoked",
  alreadyMember: "This person is already a member of the association",
  invitationAccepted: "Welcome! You joined the association",
  invitationInvalid: "This invitation link is not valid. Ask the association for a new invitation.",
  invitationExpired: "This invitation has expired. Invitations are valid for 7 days: ask for a new one.",
  invitationUsed: "This invitation has already been used.",
  invitationRevokedState: "This invitation was withdrawn by the association.",
  invitationOtherEmail: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  requestSent: "Request sent. A board member or the manager will review it.",
  requestPending: "Your request to join is waiting for approval",
  requestApproved: "Request approved",
  requestDeclined: "Request declined",
  requestNotFound: "This request is no longer waiting",
  switched: "Active association changed",
  quorumAboveSeats: "Quorum cannot be more than the board seats",
} as const;

/** A refusal of an association command, with the kind that decides its HTTP status (domainErrorStatus). */
export interface AssociationError {
  kind: "validation" | "not_found" | "conflict" | "authorization";
  message: string;
}

export type AssociationResult<T = Record<never, never>> =
  | ({ ok: true } & T)
  | { ok: false; error: AssociationError };

/**
 * An association always keeps someone who runs it: the last active board member or property manager
 * can neither leave nor be removed (nor be made something else).
 */
export function mayLoseManager(
  target: { memberRole: MemberRole; status: string },
  activeManagers: number,
): AssociationError | null {
  if (target.status !== "active" || !mayManageAssociation(target.memberRole)) return null;
  if (activeManagers <= 1) return { kind: "conflict", message: ASSOCIATION_MESSAGES.lastManager };
  return null;
}

export type InvitationState = "valid" | "expired" | "used" | "revoked";

/** Where an invitation stands at `now`: used and withdrawn win over expired. */
export function invitationState(
  invitation: { expiresAt: string | Date; acceptedAt: string | Date | null; revokedAt: string | Date | null },
  now: Date,
): InvitationState {
  if (invitation.acceptedAt) return "used";
  if (invitation.revokedAt) return "revoked";
  if (new Date(invitation.expiresAt).getTime() <= now.getTime()) return "expired";
  return "valid";
}

export const INVITATION_STATE_MESSAGES: Record<Exclude<InvitationState, "valid"> | "invalid", string> = {
  invalid: ASSOCIATION_MESSAGES.invitationInvalid,
  expired: ASSOCIATION_MESSAGES.invitationExpired,
  used: ASSOCIATION_MESSAGES.invitationUsed,
  revoked: ASSOCIATION_MESSAGES.invitationRevokedState,
};

/** When an invitation sent at `now` stops working. */
export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000);
}

/** What a membership reads as: "Board Member · Treasurer", "Homeowner · Unit 4B", "Property Manager". */
export function membershipLabel(m: {
  memberRole: MemberRole;
  boardOffice: string | null;
  unit: string | null;
}) {
  const role = MEMBER_ROLE_LABELS[m.memberRole];
  if (m.memberRole === "board_member" && m.boardOffice)
    return `${role} · ${BOARD_OFFICE_LABELS[m.boardOffice as BoardOffice] ?? m.boardOffice}`;
  if (m.memberRole === "homeowner" && m.unit) return `${role} · Unit ${m.unit}`;
  return role;
}

/** The association forms' limits (the schemas in ./forms use them; pages show them). */
export const ASSOCIATION_LIMITS = {
  nameMin: 2,
  nameMax: 120,
  addressMax: 200,
  cityMax: 100,
  stateMax: 50,
  zipMax: 10,
  unitsMin: 1,
  unitsMax: 100_000,
  boardSeatsMin: 1,
  boardSeatsMax: 25,
  unitMax: 40,
  searchMax: 100,
} as const;
