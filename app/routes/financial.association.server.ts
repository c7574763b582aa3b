import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { chooseAdminAssociation } from "~/commands/finance.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { associationChoices } from "~/queries/finance-admin.server";

export const CHOOSE_ASSOCIATION = "Choose an association";

/** The administrator's chooser (one select), parsed on the server only: the page carries no zod. */
const ChooseSchema = z.object({
  association_id: z.string({ required_error: CHOOSE_ASSOCIATION }).uuid(CHOOSE_ASSOCIATION),
});

/**
 * GET /financial/association: a plain visit goes to /financials. With `?chooser` (the URL the chooser
 * posts to, so also the page Remix renders after a refused post without JavaScript), the chooser for
 * administrators: the loader runs after the action, and a redirect here would hide the refusal.
 */
export async function chooserLoader(request: Request) {
  if (!new URL(request.url).searchParams.has("chooser")) return redirect("/financials");
  await requireAdmin(request);
  return json({ chooser: { associations: await associationChoices(await getDb()), chosen: null } });
}

/**
 * POST /financial/association: a platform administrator opens the financials of any association
 * (issue 13: "admins too"); the choice is kept on the server (finance_admin_views). Administrators
 * only (authorized before the body is read). A refused choice answers Conform's result with the error
 * on the select (400; 404 for an association that does not exist): with JavaScript the chooser's
 * fetcher shows it where it stands; without, the page of this route shows the chooser again.
 */
export async function chooseAssociationAction(request: Request) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: ChooseSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const outcome = await chooseAdminAssociation(await getDb(), {
    userId: admin.user.id,
    associationId: submission.value.association_id,
  });
  if (!outcome.ok)
    return json(
      { result: submission.reply({ fieldErrors: { association_id: [outcome.message] } }) },
      { status: 404 },
    );
  return redirectWithFlash("/financials", {
    tone: "success",
    message: "Showing the association's financials",
  });
}
