import type { Queryable } from "@db/client";
import { userProfessionalRoles, userProfiles, users, verificationDocuments } from "@db/schema";
import { asc, eq, inArray } from "drizzle-orm";

/** Roles waiting for an administrator, oldest submission first, with their documents. */
export async function getVerificationQueue(db: Queryable) {
  const roles = await db
    .select({
      id: userProfessionalRoles.id,
      userId: userProfessionalRoles.userId,
      email: users.email,
      fullName: userProfiles.fullName,
      roleType: userProfessionalRoles.roleType,
      title: userProfessionalRoles.title,
      organizationName: userProfessionalRoles.organizationName,
      method: userProfessionalRoles.verificationMethod,
      reference: userProfessionalRoles.verificationReference,
      submittedAt: userProfessionalRoles.verificationSubmittedAt,
    })
    .from(userProfessionalRoles)
    .innerJoin(users, eq(users.id, userProfessionalRoles.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, userProfessionalRoles.userId))
    .where(eq(userProfessionalRoles.verificationStatus, "submitted"))
    .orderBy(asc(userProfessionalRoles.verificationSubmittedAt))
    .limit(200);
  const docs = roles.length
    ? await db
        .select({
          id: verificationDocuments.id,
          roleId: verificationDocuments.professionalRoleId,
          fileName: verificationDocuments.fileName,
          contentType: verificationDocuments.contentType,
          sizeBytes: verificationDocuments.sizeBytes,
        })
        .from(verificationDocuments)
        .where(
          inArray(
            verificationDocuments.professionalRoleId,
            roles.map((r) => r.id),
          ),
        )
    : [];
  return roles.map((r) => ({ ...r, documents: docs.filter((d) => d.roleId === r.id) }));
}
