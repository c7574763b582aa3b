/**
 * Notification e-mail (issue 5, part 3): urgent and high priority notifications are e-mailed at once to
 * people with e-mail notifications on, the rest go into a digest at most once a day, and every e-mail
 * carries a one-click unsubscribe link that works without signing in.
 */
import { notificationDigests, notifications, userProfiles } from "@db/schema";
import { EMAIL_MAX_ATTEMPTS } from "@domain/notifications/email";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setAccountDisabled } from "~/commands/admin-users.server";
import { type NewNotification, notify } from "~/commands/notifications.server";
import type { Mail } from "~/mail/mailer.server";
import { sendDueDigests, sendImmediateEmails } from "~/mail/notification-dispatch.server";
import { unsubscribeToken } from "~/mail/unsubscribe.server";
import { CircuitOpenError } from "~/monitoring/circuits.server";
import * as unsubscribeRoute from "~/routes/email.unsubscribe";
import { formRequest, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { useTempOutbox } from "../support/outbox";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;
const HOUR = 3_600_000;

/** A send function that keeps what it was given. */
function recorder() {
  const mails: Mail[] = [];
  const send = async (mail: Mail) => {
    mails.push(mail);
  };
  return { mails, send, to: (p: Person) => mails.filter((m) => m.to === p.email) };
}

/** The next 09:00 UTC after now: the morning the digest tests run at (people here have no time zone, so UTC). */
function nextMorning(): Date {
  const d = new Date();
  d.setUTCHours(9, 0, 0, 0);
  if (d.getTime() <= Date.now()) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

describe.each(engines)("notification e-mail on %s", (engine) => {
  const t = useTestDatabase(engine);
  const outbox = useTempOutbox();
  let person: Person;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    person = await personWithRole(t.db, "manager", { label: "mailme" });
    // Whatever setting up the account queued is not what these tests look at.
    await t.db.execute(sql`update notifications set email_state = 'skipped'`);
  });

  const note = (userId: string, fields: Partial<NewNotification> = {}) =>
    notify(t.db, { userId, type: "proposal_received", title: "A new proposal", ...fields });

  async function stateOf(id: string) {
    const [row] = await t.db
      .select({ state: notifications.emailState, attempts: notifications.emailAttempts })
      .from(notifications)
      .where(eq(notifications.id, id));
    return row;
  }

  it("e-mails an urgent notification once, with its link and a one-click unsubscribe", async () => {
    const id = await note(person.id, {
      priority: "urgent",
      title: "Water shut-off tomorrow",
      body: "Main valve work from 9 to 11.",
      actionUrl: "/rfps/123",
    });
    const r = recorder();
    const result = await sendImmediateEmails(t.db, new Date(), r.send);
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const [mail] = r.to(person);
    expect(r.to(person)).toHaveLength(1);
    expect(mail?.subject).toBe("[Urgent] Water shut-off tomorrow");
    expect(mail?.text).toContain("Main valve work from 9 to 11.");
    expect(mail?.text).toContain("/rfps/123");
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/\S+\/email\/unsubscribe\?token=\S+>$/);
    expect(mail?.text).toContain("/email/unsubscribe?token=");
    expect((await stateOf(id))?.state).toBe("sent");

    // A second round sends nothing more.
    const again = recorder();
    await sendImmediateEmails(t.db, new Date(), again.send);
    expect(again.to(person)).toHaveLength(0);
  });

  it("e-mails high priority at once but leaves normal and low for the digest", async () => {
    const high = await note(person.id, { priority: "high", title: "Proposal accepted" });
    const normal = await note(person.id, { priority: "normal", title: "RFP updated" });
    const low = await note(person.id, { priority: "low", title: "Tip of the day" });
    const r = recorder();
    await sendImmediateEmails(t.db, new Date(), r.send);
    expect(r.to(person).map((m) => m.subject)).toEqual(["Proposal accepted"]);
    expect((await stateOf(high))?.state).toBe("sent");
    expect((await stateOf(normal))?.state).toBe("digest");
    expect((await stateOf(low))?.state).toBe("digest");
  });

  it("sends nothing to someone who turned e-mail off, to a disabled account, or for what was already read", async () => {
    const off = await personWithRole(t.db, "vendor", { label: "nomail" });
    await t.db.update(userProfiles).set({ emailNotifications: false }).where(eq(userProfiles.id, off.id));
    const disabled = await personWithRole(t.db, "vendor", { label: "disabled" });
    await setAccountDisabled(t.db, disabled.id, true);
    const a = await note(off.id, { priority: "urgent" });
    const b = await note(disabled.id, { priority: "urgent" });
    const c = await note(person.id, { priority: "urgent", title: "Read already" });
    await t.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, c));
    const d = await note(person.id, {
      priority: "high",
      title: "Expired",
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const r = recorder();
    await sendImmediateEmails(t.db, new Date(), r.send);
    expect(r.mails.filter((m) => [off.email, disabled.email].includes(m.to))).toHaveLength(0);
    expect(r.to(person)).toHaveLength(0);
    for (const id of [a, b, c, d]) expect((await stateOf(id))?.state).toBe("skipped");
  });

  it("retries a failed send on the next round and gives up after the last attempt", async () => {
    const id = await note(person.id, { priority: "urgent", title: "Flaky" });
    const failing = async () => {
      throw new Error("SMTP said no");
    };
    for (let attempt = 1; attempt < EMAIL_MAX_ATTEMPTS; attempt += 1) {
      const result = await sendImmediateEmails(t.db, new Date(), failing);
      expect(result.retrying).toBe(1);
      expect(await stateOf(id)).toEqual({ state: "pending", attempts: attempt });
    }
    const last = await sendImmediateEmails(t.db, new Date(), failing);
    expect(last.failed).toBe(1);
    expect(await stateOf(id)).toEqual({ state: "failed", attempts: EMAIL_MAX_ATTEMPTS });
  });

  it("does not count an attempt while the SMTP circuit is open", async () => {
    const id = await note(person.id, { priority: "urgent", title: "Circuit open" });
    await sendImmediateEmails(t.db, new Date(), async () => {
      throw new CircuitOpenError("smtp", 30_000);
    });
    expect(await stateOf(id)).toEqual({ state: "pending", attempts: 0 });
    const r = recorder();
    await sendImmediateEmails(t.db, new Date(), r.send);
    expect(r.to(person).map((m) => m.subject)).toEqual(["[Urgent] Circuit open"]);
  });

  it("takes back a claim left by an app server that died while sending", async () => {
    const id = await note(person.id, { priority: "urgent", title: "Orphaned" });
    await t.db.execute(
      sql`update notifications set email_state = 'sending', email_attempts = 1,
          email_claimed_at = now() - interval '10 minutes' where id = ${id}`,
    );
    const r = recorder();
    await sendImmediateEmails(t.db, new Date(), r.send);
    expect(r.to(person).map((m) => m.subject)).toEqual(["[Urgent] Orphaned"]);
    expect(await stateOf(id)).toEqual({ state: "sent", attempts: 2 });
  });

  it("sends each e-mail once when several app servers dispatch at the same time", async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => note(person.id, { priority: "high", title: `Burst ${i}` })),
    );
    const r = recorder();
    await Promise.all([1, 2, 3, 4].map(() => sendImmediateEmails(t.db, new Date(), r.send)));
    const subjects = r.to(person).map((m) => m.subject);
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
    for (const id of ids) expect((await stateOf(id))?.state).toBe("sent");
  });

  it("sends the digest of unread normal and low notifications at most once a day", async () => {
    const reader = await personWithRole(t.db, "homeowner", { label: "digest" });
    await t.db.execute(sql`update notifications set email_state = 'skipped' where user_id = ${reader.id}`);
    await note(reader.id, { title: "RFP updated", body: "The deadline moved." });
    await note(reader.id, { title: "Forum reply", priority: "low" });
    const read = await note(reader.id, { title: "Already seen" });
    await t.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, read));
    const morning = nextMorning();

    // Before 08:00 on their clock nothing goes out.
    const early = recorder();
    await sendDueDigests(t.db, new Date(morning.getTime() - 2 * HOUR), early.send);
    expect(early.to(reader)).toHaveLength(0);

    const first = recorder();
    await sendDueDigests(t.db, morning, first.send);
    const digests = first.to(reader);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe("Your daily summary: 2 new notifications");
    expect(digests[0]?.text).toContain("RFP updated");
    expect(digests[0]?.text).toContain("The deadline moved.");
    expect(digests[0]?.text).toContain("Forum reply");
    expect(digests[0]?.text).not.toContain("Already seen");
    expect(digests[0]?.headers?.["List-Unsubscribe"]).toContain("/email/unsubscribe?token=");

    // Later the same day: a new notification waits for tomorrow.
    await note(reader.id, { title: "Late news" });
    const sameDay = recorder();
    await sendDueDigests(t.db, new Date(morning.getTime() + 10 * HOUR), sameDay.send);
    expect(sameDay.to(reader)).toHaveLength(0);

    const nextDay = recorder();
    await sendDueDigests(t.db, new Date(morning.getTime() + 24 * HOUR), nextDay.send);
    expect(nextDay.to(reader).map((m) => m.subject)).toEqual(["Your daily summary: 1 new notification"]);
    expect(nextDay.to(reader)[0]?.text).toContain("Late news");
    expect(nextDay.to(reader)[0]?.text).not.toContain("RFP updated");
  });

  it("sends one digest when several app servers find it due at once, and none when e-mail is off", async () => {
    const reader = await personWithRole(t.db, "homeowner", { label: "digest2" });
    const quiet = await personWithRole(t.db, "homeowner", { label: "digest-off" });
    await t.db.execute(
      sql`update notifications set email_state = 'skipped' where user_id in (${reader.id}, ${quiet.id})`,
    );
    await t.db.update(userProfiles).set({ emailNotifications: false }).where(eq(userProfiles.id, quiet.id));
    await note(reader.id, { title: "Concurrent digest" });
    await note(quiet.id, { title: "Not for e-mail" });
    const morning = nextMorning();
    const r = recorder();
    await Promise.all([1, 2, 3].map(() => sendDueDigests(t.db, morning, r.send)));
    expect(r.to(reader)).toHaveLength(1);
    expect(r.to(quiet)).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(notificationDigests)
      .where(eq(notificationDigests.userId, reader.id));
    expect(new Date(row?.lastSentAt ?? 0).toISOString()).toBe(morning.toISOString());
  });

  it("gives a digest back when sending fails, and sends it on the next round", async () => {
    const reader = await personWithRole(t.db, "homeowner", { label: "digest3" });
    await t.db.execute(sql`update notifications set email_state = 'skipped' where user_id = ${reader.id}`);
    await note(reader.id, { title: "Retry me" });
    const morning = nextMorning();
    await sendDueDigests(t.db, morning, async (mail) => {
      if (mail.to === reader.email) throw new Error("SMTP down");
    });
    const r = recorder();
    await sendDueDigests(t.db, new Date(morning.getTime() + 60_000), r.send);
    expect(r.to(reader).map((m) => m.subject)).toEqual(["Your daily summary: 1 new notification"]);
  });

  it("writes the e-mail to the outbox with its unsubscribe headers when SMTP is not configured", async () => {
    await note(person.id, { priority: "urgent", title: "Outbox check" });
    await sendImmediateEmails(t.db);
    const { mail, link } = outbox.lastTo(person.email);
    expect(mail.subject).toBe("[Urgent] Outbox check");
    expect((mail as Loose).headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(link).toContain("/email/unsubscribe?token=");
  });

  describe("the unsubscribe link", () => {
    const page = (token: string) =>
      unsubscribeRoute.loader({
        request: new Request(`http://localhost/email/unsubscribe?token=${encodeURIComponent(token)}`),
        params: {},
        context: {},
      });
    const post = (token: string, fields: Record<string, string>) =>
      unsubscribeRoute.action({
        request: formRequest(`/email/unsubscribe?token=${encodeURIComponent(token)}`, fields),
        params: {},
        context: {},
      });
    const setting = async (p: Person) => {
      const [row] = await t.db
        .select({ on: userProfiles.emailNotifications })
        .from(userProfiles)
        .where(eq(userProfiles.id, p.id));
      return row?.on;
    };

    it("shows the address and turns e-mail off with one button, and back on", async () => {
      const p = await personWithRole(t.db, "vendor", { label: "unsub" });
      const token = unsubscribeToken(p.id);
      const shown: Loose = await (await page(token)).json();
      expect(shown).toMatchObject({ valid: true, email: p.email, on: true });
      // Showing the page (a mail scanner following the link) changes nothing.
      expect(await setting(p)).toBe(true);

      const off = await post(token, { token });
      expect(off.status).toBe(200);
      expect(await off.json()).toEqual({ ok: true, on: false });
      expect(await setting(p)).toBe(false);

      const on = await post(token, { token, intent: "resubscribe" });
      expect(await on.json()).toEqual({ ok: true, on: true });
      expect(await setting(p)).toBe(true);

      // A form the page does not have changes nothing.
      const other = await post(token, { token, intent: "delete_account" });
      expect(other.status).toBe(400);
      expect(await setting(p)).toBe(true);
    });

    it("answers a mail client's RFC 8058 one-click POST", async () => {
      const p = await personWithRole(t.db, "vendor", { label: "oneclick" });
      const response = await post(unsubscribeToken(p.id), { "List-Unsubscribe": "One-Click" });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("Unsubscribed");
      expect(await setting(p)).toBe(false);
    });

    it("refuses a forged or broken token and changes nothing", async () => {
      const p = await personWithRole(t.db, "vendor", { label: "forged" });
      const forged = `${p.id}.${"A".repeat(43)}`;
      expect((await page(forged)).status).toBe(400);
      expect((await page("nonsense")).status).toBe(400);
      expect((await post(forged, { token: forged })).status).toBe(400);
      expect((await post(forged, { "List-Unsubscribe": "One-Click" })).status).toBe(400);
      expect(await setting(p)).toBe(true);
    });
  });
});
