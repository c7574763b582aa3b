import { longDate } from "@domain/learning/certificates";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { certificateById } from "~/queries/learning-certificates.server";
import { renderCertificatePdf } from "./learning-hub.certifications.$id.pdf.server";

/**
 * GET /learning-hub/certifications/{id}/pdf: the certificate as a PDF with a QR code to its public
 * verification page (issue 30, part 5), for its holder only (anyone else: 404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const cert = await certificateById(await getDb(), params.id ?? "");
  if (!cert || cert.holder.id !== viewer.user.id) pageNotFound();
  const pdf = await renderCertificatePdf({
    holderName: cert.holder.name,
    certificateName: cert.certificateName,
    displayNumber: cert.displayNumber,
    issuedOn: longDate(new Date(cert.issuedAt)),
    expiresOn: cert.expiresAt ? longDate(new Date(cert.expiresAt)) : "Never expires",
    verificationUrl: new URL(cert.verificationPath, env().APP_URL).toString(),
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="certificate-${cert.certificateNumber.slice(0, 8)}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
