/**
 * Every JSON API answers its times as ISO 8601 UTC instants ("2026-12-10T23:30:00.000Z"), never in
 * PostgreSQL's text form ("2026-12-10 23:30:00+00"), on both engines (issue 26, part 10): each API of
 * app/routes/api.* that returns records is called, and every string in its answer that looks like a
 * date and a time must be an ISO instant (the calendar's `local_*` wall-clock fields excepted, which
 * are zone-less by the spec). Times the test needs to see are checked to be there, so no API passes by
 * returning nothing.
 */

import { beforeAll, describe, expect, it } from "vitest";
import { isoInstant, isoTimes } from "~/api-json.server";
import * as apiMeetings from "~/routes/api.board-room.meetings";
import * as apiMeeting from "~/routes/api.board-room.meetings_.$id";
import * as apiMinutes from "~/routes/api.board-room.meetings_.$id_.minutes";
import * as apiEvents from "~/routes/api.calendar.events";
import * as apiEvent from "~/routes/api.calendar.events.$id";
import * as apiBudgets from "~/routes/api.financial.budgets";
import * as apiSummary from "~/routes/api.financial.summary";
import * as apiTransactions from "~/routes/api.financial.transactions";
import * as apiSearch from "~/routes/api.search";
import { argsOf, outcome, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { bothEngines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const LOCAL_WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** A date followed by a time, in any form. */
const LOOKS_LIKE_A_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/;

/** Every [path, value] in `data` whose value looks like a date and time. */
function timesIn(data: unknown, path = ""): [string, string][] {
  if (typeof data === "string") return LOOKS_LIKE_A_TIME.test(data) ? [[path, data]] : [];
  if (Array.isArray(data)) return data.flatMap((v, i) => timesIn(v, `${path}[${i}]`));
  if (data && typeof data === "object")
    return Object.entries(data).flatMap(([k, v]) => timesIn(v, path ? `${path}.${k}` : k));
  return [];
}

/** The times of an answer that are neither ISO instants nor a `local_*` wall clock. */
const notIso = (data: unknown) =>
  timesIn(data).filter(
    ([path, value]) =>
      !ISO_INSTANT.test(value) && !(/(^|\.)local_\w+$/.test(path) && LOCAL_WALL_CLOCK.test(value)),
  );

const jsonRequest = (path: string, who: Person, method = "GET", body?: unknown) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: { Cookie: who.cookie, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe("the API's time serializer", () => {
  it("turns PostgreSQL's timestamptz text and Dates into ISO instants, in time fields only", () => {
    expect(isoInstant("2026-12-10 23:30:00+00")).toBe("2026-12-10T23:30:00.000Z");
    expect(isoInstant("2026-11-28 08:08:46.604123+00")).toBe("2026-11-28T08:08:46.604Z");
    expect(isoInstant("2026-12-10 18:30:00-05")).toBe("2026-12-10T23:30:00.000Z");
    expect(isoInstant("2026-12-10 23:30:00+05:30")).toBe("2026-12-10T18:00:00.000Z");
    expect(isoInstant("2026-12-10")).toBe("2026-12-10");
    expect(
      isoTimes({
        start_time: "2026-12-10 23:30:00+00",
        items: [{ created_at: new Date("2026-12-10T23:30:00Z"), title: "2026-12-10 23:30:00+00" }],
        date: "2026-12-10",
      }),
    ).toEqual({
      start_time: "2026-12-10T23:30:00.000Z",
      items: [{ created_at: "2026-12-10T23:30:00.000Z", title: "2026-12-10 23:30:00+00" }],
      date: "2026-12-10",
    });
  });
});

describe.each(bothEngines)("JSON API times on %s", (engine) => {
  const t = useTestDatabase(engine);
  let president: Person;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    president = await personWithRole(t.db, "board_member");
    await associationWith(t.db, { id: president.id, boardOffice: "treasurer" });
  });

  async function call(fn: () => Promise<unknown>, status = 200) {
    const r = await outcome(fn);
    expect(r.status).toBe(status);
    return r.data;
  }

  it("answers ISO 8601 instants from every JSON API", async () => {
    const meeting = (
      await call(
        () =>
          apiMeetings.action(
            argsOf(
              jsonRequest("/api/board-room/meetings", president, "POST", {
                title: "December board meeting",
                start_time: "2026-12-10T23:30:00.000Z",
                end_time: "2026-12-11T01:00:00.000Z",
                agenda_items: [{ title: "Budget", duration_minutes: 15 }],
              }),
            ),
          ),
        201,
      )
    ).meeting;
    const id = meeting.id as string;
    const event = (
      await call(
        () =>
          apiEvents.action(
            argsOf(
              jsonRequest("/api/calendar/events", president, "POST", {
                title: "Pool inspection",
                start_time: "2026-12-12T09:00",
                end_time: "2026-12-12T10:00",
              }),
            ),
          ),
        201,
      )
    ).event;
    const answers: Record<string, unknown> = {
      "POST /api/board-room/meetings": { meeting },
      "GET /api/board-room/meetings": await call(() =>
        apiMeetings.loader(argsOf(jsonRequest("/api/board-room/meetings", president))),
      ),
      "GET /api/board-room/meetings/{id}": await call(() =>
        apiMeeting.loader(argsOf(jsonRequest(`/api/board-room/meetings/${id}`, president), { id })),
      ),
      "PUT /api/board-room/meetings/{id}": await call(() =>
        apiMeeting.action(
          argsOf(jsonRequest(`/api/board-room/meetings/${id}`, president, "PUT", { location: "Clubhouse" }), {
            id,
          }),
        ),
      ),
      "GET /api/board-room/meetings/{id}/minutes": await call(() =>
        apiMinutes.loader(argsOf(jsonRequest(`/api/board-room/meetings/${id}/minutes`, president), { id })),
      ),
      "POST /api/calendar/events": { event },
      "GET /api/calendar/events": await call(() =>
        apiEvents.loader(
          argsOf(jsonRequest("/api/calendar/events?start_date=2026-12-01&end_date=2026-12-31", president)),
        ),
      ),
      "GET /api/calendar/events/{id}": await call(() =>
        apiEvent.loader(argsOf(jsonRequest(`/api/calendar/events/${event.id}`, president), { id: event.id })),
      ),
      "GET /api/financial/budgets": await call(() =>
        apiBudgets.loader(argsOf(jsonRequest("/api/financial/budgets", president))),
      ),
      "GET /api/financial/transactions": await call(() =>
        apiTransactions.loader(argsOf(jsonRequest("/api/financial/transactions", president))),
      ),
      "GET /api/financial/summary": await call(() =>
        apiSummary.loader(argsOf(jsonRequest("/api/financial/summary", president))),
      ),
      "GET /api/search": await call(() =>
        apiSearch.loader(argsOf(jsonRequest("/api/search?q=December", president))),
      ),
    };
    const wrong = Object.entries(answers).flatMap(([api, data]) =>
      notIso(data).map(([path, value]) => `${api} ${path}: ${value}`),
    );
    expect(wrong).toEqual([]);
    // The times are there, as the instants that were sent.
    const list = answers["GET /api/board-room/meetings"] as { meetings: Record<string, string>[] };
    expect(list.meetings.find((m) => m.id === id)).toMatchObject({
      start_time: "2026-12-10T23:30:00.000Z",
      end_time: "2026-12-11T01:00:00.000Z",
      created_at: expect.stringMatching(ISO_INSTANT),
      updated_at: expect.stringMatching(ISO_INSTANT),
    });
    for (const api of ["GET /api/board-room/meetings/{id}", "PUT /api/board-room/meetings/{id}"]) {
      const one = (answers[api] as { meeting: Record<string, string> }).meeting;
      expect(one.start_time).toBe("2026-12-10T23:30:00.000Z");
      expect(one.created_at).toMatch(ISO_INSTANT);
    }
    expect(timesIn(answers["GET /api/calendar/events"]).length).toBeGreaterThan(0);
  });
});
