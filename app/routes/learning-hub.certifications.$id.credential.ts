import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { signOpenBadgeCredential } from "~/credentials/open-badges.server";
import { ensureStatusEntry, statusListEntry } from "~/credentials/status-list.server";
import { getDb } from "~/db.server";
import { certificateById } from "~/queries/learning-certificates.server";

/**
 * GET /learning-hub/certifications/{id}/credential: the certificate's Open Badges 3.0 credential as a
 * VC-JWT (decision 077), for its holder only (anyone else: 404); its status is its bit in a signed
 * Bitstring Status List (decision 086), its place drawn the first time.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const db = await getDb();
  const cert = await certificateById(db, params.id ?? "");
  if (!cert || cert.holder.id !== viewer.user.id) pageNotFound();
  const status = statusListEntry(await ensureStatusEntry(db, cert.id));
  return new Response(await signOpenBadgeCredential(cert, status), {
    headers: {
      "Content-Type": "application/vc+jwt",
      "Content-Disposition": `attachment; filename="open-badge-${cert.certificateNumber.slice(0, 8)}.jwt"`,
      "Cache-Control": "private, no-store",
    },
  });
}
