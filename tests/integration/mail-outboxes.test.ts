/**
 * The mail outboxes (decision 058; issue 27 part 4): calendar invitations, board meeting invitations
 * and e-mail links are written in the transaction of their command and sent by the background jobs
 * through one claim-and-retry round (app/mail/outbox.server.ts). A committed command's mail goes out
 * once; a failed send waits (a growing backoff) and is tried again until it goes or is given up; a
 * rolled back command sends nothing; two app servers never take the same row.
 */

import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Database, openDatabase, queryRows } from "@db/client";
import type { EventInput } from "@domain/calendar";
import { EMAIL_MAX_ATTEMPTS } from "@domain/notifications/email";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type CalendarActor, createEvent, deleteEvent, updateEvent } from "~/commands/calendar.server";
import { resetEnvForTests } from "~/env.server";
import { sendCalendarInvitations } from "~/mail/calendar-invitations.server";
import { queueEmailLink, sendEmailLinks } from "~/mail/email-link-requests.server";
import type { Mail } from "~/mail/mailer.server";
import { sendMeetingInvitations } from "~/mail/meeting-invitations.server";
import { claimOutboxRows, type OutboxTable } from "~/mail/outbox.server";
import * as newMeetingPage from "~/routes/_app.board-room_.new";
import * as answerRoute from "~/routes/calendar.invitations.$token";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";
import { useTempOutbox } from "../support/outbox";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const actorOf = (p: Person): CalendarActor => ({
  userId: p.id,
  email: p.email,
  fullName: null,
  memberships: [],
});

let n = 0;
const eventInput = (attendeeEmails: string[]): EventInput => {
  n += 1;
  return {
    title: `Outbox walk ${n}-${Date.now()}`,
    description: null,
    eventType: "maintenance",
    startsAt: "2027-03-01T14:00:00.000Z",
    endsAt: "2027-03-01T15:00:00.000Z",
    timeZone: "America/New_York",
    isAllDay: false,
    rrule: null,
    location: "Lobby",
    meetingUrl: null,
    attendeeEmails,
    associationId: null,
  };
};

const later = (ms: number) => new Date(Date.now() + ms);
const HOUR = 3600_000;

async function outboxRows(db: Database, eventId: string) {
  return queryRows<{ email: string; kind: string; state: string; attempts: number; next_attempt_at: string }>(
    db,
    sql`select email, kind, state, attempts, next_attempt_at::text from calendar_invitation_mails
        where event_id = ${eventId} order by email, created_at`,
  );
}

/** A transport that fails: DATA_DIR is a file, so the local outbox folder cannot be made. */
function breakTransport() {
  const previous = process.env.DATA_DIR;
  const file = path.join(tmpdir(), `not-a-folder-${process.pid}-${Date.now()}`);
  writeFileSync(file, "");
  process.env.DATA_DIR = file;
  resetEnvForTests();
  return () => {
    process.env.DATA_DIR = previous;
    resetEnvForTests();
    rmSync(file, { force: true });
  };
}

describe.each(engines)("mail outboxes on %s", (engine) => {
  const t = useTestDatabase(engine);
  const outbox = useTempOutbox();
  let owner: Person;
  const to = (address: string) => outbox.mails().filter((m) => m.to === address);
  const guest = (label: string) => `${label}-${n}-${Date.now()}@example.org`;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    process.env.APP_URL = "http://localhost:3999";
    resetEnvForTests();
    owner = await personWithRole(t.db, "board_member");
  });

  it("a calendar command writes its invitations in its transaction; the job mails each once", async () => {
    const [a, b] = [guest("a"), guest("b")];
    const created = await createEvent(t.db, actorOf(owner), eventInput([a, b]));
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.id;
    // Nothing was sent by the command: two rows wait in the outbox.
    expect(to(a)).toHaveLength(0);
    expect((await outboxRows(t.db, id)).map((r) => [r.email, r.kind, r.state])).toEqual([
      [a, "invite", "pending"],
      [b, "invite", "pending"],
    ]);
    expect(await sendCalendarInvitations(t.db)).toEqual({ sent: 2, skipped: 0, retrying: 0, failed: 0 });
    expect(await sendCalendarInvitations(t.db)).toEqual({ sent: 0, skipped: 0, retrying: 0, failed: 0 });
    expect(to(a).map((m) => m.subject)).toEqual([expect.stringMatching(/^Invitation: Outbox walk/)]);
    expect(to(b)).toHaveLength(1);
    expect((await outboxRows(t.db, id)).map((r) => r.state)).toEqual(["sent", "sent"]);
  });

  it("an invitation whose attendee was removed before it went out is skipped; the cancellation goes", async () => {
    const [a, b] = [guest("kept"), guest("dropped")];
    const created = await createEvent(t.db, actorOf(owner), eventInput([a, b]));
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.id;
    const changed = await updateEvent(t.db, actorOf(owner), id, {
      ...eventInput([a]),
      title: "Renamed walk",
    });
    expect(changed.ok).toBe(true);
    expect(await sendCalendarInvitations(t.db)).toEqual({ sent: 3, skipped: 1, retrying: 0, failed: 0 });
    // a: the invitation and the update, both showing the event as it is now; b: only the cancellation.
    expect(to(a).map((m) => m.subject)).toEqual([
      "Invitation: Renamed walk",
      "Updated invitation: Renamed walk",
    ]);
    expect(to(b).map((m) => m.subject)).toEqual([expect.stringMatching(/^Cancelled: Outbox walk/)]);
  });

  it("a failed send waits (backoff) and is retried until it goes; the link it carries works", async () => {
    const a = guest("retry");
    const created = await createEvent(t.db, actorOf(owner), eventInput([a]));
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.id;
    const failing = async (_mail: Mail) => {
      throw new Error("SMTP said no");
    };
    expect(await sendCalendarInvitations(t.db, new Date(), failing)).toEqual({
      sent: 0,
      skipped: 0,
      retrying: 1,
      failed: 0,
    });
    const [waiting] = await outboxRows(t.db, id);
    expect(waiting).toMatchObject({ state: "pending", attempts: 1 });
    expect(Date.parse(waiting?.next_attempt_at as string)).toBeGreaterThan(Date.now());
    // Not before its time, even with a working transport.
    expect((await sendCalendarInvitations(t.db)).sent).toBe(0);
    expect(to(a)).toHaveLength(0);
    // Once its time has come, it goes.
    expect((await sendCalendarInvitations(t.db, later(HOUR))).sent).toBe(1);
    const [mail] = to(a);
    expect(mail?.subject).toMatch(/^Invitation: /);
    const token = mail?.text.match(
      /\/calendar\/invitations\/([A-Za-z0-9_-]+)\?answer=accepted/,
    )?.[1] as string;
    const answered = await answerRoute.action({
      request: formRequest(`/calendar/invitations/${token}`, { answer: "accepted" }),
      params: { token },
      context: {},
    });
    expect(answered).toMatchObject({ ok: true });
    expect(await outboxRows(t.db, id)).toMatchObject([{ state: "sent", attempts: 2 }]);
  });

  it("a send that keeps failing is given up after EMAIL_MAX_ATTEMPTS, waiting longer each time", async () => {
    const a = guest("gives-up");
    const created = await createEvent(t.db, actorOf(owner), eventInput([a]));
    if (!created.ok) throw new Error(created.error.message);
    const failing = async () => {
      throw new Error("SMTP said no");
    };
    const waits: number[] = [];
    for (let attempt = 1; attempt <= EMAIL_MAX_ATTEMPTS; attempt += 1) {
      const now = later(attempt * 10 * HOUR);
      const round = await sendCalendarInvitations(t.db, now, failing);
      expect(round.retrying + round.failed).toBe(1);
      const [row] = await outboxRows(t.db, created.value.id);
      if (attempt < EMAIL_MAX_ATTEMPTS)
        waits.push(Date.parse(row?.next_attempt_at as string) - now.getTime());
      else expect(row).toMatchObject({ state: "failed", attempts: EMAIL_MAX_ATTEMPTS });
    }
    expect(waits).toEqual([...waits].sort((x, y) => x - y));
    expect(new Set(waits).size).toBe(waits.length);
    expect(await sendCalendarInvitations(t.db, later(100 * HOUR))).toMatchObject({ sent: 0, failed: 0 });
    expect(to(a)).toHaveLength(0);
  });

  it("deleting an event cancels it for its attendees even though the event is gone when the job runs", async () => {
    const a = guest("deleted");
    const created = await createEvent(t.db, actorOf(owner), eventInput([a]));
    if (!created.ok) throw new Error(created.error.message);
    expect((await deleteEvent(t.db, actorOf(owner), created.value.id)).ok).toBe(true);
    // The invitation finds no event any more: skipped; the cancellation carries its event along.
    expect(await sendCalendarInvitations(t.db)).toEqual({ sent: 1, skipped: 1, retrying: 0, failed: 0 });
    const [cancel] = to(a);
    expect(cancel?.subject).toMatch(/^Cancelled: Outbox walk/);
    expect((cancel as unknown as Mail).icalEvent?.content).toContain(`UID:${created.value.id}@`);
  });

  describe("a rolled back command", () => {
    afterEach(async () => {
      await t.db.execute(sql`drop trigger if exists refuse_commit on calendar_invitation_mails`);
      await t.db.execute(sql`drop function if exists refuse_commit()`);
    });

    it("sends nothing: its outbox rows roll back with it", async () => {
      // The transaction fails at its commit, after the outbox rows were written.
      await t.db.execute(sql`create function refuse_commit() returns trigger language plpgsql as $$
        begin raise exception 'the commit failed'; end $$`);
      await t.db.execute(sql`create constraint trigger refuse_commit after insert on calendar_invitation_mails
        deferrable initially deferred for each row execute function refuse_commit()`);
      const a = guest("rolled-back");
      const input = eventInput([a]);
      await expect(createEvent(t.db, actorOf(owner), input)).rejects.toThrow();
      const [left] = await queryRows<{ events: number; mails: number }>(
        t.db,
        sql`select (select count(*)::int from calendar_events where title = ${input.title}) as events,
                   (select count(*)::int from calendar_invitation_mails where email = ${a}) as mails`,
      );
      expect(left).toEqual({ events: 0, mails: 0 });
      expect((await sendCalendarInvitations(t.db)).sent).toBe(0);
      expect(to(a)).toHaveLength(0);
    });
  });

  it("a row queued within the round's millisecond is claimed: the database's microseconds do not put it off", async () => {
    // The row's next_attempt_at is the database's now() (microseconds); a round whose own clock reads
    // the same millisecond, truncated, is earlier than it. Modelled by a clock a few ms behind.
    await queueEmailLink(t.db, "sign_in_link", "same-millisecond@example.test");
    const behind = new Date(Date.now() - 5);
    const claimed = await claimOutboxRows<{ email: string }>(t.db, "email_link_requests", ["email"], behind);
    expect(claimed.map((r) => r.email)).toContain("same-millisecond@example.test");
    await t.db.execute(sql`delete from email_link_requests where email = 'same-millisecond@example.test'`);
  });

  it("board meeting invitations and e-mail links retry through the same round after a failing transport", async () => {
    const president = await personWithRole(t.db, "board_member");
    await associationWith(t.db, { id: president.id });
    const invitee = guest("meeting-guest");
    const scheduled = await thrown(() =>
      newMeetingPage.action({
        request: formRequest(
          "/board-room/new",
          {
            title: "Outbox board meeting",
            description: "",
            meeting_type: "regular",
            date: "2027-02-09",
            start_time: "18:00",
            end_time: "19:00",
            location: "Clubhouse",
            meeting_url: "",
            attendee_emails: invitee,
          },
          { Cookie: president.cookie },
        ),
        params: {},
        context: {},
      }),
    );
    expect(scheduled.status).toBe(302);
    const resetFor = await personWithRole(t.db, "homeowner");
    await queueEmailLink(t.db, "reset_password", resetFor.email);

    const restore = breakTransport();
    try {
      expect(await sendMeetingInvitations(t.db)).toMatchObject({ sent: 0, retrying: 2 });
      expect(await sendEmailLinks(t.db)).toEqual({ handled: 0, retrying: 1, failed: 0 });
    } finally {
      restore();
    }
    // Waiting for their next attempt: a round now takes nothing.
    expect(await sendMeetingInvitations(t.db)).toMatchObject({ sent: 0, retrying: 0 });
    expect(await sendEmailLinks(t.db)).toEqual({ handled: 0, retrying: 0, failed: 0 });
    expect(to(invitee)).toHaveLength(0);
    // Their time has come: they go, once.
    expect(await sendMeetingInvitations(t.db, later(HOUR))).toMatchObject({ sent: 2, retrying: 0 });
    expect(await sendEmailLinks(t.db, later(HOUR))).toEqual({ handled: 1, retrying: 0, failed: 0 });
    expect(to(invitee).map((m) => m.subject)).toEqual(["Invitation: Outbox board meeting"]);
    expect(to(resetFor.email).map((m) => m.subject)).toEqual(["Reset your password"]);
  });
});

describe.skipIf(!hasPostgres)("mail outboxes with two app servers on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });
  const outbox = useTempOutbox();

  beforeAll(() => {
    useAppDatabase(t.handle);
  });

  it("two workers claiming at once never take the same row, in every outbox", async () => {
    const second = await openDatabase({ url: t.handle.url as string, max: RACE_POOL_SIZE });
    try {
      const rows = 120;
      await t.db.execute(sql`insert into calendar_invitation_mails (event_id, email, kind)
        select gen_random_uuid(), 'race-' || i || '@example.org', 'invite' from generate_series(1, ${rows}) i`);
      await t.db.execute(sql`insert into meeting_invitation_mails (meeting_id, attendee_id, kind, event_id)
        select gen_random_uuid(), gen_random_uuid(), 'invite', gen_random_uuid() from generate_series(1, ${rows}) i`);
      await t.db.execute(sql`insert into email_link_requests (purpose, email)
        select 'sign_in_link', 'race-' || i || '@example.org' from generate_series(1, ${rows}) i`);
      for (const table of [
        "calendar_invitation_mails",
        "meeting_invitation_mails",
        "email_link_requests",
      ] as OutboxTable[]) {
        // Eight workers on two pools, each claiming 7 rows at a time until nothing is left.
        const worker = async (db: Database) => {
          const mine: { id: string; attempts: number }[] = [];
          for (;;) {
            const batch = await claimOutboxRows(db, table, [], new Date(), 7);
            if (batch.length === 0) return mine;
            mine.push(...batch);
          }
        };
        const claims = (
          await Promise.all(Array.from({ length: 8 }, (_, i) => worker(i % 2 ? second.db : t.db)))
        ).flat();
        const ids = claims.map((r) => r.id);
        // Every row claimed, none twice.
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toHaveLength(rows);
        expect(claims.every((r) => r.attempts === 1)).toBe(true);
      }
      await t.db.execute(sql`delete from meeting_invitation_mails`);
      await t.db.execute(sql`delete from email_link_requests`);
      await t.db.execute(sql`delete from calendar_invitation_mails`);
    } finally {
      await second.close();
    }
  });

  it("two app servers sending calendar invitations at once mail each attendee once", async () => {
    const second = await openDatabase({ url: t.handle.url as string, max: RACE_POOL_SIZE });
    try {
      const owner = await personWithRole(t.db, "board_member");
      const attendees = Array.from({ length: 30 }, (_, i) => `pair-${i}-${Date.now()}@example.org`);
      const created = await createEvent(t.db, actorOf(owner), eventInput(attendees));
      if (!created.ok) throw new Error(created.error.message);
      const rounds = await Promise.all([
        sendCalendarInvitations(t.db),
        sendCalendarInvitations(second.db),
        sendCalendarInvitations(t.db),
        sendCalendarInvitations(second.db),
      ]);
      expect(rounds.reduce((sum, r) => sum + r.sent, 0)).toBe(attendees.length);
      const mailed = outbox
        .mails()
        .map((m) => m.to)
        .filter((address) => attendees.includes(address));
      expect(mailed.sort()).toEqual([...attendees].sort());
    } finally {
      await second.close();
    }
  });
});
