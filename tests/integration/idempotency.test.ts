/**
 * Idempotent creates (issue 26, part 3): a retry with the same key answers the first result and writes
 * nothing new, also when the first commit went through and its answer was lost (a 503 after the
 * commit); the same key with another body is refused; a refused create keeps no key; keys expire.
 * Through the routes' actions, on both engines.
 */

import { queryRows } from "@db/client";
import { calendarEvents, requestKeys } from "@db/schema";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_FIELD } from "~/components/ui/idempotency-key";
import { guardDatabaseFaults } from "~/db.server";
import { resetEnvForTests } from "~/env.server";
import { IDEMPOTENCY_MESSAGES, IDEMPOTENCY_RETENTION_MS, sweepIdempotencyKeys } from "~/idempotency.server";
import * as newMeeting from "~/routes/_app.board-room_.new";
import * as newEvent from "~/routes/_app.calendar_.new";
import * as apiEvents from "~/routes/api.calendar.events";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const args = (request: Request) => ({ request, params: {}, context: {} });
const post = (path: string, who: Person, body: Record<string, string>) =>
  formRequest(path, body, { Cookie: who.cookie });
const postJson = (path: string, who: Person, body: unknown, key?: string) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      Cookie: who.cookie,
      "Content-Type": "application/json",
      ...(key ? { "Idempotency-Key": key } : {}),
    },
    body: JSON.stringify(body),
  });

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

const EVENT = {
  event_type: "maintenance",
  start_date: "2026-06-01",
  start_time: "09:00",
  end_date: "2026-06-01",
  end_time: "10:00",
  time_zone: "America/New_York",
};

const MEETING = {
  description: "",
  meeting_type: "regular",
  date: "2027-01-12",
  start_time: "18:00",
  end_time: "20:00",
  location: "Clubhouse",
  meeting_url: "",
  attendee_emails: "",
};

/** A connection lost after the commit (SQLSTATE 08006): the person got a 503, the write was saved. */
const lostAnswer = Object.assign(new Error("connection lost after commit"), { code: "08006" });

describe.each(engines)("idempotent creates on %s", (engine) => {
  const t = useTestDatabase(engine);
  let board: Person;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    process.env.APP_URL = "http://localhost:3999";
    resetEnvForTests();
    board = await personWithRole(t.db, "board_member");
    await associationWith(t.db, { id: board.id });
  });
  afterAll(() => {
    delete process.env.APP_URL;
    resetEnvForTests();
  });

  const eventsTitled = async (title: string) =>
    (await t.db.select({ n: count() }).from(calendarEvents).where(eq(calendarEvents.title, title)))[0]?.n;
  const meetingsTitled = async (title: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from meetings where title = ${title}`,
      )
    )[0]?.n;
  const createEvent = (fields: Record<string, string>) =>
    thrown(() => newEvent.action(args(post("/calendar/new", board, fields))));

  it("answers a repeated form create with the first redirect and creates one event", async () => {
    const key = newKey();
    const form = { ...EVENT, title: "Repeated walkthrough", [IDEMPOTENCY_FIELD]: key };
    const first = await createEvent(form);
    const again = await createEvent(form);
    expect(first.status).toBe(302);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await eventsTitled("Repeated walkthrough")).toBe(1);
    // Without a key (an old page), each post is its own create, as before.
    await createEvent({ ...EVENT, title: "Keyless" });
    await createEvent({ ...EVENT, title: "Keyless" });
    expect(await eventsTitled("Keyless")).toBe(2);
  });

  it("creates one event when the same submission arrives twice at once (a double click)", async () => {
    const form = { ...EVENT, title: "Double click", [IDEMPOTENCY_FIELD]: newKey() };
    const [a, b] = await Promise.all([createEvent(form), createEvent(form)]);
    expect(b.headers.get("Location")).toBe(a.headers.get("Location"));
    expect(await eventsTitled("Double click")).toBe(1);
  });

  it("answers a retry as the first when the first committed but its answer was lost (a 503)", async () => {
    const key = newKey();
    const form = { ...EVENT, title: "Lost answer", [IDEMPOTENCY_FIELD]: key };
    // The action commits, then the connection drops before the answer: the guard answers 503.
    const build = guardDatabaseFaults({
      routes: {
        create: {
          module: {
            action: async (a: { request: Request }) => {
              await newEvent.action(args(a.request));
              throw lostAnswer;
            },
          },
        },
      },
    });
    const action = build.routes.create?.module.action as (a: { request: Request }) => Promise<unknown>;
    const lost = await thrown(() => action(args(post("/calendar/new", board, form))));
    expect(lost.status).toBe(503);
    expect(await eventsTitled("Lost answer")).toBe(1);
    const retry = await createEvent(form);
    expect(retry.status).toBe(302);
    const [saved] = await t.db
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(eq(calendarEvents.title, "Lost answer"));
    expect(retry.headers.get("Location")).toBe(`/calendar/events/${saved?.id}`);
    expect(await eventsTitled("Lost answer")).toBe(1);
  });

  it("refuses the same key with another body (422) and creates nothing for it", async () => {
    const key = newKey();
    await createEvent({ ...EVENT, title: "First body", [IDEMPOTENCY_FIELD]: key });
    const other = await createEvent({ ...EVENT, title: "Second body", [IDEMPOTENCY_FIELD]: key });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.reused });
    expect(await eventsTitled("Second body")).toBe(0);
    // The key is the person's own: another person may use the same string.
    const other2 = await personWithRole(t.db, "board_member");
    await associationWith(t.db, { id: other2.id });
    const theirs = await thrown(() =>
      newEvent.action(
        args(post("/calendar/new", other2, { ...EVENT, title: "Second body", [IDEMPOTENCY_FIELD]: key })),
      ),
    );
    expect(theirs.status).toBe(302);
    expect(await eventsTitled("Second body")).toBe(1);
  });

  it("refuses a malformed key (400) and keeps no key for a refused form, so its correction goes through", async () => {
    const bad = await createEvent({ ...EVENT, title: "Bad key", [IDEMPOTENCY_FIELD]: "x".repeat(300) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.invalid });
    expect(await eventsTitled("Bad key")).toBe(0);

    const key = newKey();
    // Refused by the command (an association the person does not manage): no key kept.
    const refused = await newEvent.action(
      args(
        post("/calendar/new", board, {
          ...EVENT,
          title: "Corrected",
          association_id: "00000000-0000-4000-8000-000000000000",
          [IDEMPOTENCY_FIELD]: key,
        }),
      ),
    );
    expect((refused as Response).status).toBeGreaterThanOrEqual(400);
    const corrected = await createEvent({ ...EVENT, title: "Corrected", [IDEMPOTENCY_FIELD]: key });
    expect(corrected.status).toBe(302);
    expect(await eventsTitled("Corrected")).toBe(1);
  });

  it("answers a repeated JSON create (Idempotency-Key) with the same status and body", async () => {
    const key = newKey();
    const body = {
      title: "API inspection",
      event_type: "maintenance",
      start_time: "2026-09-03T09:00",
      end_time: "2026-09-03T10:00",
    };
    const first = (await apiEvents.action(
      args(postJson("/api/calendar/events", board, body, key)),
    )) as Response;
    const again = (await apiEvents.action(
      args(postJson("/api/calendar/events", board, body, key)),
    )) as Response;
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await eventsTitled("API inspection")).toBe(1);
    const changed = await thrown(() =>
      apiEvents.action(args(postJson("/api/calendar/events", board, { ...body, title: "API changed" }, key))),
    );
    expect(changed.status).toBe(422);
    expect(await eventsTitled("API changed")).toBe(0);
  });

  it("answers a repeated event-sourced create (a meeting) with the first redirect and one stream", async () => {
    const form = { ...MEETING, title: "Repeated meeting", [IDEMPOTENCY_FIELD]: newKey() };
    const first = await thrown(() => newMeeting.action(args(post("/board-room/new", board, form))));
    const again = await thrown(() => newMeeting.action(args(post("/board-room/new", board, form))));
    expect(first.status).toBe(302);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await meetingsTitled("Repeated meeting")).toBe(1);
  });

  it("sweeps keys older than the retention", async () => {
    const key = newKey();
    await createEvent({ ...EVENT, title: "Swept", [IDEMPOTENCY_FIELD]: key });
    const mine = and(eq(requestKeys.userId, board.id), eq(requestKeys.key, key));
    expect(await t.db.select().from(requestKeys).where(mine)).toHaveLength(1);
    await sweepIdempotencyKeys(t.db, new Date(Date.now() + IDEMPOTENCY_RETENTION_MS - 60_000));
    expect(await t.db.select().from(requestKeys).where(mine)).toHaveLength(1);
    await sweepIdempotencyKeys(t.db, new Date(Date.now() + IDEMPOTENCY_RETENTION_MS + 60_000));
    expect(await t.db.select().from(requestKeys).where(mine)).toHaveLength(0);
  });
});
