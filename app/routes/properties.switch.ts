import { SwitchAssociationSchema } from "@domain/associations/forms";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { safeRedirect } from "~/auth/safe-redirect";
import { requireUser } from "~/auth/session.server";
import { setActiveAssociation } from "~/commands/associations.server";
import { getDb } from "~/db.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";

/**
 * The user menu's association switcher (issue 12, section 1): a POST that makes one of the person's
 * associations the active one. The association must be one the person is an active member of (checked
 * on the server; otherwise 404, as for any association page). Comes back to the page it was sent from.
 */
export function loader() {
  return redirect("/properties");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseSubmission(request, SwitchAssociationSchema);
  if (submission.status !== "success") return json({ error: "Choose an association" }, { status: 400 });
  const outcome = await setActiveAssociation(await getDb(), user.id, submission.value.association_id);
  if (!outcome.ok) {
    return json({ error: outcome.error.message }, { status: domainErrorStatus(outcome.error.kind) });
  }
  // No flash message: the page it comes back to may not show one; the menu marks the active association.
  return redirect(safeRedirect(submission.value.redirectTo, "/properties"));
}
