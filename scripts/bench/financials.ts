import { eq, sql } from "drizzle-orm";
import { createUserSession } from "../../app/auth/session.server";
import { createAccount } from "../../app/commands/accounts.server";
import { createAssociation } from "../../app/commands/associations.server";
import { addRole } from "../../app/commands/roles.server";
import type { Database } from "../../db/client";
import { financeBudgets, financeTransactions, userProfiles } from "../../db/schema";
import { FINANCE_CATEGORIES } from "../../domain/finance";
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
  withBenchDatabase,
  withServerPair,
} from "./support";

const NAME = "financials";
const ZONE = "America/New_York";
const DAY = 86_400_000;

/** A deterministic generator (the same books in every run). */
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A verified board member, their association, `total` transactions spread evenly over `years` years up
 * to today (four in five expenses; a few pending, a few cancelled, one in a hundred voided), and a
 * yearly budget per expense category for each year; bulk-inserted in batches.
 */
export async function seedBooks(db: Database, total: number, years: number, now = Date.now()) {
  const random = generator(13);
  const user = await createAccount(db, {
    email: "treasurer@bench.test",
    password: "correct-horse-battery",
    full_name: "Toni Treasurer",
  });
  await addRole(
    db,
    user.id,
    { role_type: "board_member", title: "Treasurer", organization_name: "Bench HOA", responsibilities: [] },
    { verified: true },
  );
  await db
    .update(userProfiles)
    .set({ onboardingCompleted: true, onboardingStep: "complete", timezone: ZONE })
    .where(eq(userProfiles.id, user.id));
  const { id: associationId } = await createAssociation(
    db,
    {
      name: "Ledger Lakes Condominium",
      propertyType: "condominium",
      unitCount: 240,
      timeZone: ZONE,
      fiscalYearStartMonth: 1,
      boardSeats: 5,
      quorumMinimum: null,
    },
    { userId: user.id, memberRole: "board_member", boardOffice: "treasurer" },
  );
  const first = now - years * 365 * DAY;
  const step = (now - first) / total;
  const expenseCategories = FINANCE_CATEGORIES.filter((c) => c !== "reserves");
  for (let from = 0; from < total; from += 5_000) {
    const rows = [];
    for (let i = from; i < Math.min(total, from + 5_000); i++) {
      const expense = random() < 0.8;
      const r = random();
      rows.push({
        associationId,
        type: expense ? "expense" : "income",
        category: expense
          ? (expenseCategories[Math.floor(random() * expenseCategories.length)] as string)
          : random() < 0.2
            ? "reserves"
            : "other",
        amountCents: Math.round(2_000 + random() * (expense ? 900_000 : 400_000)),
        description: `${expense ? "Invoice" : "Dues"} ${i + 1}`,
        date: isoDay(first + i * step),
        status: r < 0.03 ? "pending" : r < 0.05 ? "cancelled" : "completed",
        createdBy: user.id,
        voidedAt: random() < 0.01 ? new Date(first + i * step).toISOString() : null,
      });
    }
    await db.insert(financeTransactions).values(rows);
  }
  const thisYear = new Date(now).getUTCFullYear();
  const budgets = [];
  for (let y = thisYear - years; y <= thisYear; y++) {
    for (const category of expenseCategories) {
      budgets.push({
        associationId,
        name: `${category} ${y}`,
        category,
        allocatedCents: Math.round(30_000_000 + random() * 40_000_000),
        period: "yearly",
        startDate: `${y}-01-01`,
        endDate: `${y}-12-31`,
        createdBy: user.id,
      });
    }
  }
  await db.insert(financeBudgets).values(budgets);
  await db.execute(sql`analyze`);
  return {
    userId: user.id,
    summary: `${total.toLocaleString("en-US")} transactions over ${years} years, ${budgets.length} budgets`,
  };
}

/** The resident memory (MB) of the process listening on `port`, from /proc (Linux). */
async function rssOfPort(port: number): Promise<number | null> {
  const { readFileSync, readdirSync, readlinkSync } = await import("node:fs");
  try {
    const hex = port.toString(16).toUpperCase().padStart(4, "0");
    const inode = ["/proc/net/tcp", "/proc/net/tcp6"]
      .flatMap((table) => readFileSync(table, "utf8").split("\n"))
      .map((l) => l.trim().split(/\s+/))
      .find((f) => f[1]?.endsWith(`:${hex}`) && f[3] === "0A")?.[9];
    if (!inode) return null;
    for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
      try {
        for (const fd of readdirSync(`/proc/${pid}/fd`)) {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) {
            const line = readFileSync(`/proc/${pid}/status`, "utf8")
              .split("\n")
              .find((l) => l.startsWith("VmRSS:"));
            return line ? Math.round(Number(line.replace(/\D+/g, "")) / 1024) : null;
          }
        }
      } catch {
        // another user's process, or one that ended
      }
    }
  } catch {
    return null;
  }
  return null;
}

export const financialsBench: Benchmark = {
  name: NAME,
  description:
    "the /financials Overview and the budget-vs-actual report for a year of an association with 100,000 transactions vs a bare handler running the same SQL; the CSV export streamed",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult[]> => {
      const total = envInt("BENCH_FINANCE_TRANSACTIONS", 100_000);
      const years = envInt("BENCH_FINANCE_YEARS", 10);
      const seconds = envNumber("BENCH_FINANCE_SECONDS", 10);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      const connections = envInt("BENCH_FINANCE_CONNECTIONS", 4);
      const rounds = envInt("BENCH_FINANCE_ROUNDS", 2);
      buildApp(NAME);
      const handle = await bench.open(10);
      globalThis.__dbHandle = Promise.resolve(handle);
      const secret = await appSessionSecret();
      const t0 = performance.now();
      const { userId, summary } = await seedBooks(handle.db, total, years);
      log(NAME, `seeded ${summary} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

      const session = await createUserSession(new Request("http://localhost/"), userId, "/dashboard");
      const localCookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
      const serverCookie = await productionSessionCookie(userId);
      const { loaderOf, capture } = await builtLoaders(localCookie);
      const overviewPath = "/financials?period=current_year";
      const reportPath = "/financial/reports/budget-vs-actual.csv?period=current_year";
      const overviewLoaders = [
        loaderOf("root"),
        loaderOf("routes/_app"),
        loaderOf("routes/_app.financials"),
        loaderOf("routes/_app.financials._index"),
      ];
      const reportLoaders = [loaderOf("routes/financial.reports.$report")];
      await capture(overviewPath, overviewLoaders);
      const measurements = [
        {
          name: "financials-overview",
          label: "/financials Overview HTML (this year)",
          rounds: await capture(overviewPath, overviewLoaders),
          appPath: overviewPath,
        },
        {
          name: "financials-budget-vs-actual",
          label: "budget-vs-actual CSV (this year)",
          rounds: await capture(
            reportPath,
            reportLoaders,
            { report: "budget-vs-actual.csv" },
            { readBodies: true },
          ),
          appPath: reportPath,
        },
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
            connections,
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
            const load = await compareInTurns({
              connections,
              seconds,
              rounds,
              warmupSeconds,
              app: () => app.get(m.appPath),
              bare: () => bare.get("/page"),
            });
            log(NAME, describeLoad(`app  ${m.label} @${connections}`, load.app, "answers"));
            log(NAME, describeLoad(`bare ${m.label} @${connections}`, load.bare, "answers"));
            results.push({
              name: `${m.name} p99`,
              value: load.app.p99Ms,
              unit: `ms p99 @${connections}`,
              baseline: load.bare.p99Ms,
              baselineUnit: `ms bare p99 (${shape})`,
              target: 3,
              lowerIsBetter: true,
              notes: [comparisonNote(`@${connections}`, load.app, load.bare), summary],
            });
            if (m.name !== "financials-overview") return;
            // The export of a whole year of transactions, read to its end, with the server's memory.
            const exportPath = "/api/financial/export?type=expenses&period=last_year";
            const before = await rssOfPort(appPort);
            const started = performance.now();
            const answer = await fetch(`http://127.0.0.1:${appPort}${exportPath}`, {
              headers: { Cookie: serverCookie },
            });
            let bytes = 0;
            let lines = 0;
            let peak = before ?? 0;
            const reader = answer.body?.getReader();
            for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
              bytes += chunk.value.byteLength;
              for (const b of chunk.value) if (b === 10) lines++;
              if (lines % 2_000 < 50) peak = Math.max(peak, (await rssOfPort(appPort)) ?? 0);
            }
            const ms = performance.now() - started;
            const after = await rssOfPort(appPort);
            log(
              NAME,
              `export ${exportPath}: ${answer.status}, ${lines.toLocaleString("en-US")} lines, ` +
                `${Math.round(bytes / 1024).toLocaleString("en-US")} KB in ${Math.round(ms)} ms; ` +
                `app RSS ${before ?? "?"} MB before, peak ${peak || "?"} MB, ${after ?? "?"} MB after`,
            );
          },
        );
      }
      await handle.close();
      return results;
    }),
};
