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
