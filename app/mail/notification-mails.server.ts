import { digestSubject, immediateSubject } from "@domain/notifications/email";
import { env } from "~/env.server";
import { escapeHtml, type Mail, mailHtml } from "./mailer.server";
import { unsubscribeUrl } from "./unsubscribe.server";

export interface MailedNotification {
  title: string;
  body: string | null;
  priority: string;
  actionUrl: string | null;
}

export interface Recipient {
  userId: string;
  email: string;
  name: string | null;
}

/** Where a notification's link leads: its own action link on this site, else the notifications page. */
function openUrl(n: MailedNotification): string {
  const base = env().APP_URL;
  const target =
    n.actionUrl?.startsWith("/") && !n.actionUrl.startsWith("//") ? n.actionUrl : "/notifications";
  return new URL(target, base).toString();
}

/** The footer every notification e-mail carries, and the one-click unsubscribe headers (RFC 8058). */
function withUnsubscribe(to: Recipient, mail: { subject: string; text: string; html: string }): Mail {
  const unsubscribe = unsubscribeUrl(to.userId);
  const settings = new URL("/settings/account", env().APP_URL).toString();
  const why = "You get this e-mail because e-mail notifications are on for your Association Commons account.";
  return {
    to: to.email,
    subject: mail.subject,
    text: `${mail.text}\n\n--\n${why}\nTurn them off with one click: ${unsubscribe}\nAccount settings: ${settings}\n`,
    html: mailHtml(
      `${mail.html}<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0 12px"><p style="color:#64748b;font-size:12px">${escapeHtml(
        why,
      )} <a href="${escapeHtml(unsubscribe)}">Turn off notification e-mails</a> · <a href="${escapeHtml(
        settings,
      )}">Account settings</a></p>`,
    ),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

const greeting = (to: Recipient) => (to.name ? `Hello ${to.name},` : "Hello,");

/** One urgent or high priority notification, sent as soon as it exists. */
export function notificationMail(to: Recipient, n: MailedNotification): Mail {
  const href = openUrl(n);
  const lines = [greeting(to), n.title, ...(n.body ? [n.body] : [])];
  return withUnsubscribe(to, {
    subject: immediateSubject(n.priority, n.title),
    text: `${lines.join("\n\n")}\n\nOpen: ${href}`,
    html: `<p>${escapeHtml(greeting(to))}</p><p style="font-weight:600">${escapeHtml(n.title)}</p>${
      n.body ? `<p>${escapeHtml(n.body)}</p>` : ""
    }<p><a href="${escapeHtml(href)}">Open in Association Commons</a></p>`,
  });
}

/** The daily digest: the newest notifications first, and how many more wait on the site. */
export function digestMail(to: Recipient, items: readonly MailedNotification[], total: number): Mail {
  const more = total - items.length;
  const all = new URL("/notifications", env().APP_URL).toString();
  const textItems = items.map((n) => `- ${n.title}${n.body ? `\n  ${n.body}` : ""}\n  ${openUrl(n)}`);
  const htmlItems = items.map(
    (n) =>
      `<li style="margin-bottom:12px"><a href="${escapeHtml(openUrl(n))}">${escapeHtml(n.title)}</a>${
        n.body ? `<br><span style="color:#475569">${escapeHtml(n.body)}</span>` : ""
      }</li>`,
  );
  const moreLine = more > 0 ? `And ${more} more.` : "";
  return withUnsubscribe(to, {
    subject: digestSubject(total),
    text: [
      greeting(to),
      "Here is what happened since your last summary:",
      textItems.join("\n"),
      moreLine,
      `All notifications: ${all}`,
    ]
      .filter(Boolean)
      .join("\n\n"),
    html: `<p>${escapeHtml(greeting(to))}</p><p>Here is what happened since your last summary:</p><ul>${htmlItems.join(
      "",
    )}</ul>${moreLine ? `<p>${moreLine}</p>` : ""}<p><a href="${escapeHtml(all)}">All notifications</a></p>`,
  });
}
