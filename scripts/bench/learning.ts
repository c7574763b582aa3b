// The learning dashboard with a heavy learner's data (issue 30's performance bar): one person with 200
// course enrolments and 3 years of activity (lesson completions, quiz attempts, learning days on most
// days, a few learning paths), among 2,000 other learners with activity of their own, so the indexes
// matter. Two measurements, each against a bare Node handler (scripts/bench/bare-server.mjs) running
// the very SQL statements the app's loaders sent, in the same dependent rounds (as
// scripts/bench/calendar.ts does):
//   - /learning-hub (the default tab and period: Continue Learning's courses, the last 7 days);
//   - /learning-hub?period=all (Recent Activity over everything the person ever did).
// Target: p99 <= 3x the bare handler's. Printed, never asserted.
// BENCH_LEARNING_COURSES (220), BENCH_LEARNING_ENROLMENTS (200), BENCH_LEARNING_OTHERS (2000),
// BENCH_LEARNING_SECONDS (10), BENCH_LEARNING_CONNECTIONS (4), BENCH_LEARNING_ROUNDS (2),
// BENCH_CPU_PROF=dir (a CPU profile of the app server per measurement).
import { eq, sql } from "drizzle-orm";
import { createUserSession } from "../../app/auth/session.server";
import { createAccount } from "../../app/commands/accounts.server";
import { addRole } from "../../app/commands/roles.server";
import { type Database, queryRows } from "../../db/client";
import { userProfiles } from "../../db/schema";
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

const NAME = "learning";
const ZONE = "America/New_York";
/** Three years of activity, in days. */
const SPAN_DAYS = 3 * 365;

const QUESTIONS = JSON.stringify([
  {
    id: "q1",
    prompt: "Who approves the annual budget?",
    kind: "single",
    options: [
      { id: "a", text: "The board" },
      { id: "b", text: "The manager" },
    ],
    correct: ["a"],
  },
  {
    id: "q2",
    prompt: "Which of these are reserve components?",
    kind: "multiple",
    options: [
      { id: "a", text: "Roof" },
      { id: "b", text: "Coffee" },
      { id: "c", text: "Elevator" },
    ],
    correct: ["a", "c"],
  },
]);

/**
 * The catalogue (`courseCount` published courses of 3 modules, each of 3 lessons and a quiz; 8 paths of
 * 5 courses), the person (`enrolments` courses over 3 years: most completed, the rest in progress; their
 * lessons, quiz attempts with some fails, learning days on ~90% of the days up to today, 3 paths) and
 * `others` background learners (10 courses each, half their lessons, a quiz attempt per course, 150
 * learning days), all bulk-inserted with generate_series; the counters the commands keep, set from the
 * rows; planner statistics gathered.
 */
export async function seedLearning(
  db: Database,
  sizes: { courses: number; enrolments: number; others: number },
) {
  const enrolments = Math.min(sizes.enrolments, sizes.courses);
  const user = await createAccount(db, {
    email: "learner@bench.test",
    password: "correct-horse-battery",
    full_name: "Lee Learner",
  });
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
  const personId = user.id;

  // The catalogue; `n` (the course's number) is in its slug, bench-course-NNN.
  await db.execute(sql`
    insert into courses (slug, title, short_description, description, difficulty, estimated_minutes,
                         target_roles, is_featured, status)
    select 'bench-course-' || lpad(n::text, 4, '0'), 'Bench course ' || n,
           'What a board member should know, part ' || n || '.',
           'A longer description of course ' || n || ': what it covers and for whom.',
           (array['beginner','intermediate','advanced'])[1 + n % 3], 30 + n % 90,
           case n % 4 when 0 then array['board_member'] when 1 then array['manager']
                      when 2 then array['vendor'] else '{}'::text[] end,
           n % 25 = 0, 'published'
    from generate_series(1, ${sizes.courses}) n`);
  await db.execute(sql`
    insert into course_modules (course_id, position, title)
    select c.id, m, 'Module ' || m from courses c cross join generate_series(1, 3) m`);
  await db.execute(sql`
    insert into course_lessons (course_id, module_id, position, title, body_markdown, estimated_minutes)
    select m.course_id, m.id, l, 'Lesson ' || m.position || '.' || l,
           'Some **Markdown** for lesson ' || l || ' of module ' || m.position || '.', 5 + l * 5
    from course_modules m cross join generate_series(1, 3) l`);
  await db.execute(sql`
    insert into course_quizzes (course_id, module_id, title, pass_percent, questions)
    select m.course_id, m.id, 'Module ' || m.position || ' quiz', 70, ${QUESTIONS}::jsonb
    from course_modules m`);
  await db.execute(sql`
    insert into learning_paths (slug, title, short_description, description, difficulty,
                                estimated_duration_days, is_featured, target_role)
    select 'bench-path-' || n, 'Bench path ' || n, 'Five courses toward a goal.', 'A path of five courses.',
           (array['beginner','intermediate','advanced'])[1 + n % 3], 30 + n * 5, n = 1,
           case when n % 2 = 0 then 'board_member' end
    from generate_series(1, 8) n`);
  await db.execute(sql`
    insert into learning_path_courses (path_id, course_id, position)
    select p.id, c.id, k
    from (select id, substring(slug from 12)::int as pn from learning_paths) p
    cross join generate_series(1, 5) k
    join (select id, substring(slug from 14)::int as cn from courses) c on c.cn = (p.pn - 1) * 5 + k`);

  // Lessons and quizzes in course order: index 1..9 over modules 1..3.
  await db.execute(sql`
    create temporary table bench_lessons as
    select l.id, l.course_id, (m.position - 1) * 3 + l.position as idx
    from course_lessons l join course_modules m on m.id = l.module_id`);

  // The person: course n of the first `enrolments` enrolled at n / enrolments of the way through the 3
  // years; every fifth in progress, the rest completed 20 days after enrolling (the newest still in
  // progress: their 20 days are not over).
  await db.execute(sql`
    insert into course_enrollments (user_id, course_id, status, progress_percent, current_module_id,
                                    enrolled_at, completed_at, last_accessed_at)
    select ${personId}, c.id, s.status, case when s.status = 'completed' then 100 else p.progress end,
           case when s.status = 'completed' then null
                else (select m.id from course_modules m where m.course_id = c.id and m.position = 1 + p.progress / 34) end,
           e.at, case when s.status = 'completed' then e.at + interval '20 days' end,
           least(now(), e.at + interval '20 days' + (c.cn % 7) * interval '1 hour')
    from (select id, substring(slug from 14)::int as cn from courses) c
    cross join lateral (select now() - (${SPAN_DAYS} - c.cn * ${SPAN_DAYS} / ${enrolments}) * interval '1 day' + (c.cn % 9) * interval '1 hour' as at) e
    cross join lateral (select (c.cn * 37) % 90 + 5 as progress) p
    cross join lateral (select case when c.cn % 5 = 0 or e.at > now() - interval '21 days'
                                    then 'active' else 'completed' end as status) s
    where c.cn <= ${enrolments}`);
  await db.execute(sql`
    insert into lesson_completions (user_id, lesson_id, course_id, completed_at)
    select e.user_id, l.id, l.course_id, least(now(), e.enrolled_at + l.idx * interval '2 days')
    from course_enrollments e join bench_lessons l on l.course_id = e.course_id
    where e.user_id = ${personId} and (e.status = 'completed' or l.idx <= e.progress_percent * 9 / 100)`);
  // A quiz attempt per module whose lessons are done (a failed one first on every third).
  await db.execute(sql`
    insert into quiz_attempts (user_id, quiz_id, course_id, answers, score, total, percent, passed,
                               right_question_ids, created_at)
    select e.user_id, q.id, q.course_id, '{"q1":["a"],"q2":["a","c"]}'::jsonb,
           case when t.failed then 1 else 2 end, 2, case when t.failed then 50 else 100 end, not t.failed,
           case when t.failed then array['q1'] else array['q1','q2'] end,
           least(now(), e.enrolled_at + m.position * interval '6 days' + t.hours * interval '1 hour')
    from course_enrollments e
    join course_modules m on m.course_id = e.course_id
    join course_quizzes q on q.module_id = m.id
    cross join lateral (values (false, 2), (true, 1)) t(failed, hours)
    where e.user_id = ${personId}
      and (e.status = 'completed' or m.position * 3 <= e.progress_percent * 9 / 100)
      and (not t.failed or (substring((select slug from courses where id = e.course_id) from 14)::int + m.position) % 3 = 0)`);
  await db.execute(sql`
    insert into learning_days (user_id, day, seconds, activities)
    select ${personId}, (now() at time zone ${ZONE})::date - d, 300 + (d * 37) % 3000, 1 + d % 5
    from generate_series(0, ${SPAN_DAYS}) d
    where d < 40 or (d * 7919) % 10 <> 0`);
  await db.execute(sql`
    insert into path_enrollments (user_id, path_id, enrolled_at)
    select ${personId}, id, now() - (substring(slug from 12)::int * 100) * interval '1 day'
    from learning_paths where slug in ('bench-path-1', 'bench-path-2', 'bench-path-3')`);

  // The other learners (straight into users: no profile needed to have learned).
  await db.execute(sql`
    insert into users (email) select 'learner' || n || '@others.bench.test' from generate_series(1, ${sizes.others}) n`);
  await db.execute(sql`
    insert into course_enrollments (user_id, course_id, status, progress_percent, enrolled_at, completed_at, last_accessed_at)
    select u.id, c.id, case when k % 3 = 0 then 'completed' else 'active' end,
           case when k % 3 = 0 then 100 else 50 end,
           now() - ((u.un * 13 + k * 97) % ${SPAN_DAYS}) * interval '1 day',
           case when k % 3 = 0 then now() - ((u.un * 13 + k * 97) % ${SPAN_DAYS}) * interval '1 day' + interval '10 days' end,
           now() - ((u.un * 13 + k * 97) % ${SPAN_DAYS}) * interval '1 day' + interval '5 days'
    from (select id, row_number() over (order by email) as un from users where email like '%@others.bench.test') u
    cross join generate_series(1, 10) k
    join (select id, substring(slug from 14)::int as cn from courses) c
      on c.cn = 1 + (u.un * 7 + k * 23) % ${sizes.courses}`);
  await db.execute(sql`
    insert into lesson_completions (user_id, lesson_id, course_id, completed_at)
    select e.user_id, l.id, l.course_id, least(now(), e.enrolled_at + l.idx * interval '1 day')
    from course_enrollments e join bench_lessons l on l.course_id = e.course_id and l.idx <= 5
    where e.user_id <> ${personId}`);
  await db.execute(sql`
    insert into quiz_attempts (user_id, quiz_id, course_id, answers, score, total, percent, passed,
                               right_question_ids, created_at)
    select e.user_id, q.id, q.course_id, '{"q1":["a"],"q2":["a"]}'::jsonb, 1, 2, 50, false, array['q1'],
           least(now(), e.enrolled_at + interval '3 days')
    from course_enrollments e join course_modules m on m.course_id = e.course_id and m.position = 1
    join course_quizzes q on q.module_id = m.id
    where e.user_id <> ${personId}`);
  await db.execute(sql`
    insert into learning_days (user_id, day, seconds, activities)
    select u.id, current_date - ((u.un * 11 + d * 7) % ${SPAN_DAYS})::int, 600, 2
    from (select id, row_number() over (order by email) as un from users where email like '%@others.bench.test') u
    cross join generate_series(1, 150) d
    on conflict do nothing`);
  await db.execute(sql`
    insert into path_enrollments (user_id, path_id, enrolled_at)
    select u.id, p.id, now() - interval '30 days'
    from (select id, row_number() over (order by email) as un from users where email like '%@others.bench.test') u
    join (select id, substring(slug from 12)::int as pn from learning_paths) p on p.pn = 1 + u.un % 8
    where u.un % 4 = 0`);
  // The counters the commands keep in step.
  await db.execute(sql`
    update courses c set enrollment_count = s.enrolled, completion_count = s.completed
    from (select course_id, count(*)::int as enrolled, count(*) filter (where status = 'completed')::int as completed
          from course_enrollments group by course_id) s
    where s.course_id = c.id`);
  await db.execute(sql`
    update learning_paths p set enrollment_count = s.n
    from (select path_id, count(*)::int as n from path_enrollments group by path_id) s where s.path_id = p.id`);
  await db.execute(sql`drop table bench_lessons`);
  await db.execute(sql`analyze`);

  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`
    select (select count(*)::int from course_enrollments where user_id = ${personId}) as enrolments,
           (select count(*)::int from course_enrollments where user_id = ${personId} and status = 'completed') as completed,
           (select count(*)::int from lesson_completions where user_id = ${personId}) as lessons,
           (select count(*)::int from quiz_attempts where user_id = ${personId}) as attempts,
           (select count(*)::int from learning_days where user_id = ${personId}) as days,
           (select count(*)::int from course_enrollments) as all_enrolments,
           (select count(*)::int from lesson_completions) as all_lessons,
           (select count(*)::int from quiz_attempts) as all_attempts,
           (select count(*)::int from learning_days) as all_days`,
  );
  const c = counts ?? {};
  const fmt = (n: number | undefined) => Number(n ?? 0).toLocaleString("en-US");
  return {
    personId,
    summary:
      `${sizes.courses} courses; the person: ${fmt(c.enrolments)} enrolments (${fmt(c.completed)} completed), ` +
      `${fmt(c.lessons)} lessons, ${fmt(c.attempts)} quiz attempts, ${fmt(c.days)} learning days, 3 paths; ` +
      `${fmt(sizes.others)} others: ${fmt(c.all_enrolments)} enrolments, ${fmt(c.all_lessons)} lessons, ` +
      `${fmt(c.all_attempts)} attempts, ${fmt(c.all_days)} learning days in all`,
  };
}

export const learningBench: Benchmark = {
  name: NAME,
  description:
    "the /learning-hub dashboard of a person with 200 enrolments and 3 years of activity vs a bare handler running the same SQL",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult[]> => {
      const sizes = {
        courses: envInt("BENCH_LEARNING_COURSES", 220),
        enrolments: envInt("BENCH_LEARNING_ENROLMENTS", 200),
        others: envInt("BENCH_LEARNING_OTHERS", 2_000),
      };
      const seconds = envNumber("BENCH_LEARNING_SECONDS", 10);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      const connections = envInt("BENCH_LEARNING_CONNECTIONS", 4);
      const rounds = envInt("BENCH_LEARNING_ROUNDS", 2);
      buildApp(NAME);
      const handle = await bench.open(10);
      globalThis.__dbHandle = Promise.resolve(handle);
      const secret = await appSessionSecret();
      const t0 = performance.now();
      const { personId, summary } = await seedLearning(handle.db, sizes);
      log(NAME, `seeded ${summary} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

      const session = await createUserSession(new Request("http://localhost/"), personId, "/dashboard");
      const localCookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
      const serverCookie = await productionSessionCookie(personId);
      const { loaderOf, capture } = await builtLoaders(localCookie);
      const loaders = [
        loaderOf("root"),
        loaderOf("routes/_app"),
        loaderOf("routes/_app.learning-hub._index"),
      ];
      const measurements = [
        { name: "learning-dashboard", label: "/learning-hub", path: "/learning-hub" },
        {
          name: "learning-dashboard-all",
          label: "/learning-hub?period=all",
          path: "/learning-hub?period=all",
        },
      ];
      const results: BenchResult[] = [];
      for (const m of measurements) {
        // Warm the in-process code paths (and the "last seen" write) before capturing.
        await capture(m.path, loaders);
        const captured = await capture(m.path, loaders);
        const shape = `${captured.flat().length} statements in ${captured.length} rounds (${captured.map((r) => r.length).join(" + ")})`;
        log(NAME, `${m.label}: the loaders send ${shape}`);
        await withServerPair(
          {
            name: NAME,
            databaseUrl: bench.url,
            sessionSecret: secret,
            cookie: serverCookie,
            connections,
            rounds: captured,
            profileDir: process.env.BENCH_CPU_PROF,
          },
          async ({ app, bare, appPort, barePort }) => {
            for (let i = 0; i < 5; i++) {
              const [a, b] = await Promise.all([app.get(m.path), bare.get("/page")]);
              if (!a || !b) {
                const answer = a
                  ? await fetch(`http://127.0.0.1:${barePort}/page`)
                  : await fetch(`http://127.0.0.1:${appPort}${m.path}`, {
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
                await fetch(`http://127.0.0.1:${appPort}${m.path}`, { headers: { Cookie: serverCookie } })
              ).arrayBuffer()
            ).byteLength;
            log(NAME, `${m.label}: ${Math.round(size / 1024).toLocaleString("en-US")} KB per answer`);
            const load = await compareInTurns({
              connections,
              seconds,
              rounds,
              warmupSeconds,
              app: () => app.get(m.path),
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
              notes: [
                comparisonNote(`@${connections}`, load.app, load.bare),
                `p50 ${load.app.p50Ms.toFixed(1)} vs ${load.bare.p50Ms.toFixed(1)} ms`,
                summary,
              ],
            });
          },
        );
      }
      await handle.close();
      return results;
    }),
};
