import type { Queryable } from "@db/client";
import { userProfessionalRoles, verificationDocuments } from "@db/schema";
import { isRoleType, type RoleType } from "@domain/roles";
import { asc, eq } from "drizzle-orm";

export interface VerificationDocumentSummary {
  id: string;
  roleId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
}

/** A person's roles with their verification state and uploaded documents (/settings/verification). */
export async function getVerificationOverview(db: Queryable, userId: string) {
  const roles = await db
    .select({
      id: userProfessionalRoles.id,
      roleType: userProfessionalRoles.roleType,
      title: userProfessionalRoles.title,
      organizationName: userProfessionalRoles.organizationName,
      status: userProfessionalRoles.verificationStatus,
      method: userProfessionalRoles.verificationMethod,
      reference: userProfessionalRoles.verificationReference,
      submittedAt: userProfessionalRoles.verificationSubmittedAt,
      rejectionReason: userProfessionalRoles.rejectionReason,
    })
    .from(userProfessionalRoles)
    .where(eq(userProfessionalRoles.userId, userId))
    .orderBy(asc(userProfessionalRoles.displayOrder), asc(userProfessionalRoles.createdAt));
  const documents: VerificationDocumentSummary[] = await db
    .select({
      id: verificationDocuments.id,
      roleId: verificationDocuments.professionalRoleId,
      fileName: verificationDocuments.fileName,
      contentType: verificationDocuments.contentType,
      sizeBytes: verificationDocuments.sizeBytes,
      createdAt: verificationDocuments.createdAt,
    })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.userId, userId))
    .orderBy(asc(verificationDocuments.createdAt));
  return roles.flatMap((role) =>
    isRoleType(role.roleType)
      ? [
          {
            ...role,
            roleType: role.roleType as RoleType,
            documents: documents.filter((d) => d.roleId === role.id),
          },
        ]
      : [],
  );
}

/** One document's metadata, for the download route (which checks who may have it). */
export async function getVerificationDocument(db: Queryable, id: string) {
  const [row] = await db
    .select({
      id: verificationDocuments.id,
      userId: verificationDocuments.userId,
      fileName: verificationDocuments.fileName,
      contentType: verificationDocuments.contentType,
      sizeBytes: verificationDocuments.sizeBytes,
      storageKey: verificationDocuments.storageKey,
    })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.id, id));
  return row ?? null;
}
