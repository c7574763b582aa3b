import type { VendorActor } from "@domain/proposal";
import {
  type ActingRole,
  isRfpAdmin,
  isVerifiedVendor,
  mayCreateRfps,
  type RfpActor,
  type RfpViewer,
} from "@domain/rfp";
import { isRoleVerified } from "@domain/roles";
import type { ActiveViewer } from "~/auth/guards.server";

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
