import type { Database } from "@db/client";
import { organizations, userProfessionalRoles } from "@db/schema";
import { ROLE_LABELS, type RoleType } from "@domain/roles";
import { and, eq, inArray, sql } from "drizzle-orm";
import { notify, signalContextChange } from "./notifications.server";

export class ReviewConflictError extends Error {
  constructor() {
    super("This role is no longer waiting for review.");
  }
}

/**
 * An administrator's decision on a role waiting for verification: the role becomes verified or
 * rejected (with a reason) and the person gets a role_verified or role_rejected notification, in one
 * transaction. Only a role that is pending or submitted can be decided, so two admins cannot both decide.
 */
export async function reviewRole(
  db: Database,
  reviewerId: string,
  roleId: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [role] = await tx
      .update(userProfessionalRoles)
      .set(
        decision.approve
          ? {
              verificationStatus: "verified",
              verifiedAt: sql`now()`,
              verifiedBy: reviewerId,
              rejectionReason: null,
              updatedAt: sql`now()`,
            }
          : {
              verificationStatus: "rejected",
              verifiedAt: null,
              verifiedBy: reviewerId,
              rejectionReason: decision.reason,
              updatedAt: sql`now()`,
            },
      )
      .where(
        and(
          eq(userProfessionalRoles.id, roleId),
          inArray(userProfessionalRoles.verificationStatus, ["pending", "submitted"]),
        ),
      )
      .returning({
        userId: userProfessionalRoles.userId,
        roleType: userProfessionalRoles.roleType,
        title: userProfessionalRoles.title,
        organizationId: userProfessionalRoles.organizationId,
      });
    if (!role) throw new ReviewConflictError();
    const label = ROLE_LABELS[role.roleType as RoleType] ?? role.roleType;
    if (decision.approve && role.organizationId) {
      await tx
        .update(organizations)
        .set({ isVerified: true })
        .where(eq(organizations.id, role.organizationId));
    }
    await notify(tx, {
      userId: role.userId,
      type: decision.approve ? "role_verified" : "role_rejected",
      title: decision.approve ? `Your ${label} role is verified` : `Your ${label} role was not verified`,
      body: decision.approve
        ? `${role.title} is verified. Everything this role can do is now open to you.`
        : `${role.title} was not verified. Reason: ${decision.reason}`,
      priority: decision.approve ? "normal" : "high",
      actionUrl: decision.approve ? "/dashboard" : "/settings/verification",
      metadata: { role_id: roleId, reviewer_id: reviewerId },
    });
    await signalContextChange(tx, role.userId);
  });
}
