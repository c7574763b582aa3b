import type { Database } from "@db/client";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { NO_STORE, requireFinanceApi } from "~/auth/finance.server";
import { getDb } from "~/db.server";

const ParamsSchema = z.object({ id: z.string().uuid() });
const DELETE_ONLY = { status: 405, headers: { Allow: "DELETE" } };

type VoidRecord = (
  db: Database,
  input: { associationId: string; actorId: string; id: string },
) => Promise<{ ok: boolean }>;

/**
 * DELETE /api/financial/{budgets|transactions}/{id} (spec 001 section 8): voids the record (it leaves
 * every total and stays in the history). Another association's record, or one already deleted, is 404.
 */
export function voidRecordAction(voidRecord: VoidRecord) {
  return async ({ request, params }: ActionFunctionArgs) => {
    const viewer = await requireFinanceApi(request);
    if (request.method !== "DELETE") return json({ error: "Method not allowed" }, DELETE_ONLY);
    const parsed = ParamsSchema.safeParse(params);
    if (!parsed.success) return json({ error: "Not found" }, { status: 404 });
    const outcome = await voidRecord(await getDb(), {
      associationId: viewer.association.id,
      actorId: viewer.user.id,
      id: parsed.data.id,
    });
    if (!outcome.ok) return json({ error: "Not found" }, { status: 404 });
    return json({ success: true }, { headers: NO_STORE });
  };
}

/** Only DELETE is served at a record's address. */
export async function deleteOnlyLoader({ request }: LoaderFunctionArgs) {
  await requireFinanceApi(request);
  return json({ error: "Method not allowed" }, DELETE_ONLY);
}
