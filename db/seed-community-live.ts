import { sql } from "drizzle-orm";
import {
  endLiveDiscussion,
  joinLiveDiscussion,
  postLiveMessage,
  setLiveRole,
  startLiveDiscussion,
  toggleLiveReaction,
} from "../app/commands/live-discussions.server";
import { type Database, queryRows } from "./client";

/**
 * Demo live discussions (issue 29, part 6): one running (the manager hosts, the board member
 * moderates, a few people talk, reply and react) and one finished with its transcript (the attorney
 * hosted it and ended it), all written by the app's own commands
 * (app/commands/live-discussions.server.ts). Written once: a second run finds them and changes nothing.
 */

type Line = [who: string, content: string, replyTo?: number];

const ACTIVE_LINES: Line[] = [
  ["manager", "Welcome! Let's compare how your associations handle roof replacement bids."],
  ["board", "We asked for three bids and a separate inspection by an engineer we hired ourselves."],
  [
    "vendor",
    "As a roofer: ask every bidder to price the same scope sheet, or the numbers do not compare.",
    1,
  ],
  ["homeowner", "How long did the whole process take for you?"],
  ["board", "About four months from the first walk-through to the signed contract.", 3],
];

const ENDED_LINES: Line[] = [
  ["attorney", "Thanks for joining. Today: what the new milestone inspection rules mean for boards."],
  ["manager", "Do the deadlines apply to buildings under three stories?"],
  [
    "attorney",
    "No: three stories and taller. Check your local building department's notice for the date.",
    1,
  ],
  ["treasurer", "Should we fund the inspection from reserves or the operating budget?"],
  ["cpa", "Usually operating, unless your reserve study lists it as a component.", 3],
  ["attorney", "Good discussion, everyone. I will end it here; the transcript stays available."],
];

export async function seedCommunityLive(db: Database, ids: Map<string, string>): Promise<void> {
  const id = (who: string) => {
    const found = ids.get(`${who}@demo.test`);
    if (!found) throw new Error(`no demo account ${who}@demo.test`);
    return found;
  };
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from live_discussions where host_id in (${id("manager")}, ${id("attorney")})`,
  );
  if (Number(existing?.n ?? 0) > 0) return;

  const run = async (
    hostKey: string,
    draft: { title: string; description: string; category: string; tags: string; estimatedMinutes: number },
    people: string[],
    lines: Line[],
    startedMinutesAgo: number,
  ) => {
    const t0 = Date.now() - startedMinutesAgo * 60_000;
    const started = await startLiveDiscussion(db, id(hostKey), draft, new Date(t0));
    if (!started.ok) throw new Error(`Seeding a live discussion failed: ${started.message}`);
    for (const who of people) {
      const joined = await joinLiveDiscussion(db, id(who), started.id, new Date(t0 + 60_000));
      if (!joined.ok) throw new Error(`Seeding a join failed: ${joined.message}`);
    }
    const messageIds: string[] = [];
    for (const [i, [who, content, replyTo]] of lines.entries()) {
      const posted = await postLiveMessage(db, {
        userId: id(who),
        discussionId: started.id,
        content,
        replyTo: replyTo === undefined ? null : (messageIds[replyTo] as string),
        now: new Date(t0 + (2 + i * 3) * 60_000),
      });
      if (!posted.ok) throw new Error(`Seeding a live message failed: ${posted.message}`);
      messageIds.push(posted.id);
    }
    return { id: started.id, messageIds };
  };

  const active = await run(
    "manager",
    {
      title: "Roof replacement: how do you compare bids?",
      description: "Share how your board collected, compared and chose roofing bids.",
      category: "Maintenance & Repairs",
      tags: "roofing, bids, capital-projects",
      estimatedMinutes: 60,
    },
    ["board", "vendor", "homeowner", "treasurer"],
    ACTIVE_LINES,
    25,
  );
  const promoted = await setLiveRole(db, {
    actorId: id("manager"),
    discussionId: active.id,
    userId: id("board"),
    role: "moderator",
  });
  if (!promoted.ok) throw new Error(`Seeding a moderator failed: ${promoted.message}`);
  for (const [who, index, emoji] of [
    ["board", 2, "👍"],
    ["homeowner", 2, "👍"],
    ["manager", 4, "🎉"],
    ["treasurer", 1, "🤔"],
  ] as const) {
    const reacted = await toggleLiveReaction(db, {
      userId: id(who),
      discussionId: active.id,
      messageId: active.messageIds[index] as string,
      emoji,
    });
    if (!reacted.ok) throw new Error(`Seeding a reaction failed: ${reacted.message}`);
  }

  const ended = await run(
    "attorney",
    {
      title: "Milestone inspections: what boards need to know",
      description: "Questions and answers on the new inspection deadlines.",
      category: "Legal & Compliance",
      tags: "compliance, inspections",
      estimatedMinutes: 45,
    },
    ["manager", "treasurer", "cpa"],
    ENDED_LINES,
    3 * 24 * 60,
  );
  const closed = await endLiveDiscussion(db, {
    actorId: id("attorney"),
    discussionId: ended.id,
    now: new Date(Date.now() - (3 * 24 * 60 - 40) * 60_000),
  });
  if (!closed.ok) throw new Error(`Seeding the end of a discussion failed: ${closed.message}`);
}
