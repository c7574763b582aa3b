import { json } from "@remix-run/node";
import { publishedJwks } from "~/credentials/open-badges.server";

/** GET /.well-known/jwks.json: the public key that verifies the platform's Open Badges credentials (decision 077). */
export async function loader() {
  return json(await publishedJwks(), { headers: { "Cache-Control": "public, max-age=300" } });
}
