import { parseWithZod } from "@conform-to/zod";
import { ASSOCIATION_MESSAGES, CREATOR_ROLE_FOR, type MemberRole } from "@domain/associations";
import { associationDetailsOf, CreateAssociationSchema } from "@domain/associations/forms";
import { isRoleVerified } from "@domain/roles";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { type ActiveViewer, forbidden, requireContext } from "~/auth/guards.server";
import { createAssociation } from "~/commands/associations.server";
import { serverTimeZones } from "~/components/associations/details-fields";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { once } from "~/idempotency.server";

/**
 * How the person may belong to a new association: one choice per verified, current board member or
 * property manager role they hold. None: they may not create one (issue 12, section 1).
 */
function creatorRoles(viewer: ActiveViewer): MemberRole[] {
  const roles = new Set<MemberRole>();
  for (const r of viewer.roles) {
    const memberRole = CREATOR_ROLE_FOR[r.roleType];
    if (memberRole && r.isCurrent && isRoleVerified(r.verificationStatus)) roles.add(memberRole);
  }
  return [...roles];
}

async function requireCreator(request: Request) {
  const viewer = await requireContext(request);
  const roles = creatorRoles(viewer);
  if (roles.length === 0) forbidden(ASSOCIATION_MESSAGES.notVerified);
  return { viewer, roles };
}

export async function newAssociationLoader({ request }: LoaderFunctionArgs) {
  const { viewer, roles } = await requireCreator(request);
  return json({
    roles,
    timeZones: serverTimeZones(),
    defaultTimeZone: viewer.profile.timezone || "America/New_York",
  });
}

export async function newAssociationAction({ request }: ActionFunctionArgs) {
  const { viewer, roles } = await requireCreator(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: CreateAssociationSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const v = submission.value;
  if (!roles.includes(v.creator_role)) {
    const fieldErrors = { creator_role: [ASSOCIATION_MESSAGES.notVerified] };
    return json({ result: submission.reply({ fieldErrors }) }, { status: 403 });
  }
  const { id } = await once(request, viewer.user.id, formData, (db) =>
    createAssociation(db, associationDetailsOf(v), {
      userId: viewer.user.id,
      memberRole: v.creator_role,
      boardOffice: v.creator_role === "board_member" ? (v.board_office ?? "president") : null,
    }),
  );
  return redirectWithFlash(`/properties/${id}`, { tone: "success", message: ASSOCIATION_MESSAGES.created });
}
