import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { NO_STORE, requireFinanceApi } from "~/auth/finance.server";
import { voidBudget } from "~/commands/finance.server";
import { getDb } from "~/db.server";

const ParamsSchema = z.object({ id: z.string().uuid() });

/**
 * DELETE /api/financial/budgets/{id} (spec 001 section 8): voids the record (it leaves every total and
 * stays in the history). Another association's record, or one already deleted, is a 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireFinanceApi(request);
  if (request.method !== "DELETE")
    return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "DELETE" } });
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) return json({ error: "Not found" }, { status: 404 });
  const outcome = await voidBudget(await getDb(), {
    associationId: viewer.association.id,
    actorId: viewer.user.id,
    id: parsed.data.id,
  });
  if (!outcome.ok) return json({ error: "Not found" }, { status: 404 });
  return json({ success: true }, { headers: NO_STORE });
}

/** Only DELETE is served here. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireFinanceApi(request);
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "DELETE" } });
}
