import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { revocationList } from "~/credentials/open-badges.server";
import { getDb } from "~/db.server";
import { certificateById } from "~/queries/learning-certificates.server";

/**
 * GET /credentials/{id}/status: the credentialStatus of a certificate's Open Badge, a 1EdTech
 * revocation list of that one credential (empty until an admin revokes it). Public, as a verifier
 * needs it; it says no more than the credential it belongs to. Unknown: 404 `{ error }`.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const cert = await certificateById(await getDb(), params.id ?? "");
  if (!cert) return json({ error: "Credential not found" }, { status: 404 });
  return json(revocationList(cert), { headers: { "Cache-Control": "no-store" } });
}
