import { LEGAL_MESSAGES, type LegalAccess, legalAccess } from "@domain/legal/resources";
import { isRoleVerified } from "@domain/roles";
import { type ActiveViewer, forbidden, requireContext } from "./guards.server";

/**
 * Legal Resources' guard (spec 000 section 6: "Legal Resources, admin, board_member, manager"; issue 30,
 * part 9): those contexts read the library, a verified attorney reads it and submits, an administrator
 * reviews. Everyone else gets 403, whatever the page shows; a person without a role goes to onboarding.
 */
export interface LegalViewer extends ActiveViewer {
  access: LegalAccess;
}

export async function requireLegal(request: Request, need: keyof LegalAccess): Promise<LegalViewer> {
  const viewer = await requireContext(request);
  const access = legalAccess(
    viewer.context.contextType,
    { verified: isRoleVerified(viewer.role.verificationStatus), isCurrent: viewer.role.isCurrent },
    viewer.permissions.can_verify_users === true,
  );
  if (!access[need]) {
    forbidden(
      need === "submit"
        ? LEGAL_MESSAGES.attorneysOnly
        : need === "review"
          ? undefined
          : LEGAL_MESSAGES.forbidden,
    );
  }
  return { ...viewer, access };
}
