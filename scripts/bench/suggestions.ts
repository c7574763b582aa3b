// Connection suggestions (issue 28 part 3) on PostgreSQL: 10,000 members with 50 connections each
// (250,000 rows, most accepted, some pending and blocked), 200 associations of 50 members, 200 cities,
// and professional roles (vendors, board members, managers, homeowners, attorneys, CPAs). Times the one
// suggestions statement (app/queries/connection-suggestions.server.ts) for 300 different people, one
// after another, and, in the same run and the same way, a baseline: the statement that lists one
// person's 50 accepted connections (two index lookups). Target (issue 28): p99 <= 50 ms in the
// database; the ratio to the baseline is printed beside it.
import { sql } from "drizzle-orm";
import { suggestionsStatement } from "../../app/queries/connection-suggestions.server";
import { queryRows } from "../../db/client";
import { type Benchmark, type BenchResult, envInt, fmtMs, log, withBenchDatabase } from "./support";

const NAME = "suggestions";
const LIMIT_MS = 50;

/** Deterministic offsets: member i is connected with i + o (mod n) for each o, so 2 x 25 = 50 each. */
function offsets(n: number, perSide: number): number[] {
  const out: number[] = [];
  let o = 1;
  while (out.length < perSide) {
    o = (o * 7 + 13) % Math.floor(n / 2 - 1);
    if (o > 0 && !out.includes(o)) out.push(o);
  }
  return out;
}

export function fill(members: number, perSide: number): string[] {
  const uid = (expr: string) => `md5('member' || (${expr}))::uuid`;
  const offs = offsets(members, perSide);
  return [
    `insert into users (id, email) select ${uid("g")}, 'member' || g || '@bench.test' from generate_series(0, ${members - 1}) g`,
    `insert into user_profiles (id, email, full_name, location, onboarding_completed)
       select ${uid("g")}, 'member' || g || '@bench.test', 'Member ' || g,
         'City ' || (g % 200) || ', FL', true
       from generate_series(0, ${members - 1}) g`,
    `insert into user_professional_roles (user_id, role_type, title, is_current, is_primary)
       select ${uid("g")},
         (array['vendor','board_member','manager','homeowner','homeowner','homeowner','attorney','cpa','vendor','homeowner'])[1 + g % 10],
         'Role', true, true
       from generate_series(0, ${members - 1}) g`,
    `insert into associations (id, name, property_type)
       select md5('assoc' || a)::uuid, 'Association ' || a, 'condominium' from generate_series(0, 199) a`,
    `insert into association_members (association_id, user_id, member_role, status)
       select md5('assoc' || (g % 200))::uuid, ${uid("g")},
         case when g % 10 = 1 then 'board_member' when g % 10 = 2 then 'property_manager' else 'homeowner' end, 'active'
       from generate_series(0, ${members - 1}) g`,
    `insert into connections (requester_id, addressee_id, status, connection_type, blocked_by, accepted_at)
       select ${uid("g")}, ${uid(`(g + o) % ${members}`)},
         case when (g + o) % 50 = 0 then 'pending' when (g + o) % 97 = 0 then 'blocked' else 'accepted' end,
         'professional',
         case when (g + o) % 97 = 0 and (g + o) % 50 <> 0 then ${uid("g")} end,
         case when (g + o) % 50 <> 0 and (g + o) % 97 <> 0 then now() end
       from generate_series(0, ${members - 1}) g, unnest(array[${offs.join(",")}]) o`,
    "vacuum analyze",
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export const suggestionsBench: Benchmark = {
  name: NAME,
  description:
    "connection suggestions for one person among 10,000 members with 50 connections each: p99 in the database",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult[]> => {
      const members = envInt("BENCH_SUGGEST_MEMBERS", 10_000);
      const samples = envInt("BENCH_SUGGEST_SAMPLES", 300);
      const handle = await bench.open(1);
      const t0 = performance.now();
      for (const statement of fill(members, 25)) await handle.db.execute(sql.raw(statement));
      const [counted] = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from connections`,
      );
      log(
        NAME,
        `filled ${members} members, ${counted?.n} connections in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );

      const person = (i: number) => `md5('member' || ${(i * 7919) % members})::uuid`;
      const ids = await queryRows<{ id: string }>(
        handle.db,
        sql.raw(
          `select ${Array.from({ length: samples }, (_, i) => `${person(i)}`).join(" as id union all select ")} as id`,
        ),
      );
      const baseline = (id: string) =>
        sql`select addressee_id as friend from connections where requester_id = ${id} and status = 'accepted'
            union all
            select requester_id from connections where addressee_id = ${id} and status = 'accepted'`;

      // Warm both (plans, caches), then time them in alternating turns.
      for (const { id } of ids.slice(0, 20)) {
        await queryRows(handle.db, suggestionsStatement(id));
        await queryRows(handle.db, baseline(id));
      }
      const timesS: number[] = [];
      const timesB: number[] = [];
      let found = 0;
      let mutualSeen = 0;
      for (const { id } of ids) {
        let s = performance.now();
        const rows = await queryRows<{ mutual: number }>(handle.db, suggestionsStatement(id));
        timesS.push(performance.now() - s);
        found += rows.length;
        mutualSeen += rows.filter((r) => Number(r.mutual) > 0).length;
        s = performance.now();
        await queryRows(handle.db, baseline(id));
        timesB.push(performance.now() - s);
      }
      // What the server itself reports for one person (planning and execution, no round trip).
      const [first] = ids;
      const explained = first
        ? await queryRows<{ "QUERY PLAN": unknown }>(
            handle.db,
            sql`explain (analyze, format json) ${suggestionsStatement(first.id)}`,
          )
        : [];
      const plan = (explained[0]?.["QUERY PLAN"] as { "Execution Time"?: number }[] | undefined)?.[0];
      await handle.close();
      timesS.sort((a, b) => a - b);
      timesB.sort((a, b) => a - b);
      const p99 = percentile(timesS, 99);
      const p50 = percentile(timesS, 50);
      const b99 = percentile(timesB, 99);
      const notes = [
        `suggestions p50 ${fmtMs(p50)} ms, p99 ${fmtMs(p99)} ms over ${timesS.length} people`,
        `baseline (one person's connections) p50 ${fmtMs(percentile(timesB, 50))} ms, p99 ${fmtMs(b99)} ms`,
        `${(found / Math.max(1, ids.length)).toFixed(1)} suggestions per person, ${mutualSeen} with mutual connections`,
        ...(plan?.["Execution Time"]
          ? [`EXPLAIN ANALYZE execution ${fmtMs(plan["Execution Time"])} ms`]
          : []),
      ];
      for (const n of notes) log(NAME, n);
      return [
        {
          name: NAME,
          value: p99,
          unit: "ms p99",
          baseline: LIMIT_MS,
          baselineUnit: "ms limit",
          target: 1,
          lowerIsBetter: true,
          notes,
        },
        {
          name: `${NAME}-vs-lookup`,
          value: p99,
          unit: "ms p99",
          baseline: b99,
          baselineUnit: "ms p99 of one person's connections",
          // The suggestions read ~2,400 second-degree rows, an association, a city and the roles by
          // index-only scans: within ten times one person's 50-row lookup.
          target: 10,
          lowerIsBetter: true,
          notes: [`ratio ${(p99 / Math.max(b99, 1e-9)).toFixed(1)}x`],
        },
      ];
    }),
};
