import { CERTIFICATE_MESSAGES, REVOCATION_REASON_MAX } from "@domain/learning/certificates";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireAdmin, requireViewer, type Viewer } from "~/auth/guards.server";
import { revokeCertificate } from "~/commands/learning-certificates.server";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { certificateById } from "~/queries/learning-certificates.server";

/** An administrator (admin context that may verify users): may see and revoke anyone's certificate. */
export const isAdmin = (viewer: Viewer) =>
  viewer.context?.contextType === "admin" && Boolean(viewer.permissions?.can_verify_users);

/**
 * /learning-hub/certifications/{id} (issue 30, part 5): the certificate, for its holder and for
 * admins (who get the Revoke form); anyone else gets 404, so ids reveal nothing.
 */
export async function certificationLoader(request: Request, id: string | undefined) {
  const viewer = await requireViewer(request);
  const cert = await certificateById(await getDb(), id ?? "");
  if (!cert) pageNotFound();
  const admin = isAdmin(viewer);
  if (cert.holder.id !== viewer.user.id && !admin) pageNotFound();
  return json({
    cert,
    owner: cert.holder.id === viewer.user.id,
    canRevoke: admin && cert.isActive,
    verificationUrl: new URL(cert.verificationPath, env().APP_URL).toString(),
    reasonMax: REVOCATION_REASON_MAX,
  });
}

export const RevokeSchema = z.object({
  intent: z.literal("revoke"),
  reason: z
    .string({ required_error: CERTIFICATE_MESSAGES.revokeReasonRequired })
    .trim()
    .min(1, CERTIFICATE_MESSAGES.revokeReasonRequired)
    .max(REVOCATION_REASON_MAX, CERTIFICATE_MESSAGES.revokeReasonTooLong),
});

/** Revoke (admins only), with a reason; the public page and the credential's status say so at once. */
export async function certificationAction(request: Request, id: string | undefined) {
  const admin = await requireAdmin(request);
  const { submission } = await parseSubmission(request, RevokeSchema);
  if (submission.status !== "success")
    return json({ error: null as string | null, result: submission.reply() }, { status: 400 });
  const db = await getDb();
  const cert = await certificateById(db, id ?? "");
  if (!cert) pageNotFound();
  const outcome = await revokeCertificate(db, {
    certificateId: cert.id,
    adminId: admin.user.id,
    reason: submission.value.reason,
  });
  if (!outcome.ok) {
    if (outcome.kind === "not_found") pageNotFound();
    return json(
      {
        error: outcome.message as string | null,
        result: submission.reply({ formErrors: [outcome.message] }),
      },
      { status: domainErrorStatus(outcome.kind) },
    );
  }
  return redirectWithFlash(`/learning-hub/certifications/${cert.id}`, {
    tone: "success",
    message: "Certificate revoked",
  });
}
