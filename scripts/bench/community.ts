// The community feed at the issue's scale (issue 29, quality bar): 1,000,000 posts, 5,000,000 votes,
// 10,000 members. Two measurements:
//   - the first page of each sort (Most Recent, Hot, Top this week, Controversial) of the feed
//     (/common-area, the Professional Feed) for a member, HTML through the production server, against a
//     bare Node handler (scripts/bench/bare-server.mjs) running the very SQL statements the app's
//     loaders sent, in the same dependent rounds (as calendar.ts and pages.ts do): p99 <= 3x the bare
//     handler's;
//   - a new post (app/commands/community-posts.server.ts createPost, run by this process on a pool of
//     its own, as a third app server would: its transaction's pg_notify -> each server's one LISTEN ->
//     readersOfPost -> the streams) reaches 1,000 open feed streams (/api/notifications/stream, one per
//     member, half on each of two production app servers on one PostgreSQL database): the time to the
//     last stream's `post` event, under 1 s.
// The data is seeded set-based (generate_series, one transaction, foreign keys not re-checked: the
// rows are consistent by construction); only the member, the poster and the first association go
// through the app's commands. Posts are spread over two years (denser lately), written by members
// chosen with a skew (a few write much), 70% public, 12% professional, 10% organization, 8%
// connections only, in their author's association or company; votes per post follow a heavy-tailed
// (Lomax) distribution, 10% of posts split near even; the stored sort numbers are computed in SQL and
// checked against domain/community/sorts.ts on a sample. The member is a board member of an
// association, with 200 connections, 5 blocked authors (among them prolific ones) and votes of their own.
// BENCH_COMMUNITY_POSTS (1000000), BENCH_COMMUNITY_VOTES (5000000), BENCH_COMMUNITY_MEMBERS (10000),
// BENCH_COMMUNITY_STREAMS (1000), BENCH_COMMUNITY_POST_ROUNDS (3), BENCH_COMMUNITY_SECONDS (10),
// BENCH_COMMUNITY_CONNECTIONS (4), BENCH_COMMUNITY_ROUNDS (2), BENCH_COMMUNITY_SORTS (recent,hot,top,
// controversial), BENCH_COMMUNITY_STREAMS_ONLY=1 / BENCH_COMMUNITY_FEED_ONLY=1 (one measurement only);
// BENCH_CPU_PROF=dir (a CPU profile of the app server per sort).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { createUserSession } from "../../app/auth/session.server";
import { createAccount } from "../../app/commands/accounts.server";
import { createAssociation } from "../../app/commands/associations.server";
import { createPost } from "../../app/commands/community-posts.server";
import { addRole } from "../../app/commands/roles.server";
import type { Database } from "../../db/client";
import { userProfiles } from "../../db/schema";
import { FEED_SORT_LABELS, FEED_SORTS, type FeedSort, sortNumbers } from "../../domain/community/sorts";
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
  serverEnv,
  stopChild,
  waitForHttp,
  withBenchDatabase,
  withServerPair,
} from "./support";

const NAME = "community";
/** The delivery limit of the issue: a new post on every open feed within 1 s. */
const DELIVERY_LIMIT_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface CommunitySizes {
  posts: number;
  votes: number;
  members: number;
}

export function communitySizes(): CommunitySizes {
  return {
    posts: envInt("BENCH_COMMUNITY_POSTS", 1_000_000),
    votes: envInt("BENCH_COMMUNITY_VOTES", 5_000_000),
    members: Math.max(envInt("BENCH_COMMUNITY_MEMBERS", 10_000), 20),
  };
}

/** Votes per post: Lomax (Pareto II) with shape 1.5, capped; the scale that gives `mean` once capped. */
const VOTE_SHAPE = 1.5;
function voteScale(mean: number, cap: number): number {
  // E[min(X, c)] = λ/(α-1) · (1 - (λ/(λ+c))^(α-1)); increasing in λ: bisection.
  const capped = (l: number) => (l / (VOTE_SHAPE - 1)) * (1 - (l / (l + cap)) ** (VOTE_SHAPE - 1));
  let lo = 1e-6;
  let hi = cap;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (capped(mid) < mean) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A stride coprime with `m`: k -> (a + k·stride) mod m visits distinct members for k < m. */
function strideFor(m: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  for (const p of [104_729, 15_485_863, 7919, 6007, 4099]) if (gcd(p, m) === 1) return p;
  return 1;
}

/** An onboarded member with a verified role in `associationId` (or creating the first association). */
async function onboardedMember(db: Database, email: string, fullName: string) {
  const user = await createAccount(
    db,
    { email, password: "correct-horse-battery", full_name: fullName },
    { emailConfirmed: true },
  );
  const role = await addRole(
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
    .set({ onboardingCompleted: true, onboardingStep: "complete" })
    .where(eq(userProfiles.id, user.id));
  return { id: user.id, contextId: role.contextId };
}

export interface CommunityData {
  memberId: string;
  posterId: string;
  posterContextId: string;
  associationId: string;
  /** Members (not the member, not the poster) for the streams, in order. */
  readerIds: (count: number) => Promise<string[]>;
  summary: string;
}

/**
 * Seeds the feed's data (see the header) into `db` (the app's pool) and, set-based, through a
 * connection of its own to `url`. Returns the member who reads, the poster and a summary.
 */
export async function seedCommunity(
  db: Database,
  url: string,
  sizes: CommunitySizes,
): Promise<CommunityData> {
  const { posts: P, votes: V, members: M } = sizes;
  const member = await onboardedMember(db, "member@bench.test", "Morgan Member");
  const poster = await onboardedMember(db, "poster@bench.test", "Pat Poster");
  const { id: associationId } = await createAssociation(
    db,
    {
      name: "Bench Towers",
      propertyType: "condominium",
      unitCount: 120,
      timeZone: "America/New_York",
      fiscalYearStartMonth: 1,
      boardSeats: 5,
      quorumMinimum: null,
    },
    { userId: member.id, memberRole: "board_member", boardOffice: "president" },
  );
  await db.execute(
    sql`insert into association_members (association_id, user_id, member_role, board_office, status)
        values (${associationId}, ${poster.id}, 'board_member', 'treasurer', 'active')`,
  );
  const ASSOCIATIONS = Math.max(2, Math.round(M / 50));
  const COMPANIES = Math.max(2, Math.round(M / 30));
  const cap = Math.min(5000, M - 1);
  const scale = voteScale(V / P, cap);
  const stride = strideFor(M);
  const roles = [
    "homeowner",
    "homeowner",
    "homeowner",
    "homeowner",
    "board_member",
    "board_member",
    "manager",
    "vendor",
    "vendor",
    "attorney",
    "cpa",
    "other",
  ];
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const step = async (label: string, statement: string) => {
    const t0 = performance.now();
    await client.unsafe(statement);
    log(NAME, `  ${label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  try {
    await client.begin(async (tx) => {
      const run = async (label: string, statement: string) => {
        const t0 = performance.now();
        const result = await tx.unsafe(statement);
        log(
          NAME,
          // Several statements answer as one: their row count is the last one's, so none is shown.
          `  ${label}: ${statement.includes(";") ? "" : `${result.count?.toLocaleString("en-US")} rows `}in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
      };
      // Set-based seeding of rows consistent by construction: foreign keys are not re-checked row by row.
      await tx.unsafe("set local session_replication_role = replica");
      await tx.unsafe("set local work_mem = '256MB'");
      await tx.unsafe("set local maintenance_work_mem = '512MB'");
      await tx.unsafe(`select setseed(0.29)`);
      const hash = (
        await tx.unsafe<{ password_hash: string }[]>(
          `select password_hash from users where id = '${member.id}'`,
        )
      )[0]?.password_hash;
      // The members: n 1 and 2 are the member and the poster; the others are new.
      await run(
        "members",
        `create temp table bench_members on commit drop as
           select 1 as n, '${member.id}'::uuid as id, 'board_member' as role_type, null::int as company_n,
             1 as association_n, null::uuid as role_id, '${member.contextId}'::uuid as context_id
           union all
           select 2, '${poster.id}'::uuid, 'board_member', null, 1, null, '${poster.contextId}'::uuid
           union all
           select g, gen_random_uuid(), r.role_type,
             case when r.role_type in ('homeowner', 'board_member') then null else 1 + g % ${COMPANIES} end,
             case when r.role_type in ('homeowner', 'board_member') then 1 + g % ${ASSOCIATIONS} end,
             gen_random_uuid(), gen_random_uuid()
           from generate_series(3, ${M}) g
           cross join lateral (select (array[${roles.map((r) => `'${r}'`).join(",")}])[1 + g % ${roles.length}] as role_type) r`,
      );
      await tx.unsafe("alter table bench_members add primary key (n)");
      await run(
        "associations",
        `create temp table bench_associations on commit drop as
           select 1 as n, '${associationId}'::uuid as id
           union all select g, gen_random_uuid() from generate_series(2, ${ASSOCIATIONS}) g;
         insert into associations (id, name, property_type, unit_count)
           select id, 'Bench Association ' || n, 'condominium', 50 + n % 200 from bench_associations where n > 1`,
      );
      await run(
        "companies",
        `create temp table bench_companies on commit drop as
           select g as n, gen_random_uuid() as id from generate_series(1, ${COMPANIES}) g;
         insert into organizations (id, name, organization_type) select id, 'Bench Company ' || n, 'other' from bench_companies`,
      );
      await run(
        "users",
        `insert into users (id, email, password_hash, email_confirmed_at)
           select id, 'member-' || n || '@bench.test', '${hash}', now() from bench_members where n > 2`,
      );
      await run(
        "profiles",
        `insert into user_profiles (id, email, full_name, username, onboarding_completed, onboarding_step, active_role_context)
           select id, 'member-' || n || '@bench.test', 'Member ' || n, 'member-' || n, true, 'complete', context_id
           from bench_members where n > 2`,
      );
      await run(
        "roles",
        `insert into user_professional_roles (id, user_id, role_type, title, organization_id, organization_name,
             is_primary, verification_status, verified_at)
           select m.id_role, m.id, m.role_type, initcap(replace(m.role_type, '_', ' ')), c.id,
             case when c.id is not null then 'Bench Company ' || m.company_n end, true, 'verified', now()
           from (select *, role_id as id_role from bench_members where n > 2) m
           left join bench_companies c on c.n = m.company_n;
         insert into role_contexts (id, user_id, professional_role_id, context_name, context_type, organization_id, is_default)
           select m.context_id, m.id, m.role_id, initcap(replace(m.role_type, '_', ' ')), m.role_type, c.id, true
           from bench_members m left join bench_companies c on c.n = m.company_n where m.n > 2`,
      );
      await run(
        "association members",
        `insert into association_members (association_id, user_id, member_role, status, joined_at)
           select a.id, m.id, m.role_type, 'active', now()
           from bench_members m join bench_associations a on a.n = m.association_n where m.n > 2`,
      );
      // Connections: the member's 200 accepted; every other member about 4; the member blocks 5 authors
      // (members 3, 4 and 5 write the most: authors are skewed toward low numbers).
      await run(
        "connections",
        `insert into connections (requester_id, addressee_id, status, accepted_at)
           select '${member.id}'::uuid, m.id, 'accepted', now() from bench_members m
           where m.n > 10 and m.n % ${Math.max(1, Math.floor(M / 200))} = 0
           on conflict do nothing;
         insert into connections (requester_id, addressee_id, status, blocked_by, blocked_at)
           select '${member.id}'::uuid, m.id, 'blocked', '${member.id}'::uuid, now() from bench_members m
           where m.n in (3, 4, 5, 1001, 2001) and m.n <= ${M}
           on conflict do nothing;
         insert into connections (requester_id, addressee_id, status, accepted_at)
           select a.id, b.id, 'accepted', now()
           from bench_members a cross join generate_series(1, 4) j
           join bench_members b on b.n = 3 + (a.n * 31 + j * 977) % ${M - 2}
           where a.n > 2 and a.n <> b.n
           on conflict do nothing`,
      );
      // The posts' plan: author, time, visibility, type, votes (n) and up votes.
      await run(
        "post plan",
        `create temp table bench_plan on commit drop as
           select n, id, author_n, created_at, rv, rt, rl, votes,
             case when rc < 0.1 then 0.4 + 0.2 * ru else 0.75 + 0.25 * ru end as up_ratio, 0 as ups
           from (select g as n, gen_random_uuid() as id,
               3 + floor(${M - 2} * power(random(), 2))::int as author_n,
               date_trunc('milliseconds', now() - interval '730 days' * power(random(), 1.5)) as created_at,
               random() as rv, random() as rt, random() as rl, random() as rc, random() as ru,
               least(${cap}, floor(${scale} * (power(1 - random(), -1 / ${VOTE_SHAPE}) - 1)))::int as votes
             from generate_series(1, ${P}) g) x`,
      );
      // The heavy tail makes the sum wander: scaled to the asked total (rounded at random, so the
      // expectation is exact), within the cap.
      await run(
        "votes scaled to the total",
        `update bench_plan set votes = least(${cap}, floor(votes * f.factor + random())::int)
           from (select ${V}::float8 / greatest(sum(votes), 1) as factor from bench_plan) f;
         update bench_plan set ups = round(votes * up_ratio)`,
      );
      await run(
        "posts",
        `insert into posts (id, author_id, author_context_id, association_id, organization_id, post_type, visibility,
             title, content, upvotes, downvotes, score, hot_score, controversy, comments_count, created_at, updated_at)
           select p.id, m.id, m.context_id, a.id, case when a.id is null then c.id end,
             case when p.rt < 0.75 then 'text' when p.rt < 0.83 then 'link' when p.rt < 0.88 then 'industry_news'
               when p.rt < 0.93 then 'property_update' when p.rt < 0.97 then 'event' else 'rfp_announcement' end,
             case when p.rv < 0.70 then 'public' when p.rv < 0.82 then 'professional'
               when p.rv < 0.92 and (a.id is not null or c.id is not null) then 'organization'
               when p.rv < 0.92 then 'public' else 'connections_only' end,
             left(x.content, 100), x.content, p.ups, p.votes - p.ups, 2 * p.ups - p.votes,
             round(((sign(2 * p.ups - p.votes) * log(greatest(abs(2 * p.ups - p.votes), 1)::float8))
               + (extract(epoch from p.created_at)::float8 - 1134028003) / 45000) * 1e7) / 1e7,
             case when p.ups > 0 and p.votes > p.ups
               then power(p.votes::float8, least(p.ups, p.votes - p.ups)::float8 / greatest(p.ups, p.votes - p.ups))
               else 0 end,
             0, p.created_at, p.created_at
           from bench_plan p
           join bench_members m on m.n = p.author_n
           left join bench_associations a on a.n = m.association_n
           left join bench_companies c on c.n = m.company_n
           cross join lateral (select 'Post ' || p.n || ': ' || repeat(md5(p.n::text) || ' ', 1 + floor(p.rl * 8)::int)
             || ' #community' as content offset 0) x`,
      );
      await run(
        "votes",
        `insert into post_votes (post_id, user_id, value, created_at, updated_at)
           select p.id, m.id, case when k <= p.ups then 1 else -1 end, p.created_at, p.created_at
           from bench_plan p cross join lateral generate_series(1, p.votes) k
           join bench_members m on m.n = 1 + (p.n::bigint * 7 + k::bigint * ${stride}) % ${M}
           where p.votes > 0
           order by p.id, m.id`,
      );
      await run(
        "karma",
        `insert into user_karma (user_id, post_karma, total)
           select m.id, sum(2 * p.ups - p.votes), sum(2 * p.ups - p.votes)
           from bench_plan p join bench_members m on m.n = p.author_n group by m.id`,
      );
      // A few moderated posts (hidden), the member's bookmarks and shares.
      await run(
        "moderation, bookmarks, shares",
        `insert into moderated_content (target_kind, target_id, author_id, state, reason)
           select 'post', p.id, m.id, 'hidden', 'Spam' from bench_plan p join bench_members m on m.n = p.author_n
           where p.n % 1000 = 7;
         insert into post_bookmarks (post_id, user_id, created_at)
           select id, '${member.id}'::uuid, created_at from bench_plan where n % ${Math.max(1, Math.floor(P / 100))} = 3;
         insert into post_shares (post_id, user_id, created_at)
           select id, '${member.id}'::uuid, created_at from bench_plan where n % ${Math.max(1, Math.floor(P / 50))} = 5;
         update posts set bookmarks_count = 1 where id in (select post_id from post_bookmarks);
         update posts set shares_count = 1 where id in (select post_id from post_shares)`,
      );
    });
    // Statistics and the visibility map, as autovacuum keeps them on a live database.
    await step("vacuum analyze", "vacuum analyze");
    // The stored sort numbers, computed in SQL above, against the domain's formulas.
    const sample = await client.unsafe<
      {
        upvotes: number;
        downvotes: number;
        score: number;
        hot: number;
        controversy: number;
        created: number;
      }[]
    >(
      `select upvotes, downvotes, score, hot_score as hot, controversy,
         (extract(epoch from created_at) * 1000)::float8 as created
       from posts where upvotes + downvotes > 0 order by id limit 1000`,
    );
    for (const r of sample) {
      const expected = sortNumbers(r.upvotes, r.downvotes, new Date(r.created));
      if (
        expected.score !== r.score ||
        Math.abs(expected.hotScore - r.hot) > 1e-6 ||
        Math.abs(expected.controversy - r.controversy) > 1e-9 * Math.max(1, expected.controversy)
      )
        throw new Error(`seeded sort numbers differ from domain/community/sorts.ts: ${JSON.stringify(r)}`);
    }
    const [counts] = await client.unsafe<
      {
        posts: number;
        votes: number;
        members: number;
        max_votes: number;
        median_votes: number;
        member_votes: number;
      }[]
    >(
      `select (select count(*)::int from posts) as posts, (select count(*)::int from post_votes) as votes,
         (select count(*)::int from users) as members,
         (select max(upvotes + downvotes) from posts) as max_votes,
         (select percentile_disc(0.5) within group (order by upvotes + downvotes) from posts) as median_votes,
         (select count(*)::int from post_votes where user_id = '${member.id}') as member_votes`,
    );
    return {
      memberId: member.id,
      posterId: poster.id,
      posterContextId: poster.contextId,
      associationId,
      readerIds: async (count) =>
        (
          await client.unsafe<{ id: string }[]>(
            `select u.id from users u where u.email like 'member-%@bench.test'
             order by u.email limit ${Math.floor(count)}`,
          )
        ).map((r) => r.id),
      summary:
        `${counts?.posts.toLocaleString("en-US")} posts, ${counts?.votes.toLocaleString("en-US")} votes ` +
        `(median ${counts?.median_votes} a post, at most ${counts?.max_votes}; the member's ${counts?.member_votes}), ` +
        `${counts?.members.toLocaleString("en-US")} members in ${ASSOCIATIONS} associations and ${COMPANIES} companies`,
    };
  } finally {
    // readerIds runs later on the same client: closed by closeSeedClient.
    closers.push(() => client.end());
  }
}

const closers: (() => Promise<void>)[] = [];
async function closeSeedClients() {
  await Promise.allSettled(closers.splice(0).map((c) => c()));
}

interface Stream {
  request: http.ClientRequest;
  /** Resolves with the time a `post` event for this post id arrived. */
  waitFor(postId: string): Promise<number>;
}

/** Opens a feed's live stream on `port`, noting each `post` event's id and arrival time. */
function openStream(port: number, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    const waiting = new Map<string, (t: number) => void>();
    const seen = new Map<string, number>();
    const request = http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/api/notifications/stream",
        headers: { Cookie: cookie, Accept: "text/event-stream", "Accept-Encoding": "gzip, deflate, br" },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
            if (!block.includes("event: post\n")) continue;
            const at = performance.now();
            const data = block.split("\n").find((l) => l.startsWith("data: "));
            const id = data ? (JSON.parse(data.slice(6)) as { id?: string }).id : undefined;
            if (!id) continue;
            seen.set(id, at);
            waiting.get(id)?.(at);
          }
        });
        resolve({
          request,
          waitFor: (postId) =>
            new Promise((done) => {
              const already = seen.get(postId);
              if (already !== undefined) done(already);
              else waiting.set(postId, done);
            }),
        });
      },
    );
    request.on("error", reject);
  });
}

const SORT_PATHS: Record<FeedSort, string> = {
  recent: "/common-area",
  hot: "/common-area?sort=hot",
  top: "/common-area?sort=top&window=week",
  controversial: "/common-area?sort=controversial",
};

export const communityBench: Benchmark = {
  name: NAME,
  description:
    "the feed's first page of each sort at 1,000,000 posts and 5,000,000 votes vs a bare handler running the same SQL; a new post reaching 1,000 feed streams on two app servers",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult[]> => {
      const sizes = communitySizes();
      const seconds = envNumber("BENCH_COMMUNITY_SECONDS", 10);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      const connections = envInt("BENCH_COMMUNITY_CONNECTIONS", 4);
      const rounds = envInt("BENCH_COMMUNITY_ROUNDS", 2);
      const streamCount = envInt("BENCH_COMMUNITY_STREAMS", 1000);
      const postRounds = envInt("BENCH_COMMUNITY_POST_ROUNDS", 3);
      const sorts = (process.env.BENCH_COMMUNITY_SORTS ?? FEED_SORTS.join(","))
        .split(",")
        .map((s) => s.trim())
        .filter((s): s is FeedSort => (FEED_SORTS as readonly string[]).includes(s));
      buildApp(NAME);
      const handle = await bench.open(10);
      globalThis.__dbHandle = Promise.resolve(handle);
      const secret = await appSessionSecret();
      const results: BenchResult[] = [];
      try {
        const t0 = performance.now();
        log(NAME, `seeding ${JSON.stringify(sizes)}`);
        const data = await seedCommunity(handle.db, bench.url, sizes);
        const seedSeconds = (performance.now() - t0) / 1000;
        log(NAME, `seeded ${data.summary} in ${seedSeconds.toFixed(1)} s`);

        if (process.env.BENCH_COMMUNITY_STREAMS_ONLY !== "1") {
          const session = await createUserSession(
            new Request("http://localhost/"),
            data.memberId,
            "/dashboard",
          );
          const localCookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
          const serverCookie = await productionSessionCookie(data.memberId);
          const { loaderOf, capture } = await builtLoaders(localCookie);
          const feedLoaders = [
            loaderOf("root"),
            loaderOf("routes/_app"),
            loaderOf("routes/_app.common-area._index"),
          ];
          const targets = sorts.map((sort) => ({
            key: `feed ${sort}`,
            appPath: SORT_PATHS[sort],
            label: `${FEED_SORT_LABELS[sort]}${sort === "top" ? " (This Week)" : ""}`,
            loaders: feedLoaders,
            target: 3 as number | null,
          }));
          // The floor, for scale: the same framework and layout work as the feed without a single post.
          if (SHELL_FLOOR.wanted()) {
            targets.push({
              key: "empty shell page",
              appPath: SHELL_FLOOR.path,
              label: SHELL_FLOOR.label,
              loaders: SHELL_FLOOR.routeIds.map(loaderOf),
              target: null,
            });
          }
          for (const { key, appPath, label, loaders, target } of targets) {
            await capture(appPath, loaders);
            const captured = await capture(appPath, loaders);
            const shape = `${captured.flat().length} statements in ${captured.length} rounds (${captured.map((r) => r.length).join(" + ")})`;
            log(NAME, `${label} ${appPath}: the loaders send ${shape}`);
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
              async ({ app, bare, appPort }) => {
                for (let i = 0; i < 5; i++) {
                  const [a, b] = await Promise.all([app.get(appPath), bare.get("/page")]);
                  if (!a || !b) {
                    const answer = await fetch(`http://127.0.0.1:${appPort}${appPath}`, {
                      headers: { Cookie: serverCookie },
                      redirect: "manual",
                    });
                    throw new Error(
                      `${label}: app ${a ? "answered" : "failed"}, bare ${b ? "answered" : "failed"}: ` +
                        `${answer.status} ${(await answer.text()).slice(0, 300)}`,
                    );
                  }
                }
                const page = await (
                  await fetch(`http://127.0.0.1:${appPort}${appPath}`, { headers: { Cookie: serverCookie } })
                ).text();
                const cards = (page.match(/id="post-[0-9a-f-]{36}"/g) ?? []).length;
                log(NAME, `${label}: ${Math.round(page.length / 1024)} KB per answer, ${cards} post cards`);
                const load = await compareInTurns({
                  connections,
                  seconds,
                  rounds,
                  warmupSeconds,
                  app: () => app.get(appPath),
                  bare: () => bare.get("/page"),
                });
                log(NAME, describeLoad(`app  ${label} @${connections}`, load.app, "answers"));
                log(NAME, describeLoad(`bare ${label} @${connections}`, load.bare, "answers"));
                results.push({
                  name: `${NAME} ${key} p99`,
                  value: load.app.p99Ms,
                  unit: `ms p99 @${connections} (${label}${target ? ", first page" : ""})`,
                  baseline: load.bare.p99Ms,
                  baselineUnit: `ms bare p99 (${shape})`,
                  ...(target ? { target } : {}),
                  lowerIsBetter: true,
                  notes: [
                    comparisonNote(`@${connections}`, load.app, load.bare, target),
                    target ? `${cards} cards` : "for scale: no target",
                  ],
                });
              },
            );
          }
        }

        if (process.env.BENCH_COMMUNITY_FEED_ONLY !== "1") {
          results.push(await deliveryToStreams(bench.url, handle.db, secret, data, streamCount, postRounds));
        }
        results[0]?.notes.push(`${data.summary}; seeded in ${seedSeconds.toFixed(0)} s`);
        return results;
      } finally {
        await closeSeedClients();
        await handle.close();
      }
    }),
};

/**
 * Two production servers; `count` streams of `count` members, half on each; `rounds` new posts by
 * the poster through createPost (this process's pool: a third app server). The time from the call to
 * the last stream's `post` event.
 */
async function deliveryToStreams(
  url: string,
  db: Database,
  secret: string,
  data: CommunityData,
  count: number,
  rounds: number,
): Promise<BenchResult> {
  const readers = await data.readerIds(count);
  if (readers.length < count) throw new Error(`only ${readers.length} members for ${count} streams`);
  const cookies: string[] = [];
  for (const id of readers) cookies.push(await productionSessionCookie(id));
  const portA = 3700 + Math.floor(Math.random() * 50);
  const portB = portA + 50;
  const servers: ChildProcess[] = [portA, portB].map((port) =>
    spawn(process.execPath, ["server.js"], { env: serverEnv(url, port, secret), stdio: "ignore" }),
  );
  const streams: Stream[] = [];
  try {
    await Promise.all([waitForHttp(portA), waitForHttp(portB)]);
    const t0 = performance.now();
    for (let i = 0; i < count; i += 100) {
      streams.push(
        ...(await Promise.all(
          cookies.slice(i, i + 100).map((cookie, j) => openStream((i + j) % 2 === 0 ? portA : portB, cookie)),
        )),
      );
    }
    log(
      NAME,
      `${streams.length} feed streams open (${Math.ceil(count / 2)} on server A, ${Math.floor(count / 2)} on B) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await sleep(1000);
    const post = async (n: number) => {
      const created = await createPost(db, {
        authorId: data.posterId,
        authorContextId: data.posterContextId,
        scope: { associationId: data.associationId, organizationId: null },
        postType: "text",
        visibility: "public",
        content: `Bench live post ${n} ${randomBytes(3).toString("hex")}: the pool reopens on Monday.`,
      });
      if (!created.ok) throw new Error(`createPost refused: ${created.message}`);
      return created.postId;
    };
    // A warm-up post (code paths, the servers' first readersOfPost), not counted.
    const warm = await post(0);
    await Promise.all(streams.map((s) => s.waitFor(warm)));
    await sleep(500);
    const times: number[] = [];
    const commits: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const start = performance.now();
      // The id is known only once the post is written: arrivals are noted by every stream as they come.
      const postId = await post(round);
      commits.push(performance.now() - start);
      const timeout = sleep(30_000).then(() => Number.NaN);
      const last = await Promise.race([
        Promise.all(streams.map((s) => s.waitFor(postId))).then((ats) => Math.max(...ats)),
        timeout,
      ]);
      if (Number.isNaN(last)) throw new Error(`post ${round} did not reach every stream within 30 s`);
      times.push(last - start);
      log(
        NAME,
        `post ${round}: committed after ${commits.at(-1)?.toFixed(1)} ms, on all ${count} streams (two servers) after ${(last - start).toFixed(1)} ms`,
      );
      await sleep(500);
    }
    const worst = Math.max(...times);
    return {
      name: `${NAME} new post to ${count} streams`,
      value: worst,
      unit: `ms from createPost to the last of ${count} streams on two app servers (worst of ${rounds})`,
      baseline: DELIVERY_LIMIT_MS,
      baselineUnit: "ms limit",
      target: 1,
      lowerIsBetter: true,
      notes: [
        `delivery ${times.map((t) => t.toFixed(0)).join(", ")} ms; commit ${commits.map((t) => t.toFixed(0)).join(", ")} ms (limit 1,000 ms)`,
      ],
    };
  } finally {
    for (const s of streams) s.request.destroy();
    await Promise.all(servers.map((s) => stopChild(s)));
  }
}
