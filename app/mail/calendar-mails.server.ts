import { env } from "~/env.server";
import { type IcsEvent, invitationIcs } from "./calendar-ics.server";
import { escapeHtml, type Mail, mailHtml } from "./mailer.server";

/**
 * Calendar mails (issue 12 part 3): invitations and updates carry an .ics (METHOD:REQUEST) and answer
 * links that work without signing in (a single-use token); cancellations carry METHOD:CANCEL.
 */

export const answerUrl = (token: string, answer?: string) => {
  const url = new URL(`/calendar/invitations/${token}`, env().APP_URL);
  if (answer) url.searchParams.set("answer", answer);
  return url.toString();
};

export function whenText(e: Pick<IcsEvent, "startsAt" | "endsAt" | "timeZone" | "isAllDay">): string {
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: e.timeZone });
  if (e.isAllDay) return `${day.format(new Date(e.startsAt))} (all day)`;
  const time = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: e.timeZone });
  const zone = new Intl.DateTimeFormat("en-US", { timeZoneName: "short", timeZone: e.timeZone })
    .formatToParts(new Date(e.startsAt))
    .find((p) => p.type === "timeZoneName")?.value;
  return `${day.format(new Date(e.startsAt))}, ${time.format(new Date(e.startsAt))} to ${time.format(new Date(e.endsAt))} ${zone ?? ""}`.trim();
}

function details(e: IcsEvent): string[] {
  return [
    `When: ${whenText(e)}${e.rrule ? " (repeats)" : ""}`,
    e.location ? `Where: ${e.location}` : null,
    e.meetingUrl ? `Join: ${e.meetingUrl}` : null,
    e.description,
  ].filter((l): l is string => Boolean(l));
}

export function invitationMail(to: string, e: IcsEvent, token: string, kind: "invite" | "update"): Mail {
  const organizer = e.organizer?.name || e.organizer?.email || "Someone";
  const intro =
    kind === "invite" ? `${organizer} invited you to "${e.title}".` : `${organizer} updated "${e.title}".`;
  const lines = [intro, ...details(e)];
  const answers = [
    { label: "Accept", href: answerUrl(token, "accepted") },
    { label: "Tentative", href: answerUrl(token, "tentative") },
    { label: "Decline", href: answerUrl(token, "declined") },
  ];
  const text = `${lines.join("\n\n")}\n\nAnswer (the link works once):\n${answers.map((a) => `${a.label}: ${a.href}`).join("\n")}\n`;
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p>${answers
    .map((a) => `<a href="${escapeHtml(a.href)}" style="margin-right:16px">${escapeHtml(a.label)}</a>`)
    .join(
      "",
    )}</p><p style="color:#64748b">The answer link works once. The attached invitation adds the event to your calendar.</p>`;
  return {
    to,
    subject: kind === "invite" ? `Invitation: ${e.title}` : `Updated invitation: ${e.title}`,
    text,
    html: mailHtml(html),
    icalEvent: { method: "REQUEST", filename: "invite.ics", content: invitationIcs(e, "REQUEST") },
  };
}

export function cancellationMail(to: string, e: IcsEvent): Mail {
  const lines = [`"${e.title}" has been cancelled.`, ...details(e)];
  return {
    to,
    subject: `Cancelled: ${e.title}`,
    text: `${lines.join("\n\n")}\n`,
    html: mailHtml(lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")),
    icalEvent: { method: "CANCEL", filename: "cancel.ics", content: invitationIcs(e, "CANCEL") },
  };
}
