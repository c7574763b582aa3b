import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { chooseAdminAssociation } from "~/commands/finance.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";

const ChooseSchema = z.object({ association_id: z.string().uuid() });

/**
 * POST /financial/association: a platform administrator opens the financials of any association
 * (issue 13: "admins too"); the choice is kept on the server (finance_admin_views) and every finance
 * page, report, export and JSON endpoint then scopes to it. Administrators only; an unknown
 * association is 404. A GET goes to /financials.
 */
export function loader() {
  return redirect("/financials");
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const parsed = ChooseSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return json({ error: "Choose an association" }, { status: 400 });
  const outcome = await chooseAdminAssociation(await getDb(), {
    userId: admin.user.id,
    associationId: parsed.data.association_id,
  });
  if (!outcome.ok) return json({ error: outcome.message }, { status: 404 });
  return redirectWithFlash("/financials", {
    tone: "success",
    message: "Showing the association's financials",
  });
}
