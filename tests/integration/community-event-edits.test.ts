/**
 * Editing a community event (decision 085): the host (or an administrator) edits from the version the
 * form showed (stale: 409 with the current details), with the composer's rules; people who answered
 * are told once of a new time, place or link; a raised capacity seats the waitlist in order and one
 * below those attending is refused; a moved event is reminded for its new start; calendars and the
 * iCal feed show the new details; cancelled and started events cannot be edited.
 */
import { openDatabase, queryRows } from "@db/client";
import { communityEvents } from "@db/schema";
import { EVENT_MESSAGES } from "@domain/community/events";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { feedToken } from "~/commands/calendar-feed.server";
import { sendCommunityEventReminders } from "~/commands/community-event-reminders.server";
import { answerEvent, editCommunityEvent } from "~/commands/community-events.server";
import { gatherCalendar } from "~/queries/calendar.server";
import type { EventViewer } from "~/queries/community-events.server";
import * as route from "~/routes/_app.common-area.events";
import * as feedRoute from "~/routes/calendar.feed.$token";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";
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

const fields = (over: Record<string, string> = {}) => ({
  title: "Budget workshop",
  event_type: "workshop",
  date: dayFromNow(10),
  time: "18:30",
  time_zone: ZONE,
  location: "Clubhouse, 1 Main St",
  meeting_link: "",
  max_attendees: "",
  rsvp_deadline: "",
  visibility: "public",
  ...over,
});

describe.each(engines)("editing community events on %s", (engine) => {
  const t = useTestDatabase(engine);
  let host: Person;
  let ann: Person;
  let bob: Person;
  let cy: Person;
  let dee: Person;
  let admin: Person;

  const post = (who: Person, body: Record<string, string>) =>
    outcome(() => route.action(argsOf(postAs("/common-area/events", who, body))));
  const create = async (over: Record<string, string> = {}) => {
    const r = await post(host, { intent: "create", ...fields(over) });
    expect(r.status).toBe(302);
    return (r.response.headers.get("Location") ?? "").split("#event-")[1] as string;
  };
  const edit = (who: Person, id: string, version: number, over: Record<string, string> = {}) =>
    post(who, { intent: "edit", event_id: id, version: String(version), ...fields(over) });
  const rsvp = (who: Person, id: string, status: string) =>
    post(who, { intent: "rsvp", event_id: id, status });
  const row = async (id: string) => {
    const [r] = await t.db.select().from(communityEvents).where(eq(communityEvents.id, id));
    return r as typeof communityEvents.$inferSelect;
  };
  const notices = (who: Person, type: string, eventId: string) =>
    queryRows<{ title: string; body: string }>(
      t.db,
      sql`select title, body from notifications where user_id = ${who.id} and type = ${type}
            and metadata->>'event_id' = ${eventId}`,
    );
  const statusOf = async (who: Person, id: string) =>
    (
      await queryRows<{ status: string }>(
        t.db,
        sql`select status from community_event_rsvps where event_id = ${id} and user_id = ${who.id}`,
      )
    )[0]?.status;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    host = await personWithRole(t.db, "manager", { label: "ed-host" });
    ann = await personWithRole(t.db, "vendor", { label: "ed-ann" });
    bob = await personWithRole(t.db, "homeowner", { label: "ed-bob" });
    cy = await personWithRole(t.db, "board_member", { label: "ed-cy" });
    dee = await personWithRole(t.db, "cpa", { label: "ed-dee" });
    admin = await personWithRole(t.db, "admin", { label: "ed-admin" });
  });

  it("the host opens the edit form with the event's details; others get no form", async () => {
    const id = await create({ title: "Form workshop", max_attendees: "12", rsvp_deadline: dayFromNow(8) });
    const opened = await outcome(() => route.loader(argsOf(getAs(`/common-area/events?edit=${id}`, host))));
    expect(opened.data.editing).toMatchObject({
      id,
      version: 1,
      title: "Form workshop",
      date: dayFromNow(10),
      time: "18:30",
      time_zone: ZONE,
      max_attendees: "12",
      rsvp_deadline: dayFromNow(8),
      location: "Clubhouse, 1 Main St",
    });
    const stranger = await outcome(() => route.loader(argsOf(getAs(`/common-area/events?edit=${id}`, ann))));
    expect(stranger.data.editing).toBeNull();
    const junk = await outcome(() => route.loader(argsOf(getAs("/common-area/events?edit=nope", host))));
    expect(junk.data.editing).toBeNull();
  });

  it("a new time and place: everyone who answered is told once; the feed and calendar show it", async () => {
    const id = await create({ title: "Moved workshop", date: dayFromNow(4) });
    await rsvp(ann, id, "attending");
    await rsvp(bob, id, "maybe");
    await rsvp(cy, id, "not_attending");
    const r = await edit(host, id, 1, {
      title: "Moved workshop",
      date: dayFromNow(5),
      time: "19:00",
      location: "Pool house",
    });
    expect(r.status).toBe(302);
    const after = await row(id);
    expect(after).toMatchObject({ version: 2, location: "Pool house" });
    const told = await notices(ann, "event_changed", id);
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe("Changed: Moved workshop");
    expect(told[0]?.body).toMatch(/^New date and time: .*7:00 PM .* New place: Pool house\.$/);
    expect(await notices(bob, "event_changed", id)).toHaveLength(1);
    expect(await notices(cy, "event_changed", id)).toHaveLength(0);
    expect(await notices(host, "event_changed", id)).toHaveLength(0);

    // A title-only edit tells nobody.
    expect(
      (
        await edit(host, id, 2, {
          title: "Moved budget workshop",
          date: dayFromNow(5),
          time: "19:00",
          location: "Pool house",
        })
      ).status,
    ).toBe(302);
    expect(await notices(ann, "event_changed", id)).toHaveLength(1);

    const window = { from: Date.now(), to: Date.now() + 10 * DAY };
    const entries = (
      await gatherCalendar(t.db, { userId: ann.id, email: "", associationIds: [], ...window })
    ).filter((e) => e.source === "community_event" && e.id === id);
    expect(entries.map((e) => [e.title, e.location, e.startsAt])).toEqual([
      ["Moved budget workshop", "Pool house", new Date(after.startsAt).toISOString()],
    ]);
    const token = `${await feedToken(t.db, ann.id)}.ics`;
    const response = (await feedRoute.loader(
      argsOf(new Request(`http://localhost/calendar/feed/${token}`), { token }),
    )) as Response;
    const ics = (await response.text()).replace(/\r\n[ \t]/g, "");
    const vevent = ics.split("BEGIN:VEVENT").find((v) => v.includes(`community-event-${id}`)) ?? "";
    expect(vevent).toContain("SUMMARY:Moved budget workshop");
    expect(vevent).toContain("LOCATION:Pool house");
    // Two edits: a feed client replaces its copy.
    expect(vevent).toContain("SEQUENCE:2");
  });

  it("a stale version is a 409 with the current details and changes nothing", async () => {
    const id = await create({ title: "Stale workshop" });
    expect((await edit(host, id, 1, { title: "Stale workshop (first)" })).status).toBe(302);
    const stale = await edit(host, id, 1, { title: "Stale workshop (second)" });
    expect(stale.status).toBe(409);
    expect(stale.data.error).toBe(EVENT_MESSAGES.STALE);
    expect(stale.data.current).toMatchObject({ version: 2, title: "Stale workshop (first)" });
    expect((await row(id)).title).toBe("Stale workshop (first)");
    // A form without its version is refused, never a blind write.
    const missing = await post(host, { intent: "edit", event_id: id, ...fields({ title: "Blind" }) });
    expect(missing.status).toBe(400);
    expect((await row(id)).title).toBe("Stale workshop (first)");
  });

  it("the composer's rules hold on an edit", async () => {
    const id = await create({ title: "Rules workshop" });
    const past = await edit(host, id, 1, { date: dayFromNow(-1) });
    expect(past.status).toBe(400);
    expect(past.data.result.error.date).toContain(EVENT_MESSAGES.DATE_IN_PAST);
    const virtual = await edit(host, id, 1, { is_virtual: "on", meeting_link: "javascript:alert(1)" });
    expect(virtual.status).toBe(400);
    expect(virtual.data.result.error.meeting_link).toContain(EVENT_MESSAGES.INVALID_URL);
    const html = await edit(host, id, 1, { title: "<script>x</script>" });
    expect(html.status).toBe(400);
    expect((await row(id)).version).toBe(1);
  });

  it("capacity: below those attending is refused; raised, the waitlist is seated in order", async () => {
    const id = await create({ title: "Small workshop", max_attendees: "1" });
    await rsvp(ann, id, "attending");
    await rsvp(bob, id, "attending");
    await rsvp(cy, id, "attending");
    await rsvp(dee, id, "attending");
    expect([await statusOf(bob, id), await statusOf(cy, id), await statusOf(dee, id)]).toEqual([
      "waitlisted",
      "waitlisted",
      "waitlisted",
    ]);
    const raised = await edit(host, id, 1, { title: "Small workshop", max_attendees: "3" });
    expect(raised.status).toBe(302);
    expect([await statusOf(bob, id), await statusOf(cy, id), await statusOf(dee, id)]).toEqual([
      "attending",
      "attending",
      "waitlisted",
    ]);
    expect((await row(id)).attendeeCount).toBe(3);
    const lowered = await edit(host, id, 2, { title: "Small workshop", max_attendees: "2" });
    expect(lowered.status).toBe(400);
    expect(lowered.data.result.error.max_attendees).toEqual([
      "Max attendees cannot be lower than the 3 people already attending",
    ]);
    // Unlimited seats everyone still waiting.
    expect((await edit(host, id, 2, { title: "Small workshop", max_attendees: "" })).status).toBe(302);
    expect(await statusOf(dee, id)).toBe("attending");
    expect(await row(id)).toMatchObject({ attendeeCount: 4, maxAttendees: null });
  });

  it("a moved event is reminded again for its new start, once", async () => {
    const id = await create({ title: "Reminded workshop", date: dayFromNow(3) });
    await rsvp(ann, id, "attending");
    const first = new Date((await row(id)).startsAt);
    await sendCommunityEventReminders(t.db, new Date(first.getTime() - 3_600_000));
    expect(await notices(ann, "event_reminder", id)).toHaveLength(1);
    expect((await edit(host, id, 1, { title: "Reminded workshop", date: dayFromNow(4) })).status).toBe(302);
    const moved = new Date((await row(id)).startsAt);
    expect(moved.getTime() - first.getTime()).toBe(DAY);
    const at = new Date(moved.getTime() - 3_600_000);
    await sendCommunityEventReminders(t.db, at);
    await sendCommunityEventReminders(t.db, at);
    const sent = await notices(ann, "event_reminder", id);
    expect(sent).toHaveLength(2);
  });

  it("an administrator keeps an Organization Only event's association they do not belong to", async () => {
    const association = await associationWith(t.db, { id: host.id }, [], { name: "Harbor View HOA" });
    const id = await create({
      title: "Owners' workshop",
      visibility: "organization",
      association_id: association.id,
    });
    const opened = await outcome(() => route.loader(argsOf(getAs(`/common-area/events?edit=${id}`, admin))));
    expect(opened.data.editing).toMatchObject({ id, association_id: association.id });
    expect(opened.data.associations).toContainEqual({ id: association.id, name: "Harbor View HOA" });
    const saved = await edit(admin, id, 1, {
      title: "Owners' workshop",
      visibility: "organization",
      association_id: association.id,
      location: "Harbor View lobby",
    });
    expect(saved.status).toBe(302);
    expect(await row(id)).toMatchObject({ associationId: association.id, location: "Harbor View lobby" });
    // Someone else's association stays refused.
    const other = await associationWith(t.db, { id: ann.id });
    const refused = await edit(admin, id, 2, {
      title: "Owners' workshop",
      visibility: "organization",
      association_id: other.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.association_id).toEqual([EVENT_MESSAGES.NOT_A_MEMBER]);
  });

  it("only the host or an administrator; not once cancelled or started", async () => {
    const id = await create({ title: "Guarded workshop" });
    await rsvp(ann, id, "attending");
    expect((await edit(ann, id, 1, { title: "Hijacked" })).status).toBe(404);
    const byAdmin = await edit(admin, id, 1, { title: "Guarded workshop", location: "Library" });
    expect(byAdmin.status).toBe(302);
    // The host hears of an administrator's change too.
    expect(await notices(host, "event_changed", id)).toHaveLength(1);
    expect(await notices(ann, "event_changed", id)).toHaveLength(1);

    expect((await post(host, { intent: "cancel", event_id: id, reason: "" })).status).toBe(302);
    const cancelled = await edit(host, id, 2, { title: "Guarded workshop" });
    expect(cancelled.status).toBe(409);
    expect(cancelled.data.error).toBe(EVENT_MESSAGES.EDIT_CANCELLED);

    const [started] = await t.db
      .insert(communityEvents)
      .values({
        authorId: host.id,
        title: "Started workshop",
        eventType: "workshop",
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        timeZone: ZONE,
        location: "Hall",
        visibility: "public",
      })
      .returning({ id: communityEvents.id });
    const late = await edit(host, started?.id as string, 1, { title: "Started workshop" });
    expect(late.status).toBe(409);
    expect(late.data.error).toBe(EVENT_MESSAGES.EDIT_PAST);
  });
});

describe.skipIf(!hasPostgres)("editing an event while people answer, on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });
  beforeAll(() => useAppDatabase(t.handle));

  it("a raised capacity and 12 answers at once on two app servers: the seats are never exceeded, the line kept", async () => {
    const second = await openDatabase({ url: t.handle.url as string, max: RACE_POOL_SIZE });
    try {
      const host = await personWithRole(t.db, "board_member", { label: "edit-race-host" });
      const people: Person[] = [];
      for (let i = 0; i < 16; i++)
        people.push(await personWithRole(t.db, "vendor", { label: `edit-race-${i}` }));
      const startsAt = new Date(Date.now() + 7 * DAY);
      const [event] = await t.db
        .insert(communityEvents)
        .values({
          authorId: host.id,
          title: "Race edit night",
          eventType: "networking",
          startsAt: startsAt.toISOString(),
          timeZone: ZONE,
          location: "Hall",
          visibility: "public",
          maxAttendees: 2,
        })
        .returning({ id: communityEvents.id });
      const id = event?.id as string;
      const viewer = (p: Person): EventViewer => ({
        userId: p.id,
        roleTypes: ["vendor"],
        associationIds: [],
      });
      // Two seats taken, two people waiting, in this order.
      for (const p of people.slice(0, 4)) await answerEvent(t.db, viewer(p), id, "attending", new Date());
      const wall = new Intl.DateTimeFormat("en-CA", {
        timeZone: ZONE,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).formatToParts(startsAt);
      const part = (type: string) => wall.find((x) => x.type === type)?.value ?? "";
      const [outcome] = await Promise.all([
        editCommunityEvent(t.db, {
          eventId: id,
          userId: host.id,
          isAdmin: false,
          associationIds: [],
          version: 1,
          now: new Date(),
          draft: {
            title: "Race edit night",
            eventType: "networking",
            date: `${part("year")}-${part("month")}-${part("day")}`,
            time: `${part("hour")}:${part("minute")}`,
            timeZone: ZONE,
            isVirtual: false,
            location: "Hall",
            meetingLink: "",
            maxAttendees: 6,
            rsvpDeadline: null,
            visibility: "public",
            associationId: null,
            targetRoles: [],
          },
        }),
        ...people
          .slice(4)
          .map((p, i) => answerEvent(i % 2 ? second.db : t.db, viewer(p), id, "attending", new Date())),
      ]);
      expect(outcome).toMatchObject({ ok: true });
      // The two who waited first got seats, whoever else answered before the edit took the lock.
      if (outcome.ok)
        expect(outcome.promoted).toEqual(expect.arrayContaining([people[2]?.id, people[3]?.id]));
      const [counts] = await queryRows<{ attending: number; waiting: number; stored: number }>(
        t.db,
        sql`select (select count(*)::int from community_event_rsvps where event_id = ${id} and status = 'attending') as attending,
            (select count(*)::int from community_event_rsvps where event_id = ${id} and status = 'waitlisted') as waiting,
            (select attendee_count from community_events where id = ${id}) as stored`,
      );
      expect(counts).toEqual({ attending: 6, waiting: 10, stored: 6 });
      // The people a higher capacity seated are told a seat is theirs.
      if (outcome.ok) {
        const told = await queryRows<{ user_id: string }>(
          t.db,
          sql`select user_id from notifications where type = 'event_seat' and metadata->>'event_id' = ${id}`,
        );
        expect(told.map((n) => n.user_id).sort()).toEqual([...outcome.promoted].sort());
      }
      for (const p of people.slice(0, 4)) {
        const [r] = await queryRows<{ status: string }>(
          t.db,
          sql`select status from community_event_rsvps where event_id = ${id} and user_id = ${p.id}`,
        );
        expect(r?.status).toBe("attending");
      }
    } finally {
      await second.close();
    }
  });
});
