// The calendar (issue 12, part 4): the /calendar month view's HTML for a person in 3 associations with
// 10,000 events (2,000 of them repeating), through the production server, against the bare handler
// running the same SQL statements (the statements of the page's loaders, captured once); and the
// person's iCal feed for the same data, rendered by the feed route's loader from the build.
// Targets: month view p99 <= 3x the bare handler's (throughput >= 0.5x), feed under 1 s.
// BENCH_CALENDAR_EVENTS (10000), BENCH_CALENDAR_RECURRING (2000), BENCH_PAGE_SECONDS (6),
// BENCH_PAGE_CONNECTIONS (10), BENCH_PAGE_ROUNDS (2).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { createUserSession } from "../../app/auth/session.server";
import { createAccount } from "../../app/commands/accounts.server";
import { createAssociation } from "../../app/commands/associations.server";
import { feedToken } from "../../app/commands/calendar-feed.server";
import { addRole } from "../../app/commands/roles.server";
import { calendarEvents, userProfiles } from "../../db/schema";
import {
  addDays,
  EVENT_TYPES,
  monthKeyText,
  seriesEndsAt,
  toRrule,
  wallClock,
  wallClockToInstant,
} from "../../domain/calendar";
import { captureStatements, measurePage } from "./pages";
import {
  appSessionSecret,
  type Benchmark,
  type BenchResult,
  envInt,
  envNumber,
  log,
  productionSessionCookie,
  withBenchDatabase,
} from "./support";

const NAME = "calendar";
const ZONE = "America/New_York";

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

export const calendarBench: Benchmark = {
  name: NAME,
  description:
    "the /calendar month view (3 associations, 10,000 events, 2,000 repeating) vs a bare handler; the iCal feed",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult[]> => {
      const total = envInt("BENCH_CALENDAR_EVENTS", 10_000);
      const recurring = Math.min(envInt("BENCH_CALENDAR_RECURRING", 2_000), total);
      const seconds = envNumber("BENCH_PAGE_SECONDS", 6);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      const connections = envInt("BENCH_PAGE_CONNECTIONS", 10);
      const rounds = envInt("BENCH_PAGE_ROUNDS", 2);
      log(NAME, "building the app (remix build)");
      const built = spawnSync("npx", ["remix", "build"], { stdio: "ignore" });
      if (built.status !== 0 || !existsSync("build/index.js")) throw new Error("remix build failed");
      const handle = await bench.open(10);
      globalThis.__dbHandle = Promise.resolve(handle);
      const secret = await appSessionSecret();

      const person = await createAccount(handle.db, {
        email: "board@bench.test",
        password: "correct-horse-battery",
      });
      await addRole(
        handle.db,
        person.id,
        {
          role_type: "board_member",
          title: "Director",
          organization_name: "Bench HOA",
          responsibilities: [],
        },
        { verified: true },
      );
      await handle.db
        .update(userProfiles)
        .set({ onboardingCompleted: true, onboardingStep: "complete" })
        .where(eq(userProfiles.id, person.id));
      const associationIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        const { id } = await createAssociation(
          handle.db,
          {
            name: `Bench Association ${i + 1}`,
            propertyType: "condominium",
            unitCount: 100,
            timeZone: ZONE,
            fiscalYearStartMonth: 1,
          },
          { userId: person.id, memberRole: "board_member", boardOffice: "director" },
        );
        associationIds.push(id);
      }

      // The events: spread over two years around today, a quarter private, the rest over the three
      // associations; every fifth one repeats (weekly, monthly, daily for a month, yearly).
      const t0 = performance.now();
      const today = wallClock(new Date(), ZONE).date;
      const rows: (typeof calendarEvents.$inferInsert)[] = [];
      let repeating = 0;
      for (let i = 0; i < total; i++) {
        const date = addDays(today, ((i * 37) % 730) - 365);
        const hour = String(8 + (i % 10)).padStart(2, "0");
        const startsAt = new Date(wallClockToInstant(date, `${hour}:00`, ZONE)).toISOString();
        const endsAt = new Date(wallClockToInstant(date, `${hour}:45`, ZONE)).toISOString();
        const repeats = i % Math.max(1, Math.floor(total / recurring)) === 0 && repeating < recurring;
        if (repeats) repeating++;
        const rrule = repeats
          ? toRrule(
              [
                { pattern: "weekly", interval: 1, ends: "never" } as const,
                { pattern: "monthly", interval: 1, ends: "count", count: 24 } as const,
                { pattern: "daily", interval: 1, ends: "count", count: 30 } as const,
                { pattern: "yearly", interval: 1, ends: "never" } as const,
              ][i % 4] as Parameters<typeof toRrule>[0],
              ZONE,
            )
          : null;
        rows.push({
          ownerId: person.id,
          associationId: i % 4 === 0 ? null : (associationIds[i % 3] as string),
          title: `Bench event ${i}`,
          description: i % 3 === 0 ? "Agenda and notes for the bench event." : null,
          eventType: EVENT_TYPES[i % EVENT_TYPES.length] as string,
          startsAt,
          endsAt,
          timeZone: ZONE,
          isAllDay: false,
          rrule,
          seriesEndsAt: seriesEndsAt({ startsAt, endsAt, timeZone: ZONE, rrule }),
          location: i % 2 === 0 ? "Clubhouse" : null,
        });
      }
      for (let i = 0; i < rows.length; i += 1000)
        await handle.db.insert(calendarEvents).values(rows.slice(i, i + 1000));
      await handle.db.execute(sql`analyze`);
      log(
        NAME,
        `seeded ${total.toLocaleString("en-US")} events (${repeating.toLocaleString("en-US")} repeating) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );

      const session = await createUserSession(new Request("http://localhost/"), person.id, "/dashboard");
      const localCookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
      const serverCookie = await productionSessionCookie(person.id);
      const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as {
        routes: Record<string, { module: { loader: Loader } }>;
      };
      const loaderOf = (id: string) => {
        const loader = build.routes[id]?.module.loader;
        if (!loader) throw new Error(`no loader for route ${id} in the build`);
        return loader;
      };
      const month = monthKeyText({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) });
      // The feed row exists before the statements are captured (the page makes it on first visit).
      const token = await feedToken(handle.db, person.id);
      const statements = await captureStatements(`/calendar?month=${month}`, localCookie, [
        loaderOf("root"),
        loaderOf("routes/_app"),
        loaderOf("routes/_app.calendar"),
      ]);
      const results: BenchResult[] = [];
      results.push(
        await measurePage(
          bench.url,
          {
            name: "calendar-month",
            label: "/calendar month HTML",
            statements,
            appPath: () => `/calendar?month=${month}`,
            barePath: () => "/page",
          },
          { secret, serverCookie, seconds, warmupSeconds, connections, rounds },
        ),
      );

      // The feed: every event of the person's calendar, rendered by the route's loader (5 times).
      const feed = loaderOf("routes/calendar.feed.$token");
      const times: number[] = [];
      let bytes = 0;
      let vevents = 0;
      for (let i = 0; i < 5; i++) {
        const f0 = performance.now();
        const response = (await feed({
          request: new Request(`http://localhost/calendar/feed/${token}.ics`),
          params: { token: `${token}.ics` },
          context: {},
        })) as Response;
        const text = await response.text();
        times.push(performance.now() - f0);
        bytes = text.length;
        vevents = text.split("BEGIN:VEVENT").length - 1;
      }
      const worst = Math.max(...times);
      log(
        NAME,
        `feed: ${vevents.toLocaleString("en-US")} VEVENTs, ${(bytes / 1024).toFixed(0)} KiB, ${times.map((t) => t.toFixed(0)).join(", ")} ms`,
      );
      results.push({
        name: "calendar-feed",
        value: worst,
        unit: "ms (slowest of 5)",
        baseline: 1000,
        baselineUnit: "ms (the 1 s limit)",
        target: 1,
        lowerIsBetter: true,
        notes: [
          `${vevents} VEVENTs, ${(bytes / 1024).toFixed(0)} KiB`,
          `median ${times.sort((a, b) => a - b)[2]?.toFixed(0)} ms`,
        ],
      });
      await handle.close();
      return results;
    }),
};
