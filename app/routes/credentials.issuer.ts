import { json } from "@remix-run/node";
import { issuerProfile } from "~/credentials/open-badges.server";

/** GET /credentials/issuer: the Open Badges issuer Profile of the platform's credentials (decision 077). */
export async function loader() {
  return json(issuerProfile(), { headers: { "Cache-Control": "public, max-age=300" } });
}
