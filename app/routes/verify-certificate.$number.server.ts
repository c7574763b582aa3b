import { certificateHref, parseCertificateNumber } from "@domain/learning/certificates";
import { json } from "@remix-run/node";
import { requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { guestPageData } from "~/queries/guest.server";
import { verifyCertificateNumber } from "~/queries/learning-certificates.server";
import { isAdmin } from "./_app.learning-hub.certifications.$id.server";

/**
 * /verify-certificate/{number} (issue 30, part 5): public, no sign-in. A number that cannot be one is
 * not looked up; a well-formed one is one query on the number's unique index. Unknown: 404 with a
 * clear page. Never cached by shared caches (a revocation shows at once). An admin also gets a link
 * to the certificate's page, where they may revoke it; nobody else learns its id.
 */
export async function verificationLoader(request: Request, raw: string | undefined) {
  const number = parseCertificateNumber(raw ?? "");
  const [guest, found] = await Promise.all([
    guestPageData(request),
    number ? verifyCertificateNumber(await getDb(), number) : Promise.resolve(null),
  ]);
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (!found) return json({ ...guest, certificate: null, manageHref: null }, { status: 404, headers });
  const { id, ...certificate } = found;
  const admin = guest.signedIn && isAdmin(await requireViewer(request));
  return json({ ...guest, certificate, manageHref: admin ? certificateHref(id) : null }, { headers });
}
