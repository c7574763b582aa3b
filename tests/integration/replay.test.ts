import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase, queryRows } from "@db/client";
import { append, EventValidationError } from "@db/event-store";
import { replay } from "@db/projections/replay";
import { CREDITS_STREAM_TYPE, creditsStreamId, findCreditPackage } from "@domain/credits";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { executeCreditsCommand } from "~/commands/credits.server";
import { changeMeeting, loadMeeting, type MeetingChange, scheduleMeeting } from "~/commands/meetings.server";
import { getVendorCredits } from "~/queries/credits.server";
import { seedPublishedRfps } from "../../scripts/bench/rfp-fixtures";
import {
  bothEngines,
  createTestDatabase,
  type Engine,
  migratedPgliteDataDir,
  useTestDatabase,
} from "../support/db";

const TABLES = [
  "vendor_credit_balances",
  "vendor_credit_transactions",
  "rfps",
  "rfp_proposals",
  "meetings",
  "meeting_agenda_items",
  "meeting_attendees",
  "meeting_motions",
  "meeting_action_items",
];

async function liveState(db: Parameters<typeof queryRows>[0]) {
  const rows: Record<string, unknown[]> = {};
  for (const t of TABLES)
    rows[t] = await queryRows(db, sql.raw(`select to_jsonb(x) as row from public."${t}" x order by 1`));
  const indexes = await queryRows(
    db,
    sql`select tablename, indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename in (${sql.join(
          TABLES.map((t) => sql`${t}`),
          sql`, `,
        )}) order by indexname`,
  );
  const constraints = await queryRows(
    db,
    sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid::regclass::text in (${sql.join(
          TABLES.map((t) => sql`${t}`),
          sql`, `,
        )}) order by conname`,
  );
  const logged = await queryRows(
    db,
    sql`select relname, relpersistence from pg_class where relnamespace = 'public'::regnamespace
        and relname in (${sql.join(
          TABLES.map((t) => sql`${t}`),
          sql`, `,
        )}) order by relname`,
  );
  return { rows, indexes, constraints, logged };
}

async function someHistory(db: Parameters<typeof executeCreditsCommand>[0], vendorId: string) {
  const pkg = findCreditPackage("starter");
  if (!pkg) throw new Error("starter");
  await executeCreditsCommand(db, {
    type: "PurchaseCredits",
    vendorId,
    checkoutSessionId: `cs_${vendorId}`,
    package: pkg,
    amountPaid: pkg.price,
    currency: "usd",
  });
  await executeCreditsCommand(db, {
    type: "GrantBonusCredits",
    vendorId,
    amount: 1,
    reason: "Welcome",
    grantedBy: null,
  });
  await executeCreditsCommand(db, {
    type: "SpendCredits",
    vendorId,
    amount: 2,
    referenceId: "p-1",
    description: "Proposal",
  });
  await seedPublishedRfps(db as never, randomUUID(), 3);
  await someMeeting(db);
}

/** A meeting through its whole lifecycle: agenda moves, attendance, minutes, motion, action item. */
async function someMeeting(db: Parameters<typeof executeCreditsCommand>[0]) {
  const associationId = randomUUID();
  const actor = { userId: randomUUID(), mayManage: true };
  const scheduled = await scheduleMeeting(db, {
    associationId,
    actor,
    fields: {
      title: "Replayed meeting",
      description: null,
      meeting_type: "regular",
      start_time: "2026-12-01T23:00:00.000Z",
      end_time: "2026-12-02T01:00:00.000Z",
      location: null,
      meeting_url: null,
    },
    guestEmails: ["a@example.com", "b@example.com"],
    agenda: [
      { title: "One", description: null, item_type: "discussion", duration_minutes: 10, assigned_to: null },
      { title: "Two", description: null, item_type: "vote", duration_minutes: 20, assigned_to: null },
    ],
  });
  if (!scheduled.ok) throw new Error(scheduled.error.message);
  const meetingId = scheduled.result.meetingId;
  const state = await loadMeeting(db, meetingId);
  const change = async (c: MeetingChange) => {
    // On the meeting's day (a meeting starts on its day).
    const r = await changeMeeting(
      db,
      { meetingId, associationId, actor, change: c },
      { now: () => new Date("2026-12-01T23:00:00.000Z") },
    );
    if (!r.ok) throw new Error(r.error.message);
  };
  await change({ type: "MoveAgendaItem", itemId: state.agenda[1]?.itemId as string, direction: "up" });
  await change({ type: "RemoveAttendee", attendeeId: state.attendees[1]?.attendeeId as string });
  await change({ type: "StartMeeting" });
  await change({
    type: "RecordAttendance",
    attendeeId: state.attendees[0]?.attendeeId as string,
    attendance: "present",
  });
  await change({ type: "DraftMinutes", content: "Minutes" });
  await change({
    type: "RecordMotion",
    quorumRequired: 1,
    motion: {
      motionId: randomUUID(),
      motion: "M",
      moved_by: "A",
      seconded_by: "B",
      vote_result: "failed",
      // No board member is present (the attendees are guests): no votes.
      vote_count: { for: 0, against: 0, abstain: 0 },
    },
  });
  const actionItemId = randomUUID();
  await change({
    type: "AssignActionItem",
    actionItemId,
    actionItem: { description: "Do it", assigneeId: actor.userId, assigneeName: "A", due_date: "2026-12-08" },
  });
  await change({ type: "ChangeActionItemStatus", actionItemId, status: "completed" });
  await change({ type: "CompleteMeeting" });
  await change({ type: "ApproveMinutes" });
}

describe.each(bothEngines)("replay on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("rebuilds every projection and swaps the rebuilt tables in: same rows, indexes and constraints", async () => {
    const vendorId = randomUUID();
    await someHistory(t.db, vendorId);
    const before = await liveState(t.db);
    expect(before.rows.vendor_credit_transactions).toHaveLength(3);
    expect(before.rows.rfps).toHaveLength(3);
    expect(before.rows.meetings).toHaveLength(1);
    expect(before.rows.meeting_action_items).toHaveLength(1);

    const report = await replay(t.db);
    const [events] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from events`);
    expect(report.events).toBe(events?.n);
    expect(await liveState(t.db)).toEqual(before);

    // The swapped-in tables take inline writes as before (their keys and checks are in place).
    const spent = await executeCreditsCommand(t.db, {
      type: "SpendCredits",
      vendorId,
      amount: 1,
      referenceId: "p-2",
      description: "Proposal",
    });
    expect(spent).toMatchObject({ ok: true, result: { balance: 3 } });
    expect(await getVendorCredits(t.db, vendorId)).toEqual({
      balance: 3,
      lifetime_earned: 6,
      lifetime_spent: 3,
    });
    const verified = await replay(t.db, { verify: true });
    expect(verified.differences).toEqual([]);
  });
});

describe.each(bothEngines)("replay over an invalid event on %s", (engine) => {
  it("fails with the event's validation error and leaves the live tables alone", async () => {
    const handle = await createTestDatabase(engine);
    try {
      const vendorId = randomUUID();
      await someHistory(handle.db, vendorId);
      const before = await liveState(handle.db);
      // An event that no longer fits its schema (written around the store, as an old schema might have).
      await handle.db.execute(sql`insert into events (event_id, stream_id, stream_type, stream_version, event_type, data)
        values (${randomUUID()}, ${`credits-${vendorId}`}, 'credits', 4, 'CreditsBonusGranted',
          ${JSON.stringify({ vendorId, amount: -5, reason: "bad", grantedBy: null, grantedAt: "2026-01-01T00:00:00.000Z" })}::jsonb)`);
      await expect(replay(handle.db)).rejects.toBeInstanceOf(EventValidationError);
      expect(await liveState(handle.db)).toEqual(before);
    } finally {
      await handle.close();
    }
  });
});

/** Runs `scripts/replay.ts --verify` as a child process, as `npm run replay -- --verify` does. */
function runVerify(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/replay.ts", "--verify"],
      { env: { ...process.env, DATABASE_URL: "", ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * A database the script can open: the PostgreSQL test database by its URL, or an embedded database in a
 * folder of its own (closed while the script runs: PGlite serves one process).
 */
async function scriptDatabase(engine: Engine): Promise<{
  handle: DatabaseHandle;
  env: Record<string, string>;
  release(): Promise<void>;
  reopen(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}> {
  if (engine === "postgres") {
    const handle = await createTestDatabase(engine);
    return {
      handle,
      env: { DATABASE_URL: handle.url as string },
      release: async () => {},
      reopen: async () => handle,
      dispose: () => handle.close(),
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), "replay-verify-"));
  const open = (loadDataDir?: Blob) => openDatabase({ dataDir: path.join(dir, "pglite"), loadDataDir });
  let handle: DatabaseHandle = await open(migratedPgliteDataDir());
  return {
    handle,
    env: { DATA_DIR: dir },
    release: () => handle.close(),
    reopen: async () => {
      handle = await open();
      return handle;
    },
    dispose: async () => {
      await handle.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// Issue 11, part 1.6: replay --verify must fail, naming each difference, when a projection row or a
// stream snapshot no longer matches the events.
describe.each(bothEngines)("replay --verify as a script on %s", (engine) => {
  it("exits 0 on a clean database, and 1 naming each tampered balance row, RFP row and snapshot", async () => {
    const target = await scriptDatabase(engine);
    try {
      const vendorId = randomUUID();
      await someHistory(target.handle.db, vendorId);
      await target.release();
      const clean = await runVerify(target.env);
      expect(clean.stdout).toContain("No differences.");
      expect(clean.code).toBe(0);

      const db = (await target.reopen()).db;
      const [rfp] = await queryRows<{ id: string }>(db, sql`select id from rfps order by id limit 1`);
      await db.execute(
        sql`update vendor_credit_balances set balance = balance + 5 where vendor_id = ${vendorId}`,
      );
      await db.execute(sql`update rfps set title = 'Tampered title' where id = ${rfp?.id}`);
      await db.execute(sql`update streams set snapshot = jsonb_set(snapshot, '{balance}', '999')
        where stream_id = ${`credits-${vendorId}`}`);
      await target.release();
      const tampered = await runVerify(target.env);
      expect(tampered.code).toBe(1);
      const lines = tampered.stdout.split("\n");
      const line = (prefix: string, fragment: string) =>
        lines.filter((l) => l.startsWith(prefix) && l.includes(fragment));
      // Each tampered projection row shows up as the live row that is not replayed, and the replayed
      // row that is not live.
      expect(line("vendor_credit_balances only_live:", vendorId)).toHaveLength(1);
      expect(line("vendor_credit_balances only_replayed:", vendorId)).toHaveLength(1);
      expect(line("rfps only_live:", "Tampered title")).toHaveLength(1);
      expect(line("rfps only_replayed:", rfp?.id as string)).toHaveLength(1);
      expect(line("snapshot:", `credits-${vendorId}`)).toHaveLength(1);
      expect(lines.filter((l) => / only_(live|replayed): |^snapshot: /.test(l))).toHaveLength(5);
      expect(tampered.stderr).toContain("5 difference(s) between the live projections and the events.");
    } finally {
      await target.dispose();
    }
    // Two runs of the script (tsx start-up, an embedded database on disk): give it time on a busy machine.
  }, 180_000);
});

describe.each(bothEngines)("replay --verify over a corrupt stream on %s", (engine) => {
  it("names each stream holding an event its lifecycle does not allow (evolve never skips it)", async () => {
    const handle = await createTestDatabase(engine);
    try {
      const vendorId = randomUUID();
      const granted = await executeCreditsCommand(handle.db, {
        type: "GrantBonusCredits",
        vendorId,
        amount: 2,
        reason: "Test",
        grantedBy: null,
      });
      expect(granted.ok).toBe(true);
      // A refund of a spend that never happened, appended around decide (the schema holds, the lifecycle not).
      const streamId = creditsStreamId(vendorId);
      await append(handle.db, [
        {
          streamId,
          streamType: CREDITS_STREAM_TYPE,
          expectedVersion: 1,
          events: [
            {
              type: "CreditsRefunded",
              data: {
                vendorId,
                amount: 5,
                referenceId: randomUUID(),
                referenceType: "proposal_submission",
                reason: "Nothing was spent",
                refundedAt: "2026-11-22T10:00:00.000Z",
              },
            },
          ],
        },
      ]);
      const report = await replay(handle.db, { verify: true });
      expect(report.corruptStreams).toEqual([
        {
          streamId,
          version: 2,
          message: "CreditsRefunded is not allowed in a credits stream that is low",
        },
      ]);
    } finally {
      await handle.close();
    }
  });
});
