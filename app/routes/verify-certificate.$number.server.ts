import { parseCertificateNumber } from "@domain/learning/certificates";
import { json } from "@remix-run/node";
import { getDb } from "~/db.server";
import { guestPageData } from "~/queries/guest.server";
import { verifyCertificateNumber } from "~/queries/learning-certificates.server";

/**
 * /verify-certificate/{number} (issue 30, part 5): public, no sign-in. A number that cannot be one is
 * not looked up; a well-formed one is one query on the number's unique index. Unknown: 404 with a
 * clear page. Never cached by shared caches (a revocation shows at once).
 */
export async function verificationLoader(request: Request, raw: string | undefined) {
  const number = parseCertificateNumber(raw ?? "");
  const [guest, found] = await Promise.all([
    guestPageData(request),
    number ? verifyCertificateNumber(await getDb(), number) : Promise.resolve(null),
  ]);
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (!found) return json({ ...guest, certificate: null }, { status: 404, headers });
  return json({ ...guest, certificate: found }, { headers });
}
