import type { RfpStatus, RfpVisibility } from "./types";

/** What the access rules need to know about an RFP. */
export interface RfpAccessFacts {
  status: RfpStatus;
  visibility: RfpVisibility | null | undefined;
  authorId: string;
  invitedVendorIds: readonly string[];
  deleted: boolean;
}

/** What they need to know about the viewer, as the server established it. */
export interface RfpViewer {
  userId: string;
  isAdmin: boolean;
  /** Holds at least one verified role. */
  hasVerifiedRole: boolean;
}

/**
 * Spec 001 section 6: the author and admins see an RFP in any state; a published public RFP is open to
 * everyone; a published members_only RFP to anyone with a verified role; a published private RFP to
 * the vendors invited to it. Deleted RFPs are hidden from everyone.
 */
export function mayViewRfp(rfp: RfpAccessFacts, viewer: RfpViewer): boolean {
  if (rfp.deleted) return false;
  if (viewer.isAdmin || rfp.authorId === viewer.userId) return true;
  if (rfp.status === "draft") return false;
  switch (rfp.visibility) {
    case "public":
      return true;
    case "members_only":
      return viewer.hasVerifiedRole;
    case "private":
      return rfp.invitedVendorIds.includes(viewer.userId);
    default:
      return false;
  }
}

/** The active role and context, as the access rules need them. */
export interface ActingRole {
  roleType: string;
  verificationStatus: string;
  isCurrent: boolean;
  permissions: { can_create_rfp: boolean; can_submit_proposals: boolean; can_verify_users: boolean };
}

const verified = (r: ActingRole) =>
  r.isCurrent && (r.verificationStatus === "verified" || r.verificationStatus === "not_required");

/** Role types that author RFPs (spec 001 section 6; spec 000 section 6: Create RFP). */
export const RFP_AUTHOR_ROLE_TYPES = ["admin", "board_member", "manager", "other"] as const;

/**
 * Spec 001 section 6: creating and editing RFPs takes a verified role of an author type, and the
 * active context's can_create_rfp flag (spec 000: the shell gates Create RFP by it).
 */
export function mayCreateRfps(r: ActingRole): boolean {
  return (
    (RFP_AUTHOR_ROLE_TYPES as readonly string[]).includes(r.roleType) &&
    verified(r) &&
    r.permissions.can_create_rfp
  );
}

/** Proposals are for verified vendors only, working in a context that may submit them. */
export function isVerifiedVendor(r: ActingRole): boolean {
  return r.roleType === "vendor" && verified(r) && r.permissions.can_submit_proposals;
}

/** An admin context (may verify users) may view and update any RFP. */
export function isRfpAdmin(r: ActingRole): boolean {
  return r.roleType === "admin" && r.permissions.can_verify_users;
}
