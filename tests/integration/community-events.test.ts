/**
 * Community events (issue 29, part 7): the composer's rules on the server, visibility on every read,
 * target roles that suggest, RSVP with capacity and a waitlist (also under concurrency on PostgreSQL),
 * the meeting link only for attendees, and the event on the attendee's calendar and iCal feed.
 */
import { randomUUID } from "node:crypto";
import { openDatabase, queryRows } from "@db/client";
import { communityEventRsvps, communityEvents, connections } from "@db/schema";
import { EVENT_MESSAGES } from "@domain/community/events";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { feedToken } from "~/commands/calendar-feed.server";
import { answerEvent } from "~/commands/community-events.server";
import { gatherCalendar } from "~/queries/calendar.server";
import type { EventViewer } from "~/queries/community-events.server";
import * as route from "~/routes/_app.common-area.events";
import * as feedRoute from "~/routes/calendar.feed.$token";
import { argsOf, getAs, outcome, postAs, todayIn, useAppDatabase } from "../support/app";
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

const base = (over: Record<string, string> = {}) => ({
  intent: "create",
  title: "Reserve study workshop",
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

describe.each(engines)("community events on %s", (engine) => {
  const t = useTestDatabase(engine);
  let host: Person;
  let vendor: Person;
  let manager: Person;
  let outsider: Person;
  let noRole: Person;
  let associationId: string;

  const page = async (who: Person) => {
    const r = await outcome(() => route.loader(argsOf(getAs("/common-area/events", who))));
    expect(r.status).toBe(200);
    return r.data as {
      upcoming: Array<Record<string, unknown>>;
      past: Array<Record<string, unknown>>;
      suggested: Array<Record<string, unknown>>;
    };
  };
  const post = (who: Person, body: Record<string, string>) =>
    outcome(() => route.action(argsOf(postAs("/common-area/events", who, body))));
  const create = async (who: Person, over: Record<string, string> = {}, extra?: URLSearchParams) => {
    const body = new URLSearchParams(base(over));
    if (extra) for (const [k, v] of extra) body.append(k, v);
    const request = new Request("http://localhost/common-area/events", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
    });
    const r = await outcome(() => route.action(argsOf(request)));
    if (r.status !== 302) return { ...r, id: null };
    const id = (r.response.headers.get("Location") ?? "").split("#event-")[1] ?? null;
    return { ...r, id };
  };
  const viewerOf = (who: Person, roleTypes: string[], associationIds: string[] = []): EventViewer => ({
    userId: who.id,
    roleTypes,
    associationIds,
  });
  const rsvp = (who: Person, eventId: string, status: string) =>
    post(who, { intent: "rsvp", event_id: eventId, status });

  beforeAll(async () => {
    useAppDatabase(t.handle);
    host = await personWithRole(t.db, "board_member", { label: "host" });
    vendor = await personWithRole(t.db, "vendor", { label: "vendor" });
    manager = await personWithRole(t.db, "manager", { label: "manager" });
    outsider = await personWithRole(t.db, "attorney", { label: "outsider" });
    noRole = await personWithRole(t.db, null, { label: "norole" });
    associationId = (
      await associationWith(t.db, { id: host.id }, [{ id: manager.id, memberRole: "property_manager" }])
    ).id;
  });

  describe("the composer's rules (spec 002 section 5), on the server", () => {
    it.each([
      [{ title: "" }, "title", "Event title is required"],
      [{ title: "x ".repeat(251) }, "title", "Event title cannot exceed 500 characters"],
      [{ title: "<b>Party</b>" }, "title", "HTML tags are not allowed in event details"],
      [{ date: dayFromNow(-1) }, "date", EVENT_MESSAGES.DATE_IN_PAST],
      [{ date: "" }, "date", EVENT_MESSAGES.DATE_REQUIRED],
      [{ max_attendees: "0" }, "max_attendees", EVENT_MESSAGES.MIN_ATTENDEES],
      [{ rsvp_deadline: dayFromNow(-1) }, "rsvp_deadline", EVENT_MESSAGES.RSVP_DEADLINE_RANGE],
      [{ rsvp_deadline: dayFromNow(11) }, "rsvp_deadline", EVENT_MESSAGES.RSVP_DEADLINE_RANGE],
      [{ is_virtual: "on", meeting_link: "" }, "meeting_link", EVENT_MESSAGES.MEETING_LINK_REQUIRED],
      [{ is_virtual: "on", meeting_link: "javascript:alert(1)" }, "meeting_link", EVENT_MESSAGES.INVALID_URL],
      [{ location: "" }, "location", EVENT_MESSAGES.LOCATION_REQUIRED],
      [{ visibility: "organization" }, "association_id", EVENT_MESSAGES.ORGANIZATION_REQUIRED],
    ])("%j is refused on %s", async (over, field, message) => {
      const r = await create(host, over as Record<string, string>);
      expect(r.status).toBe(400);
      expect(r.data.result.error[field]).toContain(message);
    });

    it("Organization Only for an association the author does not belong to is refused", async () => {
      const r = await create(vendor, { visibility: "organization", association_id: associationId });
      expect(r.status).toBe(400);
      expect(r.data.result.error.association_id).toEqual([EVENT_MESSAGES.NOT_A_MEMBER]);
    });

    it("today, unlimited, a deadline on the event's day; virtual clears the location, physical the link", async () => {
      const virtual = await create(host, {
        date: dayFromNow(0) === todayIn(ZONE) ? dayFromNow(1) : dayFromNow(1),
        is_virtual: "on",
        meeting_link: "https://meet.example.com/abc",
        location: "Should be cleared",
        rsvp_deadline: dayFromNow(1),
      });
      expect(virtual.status).toBe(302);
      const physical = await create(host, {
        meeting_link: "https://meet.example.com/zzz",
        max_attendees: "",
      });
      expect(physical.status).toBe(302);
      const rows = await t.db
        .select()
        .from(communityEvents)
        .where(sql`${communityEvents.id} in (${virtual.id}, ${physical.id})`);
      const v = rows.find((r) => r.id === virtual.id);
      const p = rows.find((r) => r.id === physical.id);
      expect(v).toMatchObject({
        isVirtual: true,
        location: null,
        meetingLink: "https://meet.example.com/abc",
      });
      expect(p).toMatchObject({
        isVirtual: false,
        location: "Clubhouse, 1 Main St",
        meetingLink: null,
        maxAttendees: null,
      });
      // The deadline is the end of its day, but never after the start.
      expect(Date.parse(v?.rsvpDeadline as string)).toBeLessThanOrEqual(Date.parse(v?.startsAt as string));
    });
  });

  describe("visibility on every read", () => {
    let ids: Record<string, string>;
    beforeAll(async () => {
      ids = {};
      for (const [name, over] of [
        ["public", { title: "Public mixer" }],
        ["members", { title: "Members roundtable", visibility: "members" }],
        [
          "organization",
          { title: "Owners' social", visibility: "organization", association_id: associationId },
        ],
        ["private", { title: "Private dinner", visibility: "private" }],
      ] as const) {
        const r = await create(host, over);
        expect(r.status).toBe(302);
        ids[name] = r.id as string;
      }
      await t.db.insert(connections).values({
        requesterId: host.id,
        addresseeId: vendor.id,
        status: "accepted",
        connectionType: "professional",
        requestMessage: "hi",
      });
    });

    const titles = async (who: Person) => (await page(who)).upcoming.map((e) => e.title);

    it("public to everyone, Members Only to role holders, Organization Only to members, Private to connections", async () => {
      expect(await titles(host)).toEqual(
        expect.arrayContaining(["Public mixer", "Members roundtable", "Owners' social", "Private dinner"]),
      );
      const seenByManager = await titles(manager);
      expect(seenByManager).toEqual(
        expect.arrayContaining(["Public mixer", "Members roundtable", "Owners' social"]),
      );
      expect(seenByManager).not.toContain("Private dinner");
      const seenByVendor = await titles(vendor);
      expect(seenByVendor).toEqual(
        expect.arrayContaining(["Public mixer", "Members roundtable", "Private dinner"]),
      );
      expect(seenByVendor).not.toContain("Owners' social");
      const seenByOutsider = await titles(outsider);
      expect(seenByOutsider).toContain("Public mixer");
      expect(seenByOutsider).not.toContain("Owners' social");
      expect(seenByOutsider).not.toContain("Private dinner");
      const seenByNoRole = await titles(noRole);
      expect(seenByNoRole).toContain("Public mixer");
      expect(seenByNoRole).not.toContain("Members roundtable");
    });

    it("an event one may not see cannot be answered: 404, as if it did not exist", async () => {
      expect((await rsvp(outsider, ids.organization as string, "attending")).status).toBe(404);
      expect((await rsvp(outsider, ids.private as string, "attending")).status).toBe(404);
      expect((await rsvp(outsider, randomUUID(), "attending")).status).toBe(404);
      expect((await rsvp(manager, ids.organization as string, "attending")).status).toBe(302);
    });
  });

  it("target professional roles suggest the event to those roles only", async () => {
    const extra = new URLSearchParams([
      ["target_roles", "vendor"],
      ["target_roles", "attorney"],
    ]);
    const r = await create(host, { title: "Vendor insurance briefing" }, extra);
    expect(r.status).toBe(302);
    const [row] = await t.db
      .select()
      .from(communityEvents)
      .where(eq(communityEvents.id, r.id as string));
    expect(row?.targetRoles).toEqual(["vendor", "attorney"]);
    expect((await page(vendor)).suggested.map((e) => e.title)).toContain("Vendor insurance briefing");
    expect((await page(outsider)).suggested.map((e) => e.title)).toContain("Vendor insurance briefing");
    expect((await page(manager)).suggested.map((e) => e.title)).not.toContain("Vendor insurance briefing");
    expect((await page(host)).suggested.map((e) => e.title)).not.toContain("Vendor insurance briefing");
    // Once answered, it is no longer a suggestion.
    await rsvp(vendor, r.id as string, "maybe");
    expect((await page(vendor)).suggested.map((e) => e.title)).not.toContain("Vendor insurance briefing");
  });

  it("RSVP: attending up to the capacity, then the waitlist; a seat given up promotes the first in line", async () => {
    const r = await create(host, {
      title: "Small virtual session",
      max_attendees: "2",
      is_virtual: "on",
      meeting_link: "https://meet.example.com/small",
    });
    const id = r.id as string;
    const third = await personWithRole(t.db, "cpa", { label: "third" });
    expect((await rsvp(vendor, id, "attending")).status).toBe(302);
    expect((await rsvp(manager, id, "attending")).status).toBe(302);
    const waiting = await rsvp(third, id, "attending");
    expect(waiting.status).toBe(302);
    const card = async (who: Person) =>
      (await page(who)).upcoming.find((e) => e.id === id) as Record<string, unknown>;
    expect(await card(third)).toMatchObject({
      myStatus: "waitlisted",
      myWaitlistPlace: 1,
      attendeeCount: 2,
      waitlistCount: 1,
      meetingLink: null,
    });
    // The meeting link only for attendees and the host.
    expect(await card(vendor)).toMatchObject({
      myStatus: "attending",
      meetingLink: "https://meet.example.com/small",
    });
    expect(await card(host)).toMatchObject({ myStatus: null, meetingLink: "https://meet.example.com/small" });
    expect((await card(outsider)).meetingLink).toBeNull();
    // Answering "attending" again keeps one's place.
    await rsvp(third, id, "attending");
    expect((await card(third)).myStatus).toBe("waitlisted");
    // The vendor gives up the seat: the third person takes it.
    expect((await rsvp(vendor, id, "not_attending")).status).toBe(302);
    expect(await card(third)).toMatchObject({ myStatus: "attending", attendeeCount: 2, waitlistCount: 0 });
    expect((await card(vendor)).myStatus).toBe("not_attending");
    expect((await rsvp(vendor, id, "attending")).status).toBe(302);
    expect((await card(vendor)).myStatus).toBe("waitlisted");
  });

  it("a past event and a passed deadline take no answers (409 with the reason)", async () => {
    const [past] = await t.db
      .insert(communityEvents)
      .values({
        authorId: host.id,
        title: "Last year's gala",
        eventType: "social",
        startsAt: new Date(Date.now() - 2 * DAY).toISOString(),
        timeZone: ZONE,
        location: "Hall",
        visibility: "public",
      })
      .returning({ id: communityEvents.id });
    const [closed] = await t.db
      .insert(communityEvents)
      .values({
        authorId: host.id,
        title: "Closed list",
        eventType: "social",
        startsAt: new Date(Date.now() + 5 * DAY).toISOString(),
        rsvpDeadline: new Date(Date.now() - 60_000).toISOString(),
        timeZone: ZONE,
        location: "Hall",
        visibility: "public",
      })
      .returning({ id: communityEvents.id });
    const a = await rsvp(vendor, past?.id as string, "attending");
    expect(a.status).toBe(409);
    expect(a.data.error).toBe(EVENT_MESSAGES.PAST);
    const b = await rsvp(vendor, closed?.id as string, "attending");
    expect(b.status).toBe(409);
    expect(b.data.error).toBe(EVENT_MESSAGES.RSVP_CLOSED);
    expect((await page(vendor)).past.map((e) => e.title)).toContain("Last year's gala");
  });

  it("on the attendee's calendar and private iCal feed (with the link), not on others'", async () => {
    const r = await create(host, {
      title: "Calendar webinar",
      date: dayFromNow(3),
      is_virtual: "on",
      meeting_link: "https://meet.example.com/cal",
    });
    const id = r.id as string;
    await rsvp(vendor, id, "attending");
    await rsvp(manager, id, "maybe");
    const window = { from: Date.now(), to: Date.now() + 10 * DAY };
    const entries = async (who: Person) =>
      (await gatherCalendar(t.db, { userId: who.id, email: "", associationIds: [], ...window })).filter(
        (e) => e.source === "community_event",
      );
    expect((await entries(vendor)).map((e) => [e.title, e.location, e.href])).toContainEqual([
      "Calendar webinar",
      "Virtual Event",
      `/common-area/events#event-${id}`,
    ]);
    expect((await entries(manager)).map((e) => e.title)).not.toContain("Calendar webinar");
    expect((await entries(host)).map((e) => e.title)).toContain("Calendar webinar");

    const ics = async (who: Person) => {
      const token = `${await feedToken(t.db, who.id)}.ics`;
      const response = (await feedRoute.loader(
        argsOf(new Request(`http://localhost/calendar/feed/${token}`), { token }),
      )) as Response;
      return (await response.text()).replace(/\r\n[ \t]/g, "");
    };
    const vendorFeed = await ics(vendor);
    expect(vendorFeed).toContain("SUMMARY:Calendar webinar");
    expect(vendorFeed).toContain("https://meet.example.com/cal");
    const managerFeed = await ics(manager);
    expect(managerFeed).not.toContain("Calendar webinar");
    expect(managerFeed).not.toContain("https://meet.example.com/cal");
    // Leaving takes it off the calendar.
    await rsvp(vendor, id, "not_attending");
    expect((await entries(vendor)).map((e) => e.title)).not.toContain("Calendar webinar");
  });

  it("the create form is idempotent: the same key twice makes one event", async () => {
    const key = randomUUID();
    const first = await create(host, { title: "Once only", idempotencyKey: key });
    const second = await create(host, { title: "Once only", idempotencyKey: key });
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    const rows = await t.db.select().from(communityEvents).where(eq(communityEvents.title, "Once only"));
    expect(rows).toHaveLength(1);
  });

  it("answerEvent works for the viewer the server built (roles and memberships)", async () => {
    const r = await create(host, {
      title: "Direct answer",
      visibility: "organization",
      association_id: associationId,
    });
    const refused = await answerEvent(
      t.db,
      viewerOf(vendor, ["vendor"]),
      r.id as string,
      "attending",
      new Date(),
    );
    expect(refused).toMatchObject({ ok: false, kind: "not_found" });
    const ok = await answerEvent(
      t.db,
      viewerOf(manager, ["manager"], [associationId]),
      r.id as string,
      "attending",
      new Date(),
    );
    expect(ok).toMatchObject({ ok: true, status: "attending" });
    const [row] = await t.db
      .select()
      .from(communityEventRsvps)
      .where(
        and(eq(communityEventRsvps.eventId, r.id as string), eq(communityEventRsvps.userId, manager.id)),
      );
    expect(row?.status).toBe("attending");
  });
});

describe.skipIf(!hasPostgres)("community event RSVPs under concurrency on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });
  beforeAll(() => useAppDatabase(t.handle));

  it("24 people answer at once for 5 seats on two app servers: 5 attend, 19 wait; 5 leave at once: 5 promoted", async () => {
    const second = await openDatabase({ url: t.handle.url as string, max: RACE_POOL_SIZE });
    try {
      const host = await personWithRole(t.db, "board_member", { label: "race-host" });
      const people: Person[] = [];
      for (let i = 0; i < 24; i++) people.push(await personWithRole(t.db, "vendor", { label: `race-${i}` }));
      const [event] = await t.db
        .insert(communityEvents)
        .values({
          authorId: host.id,
          title: "Race night",
          eventType: "networking",
          startsAt: new Date(Date.now() + 7 * DAY).toISOString(),
          timeZone: ZONE,
          location: "Hall",
          visibility: "public",
          maxAttendees: 5,
        })
        .returning({ id: communityEvents.id });
      const id = event?.id as string;
      const viewer = (p: Person): EventViewer => ({
        userId: p.id,
        roleTypes: ["vendor"],
        associationIds: [],
      });
      const answers = await Promise.all(
        people.map((p, i) => answerEvent(i % 2 ? second.db : t.db, viewer(p), id, "attending", new Date())),
      );
      const statuses = answers.map((a) => (a.ok ? a.status : "refused"));
      expect(statuses.filter((s) => s === "attending")).toHaveLength(5);
      expect(statuses.filter((s) => s === "waitlisted")).toHaveLength(19);
      const counts = async () =>
        (
          await queryRows<{ attending: number; waiting: number; stored: number }>(
            t.db,
            sql`select (select count(*)::int from community_event_rsvps where event_id = ${id} and status = 'attending') as attending,
                (select count(*)::int from community_event_rsvps where event_id = ${id} and status = 'waitlisted') as waiting,
                (select attendee_count from community_events where id = ${id}) as stored`,
          )
        )[0];
      expect(await counts()).toEqual({ attending: 5, waiting: 19, stored: 5 });
      const attending = people.filter((_, i) => statuses[i] === "attending");
      const left = await Promise.all(
        attending.map((p, i) =>
          answerEvent(i % 2 ? second.db : t.db, viewer(p), id, "not_attending", new Date()),
        ),
      );
      const seated = left.flatMap((l) => (l.ok && l.promoted ? [l.promoted] : []));
      expect(seated).toHaveLength(5);
      expect(await counts()).toEqual({ attending: 5, waiting: 14, stored: 5 });
      // Each person moved off the waitlist is told, once; nobody still waiting is.
      const told = await queryRows<{ user_id: string; title: string }>(
        t.db,
        sql`select user_id, title from notifications where type = 'event_seat'
            and metadata->>'event_id' = ${id} order by user_id`,
      );
      expect(told.map((n) => n.user_id)).toEqual([...seated].sort());
      expect(told[0]?.title).toMatch(/^You have a seat: /);
    } finally {
      await second.close();
    }
  });
});
