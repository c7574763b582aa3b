import type { Queryable } from "@db/client";
import { calendarAttendees } from "@db/schema";
import { and, eq, sql } from "drizzle-orm";
import { newAnswerToken } from "~/auth/answer-tokens.server";
import { icsOf, loadEvent, type StoredEvent } from "~/commands/calendar.server";
import type { IcsEvent } from "./calendar-ics.server";
import { cancellationMail, invitationMail } from "./calendar-mails.server";
import { type Mail, sendMail } from "./mailer.server";
import { type Outbox, type OutboxRoundResult, runOutboxRound } from "./outbox.server";

/**
 * Calendar invitations, updates and cancellations by e-mail (issue 12 part 3; issue 27 part 4). The
 * calendar commands write what to send into the outbox `calendar_invitation_mails` in their own
 * transaction (app/commands/calendar.server.ts); this sends it, run by every app server's background
 * jobs (app/jobs.server.ts) through the outbox round every outbox shares (app/mail/outbox.server.ts:
 * FOR UPDATE SKIP LOCKED, retries with a growing wait). An invitation or update shows the event as it
 * is when sent and issues the attendee a new single-use answer token (the previous link stops
 * working); one for an event deleted since, or for an address no longer invited, is skipped (its
 * cancellation follows). A cancellation shows the event as it was cancelled.
 */

type Send = (mail: Mail) => Promise<void>;

interface CalendarMailRow {
  event_id: string;
  email: string;
  kind: "invite" | "update" | "cancel";
  ics: IcsEvent | string | null;
}

const CALENDAR_INVITATION_OUTBOX: Outbox = {
  table: "calendar_invitation_mails",
  columns: ["event_id", "email", "kind", "ics"],
  label: "Calendar invitation mail",
};

/** Sends the waiting calendar mails (one round); `send` is the transport (tests pass a failing one). */
export async function sendCalendarInvitations(
  db: Queryable,
  now = new Date(),
  send: Send = sendMail,
): Promise<OutboxRoundResult> {
  const loaded = new Map<string, StoredEvent | null>();
  return runOutboxRound<CalendarMailRow>(
    db,
    CALENDAR_INVITATION_OUTBOX,
    async (row) => {
      if (row.kind === "cancel") {
        const ics = typeof row.ics === "string" ? (JSON.parse(row.ics) as IcsEvent) : row.ics;
        if (!ics) return "skipped";
        await send(cancellationMail(row.email, ics));
        return "sent";
      }
      if (!loaded.has(row.event_id)) loaded.set(row.event_id, await loadEvent(db, row.event_id));
      const stored = loaded.get(row.event_id);
      if (!stored) return "skipped";
      const { token, hash } = newAnswerToken();
      const [attendee] = await db
        .update(calendarAttendees)
        .set({ tokenHash: hash })
        .where(
          and(
            eq(calendarAttendees.eventId, row.event_id),
            sql`lower(${calendarAttendees.email}) = ${row.email}`,
          ),
        )
        .returning({ email: calendarAttendees.email });
      if (!attendee) return "skipped";
      await send(invitationMail(row.email, icsOf(stored), token, row.kind));
      return "sent";
    },
    now,
  );
}
