import { type DocumentAccess, documentAccess } from "@domain/documents";
import { getDb } from "~/db.server";
import { findDocumentScope, holdsVendorRole, isNamedVendor } from "~/queries/documents.server";
import { findAssociation, getMemberships } from "./association.server";
import { type ActiveViewer, forbidden, pageNotFound, requireContext } from "./guards.server";

/**
 * The guard of one library document (its page, its downloads, its actions). A member of the
 * document's association is scoped through findAssociation (the person's own membership); a vendor
 * who is not a member reads it only while named on it. Whoever may not see the document gets 404, as
 * if it did not exist (another association's member, a homeowner for a board-only document, a vendor
 * not named); someone who may see it but not manage it gets 403 for a change.
 */
export async function requireDocumentAccess(
  request: Request,
  documentId: string,
  options: { manage?: boolean } = {},
): Promise<{ viewer: ActiveViewer; access: Exclude<DocumentAccess, null>; associationId: string }> {
  const viewer = await requireContext(request);
  const db = await getDb();
  const scope = await findDocumentScope(db, documentId);
  if (!scope) pageNotFound();
  const member = (await getMemberships(viewer.user.id)).some((m) => m.associationId === scope.associationId);
  const scoped = member ? await findAssociation(viewer, scope.associationId) : null;
  const vendorShare = scope.visibility === "vendors";
  const [namedVendor, vendorRole] = vendorShare
    ? await Promise.all([isNamedVendor(db, documentId, viewer.user.id), holdsVendorRole(db, viewer.user.id)])
    : [false, false];
  const access = documentAccess({
    memberRole: scoped?.membership.memberRole ?? null,
    visibility: scope.visibility,
    namedVendor,
    holdsVendorRole: vendorRole,
    archived: scope.archived,
  });
  if (access === null) pageNotFound();
  if (options.manage && access !== "manage") forbidden();
  return { viewer, access, associationId: scope.associationId };
}
