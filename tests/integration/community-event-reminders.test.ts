/**
 * Community events' reminders and cancellation (issue 29, part 7): attendees are reminded once a day
 * before, whichever server's round gets there first, never for a cancelled event or a "maybe"; a host
 * (or an administrator) cancels with a reason, everyone who answered is told, answers close and the
 * event leaves calendars; others cannot cancel; bad input is refused with a message.
 */
import { queryRows } from "@db/client";
import { EVENT_MESSAGES } from "@domain/community/events";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sendCommunityEventReminders } from "~/commands/community-event-reminders.server";
import { gatherCalendar } from "~/queries/calendar.server";
import * as route from "~/routes/_app.common-area.events";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
const ZONE = "America/New_York";
const DAY = 86_400_000;
const dayFromNow = (days: number) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * DAY));

describe.each(bothEngines)("community event reminders and cancellation on %s", (engine) => {
  const t = useTestDatabase(engine);
  let host: Person;
  let ann: Person;
  let bob: Person;
  let cy: Person;
  let admin: Person;

  const post = (who: Person, body: Record<string, string>) =>
    outcome(() => route.action(argsOf(postAs("/common-area/events", who, body))));
  const create = async (title: string, days = 10) => {
    const r = await post(host, {
      intent: "create",
      title,
      event_type: "workshop",
      date: dayFromNow(days),
      time: "18:30",
      time_zone: ZONE,
      location: "Clubhouse, 1 Main St",
      meeting_link: "",
      max_attendees: "",
      rsvp_deadline: "",
      visibility: "public",
    });
    expect(r.status).toBe(302);
    return (r.response.headers.get("Location") ?? "").split("#event-")[1] as string;
  };
  const rsvp = (who: Person, id: string, status: string) =>
    post(who, { intent: "rsvp", event_id: id, status });
  const startOf = async (id: string) => {
    const [row] = await queryRows<{ starts_at: string }>(
      t.db,
      sql`select starts_at from community_events where id = ${id}`,
    );
    return new Date(row?.starts_at as string);
  };
  const notices = (who: Person, type: string, eventId: string) =>
    queryRows<{ title: string; body: string }>(
      t.db,
      sql`select title, body from notifications where user_id = ${who.id} and type = ${type}
            and metadata->>'event_id' = ${eventId}`,
    );

  beforeAll(async () => {
    useAppDatabase(t.handle);
    host = await personWithRole(t.db, "manager", { label: "evr-host" });
    ann = await personWithRole(t.db, "vendor", { label: "evr-ann" });
    bob = await personWithRole(t.db, "homeowner", { label: "evr-bob" });
    cy = await personWithRole(t.db, "board_member", { label: "evr-cy" });
    admin = await personWithRole(t.db, "admin", { label: "evr-admin" });
  });

  it("reminds attendees once, a day before, and nobody else", async () => {
    const id = await create("Reminder workshop");
    await rsvp(ann, id, "attending");
    await rsvp(bob, id, "maybe");
    await rsvp(cy, id, "not_attending");
    const start = await startOf(id);
    // Two days before: too early.
    await sendCommunityEventReminders(t.db, new Date(start.getTime() - 2 * DAY));
    expect(await notices(ann, "event_reminder", id)).toHaveLength(0);
    // Two hours before, two rounds at once (two servers), then a third: one reminder.
    const at = new Date(start.getTime() - 2 * 3_600_000);
    await Promise.all([sendCommunityEventReminders(t.db, at), sendCommunityEventReminders(t.db, at)]);
    await sendCommunityEventReminders(t.db, at);
    const sent = await notices(ann, "event_reminder", id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.title).toBe("Reminder: Reminder workshop");
    expect(sent[0]?.body).toMatch(/^Starts .*6:30 PM/);
    for (const other of [bob, cy, host]) expect(await notices(other, "event_reminder", id)).toHaveLength(0);
    // After the start: nothing more.
    await sendCommunityEventReminders(t.db, new Date(start.getTime() + 60_000));
    expect(await notices(ann, "event_reminder", id)).toHaveLength(1);
  });

  it("the host cancels with a reason: those who answered are told, answers close, calendars drop it", async () => {
    const id = await create("Cancelled workshop", 3);
    await rsvp(ann, id, "attending");
    await rsvp(bob, id, "maybe");
    await rsvp(cy, id, "not_attending");
    const window = { from: Date.now(), to: Date.now() + 10 * DAY };
    const onCalendar = async (who: Person) =>
      (await gatherCalendar(t.db, { userId: who.id, email: "", associationIds: [], ...window }))
        .filter((e) => e.source === "community_event")
        .map((e) => e.id);
    expect(await onCalendar(ann)).toContain(id);

    // Not the host: as if there were no such event. Too long a reason: refused with a message.
    const stranger = await post(ann, { intent: "cancel", event_id: id, reason: "" });
    expect(stranger.status).toBe(404);
    const long = await post(host, { intent: "cancel", event_id: id, reason: "x".repeat(501) });
    expect(long.status).toBe(409);
    expect(long.data.error).toBe(EVENT_MESSAGES.CANCEL_REASON_TOO_LONG);

    const done = await post(host, { intent: "cancel", event_id: id, reason: "The clubhouse flooded" });
    expect(done.status).toBe(302);
    const told = await notices(ann, "event_cancelled", id);
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe("Cancelled: Cancelled workshop");
    expect(told[0]?.body).toContain("Reason: The clubhouse flooded");
    expect(await notices(bob, "event_cancelled", id)).toHaveLength(1);
    expect(await notices(cy, "event_cancelled", id)).toHaveLength(0);
    expect(await notices(host, "event_cancelled", id)).toHaveLength(0);

    // Cancelling again tells nobody twice; answers are refused; the card says so; calendars drop it.
    expect((await post(host, { intent: "cancel", event_id: id, reason: "" })).status).toBe(302);
    expect(await notices(ann, "event_cancelled", id)).toHaveLength(1);
    const late = await rsvp(cy, id, "attending");
    expect(late.status).toBe(409);
    expect(late.data.error).toBe(EVENT_MESSAGES.CANCELLED);
    const page = await outcome(() => route.loader(argsOf(getAs("/common-area/events", bob))));
    const card = page.data.upcoming.find((e: { id: string }) => e.id === id);
    expect(card).toMatchObject({ cancellationReason: "The clubhouse flooded" });
    expect(card.cancelledAt).not.toBeNull();
    expect(await onCalendar(ann)).not.toContain(id);
    expect(await onCalendar(host)).not.toContain(id);
    // No reminder for a cancelled event.
    await sendCommunityEventReminders(t.db, new Date((await startOf(id)).getTime() - 3_600_000));
    expect(await notices(ann, "event_reminder", id)).toHaveLength(0);
  });

  it("an administrator may cancel any event; a malformed form is refused", async () => {
    const id = await create("Admin-cancelled workshop");
    await rsvp(ann, id, "attending");
    const r = await post(admin, { intent: "cancel", event_id: id, reason: "Against the guidelines" });
    expect(r.status).toBe(302);
    expect(await notices(ann, "event_cancelled", id)).toHaveLength(1);
    const bad = await post(host, { intent: "cancel", event_id: "not-a-uuid", reason: "" });
    expect(bad.status).toBe(400);
  });
});
