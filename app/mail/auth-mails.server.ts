import { env } from "~/env.server";
import { escapeHtml, type Mail, mailHtml } from "./mailer.server";

function link(pathname: string, token: string) {
  const url = new URL(pathname, env().APP_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

function mail(to: string, subject: string, lines: string[], action: { label: string; href: string }): Mail {
  const text = `${lines.join("\n\n")}\n\n${action.label}: ${action.href}\n`;
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(action.href)}">${escapeHtml(
    action.label,
  )}</a></p><p style="color:#64748b">${escapeHtml(action.href)}</p>`;
  return { to, subject, text, html: mailHtml(html) };
}

export function confirmationMail(to: string, token: string): Mail {
  return mail(
    to,
    "Confirm your email address",
    [
      "Welcome to Association Commons.",
      "Please confirm your email address to finish creating your account. The link works once and expires in 24 hours.",
      "If you did not create an account, you can ignore this message.",
    ],
    { label: "Confirm your email", href: link("/auth/confirm", token) },
  );
}

/**
 * To the owner of an address someone tried to sign up with (issue 11, part 5.5): the sign-up page
 * answered as for a new address, so only the owner learns that the account exists.
 */
export function signUpAttemptMail(to: string): Mail {
  const resetUrl = new URL("/auth/reset-password", env().APP_URL).toString();
  return mail(
    to,
    "Someone tried to create an account with your email",
    [
      "Someone tried to create an Association Commons account with this email address, which already has an account.",
      `If it was you, sign in instead. If you forgot your password, you can set a new one: ${resetUrl}`,
      "If it was not you, you can ignore this message: nothing changed in your account.",
    ],
    { label: "Sign in", href: new URL("/auth/sign-in", env().APP_URL).toString() },
  );
}

/** A one-time sign-in link (issue 11, part 3.4): works once, for 15 minutes. */
export function signInLinkMail(to: string, token: string): Mail {
  return mail(
    to,
    "Your sign-in link",
    [
      "Someone asked for a link to sign in to your Association Commons account without a password.",
      "The link works once and expires in 15 minutes.",
      "If it was not you, you can ignore this message: nobody can use the link without this mailbox.",
    ],
    { label: "Sign in", href: link("/auth/sign-in-link", token) },
  );
}

export function passwordResetMail(to: string, token: string): Mail {
  return mail(
    to,
    "Reset your password",
    [
      "Someone asked to reset the password of your Association Commons account.",
      "The link works once and expires in 1 hour. Setting a new password signs you out everywhere.",
      "If it was not you, you can ignore this message: your password stays as it is.",
    ],
    { label: "Reset your password", href: link("/auth/reset-password", token) },
  );
}
