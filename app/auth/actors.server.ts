import type { VendorActor } from "@domain/proposal";
import {
  type ActingRole,
  isRfpAdmin,
  isVerifiedVendor,
  mayCreateRfps,
  mayViewRfp,
  RFP_MESSAGES,
  type RfpActor,
  type RfpViewer,
  type RfpVisibility,
} from "@domain/rfp";
import { isRoleVerified } from "@domain/roles";
import { json } from "@remix-run/node";
import { type ActiveViewer, forbidden } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { getRfpDetail, type RfpDetail } from "~/queries/rfp-detail.server";

/**
 * The signed-in person as the RFP and proposal rules see them, from the active role and context.
 * One place, so every loader and action asks the same questions.
 */
export function actingRole(viewer: ActiveViewer): ActingRole {
  return {
    roleType: viewer.context.contextType,
    verificationStatus: viewer.role.verificationStatus,
    isCurrent: viewer.role.isCurrent,
    permissions: viewer.permissions,
  };
}

export function rfpActor(viewer: ActiveViewer): RfpActor {
  return { userId: viewer.user.id, isAdmin: isRfpAdmin(actingRole(viewer)) };
}

export function vendorActor(viewer: ActiveViewer): VendorActor {
  return { userId: viewer.user.id, verifiedVendor: isVerifiedVendor(actingRole(viewer)) };
}

export function rfpViewer(viewer: ActiveViewer): RfpViewer {
  return {
    userId: viewer.user.id,
    isAdmin: isRfpAdmin(actingRole(viewer)),
    hasVerifiedRole: viewer.roles.some((r) => r.isCurrent && isRoleVerified(r.verificationStatus)),
  };
}

export const viewerMayCreateRfps = (viewer: ActiveViewer) => mayCreateRfps(actingRole(viewer));

/** The viewer's time zone for dates they type and read. */
export const viewerTimeZone = (viewer: ActiveViewer) => viewer.profile.timezone || undefined;

/** The RFP a viewer may see, or the spec's refusal (404 when it does not exist or was deleted). */
export async function viewableRfp(viewer: ActiveViewer, rfpId: string): Promise<RfpDetail> {
  const db = await getDb();
  const rfp = /^[0-9a-f-]{36}$/i.test(rfpId) ? await getRfpDetail(db, rfpId) : null;
  if (!rfp || rfp.deletedAt) throw json({ message: "RFP not found" }, { status: 404 });
  const may = mayViewRfp(
    {
      status: rfp.status,
      visibility: rfp.visibility as RfpVisibility | null,
      authorId: rfp.authorId,
      invitedVendorIds: rfp.invitedVendorIds,
      deleted: false,
    },
    rfpViewer(viewer),
  );
  if (!may) forbidden(RFP_MESSAGES.notAuthorizedView);
  return rfp;
}
