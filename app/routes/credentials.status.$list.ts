import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { signStatusList } from "~/credentials/status-list.server";
import { getDb } from "~/db.server";

/**
 * GET /credentials/status/{list}: a W3C BitstringStatusListCredential of the platform's Open Badges,
 * signed as a VC-JWT with the key at /.well-known/jwks.json (decision 086); a badge's bit is set once
 * an administrator revoked it. Public, as verifiers need it; a list is one of 131,072 random positions
 * and names no one. Unknown list: 404 `{ error }`.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const raw = params.list ?? "";
  const listNumber = /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : 0;
  const jwt = listNumber ? await signStatusList(await getDb(), listNumber) : null;
  if (!jwt) return json({ error: "Status list not found" }, { status: 404 });
  return new Response(jwt, {
    headers: { "Content-Type": "application/vc+jwt", "Cache-Control": "public, max-age=60" },
  });
}
