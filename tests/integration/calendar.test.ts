/**
 * The calendar (issue 12 part 3) through its loaders and actions with real sessions: create, see,
 * edit, duplicate, delete (one occurrence or the series), association scoping (a member of A gets
 * 404 for B's events, pages and API alike), invitations with .ics and one-time answers, the secret
 * feed with its reset, the JSON endpoints and RFP deadlines gathered into the one calendar.
 */

import { parseWithZod } from "@conform-to/zod";
import {
  addDays,
  EventFormSchema,
  expandEvent,
  toEventInput,
  wallClock,
  wallClockToInstant,
} from "@domain/calendar";
import ICAL from "ical.js";
import { type RRule, rrulestr } from "rrule";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent } from "~/commands/calendar.server";
import { assignActionItem, changeMeeting, scheduleMeeting } from "~/commands/meetings.server";
import { createRfp, executeRfpCommand } from "~/commands/rfps.server";
import { resetEnvForTests } from "~/env.server";
import { sendCalendarInvitations } from "~/mail/calendar-invitations.server";
import * as calendarRoute from "~/routes/_app.calendar";
import * as detailRoute from "~/routes/_app.calendar_.events.$id";
import * as editRoute from "~/routes/_app.calendar_.events.$id_.edit";
import * as newRoute from "~/routes/_app.calendar_.new";
import * as apiEvents from "~/routes/api.calendar.events";
import * as apiEvent from "~/routes/api.calendar.events.$id";
import * as feedRoute from "~/routes/calendar.feed.$token";
import * as answerRoute from "~/routes/calendar.invitations.$token";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { parseIcs } from "../support/ics";
import { useTempOutbox } from "../support/outbox";
import { personWithRole } from "../support/people";
import { inDays, rfpFields } from "../support/rfps";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const get = (path: string, who: Person | null) =>
  new Request(`http://localhost${path}`, { headers: who ? { Cookie: who.cookie } : {} });
const post = (path: string, who: Person, body: Record<string, string>) =>
  formRequest(path, body, { Cookie: who.cookie });
const jsonRequest = (path: string, who: Person | null, method: string, body?: unknown) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: {
      ...(who ? { Cookie: who.cookie } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const body = async (r: unknown) => (r instanceof Response ? await r.json() : r) as Loose;

const NY = "America/New_York";
const FORM = {
  title: "Pool opening walkthrough",
  event_type: "maintenance",
  start_date: "2026-06-01",
  start_time: "09:00",
  end_date: "2026-06-01",
  end_time: "10:00",
  time_zone: NY,
};

describe.each(engines)("calendar on %s", (engine) => {
  const t = useTestDatabase(engine);
  const outbox = useTempOutbox();
  let boardA: Person;
  let homeownerA: Person;
  let boardB: Person;
  let outsider: Person;
  let associationA: string;
  let associationB: string;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    process.env.APP_URL = "http://localhost:3999";
    resetEnvForTests();
    boardA = await personWithRole(t.db, "board_member");
    homeownerA = await personWithRole(t.db, "homeowner");
    boardB = await personWithRole(t.db, "board_member");
    outsider = await personWithRole(t.db, "vendor");
    associationA = (
      await associationWith(t.db, { id: boardA.id }, [
        { id: homeownerA.id, memberRole: "homeowner", unit: "4B" },
      ])
    ).id;
    associationB = (await associationWith(t.db, { id: boardB.id })).id;
  });
  afterAll(() => {
    delete process.env.APP_URL;
    resetEnvForTests();
  });

  async function createThroughForm(who: Person, fields: Record<string, string>) {
    const r = await thrown(() => newRoute.action(args(post("/calendar/new", who, fields))));
    expect(r.status).toBe(302);
    const id = r.headers.get("Location")?.split("/").pop() ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    return id;
  }
  const detail = async (id: string, who: Person, query = "") =>
    body(await detailRoute.loader(args(get(`/calendar/events/${id}${query}`, who), { id })));
  const month = async (who: Person, query: string) =>
    body(await calendarRoute.loader(args(get(`/calendar?${query}`, who))));

  it("creates an event through the form, shows it in the month, its list and its detail", async () => {
    const id = await createThroughForm(boardA, FORM);
    const d = await detail(id, boardA);
    expect(d.event.title).toBe("Pool opening walkthrough");
    expect(d.canEdit).toBe(true);
    const m = await month(boardA, "month=2026-06");
    expect(m.title).toBe("June 2026");
    expect(m.cells).toHaveLength(42);
    expect(m.cells[0].date).toBe("2026-05-31");
    const cell = m.cells.find((c: Loose) => c.date === "2026-06-01");
    expect(cell.entries.map((e: Loose) => e.title)).toEqual(["Pool opening walkthrough"]);
    expect(m.monthEntries).toHaveLength(1);
    const empty = await month(boardA, "month=2026-07");
    expect(empty.monthEntries).toEqual([]);
    expect(empty.emptyText).toBe("No events scheduled for July 2026");
    // Private: nobody else sees it.
    expect((await thrown(() => detail(id, homeownerA))).status).toBe(404);
  });

  it("answers the spec's messages with 400 and keeps nothing", async () => {
    const r = await body(
      await newRoute.action(args(post("/calendar/new", boardA, { ...FORM, title: "", end_time: "08:00" }))),
    );
    expect(r.result.error.title).toEqual(["Event title is required"]);
    expect(r.result.error.end_time).toEqual(["End time must be after start time"]);
  });

  it("shows a cell's first 3 entries, then +N more", async () => {
    for (let i = 0; i < 5; i++)
      await createThroughForm(boardA, {
        ...FORM,
        title: `Busy ${i}`,
        start_date: "2026-08-12",
        end_date: "2026-08-12",
        start_time: `1${i}:00`,
        end_time: `1${i}:30`,
      });
    const m = await month(boardA, "month=2026-08");
    const cell = m.cells.find((c: Loose) => c.date === "2026-08-12");
    expect(cell.entries).toHaveLength(3);
    expect(cell.moreText).toBe("+2 more");
    const filtered = await month(boardA, "month=2026-08&q=Busy%203");
    expect(filtered.monthEntries.map((e: Loose) => e.title)).toEqual(["Busy 3"]);
    const otherType = await month(boardA, "month=2026-08&type=meeting");
    expect(otherType.monthEntries).toEqual([]);
  });

  it("lists the first 20 upcoming entries in the agenda, near or far, within 400 days", async () => {
    // A day in New York from today (the form's dates are the event's own zone's).
    const day = (n: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: NY }).format(new Date(Date.now() + n * 86_400_000));
    const at = (who: Person, title: string, n: number, time = "09:00", extra: Record<string, string> = {}) =>
      createThroughForm(who, {
        ...FORM,
        title,
        start_date: day(n),
        end_date: day(n),
        start_time: time,
        end_time: `${time.slice(0, 2)}:30`,
        ...extra,
      });
    const agenda = async (who: Person) =>
      (await month(who, "view=agenda")).agenda.map((e: Loose) => `${e.title} ${e.date}`);
    // Busy: 22 entries in the next three days and a weekly series; the agenda is their first 20.
    const busy = await personWithRole(t.db, "manager");
    await at(busy, "Far", 300);
    await at(busy, "Weekly", 2, "08:00", {
      is_recurring: "on",
      recurring_pattern: "weekly",
      recurrence_ends: "never",
    });
    for (let i = 0; i < 22; i++)
      await at(busy, `Soon ${String(i).padStart(2, "0")}`, 1 + (i % 3), `1${i % 10}:00`);
    const busyAgenda = await agenda(busy);
    expect(busyAgenda).toHaveLength(20);
    // Event keys end with the occurrence's start (ISO), so their order is the agenda's.
    const starts = (await month(busy, "view=agenda")).agenda.map((e: Loose) =>
      e.key.split(":").slice(2).join(":"),
    );
    expect([...starts].sort()).toEqual(starts);
    expect(busyAgenda.filter((e: string) => e.startsWith("Weekly"))).toHaveLength(1);
    expect(busyAgenda.some((e: string) => e.startsWith("Far"))).toBe(false);
    // Sparse: a few entries weeks and months apart, and one past the 400-day horizon.
    const sparse = await personWithRole(t.db, "manager");
    await at(sparse, "Beyond", 420);
    await at(sparse, "Far", 300);
    await at(sparse, "Mid", 20);
    await at(sparse, "Near", 2);
    expect((await agenda(sparse)).map((e: string) => e.split(" ")[0])).toEqual(["Near", "Mid", "Far"]);
  });

  it("pages the Events This Month list by 50 (a busy month has thousands), the grid and its counts stay whole", async () => {
    for (const time of ["07:00", "08:00"])
      await createThroughForm(boardA, {
        ...FORM,
        title: `Daily standup ${time}`,
        start_date: "2027-01-01",
        end_date: "2027-01-01",
        start_time: time,
        end_time: `${time.slice(0, 2)}:15`,
        is_recurring: "on",
        recurring_pattern: "daily",
        recurrence_ends: "never",
      });
    const first = await month(boardA, "month=2027-01&q=Daily%20standup");
    expect(first.monthList).toEqual({ page: 1, pages: 2, total: 62, from: 1, to: 50 });
    expect(first.monthEntries).toHaveLength(50);
    expect(first.monthEntries[0].date).toBe("Fri, Jan 1, 2027");
    const second = await month(boardA, "month=2027-01&q=Daily%20standup&page=2");
    expect(second.monthList).toEqual({ page: 2, pages: 2, total: 62, from: 51, to: 62 });
    expect(second.monthEntries.map((e: Loose) => e.date).at(-1)).toBe("Sun, Jan 31, 2027");
    // Past the last page: the last page.
    expect((await month(boardA, "month=2027-01&q=Daily%20standup&page=9")).monthList.page).toBe(2);
    const cell = first.cells.find((c: Loose) => c.date === "2027-01-20");
    expect(cell.entries.map((e: Loose) => e.title)).toEqual(["Daily standup 07:00", "Daily standup 08:00"]);
    // The day's own list has every entry of the day.
    const dayView = await month(boardA, "month=2027-01&q=Daily%20standup&day=2027-01-20");
    expect(dayView.day.entries).toHaveLength(2);
  });

  it("association events: members see them, the board edits, a homeowner cannot; another association's member gets 404", async () => {
    const id = await createThroughForm(boardA, {
      ...FORM,
      title: "Annual meeting",
      event_type: "meeting",
      association_id: associationA,
    });
    expect((await detail(id, homeownerA)).canEdit).toBe(false);
    expect((await month(homeownerA, "month=2026-06")).monthEntries.map((e: Loose) => e.title)).toContain(
      "Annual meeting",
    );
    // Homeowner: may see, not change (403), not add events to the association (403).
    expect(
      (await thrown(() => editRoute.loader(args(get(`/calendar/events/${id}/edit`, homeownerA), { id }))))
        .status,
    ).toBe(403);
    const homeownerAdds = await newRoute.action(
      args(post("/calendar/new", homeownerA, { ...FORM, association_id: associationA })),
    );
    expect((homeownerAdds as Response).status).toBe(403);
    // Association B's board member: 404 everywhere, pages and API alike.
    for (const who of [boardB, outsider]) {
      expect((await thrown(() => detail(id, who))).status).toBe(404);
      expect(
        (await thrown(() => editRoute.loader(args(get(`/calendar/events/${id}/edit`, who), { id })))).status,
      ).toBe(404);
      expect(
        (await thrown(() => editRoute.action(args(post(`/calendar/events/${id}/edit`, who, FORM), { id }))))
          .status,
      ).toBe(404);
      expect(
        (
          await thrown(() =>
            detailRoute.action(
              args(post(`/calendar/events/${id}`, who, { intent: "delete", scope: "series" }), { id }),
            ),
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await thrown(() =>
            detailRoute.action(args(post(`/calendar/events/${id}`, who, { intent: "duplicate" }), { id })),
          )
        ).status,
      ).toBe(404);
      expect(
        (await apiEvent.loader(args(jsonRequest(`/api/calendar/events/${id}`, who, "GET"), { id }))).status,
      ).toBe(404);
      expect(
        (
          await apiEvent.action(
            args(
              jsonRequest(`/api/calendar/events/${id}`, who, "PUT", {
                title: "x",
                start_time: "2026-06-01T09:00",
                end_time: "2026-06-01T10:00",
              }),
              { id },
            ),
          )
        ).status,
      ).toBe(404);
      expect(
        (await apiEvent.action(args(jsonRequest(`/api/calendar/events/${id}`, who, "DELETE"), { id })))
          .status,
      ).toBe(404);
      expect((await month(who, "month=2026-06")).monthEntries.map((e: Loose) => e.title)).not.toContain(
        "Annual meeting",
      );
    }
    // A form naming an association the person is not in: 404, nothing stored.
    const foreign = await newRoute.action(
      args(post("/calendar/new", boardB, { ...FORM, title: "Sneaky", association_id: associationA })),
    );
    expect((foreign as Response).status).toBe(404);
    const api = await apiEvents.action(
      args(
        jsonRequest("/api/calendar/events", boardB, "POST", {
          title: "Sneaky",
          start_time: "2026-06-01T09:00",
          end_time: "2026-06-01T10:00",
          property_id: associationA,
        }),
      ),
    );
    expect(api.status).toBe(404);
    expect((await month(boardA, "month=2026-06")).monthEntries.map((e: Loose) => e.title)).not.toContain(
      "Sneaky",
    );
    // B's own event stays B's.
    const bEvent = await createThroughForm(boardB, {
      ...FORM,
      title: "B only",
      association_id: associationB,
    });
    expect((await thrown(() => detail(bEvent, boardA))).status).toBe(404);
  });

  it("edits, duplicates ('Copy of {title}') and deletes with the spec's confirmation", async () => {
    const id = await createThroughForm(boardA, { ...FORM, title: "Roof inspection" });
    const edited = await thrown(() =>
      editRoute.action(
        args(
          post(`/calendar/events/${id}/edit`, boardA, {
            ...FORM,
            title: "Roof inspection (north)",
            location: "Roof",
          }),
          { id },
        ),
      ),
    );
    expect(edited.status).toBe(302);
    expect((await detail(id, boardA)).event).toMatchObject({
      title: "Roof inspection (north)",
      location: "Roof",
    });
    const copy = await thrown(() =>
      detailRoute.action(args(post(`/calendar/events/${id}`, boardA, { intent: "duplicate" }), { id })),
    );
    const copyId = copy.headers.get("Location")?.split("/").pop() ?? "";
    expect((await detail(copyId, boardA)).event.title).toBe("Copy of Roof inspection (north)");
    const confirm = await detail(id, boardA, "?confirm=delete");
    expect(confirm.confirmDelete).toBe(true);
    const gone = await thrown(() =>
      detailRoute.action(
        args(post(`/calendar/events/${id}`, boardA, { intent: "delete", scope: "series" }), { id }),
      ),
    );
    expect(gone.status).toBe(302);
    expect((await thrown(() => detail(id, boardA))).status).toBe(404);
  });

  it("repeats weekly on local time across the November switch; one occurrence is edited or deleted, the series stays", async () => {
    const id = await createThroughForm(boardA, {
      ...FORM,
      title: "Weekly board call",
      start_date: "2026-10-19",
      end_date: "2026-10-19",
      start_time: "18:00",
      end_time: "19:00",
      is_recurring: "on",
      recurring_pattern: "weekly",
      recurrence_ends: "count",
      recurrence_count: "6",
    });
    const withEntries = (m: Loose) => m.cells.filter((c: Loose) => c.entries.length > 0);
    const oct = await month(boardA, "month=2026-10&q=Weekly");
    const nov = await month(boardA, "month=2026-11&q=Weekly");
    // October's grid runs to 7 November, November's starts on Sunday 1 November.
    expect(withEntries(oct).map((c: Loose) => c.date)).toEqual(["2026-10-19", "2026-10-26", "2026-11-02"]);
    expect(withEntries(nov).map((c: Loose) => c.date)).toEqual([
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
    ]);
    for (const c of [...withEntries(oct), ...withEntries(nov)]) expect(c.entries[0].time).toBe("6:00 PM");
    // Delete the occurrence of 2 November (after the switch: 23:00 UTC).
    const occurrence = "2026-11-02T23:00:00.000Z";
    const d = await detail(id, boardA, `?occurrence=${encodeURIComponent(occurrence)}`);
    expect(d.occurrence).toBe(occurrence);
    const del = await thrown(() =>
      detailRoute.action(
        args(post(`/calendar/events/${id}`, boardA, { intent: "delete", scope: "occurrence", occurrence }), {
          id,
        }),
      ),
    );
    expect(del.status).toBe(302);
    // Move the 9 November one to 19:00.
    const moved = await thrown(() =>
      editRoute.action(
        args(
          post(`/calendar/events/${id}/edit`, boardA, {
            ...FORM,
            title: "Weekly board call (late)",
            start_date: "2026-11-09",
            end_date: "2026-11-09",
            start_time: "19:00",
            end_time: "20:00",
            occurrence: "2026-11-09T23:00:00.000Z",
          }),
          { id },
        ),
      ),
    );
    expect(moved.status).toBe(302);
    const after = await month(boardA, "month=2026-11&q=Weekly");
    const entries = after.cells
      .filter((c: Loose) => c.entries.length > 0)
      .map((c: Loose) => [c.date, c.entries[0].title, c.entries[0].time]);
    expect(entries).toEqual([
      ["2026-11-09", "Weekly board call (late)", "7:00 PM"],
      ["2026-11-16", "Weekly board call", "6:00 PM"],
      ["2026-11-23", "Weekly board call", "6:00 PM"],
    ]);
    // A made-up occurrence is not one: 404.
    expect(
      (
        await thrown(() =>
          detailRoute.action(
            args(
              post(`/calendar/events/${id}`, boardA, {
                intent: "delete",
                scope: "occurrence",
                occurrence: "2026-11-03T23:00:00.000Z",
              }),
              { id },
            ),
          ),
        )
      ).status,
    ).toBe(404);
  });

  it("invites by e-mail with an .ics and one-time answer links; updates and cancellations are e-mailed", async () => {
    const guest = `guest-${Date.now()}@example.org`;
    const id = await createThroughForm(boardA, {
      ...FORM,
      title: "Landscaping bid walk",
      attendee_emails: `${guest}, ${homeownerA.email}`,
    });
    // Nothing is sent in the request: the outbox the command wrote is sent by the background job.
    expect(outbox.mails().filter((m) => m.to === guest)).toHaveLength(0);
    expect(await sendCalendarInvitations(t.db)).toEqual({ sent: 2, skipped: 0, retrying: 0, failed: 0 });
    const invite = outbox
      .mails()
      .filter((m) => m.to === guest)
      .at(-1) as Loose;
    expect(invite.subject).toBe("Invitation: Landscaping bid walk");
    expect(invite.icalEvent.method).toBe("REQUEST");
    expect(invite.icalEvent.content).toContain("METHOD:REQUEST");
    expect(invite.icalEvent.content).toContain(`UID:${id}@association-commons`);
    expect(invite.icalEvent.content).toContain("DTSTART;TZID=America/New_York:20260601T090000");
    expect(
      parseIcs(invite.icalEvent.content)
        .all("VTIMEZONE")
        .map((z) => z.get("TZID")),
    ).toEqual(["America/New_York"]);
    const link = invite.text.match(/http:\/\/localhost:3999\/calendar\/invitations\/(\S+)\?answer=accepted/);
    expect(link).not.toBeNull();
    const token = link[1] as string;
    // Opening the link changes nothing; the button answers, once; no sign-in needed.
    const page = await body(
      await answerRoute.loader(
        args(new Request(`http://localhost/calendar/invitations/${token}?answer=accepted`), { token }),
      ),
    );
    expect(page.invitation.title).toBe("Landscaping bid walk");
    const answered = await body(
      await answerRoute.action(
        args(formRequest(`/calendar/invitations/${token}`, { answer: "tentative" }), { token }),
      ),
    );
    expect(answered).toMatchObject({ ok: true, answer: "Tentative" });
    const again = await answerRoute.action(
      args(formRequest(`/calendar/invitations/${token}`, { answer: "declined" }), { token }),
    );
    expect((again as Response).status).toBe(404);
    const d = await detail(id, boardA);
    expect(d.attendees.find((a: Loose) => a.email === guest).status).toBe("Tentative");
    // The invited member sees it in their calendar too.
    expect((await detail(id, homeownerA)).event.title).toBe("Landscaping bid walk");
    // An update is e-mailed (REQUEST, a higher SEQUENCE); removing someone sends them a cancellation.
    await thrown(() =>
      editRoute.action(
        args(
          post(`/calendar/events/${id}/edit`, boardA, {
            ...FORM,
            title: "Landscaping bid walk",
            start_time: "10:00",
            end_time: "11:00",
            attendee_emails: guest,
          }),
          { id },
        ),
      ),
    );
    expect(await sendCalendarInvitations(t.db)).toMatchObject({ sent: 2 });
    const update = outbox
      .mails()
      .filter((m) => m.to === guest)
      .at(-1) as Loose;
    expect(update.subject).toBe("Updated invitation: Landscaping bid walk");
    expect(update.icalEvent.content).toContain("SEQUENCE:1");
    const removed = outbox
      .mails()
      .filter((m) => m.to === homeownerA.email)
      .at(-1) as Loose;
    expect(removed.icalEvent.method).toBe("CANCEL");
    // The removed attendee's calendar takes the cancellation as newer than the invitation it has.
    expect(removed.icalEvent.content).toContain("SEQUENCE:1");
    // Deleting the event cancels it for everyone invited.
    await thrown(() =>
      detailRoute.action(
        args(post(`/calendar/events/${id}`, boardA, { intent: "delete", scope: "series" }), { id }),
      ),
    );
    // The event is gone; its cancellation, kept in the outbox row, still goes out.
    expect(await sendCalendarInvitations(t.db)).toMatchObject({ sent: 1 });
    const cancel = outbox
      .mails()
      .filter((m) => m.to === guest)
      .at(-1) as Loose;
    expect(cancel.subject).toBe("Cancelled: Landscaping bid walk");
    expect(cancel.icalEvent.content).toContain("METHOD:CANCEL");
    expect(cancel.icalEvent.content).toContain("STATUS:CANCELLED");
  });

  it("serves the same events as a secret iCal feed, recurrence included; Reset link revokes the old URL", async () => {
    const feedPerson = await personWithRole(t.db, "manager");
    const parse = (v: Record<string, string>) => {
      const s = parseWithZod(
        (() => {
          const fd = new FormData();
          for (const [k, x] of Object.entries(v)) fd.append(k, x);
          return fd;
        })(),
        { schema: EventFormSchema },
      );
      if (s.status !== "success") throw new Error("invalid");
      return toEventInput(s.value, NY);
    };
    const weekly = parse({
      ...FORM,
      title: "Feed weekly",
      start_date: "2026-03-02",
      end_date: "2026-03-02",
      is_recurring: "on",
      recurring_pattern: "weekly",
      recurrence_ends: "count",
      recurrence_count: "4",
    });
    const made = await createEvent(
      t.db,
      { userId: feedPerson.id, email: feedPerson.email, fullName: null, memberships: [] },
      weekly,
    );
    if (!made.ok) throw new Error("not created");
    const page = await month(feedPerson, "month=2026-03");
    const feedUrl = new URL(page.feedUrl);
    const token = feedUrl.pathname.split("/").pop() as string;
    expect(token.endsWith(".ics")).toBe(true);
    const r = (await feedRoute.loader(args(new Request(feedUrl), { token }))) as Response;
    expect(r.headers.get("Content-Type")).toContain("text/calendar");
    const ics = await r.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.trim()).toMatch(/END:VCALENDAR$/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain("SUMMARY:Feed weekly");
    expect(ics).toContain("DTSTART;TZID=America/New_York:20260302T090000");
    // rrule parses the feed's RRULE with its DTSTART and expands it as the page does (wall clock 09:00).
    // The zone its times name is defined (a VTIMEZONE before the event); the event's own lines follow.
    expect(
      parseIcs(ics)
        .all("VTIMEZONE")
        .map((z) => z.get("TZID")),
    ).toEqual([NY]);
    const lines = ics.split("\r\n").slice(ics.split("\r\n").indexOf("BEGIN:VEVENT"));
    const dtstart = lines.find((l) => l.startsWith("DTSTART"));
    const rruleLine = lines.find((l) => l.startsWith("RRULE:"));
    const rule = rrulestr(`${dtstart}\n${rruleLine}`) as RRule;
    const fromFeed = rule.all().map((d) => d.toISOString());
    const fromPage = page.cells
      .filter((c: Loose) => c.entries.some((e: Loose) => e.title === "Feed weekly"))
      .map((c: Loose) => c.date);
    expect(fromPage).toEqual(["2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23"]);
    expect(fromFeed).toHaveLength(4);
    const expanded = expandEvent(
      { startsAt: weekly.startsAt, endsAt: weekly.endsAt, timeZone: NY, rrule: weekly.rrule },
      [],
      { from: Date.parse("2026-03-01"), to: Date.parse("2026-04-01") },
    );
    expect(expanded.map((o) => wallClock(o.startsAt, NY).time)).toEqual(["09:00", "09:00", "09:00", "09:00"]);
    // The feed's rule (DTSTART with TZID) gives the same instants, across the 8 March switch.
    expect(fromFeed).toEqual(expanded.map((o) => o.startsAt));
    // A real calendar client's reading: ical.js parses the whole feed, takes the zone from its
    // VTIMEZONE and expands the series to the same instants (EST on 2 March, EDT from the 9th).
    const calendar = new ICAL.Component(ICAL.parse(ics));
    for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
    const vevent = new ICAL.Event(
      calendar.getFirstSubcomponent("vevent") as InstanceType<typeof ICAL.Component>,
    );
    expect(vevent.isRecurring()).toBe(true);
    const occurrences = vevent.iterator();
    const byIcalJs: string[] = [];
    for (let next = occurrences.next(); next && byIcalJs.length < 10; next = occurrences.next()) {
      byIcalJs.push(next.toJSDate().toISOString());
    }
    expect(byIcalJs).toEqual(expanded.map((o) => o.startsAt));
    expect(byIcalJs.map((i) => i.slice(11, 16))).toEqual(["14:00", "13:00", "13:00", "13:00"]);
    // Reset link: the old URL answers 404, the new one works.
    const reset = await thrown(() =>
      calendarRoute.action(args(post("/calendar", feedPerson, { intent: "reset-feed" }))),
    );
    expect(reset.status).toBe(302);
    expect((await thrown(() => feedRoute.loader(args(new Request(feedUrl), { token })))).status).toBe(404);
    const fresh = new URL((await month(feedPerson, "month=2026-03")).feedUrl);
    expect(fresh.toString()).not.toBe(feedUrl.toString());
    const freshToken = fresh.pathname.split("/").pop() as string;
    expect(
      ((await feedRoute.loader(args(new Request(fresh), { token: freshToken }))) as Response).status,
    ).toBe(200);
    // A forged token: 404.
    const forged = `${freshToken.slice(0, 40)}AAAAAAAAAAAAAAAAAAAAAAAA.ics`;
    expect((await thrown(() => feedRoute.loader(args(new Request(fresh), { token: forged })))).status).toBe(
      404,
    );
  });

  it("JSON endpoints: GET by range, search and type; POST with field errors; PUT; DELETE; 401 signed out", async () => {
    const signedOut = await thrown(() =>
      apiEvents.loader(
        args(jsonRequest("/api/calendar/events?start_date=2026-09-01&end_date=2026-09-30", null, "GET")),
      ),
    );
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: "User not authenticated" });
    const bad = await apiEvents.action(
      args(
        jsonRequest("/api/calendar/events", boardA, "POST", {
          title: "",
          start_time: "2026-09-03T09:00",
          end_time: "2026-09-03T10:00",
        }),
      ),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Event title is required", field: "title" });
    const created = await apiEvents.action(
      args(
        jsonRequest("/api/calendar/events", boardA, "POST", {
          title: "Elevator service",
          event_type: "maintenance",
          start_time: "2026-09-03T09:00",
          end_time: "2026-09-03T10:00",
          attendee_emails: [],
          property_id: associationA,
          time_zone: NY,
        }),
      ),
    );
    expect(created.status).toBe(201);
    const { event } = (await created.json()) as Loose;
    expect(event).toMatchObject({
      title: "Elevator service",
      start_time: "2026-09-03T13:00:00.000Z",
      property_id: associationA,
      is_recurring: false,
    });
    const list = await body(
      await apiEvents.loader(
        args(
          jsonRequest(
            "/api/calendar/events?start_date=2026-09-01&end_date=2026-09-30&event_type=maintenance&search=elevator",
            homeownerA,
            "GET",
          ),
        ),
      ),
    );
    expect(list.events.map((e: Loose) => e.title)).toEqual(["Elevator service"]);
    const none = await body(
      await apiEvents.loader(
        args(
          jsonRequest(
            "/api/calendar/events?start_date=2026-09-01&end_date=2026-09-30&event_type=meeting&search=elevator",
            homeownerA,
            "GET",
          ),
        ),
      ),
    );
    expect(none.events).toEqual([]);
    const put = await apiEvent.action(
      args(
        jsonRequest(`/api/calendar/events/${event.id}`, boardA, "PUT", {
          title: "Elevator service (both cars)",
          event_type: "maintenance",
          start_time: "2026-09-03T09:00",
          end_time: "2026-09-03T11:00",
          property_id: associationA,
          time_zone: NY,
        }),
        { id: event.id },
      ),
    );
    expect(put.status).toBe(200);
    expect(((await put.json()) as Loose).event.title).toBe("Elevator service (both cars)");
    const homeownerDelete = await apiEvent.action(
      args(jsonRequest(`/api/calendar/events/${event.id}`, homeownerA, "DELETE"), { id: event.id }),
    );
    expect(homeownerDelete.status).toBe(403);
    const del = await apiEvent.action(
      args(jsonRequest(`/api/calendar/events/${event.id}`, boardA, "DELETE"), { id: event.id }),
    );
    expect(del.status).toBe(200);
    expect(
      (
        await apiEvent.loader(
          args(jsonRequest(`/api/calendar/events/${event.id}`, boardA, "GET"), { id: event.id }),
        )
      ).status,
    ).toBe(404);
  });

  it("gathers the deadlines of RFPs the person wrote, with their own colour and a link to the RFP", async () => {
    const author = await personWithRole(t.db, "manager");
    const deadline = inDays(5);
    const created = await createRfp(t.db, {
      actor: { userId: author.id, isAdmin: false },
      mayCreate: true,
      authorContextId: null,
      fields: rfpFields({ title: "Gutter cleaning", proposal_deadline: deadline }),
    });
    if (!created.ok) throw new Error("rfp");
    await executeRfpCommand(t.db, created.result.rfpId, {
      type: "PublishRfp",
      actor: { userId: author.id, isAdmin: false },
    });
    const agenda = await month(author, "view=agenda");
    const entry = agenda.agenda.find((e: Loose) => e.title === "Proposals due: Gutter cleaning");
    expect(entry).toMatchObject({ source: "rfp_deadline", href: `/rfps/${created.result.rfpId}` });
    expect(entry.color).toContain("orange");
    // Someone else does not see it.
    expect((await month(boardB, "view=agenda")).agenda.map((e: Loose) => e.title)).not.toContain(
      "Proposals due: Gutter cleaning",
    );
  });

  it("GET /api/calendar/events answers the page's gathered calendar: deadlines, board meetings and action items with source and link", async () => {
    const day = (offset: number) => addDays(wallClock(Date.now(), NY).date, offset);
    const at = (offset: number, time: string) =>
      new Date(wallClockToInstant(day(offset), time, NY)).toISOString();
    const actor = { userId: boardA.id, mayManage: true };
    const meetingFields = (title: string, offset: number) => ({
      title,
      description: null,
      meeting_type: "regular" as const,
      start_time: at(offset, "19:00"),
      end_time: at(offset, "21:00"),
      location: "Clubhouse",
      meeting_url: null,
    });
    const upcoming = await scheduleMeeting(t.db, {
      associationId: associationA,
      actor,
      fields: meetingFields("Quarterly board meeting", 3),
    });
    const held = await scheduleMeeting(t.db, {
      associationId: associationA,
      actor,
      fields: meetingFields("Held board meeting", -2),
    });
    if (!upcoming.ok || !held.ok) throw new Error("meetings");
    const heldRef = { meetingId: held.result.meetingId, associationId: associationA, actor };
    for (const type of ["StartMeeting", "CompleteMeeting"] as const)
      expect((await changeMeeting(t.db, { ...heldRef, change: { type } })).ok).toBe(true);
    const assigned = await assignActionItem(t.db, {
      ...heldRef,
      actionItem: {
        description: "Get three gutter quotes",
        assigneeId: boardA.id,
        assigneeName: "Test board_member",
        due_date: day(4),
      },
    });
    expect(assigned.ok).toBe(true);
    const rfp = await createRfp(t.db, {
      actor: { userId: boardA.id, isAdmin: false },
      mayCreate: true,
      authorContextId: null,
      fields: rfpFields({ title: "Gutter replacement", proposal_deadline: at(5, "17:00") }),
    });
    if (!rfp.ok) throw new Error("rfp");
    await executeRfpCommand(t.db, rfp.result.rfpId, {
      type: "PublishRfp",
      actor: { userId: boardA.id, isAdmin: false },
    });
    await createThroughForm(boardA, {
      ...FORM,
      title: "Gutter walkthrough",
      event_type: "maintenance",
      start_date: day(6),
      end_date: day(6),
      association_id: associationA,
    });
    const list = async (who: Person, query: string) =>
      (
        await body(
          await apiEvents.loader(
            args(
              jsonRequest(
                `/api/calendar/events?start_date=${day(-3)}&end_date=${day(30)}${query}`,
                who,
                "GET",
              ),
            ),
          ),
        )
      ).events as Loose[];

    const all = await list(boardA, "");
    const mine = all.filter((e) =>
      [
        "Quarterly board meeting",
        "Held board meeting",
        "Action item due: Get three gutter quotes",
        "Proposals due: Gutter replacement",
        "Gutter walkthrough",
      ].includes(e.title),
    );
    expect(mine.map((e) => [e.title, e.source, e.source_label, e.link])).toEqual([
      [
        "Held board meeting",
        "board_meeting",
        "Board meeting",
        `/board-room/meetings/${held.result.meetingId}`,
      ],
      [
        "Quarterly board meeting",
        "board_meeting",
        "Board meeting",
        `/board-room/meetings/${upcoming.result.meetingId}`,
      ],
      [
        "Action item due: Get three gutter quotes",
        "action_item",
        "Action item",
        `/board-room/meetings/${held.result.meetingId}/minutes#action-items-heading`,
      ],
      ["Proposals due: Gutter replacement", "rfp_deadline", "RFP deadline", `/rfps/${rfp.result.rfpId}`],
      ["Gutter walkthrough", "event", "Event", expect.stringMatching(/^\/calendar\/events\/[0-9a-f-]{36}$/)],
    ]);
    // In start order, the same entries the page gathers, each in the one shape.
    const starts = all.map((e) => e.start_time);
    expect(starts).toEqual([...starts].sort());
    const meeting = mine[1];
    expect(meeting).toMatchObject({
      id: upcoming.result.meetingId,
      event_type: "meeting",
      start_time: at(3, "19:00"),
      local_start_time: `${day(3)}T19:00`,
      property_id: associationA,
      can_edit: false,
      attendees: [],
      is_recurring: false,
    });
    expect(mine[2]).toMatchObject({
      event_type: "deadline",
      is_all_day: true,
      local_start_time: `${day(4)}T00:00`,
    });
    expect(mine[3]).toMatchObject({ event_type: "deadline", rfp_id: rfp.result.rfpId, property_id: null });
    expect(mine[4]).toMatchObject({ event_type: "maintenance", can_edit: true, property_id: associationA });

    // Filters: the type, the search, and the range apply to every source.
    const deadlines = await list(boardA, "&event_type=deadline&search=gutter");
    expect(deadlines.map((e) => e.title)).toEqual([
      "Action item due: Get three gutter quotes",
      "Proposals due: Gutter replacement",
    ]);
    const meetings = await list(boardA, "&event_type=meeting&search=board%20meeting");
    expect(meetings.map((e) => e.title)).toEqual(["Held board meeting", "Quarterly board meeting"]);
    const searched = await list(boardA, "&search=gutter");
    expect(searched.map((e) => e.source)).toEqual(["action_item", "rfp_deadline", "event"]);
    const narrow = await body(
      await apiEvents.loader(
        args(
          jsonRequest(
            `/api/calendar/events?start_date=${day(3)}&end_date=${day(3)}&search=board`,
            boardA,
            "GET",
          ),
        ),
      ),
    );
    expect(narrow.events.map((e: Loose) => e.title)).toEqual(["Quarterly board meeting"]);
    // A homeowner of A is not invited to board meetings and has no action items; B sees none of A's.
    const homeowner = await list(homeownerA, "&search=gutter");
    expect(homeowner.map((e) => e.title)).toEqual(["Gutter walkthrough"]);
    expect(await list(boardB, "&search=gutter")).toEqual([]);
  });
});

describe.each(engines)("calendar window on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));
  it("reads the events overlapping the window through their span, to the window's exact edges (decision 059)", async () => {
    const { calendarEvents } = await import("@db/schema");
    const { gatherSlots } = await import("~/queries/calendar.server");
    const person = await personWithRole(t.db, "homeowner");
    const from = Date.parse("2026-03-01T05:00:00.000Z");
    const to = Date.parse("2026-04-12T04:00:00.000Z");
    const at = (ms: number) => new Date(ms).toISOString();
    const HOUR = 3_600_000;
    const event = (
      title: string,
      startsAt: number,
      endsAt: number,
      seriesEndsAt: number | null,
      rrule?: string,
    ) => ({
      ownerId: person.id,
      title,
      eventType: "other",
      startsAt: at(startsAt),
      endsAt: at(endsAt),
      timeZone: NY,
      rrule: rrule ?? null,
      seriesEndsAt: seriesEndsAt === null ? null : at(seriesEndsAt),
    });
    await t.db.insert(calendarEvents).values([
      event("ends at the window's start", from - HOUR, from, from),
      // A zero-length entry at the window's start counts there: the span includes its end.
      event("zero-length at the window's start", from, from, from),
      event("ends before the window", from - 2 * HOUR, from - HOUR, from - HOUR),
      event("starts at the window's end", to, to + HOUR, to + HOUR),
      event("starts just before the window's end", to - HOUR, to, to),
      event("spans the whole window", from - 24 * HOUR, to + 24 * HOUR, to + 24 * HOUR),
      event("weekly, never ends", from - 400 * 24 * HOUR, from - 399 * 24 * HOUR, null, "FREQ=WEEKLY"),
      event(
        "weekly, ended before",
        from - 400 * 24 * HOUR,
        from - 399 * 24 * HOUR,
        from - 100 * 24 * HOUR,
        "FREQ=WEEKLY;COUNT=3",
      ),
      // A series end before its start (an odd row): it is stored (the span index takes it) and the
      // window's own conditions decide (its series end is inside the window: read, and shown).
      event("series end before its start", from + HOUR, from + 2 * HOUR, from + 30 * 60_000),
    ]);
    const slots = await gatherSlots(t.db, {
      userId: person.id,
      email: person.email,
      associationIds: [],
      from,
      to,
    });
    const titles = [...new Set(slots.map((s) => s.title))].sort();
    expect(titles).toEqual(
      [
        "series end before its start",
        "zero-length at the window's start",
        "spans the whole window",
        "starts just before the window's end",
        "weekly, never ends",
      ].sort(),
    );
    expect(slots.filter((s) => s.title === "weekly, never ends")).toHaveLength(6);
  });
});

describe.each(engines)("demo calendar on %s", (engine) => {
  const t = useTestDatabase(engine);
  useTempOutbox();
  it("seeds repeating and one-off events for the demo people and associations, once", async () => {
    const { seed } = await import("@db/seed");
    const { calendarEvents } = await import("@db/schema");
    const { count, isNotNull } = await import("drizzle-orm");
    await seed(t.db);
    const [first] = await t.db.select({ n: count() }).from(calendarEvents);
    const [recurring] = await t.db
      .select({ n: count() })
      .from(calendarEvents)
      .where(isNotNull(calendarEvents.rrule));
    const [ofAssociations] = await t.db
      .select({ n: count() })
      .from(calendarEvents)
      .where(isNotNull(calendarEvents.associationId));
    expect(first?.n).toBe(10);
    expect(recurring?.n).toBe(5);
    expect(ofAssociations?.n).toBe(7);
    await seed(t.db);
    const [again] = await t.db.select({ n: count() }).from(calendarEvents);
    expect(again?.n).toBe(first?.n);
  });
});
