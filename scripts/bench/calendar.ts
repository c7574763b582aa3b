// The calendar with a heavy person's data (issue 12, quality bars): one board member in 3 associations
// who sees 10,000 calendar events (2,000 of them recurring: weekly, monthly, yearly, daily; some with
// "this occurrence" exceptions; some private, some invitations), plus the board meetings they are
// invited to, their open action items and the deadlines of the RFPs they wrote. Two measurements, each
// against a bare Node handler (scripts/bench/bare-server.mjs) running the very SQL statements the
// app's loaders sent, in the same dependent rounds (as scripts/bench/pages.ts does):
//   - the month view, /calendar (full HTML, this month's 42-day grid): p99 <= 3x the bare handler's;
//   - the iCal feed, /calendar/feed/{token}.ics (everything, recurrence as RRULEs): p99 under 1 s
//     (judged as p99 / 1,000 ms; the bare handler's figures for the same statements beside it).
// BENCH_CALENDAR_EVENTS (10000), BENCH_CALENDAR_RECURRING (2000), BENCH_CALENDAR_SECONDS (20),
// BENCH_CALENDAR_CONNECTIONS (4), BENCH_CALENDAR_FEED_CONNECTIONS (1), BENCH_CALENDAR_ROUNDS (2): few
// connections and long rounds, as a request here takes far longer than a page of pages.ts and a
// latency only counts when the request starts and ends inside a round;
// BENCH_CPU_PROF=dir (a CPU profile of the app server per measurement).
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { createUserSession } from "../../app/auth/session.server";
import { createAccount } from "../../app/commands/accounts.server";
import { addMember, createAssociation } from "../../app/commands/associations.server";
import { feedToken } from "../../app/commands/calendar-feed.server";
import { assignActionItem, changeMeeting, scheduleMeeting } from "../../app/commands/meetings.server";
import { addRole } from "../../app/commands/roles.server";
import type { Database } from "../../db/client";
import { calendarAttendees, calendarEventExceptions, calendarEvents, userProfiles } from "../../db/schema";
import {
  EVENT_TYPES,
  expandEvent,
  type Recurrence,
  seriesEndsAt,
  toRrule,
  wallClock,
  wallClockToInstant,
} from "../../domain/calendar";
import { seedPublishedRfps } from "./rfp-fixtures";
import {
  appSessionSecret,
  type Benchmark,
  type BenchResult,
  buildApp,
  builtLoaders,
  compareInTurns,
  comparisonNote,
  describeLoad,
  envInt,
  envNumber,
  log,
  productionSessionCookie,
  SHELL_FLOOR,
  withBenchDatabase,
  withServerPair,
} from "./support";

const NAME = "calendar";
const ZONE = "America/New_York";
const DAY = 86_400_000;
/** The feed's limit: a calendar app gives up on a slow subscription. */
const FEED_LIMIT_MS = 1000;

/** A deterministic generator (the same data in every run). */
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SUBJECTS = [
  "Pool maintenance",
  "Landscaping walkthrough",
  "Budget review",
  "Elevator inspection",
  "Roof inspection",
  "Vendor call",
  "Fire alarm test",
  "Architectural review",
  "Reserve study check-in",
  "Parking lot sweep",
];

async function onboardedBoardMember(db: Database, email: string, fullName: string) {
  const user = await createAccount(db, { email, password: "correct-horse-battery", full_name: fullName });
  await addRole(
    db,
    user.id,
    {
      role_type: "board_member",
      title: "Board member",
      organization_name: "Bench HOA",
      responsibilities: [],
    },
    { verified: true },
  );
  await db
    .update(userProfiles)
    .set({ onboardingCompleted: true, onboardingStep: "complete", timezone: ZONE })
    .where(eq(userProfiles.id, user.id));
  return user.id;
}

/**
 * The person, their 3 associations (a fellow board member in each), `total` calendar events of which
 * `recurring` repeat, spread over 18 months each side of now, bulk-inserted; the board meetings (through
 * the event store) with action items assigned to the person, and 200 RFPs they wrote.
 */
export async function seedCalendar(db: Database, total: number, recurring: number, now = Date.now()) {
  const random = generator(12);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const personId = await onboardedBoardMember(db, "calendar@bench.test", "Casey Calendar");
  const fellowId = await onboardedBoardMember(db, "fellow@bench.test", "Fran Fellow");
  const stranger = await createAccount(db, {
    email: "stranger@bench.test",
    password: "correct-horse-battery",
  });
  const associationIds: string[] = [];
  for (const name of ["Bayview Towers", "Palm Harbor HOA", "Sunset Palms Condominium"]) {
    const { id } = await createAssociation(
      db,
      {
        name,
        propertyType: "condominium",
        unitCount: 120,
        timeZone: ZONE,
        fiscalYearStartMonth: 1,
        boardSeats: 5,
        quorumMinimum: null,
      },
      { userId: personId, memberRole: "board_member", boardOffice: "president" },
    );
    await addMember(db, id, {
      userId: fellowId,
      memberRole: "board_member",
      boardOffice: "treasurer",
      unit: null,
      invitedBy: personId,
    });
    associationIds.push(id);
  }

  // Events: a tenth the person's own (private), a twentieth invitations from a stranger, the rest
  // their associations' (written by the fellow board member).
  const span = 18 * 30 * DAY;
  type Row = typeof calendarEvents.$inferInsert;
  const rows: Row[] = [];
  const invited: string[] = [];
  const recurringIds: { id: string; startsAt: string; endsAt: string; rrule: string }[] = [];
  for (let i = 0; i < total; i++) {
    const id = randomUUID();
    const repeats = i < recurring;
    // Recurring series start over the past 18 months (and a little ahead); one-offs anywhere in the span.
    const startMs = repeats
      ? now - Math.floor(random() * span) + (random() < 0.1 ? Math.floor(random() * 60 * DAY) : 0)
      : now - span + Math.floor(random() * 2 * span);
    const local = wallClock(startMs, ZONE);
    const hour = 8 + Math.floor(random() * 10);
    const allDay = !repeats && random() < 0.1;
    // Wall-clock times in the zone, as the form stores them.
    const startsAtMs = wallClockToInstant(
      local.date,
      allDay ? "00:00" : `${String(hour).padStart(2, "0")}:00`,
      ZONE,
    );
    const endsAtMs = allDay
      ? wallClockToInstant(local.date, "23:59", ZONE)
      : startsAtMs + (1 + Math.floor(random() * 2)) * 3_600_000;
    const startsAt = new Date(startsAtMs).toISOString();
    const endsAt = new Date(endsAtMs).toISOString();
    let rrule: string | null = null;
    if (repeats) {
      const kind = random();
      const pattern = kind < 0.45 ? "weekly" : kind < 0.75 ? "monthly" : kind < 0.9 ? "yearly" : "daily";
      const ending = random();
      const r: Recurrence =
        pattern === "daily"
          ? { pattern, interval: 1, ends: "count", count: 5 + Math.floor(random() * 25) }
          : ending < 0.4
            ? { pattern, interval: pattern === "weekly" && random() < 0.3 ? 2 : 1, ends: "never" }
            : ending < 0.7
              ? {
                  pattern,
                  interval: 1,
                  ends: "until",
                  until: wallClock(startsAtMs + Math.floor(random() * 2 * 365) * DAY, ZONE).date,
                }
              : { pattern, interval: 1, ends: "count", count: 4 + Math.floor(random() * 40) };
      rrule = toRrule(r, ZONE);
    }
    const kind = random();
    const own = kind < 0.1;
    const invitation = !own && kind < 0.15;
    const series = { startsAt, endsAt, timeZone: ZONE, rrule };
    rows.push({
      id,
      ownerId: own ? personId : invitation ? stranger.id : fellowId,
      associationId: own || invitation ? null : pick(associationIds),
      title: `${pick(SUBJECTS)} #${i + 1}`,
      description: random() < 0.5 ? "Bring the binder; the manager will send the agenda beforehand." : null,
      eventType: pick(EVENT_TYPES),
      startsAt,
      endsAt,
      timeZone: ZONE,
      isAllDay: allDay,
      rrule,
      seriesEndsAt: seriesEndsAt(series),
      location: random() < 0.6 ? `Clubhouse room ${1 + Math.floor(random() * 4)}` : null,
      meetingUrl: random() < 0.2 ? "https://meet.example.com/board" : null,
    });
    if (invitation) invited.push(id);
    if (rrule) recurringIds.push({ id, startsAt, endsAt, rrule });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(calendarEvents).values(rows.slice(i, i + 1000));
  if (invited.length > 0)
    await db
      .insert(calendarAttendees)
      .values(invited.map((eventId) => ({ eventId, email: "calendar@bench.test", status: "pending" })));
  // "This occurrence" changes: every fourth series has its second occurrence moved by an hour, every
  // eighth its third cancelled (the occurrences as toRrule and expandEvent place them: weekly or not,
  // the second occurrence is at least a day after the first, so only the exact start matters here).
  const exceptions: (typeof calendarEventExceptions.$inferInsert)[] = [];
  for (const [n, s] of recurringIds.entries()) {
    if (n % 4 !== 0) continue;
    const occurrences = expandEvent(
      { startsAt: s.startsAt, endsAt: s.endsAt, timeZone: ZONE, rrule: s.rrule },
      [],
      { from: Date.parse(s.startsAt), to: Date.parse(s.startsAt) + 400 * DAY },
      3,
    );
    const second = occurrences[1];
    if (second)
      exceptions.push({
        eventId: s.id,
        occurrenceStart: second.occurrenceStart,
        startsAt: new Date(Date.parse(second.startsAt) + 3_600_000).toISOString(),
        endsAt: new Date(Date.parse(second.endsAt) + 3_600_000).toISOString(),
        title: "Moved occurrence",
      });
    const third = occurrences[2];
    if (third && n % 8 === 0)
      exceptions.push({ eventId: s.id, occurrenceStart: third.occurrenceStart, cancelled: true });
  }
  if (exceptions.length > 0) await db.insert(calendarEventExceptions).values(exceptions);

  // Board meetings (event-sourced, through the commands): 40 per association, one a fortnight around
  // now, with an action item for the person on each past one (minutes are written once a meeting has
  // started), due over the weeks around now.
  let meetingsCount = 0;
  let actionItems = 0;
  for (const associationId of associationIds) {
    for (let m = 0; m < 40; m++) {
      const startMs = now + (m - 20) * 14 * DAY + 19 * 3_600_000;
      const scheduled = await scheduleMeeting(db, {
        associationId,
        actor: { userId: personId, mayManage: true },
        fields: {
          title: `Board meeting ${m + 1}`,
          description: null,
          meeting_type: "regular",
          start_time: new Date(startMs).toISOString(),
          end_time: new Date(startMs + 2 * 3_600_000).toISOString(),
          location: "Clubhouse",
          meeting_url: null,
        },
      });
      if (!scheduled.ok) throw new Error(scheduled.error.message);
      meetingsCount++;
      if (startMs < now) {
        const actor = { userId: personId, mayManage: true };
        const meeting = { meetingId: scheduled.result.meetingId, associationId, actor };
        for (const type of ["StartMeeting", "CompleteMeeting"] as const) {
          const changed = await changeMeeting(db, { ...meeting, change: { type } });
          if (!changed.ok) throw new Error(changed.error.message);
        }
        const assigned = await assignActionItem(db, {
          meetingId: scheduled.result.meetingId,
          associationId,
          actor: { userId: personId, mayManage: true },
          actionItem: {
            description: `Follow up on item ${m + 1}`,
            assigneeId: personId,
            assigneeName: "Casey Calendar",
            due_date: wallClock(now + (m - 10) * 7 * DAY, ZONE).date,
          },
        });
        if (!assigned.ok) throw new Error(assigned.error.message);
        actionItems++;
      }
    }
  }
  await seedPublishedRfps(db, personId, 200, now);
  await db.execute(sql`analyze`);
  return {
    personId,
    summary:
      `${total.toLocaleString("en-US")} events (${recurring.toLocaleString("en-US")} recurring, ` +
      `${exceptions.length} exceptions, ${invited.length} invitations), ${meetingsCount} board meetings, ` +
      `${actionItems} action items, 200 RFP deadlines`,
  };
}

export const calendarBench: Benchmark = {
  name: NAME,
  description:
    "the /calendar month view (HTML) and the iCal feed of a person with 10,000 events vs a bare handler running the same SQL",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult[]> => {
      const total = envInt("BENCH_CALENDAR_EVENTS", 10_000);
      const recurring = Math.min(total, envInt("BENCH_CALENDAR_RECURRING", 2_000));
      const seconds = envNumber("BENCH_CALENDAR_SECONDS", 20);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      const connections = envInt("BENCH_CALENDAR_CONNECTIONS", 4);
      const feedConnections = envInt("BENCH_CALENDAR_FEED_CONNECTIONS", 1);
      const rounds = envInt("BENCH_CALENDAR_ROUNDS", 2);
      buildApp(NAME);
      const handle = await bench.open(10);
      globalThis.__dbHandle = Promise.resolve(handle);
      const secret = await appSessionSecret();
      const t0 = performance.now();
      const { personId, summary } = await seedCalendar(handle.db, total, recurring);
      log(NAME, `seeded ${summary} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const token = await feedToken(handle.db, personId);

      const session = await createUserSession(new Request("http://localhost/"), personId, "/dashboard");
      const localCookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
      const serverCookie = await productionSessionCookie(personId);
      const { loaderOf, capture } = await builtLoaders(localCookie);
      const monthLoaders = [loaderOf("root"), loaderOf("routes/_app"), loaderOf("routes/_app.calendar")];
      const feedLoaders = [loaderOf("routes/calendar.feed.$token")];
      const feedPath = `/calendar/feed/${token}.ics`;
      // Warm the in-process code paths before capturing. The bare handler runs a cold read's
      // statements: the app remembers the month's events while nothing changes (decision 063), so a
      // write to one of the person's events (its triggers raise their counter) comes before the
      // capture, which then reads the counters and the events.
      await capture("/calendar", monthLoaders);
      await handle.db.execute(
        sql`update calendar_events set title = title where id = (select id from calendar_events where owner_id = ${personId} limit 1)`,
      );
      const measurements = [
        {
          name: "calendar-month",
          label: "/calendar HTML",
          rounds: await capture("/calendar", monthLoaders),
          appPath: "/calendar",
          connections,
        },
        {
          name: "calendar-feed",
          label: "/calendar/feed/{token}.ics",
          rounds: await capture(feedPath, feedLoaders, { token: `${token}.ics` }),
          appPath: feedPath,
          connections: feedConnections,
        },
        // For scale: the same shell with an empty page, the floor under the month's budget.
        ...(SHELL_FLOOR.wanted()
          ? [
              {
                name: "calendar-empty-shell",
                label: SHELL_FLOOR.label,
                rounds: await capture(SHELL_FLOOR.path, SHELL_FLOOR.routeIds.map(loaderOf)),
                appPath: SHELL_FLOOR.path,
                connections,
              },
            ]
          : []),
      ];

      const results: BenchResult[] = [];
      for (const m of measurements) {
        const statements = m.rounds.flat().length;
        const shape = `${statements} statements in ${m.rounds.length} rounds (${m.rounds.map((r) => r.length).join(" + ")})`;
        log(NAME, `${m.label}: the loaders send ${shape}`);
        await withServerPair(
          {
            name: NAME,
            databaseUrl: bench.url,
            sessionSecret: secret,
            cookie: serverCookie,
            connections: m.connections,
            rounds: m.rounds,
            profileDir: process.env.BENCH_CPU_PROF,
          },
          async ({ app, bare, appPort }) => {
            for (let i = 0; i < 5; i++) {
              const [a, b] = await Promise.all([app.get(m.appPath), bare.get("/page")]);
              if (!a || !b) {
                const answer = await fetch(`http://127.0.0.1:${appPort}${m.appPath}`, {
                  headers: { Cookie: serverCookie },
                });
                throw new Error(
                  `${m.label}: app ${a ? "answered" : "failed"}, bare ${b ? "answered" : "failed"}: ` +
                    `${answer.status} ${(await answer.text()).slice(0, 300)}`,
                );
              }
            }
            const size = (
              await (
                await fetch(`http://127.0.0.1:${appPort}${m.appPath}`, { headers: { Cookie: serverCookie } })
              ).arrayBuffer()
            ).byteLength;
            log(NAME, `${m.label}: ${Math.round(size / 1024).toLocaleString("en-US")} KB per answer`);
            const load = await compareInTurns({
              connections: m.connections,
              seconds,
              rounds,
              warmupSeconds,
              app: () => app.get(m.appPath),
              bare: () => bare.get("/page"),
            });
            log(NAME, describeLoad(`app  ${m.label} @${m.connections}`, load.app, "answers"));
            log(NAME, describeLoad(`bare ${m.label} @${m.connections}`, load.bare, "answers"));
            if (m.name !== "calendar-feed") {
              // The month against its bare cold read (<= 3x); the empty shell page for scale (no target).
              const judged = m.name === "calendar-month";
              results.push({
                name: `${m.name} p99`,
                value: load.app.p99Ms,
                unit: `ms p99 @${m.connections}`,
                baseline: load.bare.p99Ms,
                baselineUnit: `ms bare p99 (${shape})`,
                ...(judged ? { target: 3 } : {}),
                lowerIsBetter: true,
                notes: [
                  comparisonNote(`@${m.connections}`, load.app, load.bare, judged ? 3 : null),
                  ...(judged ? [] : ["for scale: no target"]),
                ],
              });
            } else {
              results.push({
                name: `${m.name} p99`,
                value: load.app.p99Ms,
                unit: `ms p99 @${m.connections}`,
                baseline: FEED_LIMIT_MS,
                baselineUnit: "ms limit",
                target: 1,
                lowerIsBetter: true,
                notes: [comparisonNote(`@${m.connections}`, load.app, load.bare), `${summary}`],
              });
            }
          },
        );
      }
      await handle.close();
      return results;
    }),
};
