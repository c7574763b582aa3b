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
