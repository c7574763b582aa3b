import { INVITATION_VALID_DAYS } from "@domain/associations";
import { env } from "~/env.server";
import { escapeHtml, type Mail, mailHtml } from "./mailer.server";

/** The invitation page of a token (the token travels in the path; only its hash is stored). */
export function invitationUrl(token: string): string {
  return new URL(`/invitations/${encodeURIComponent(token)}`, env().APP_URL).toString();
}

/** An invitation to join an association, with its single-use link (same shape as auth-mails). */
export function associationInvitationMail(
  to: string,
  token: string,
  invitation: { associationName: string; inviterName: string; role: string },
): Mail {
  const href = invitationUrl(token);
  const lines = [
    `${invitation.inviterName} invited you to join ${invitation.associationName} on Association Commons as ${invitation.role}.`,
    `The link works once and expires in ${INVITATION_VALID_DAYS} days. If you do not have an account yet, you can create one from the link.`,
    "If you did not expect this invitation, you can ignore this message.",
  ];
  const label = "Accept the invitation";
  const text = `${lines.join("\n\n")}\n\n${label}: ${href}\n`;
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(href)}">${escapeHtml(
    label,
  )}</a></p><p style="color:#64748b">${escapeHtml(href)}</p>`;
  return { to, subject: `Invitation to join ${invitation.associationName}`, text, html: mailHtml(html) };
}
