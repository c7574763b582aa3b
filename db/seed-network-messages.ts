import { sql } from "drizzle-orm";
import { directKeyOf } from "../domain/messages";
import { type Database, queryRows } from "./client";

/**
 * Demo conversations (issue 28, part 7): every demo account has at least one, between people the
 * product lets message each other (an RFP's author and a vendor who proposed, members of one
 * association, colleagues), with messages over the last days (day and time separators show), some
 * unread, and one group. Written once: a second run finds them and changes nothing.
 */

type Line = [from: string, text: string, minutesAgo: number];

const DAY = 24 * 60;

const DIRECT: { a: string; b: string; lines: Line[]; readByB?: boolean }[] = [
  {
    a: "manager@demo.test",
    b: "vendor@demo.test",
    lines: [
      [
        "manager@demo.test",
        "Thanks for the proposal on the roof repair. Could you walk us through the timeline?",
        2 * DAY + 30,
      ],
      [
        "vendor@demo.test",
        "Of course. We can start two weeks after approval and finish within 21 working days.",
        2 * DAY + 12,
      ],
      ["manager@demo.test", "That works. The board meets Thursday; I will share your answer.", DAY + 40],
      ["vendor@demo.test", "Great, I am available for questions during the meeting if that helps.", 45],
      ["manager@demo.test", "Good to know. Please keep Thursday at 7 pm free.", 10],
    ],
  },
  {
    a: "manager@demo.test",
    b: "vendor2@demo.test",
    lines: [
      ["vendor2@demo.test", "Hello! Is the landscaping RFP still open for proposals?", DAY + 200],
      ["manager@demo.test", "Yes, until the end of the month.", DAY + 180],
    ],
    readByB: true,
  },
  {
    a: "board@demo.test",
    b: "manager@demo.test",
    lines: [
      ["board@demo.test", "Can we add the pool resurfacing to next month's agenda?", 3 * DAY],
      ["manager@demo.test", "Added. I will attach the three quotes we received.", 3 * DAY - 20],
      ["board@demo.test", "Perfect, thank you.", 3 * DAY - 25],
    ],
    readByB: true,
  },
  {
    a: "homeowner@demo.test",
    b: "manager@demo.test",
    lines: [
      ["homeowner@demo.test", "The gate code at the north entrance stopped working this morning.", 90],
      ["manager@demo.test", "Thanks for letting us know, a technician is on the way.", 60],
    ],
  },
  {
    a: "attorney@demo.test",
    b: "board@demo.test",
    lines: [
      ["attorney@demo.test", "I reviewed the amended bylaws; two clauses need a membership vote.", DAY + 300],
      ["board@demo.test", "Understood. Could you send a short summary for the newsletter?", DAY + 240],
      ["attorney@demo.test", "Sending it by Friday.", 30],
    ],
  },
  {
    a: "cpa@demo.test",
    b: "treasurer@demo.test",
    lines: [
      ["cpa@demo.test", "The draft of the annual audit is ready for your review.", 2 * DAY],
      ["treasurer@demo.test", "Thank you, I will read it this week.", 2 * DAY - 15],
    ],
    readByB: true,
  },
  {
    a: "secretary@demo.test",
    b: "director@demo.test",
    lines: [
      ["secretary@demo.test", "The minutes of the last meeting are ready to approve.", 5 * 60],
      ["director@demo.test", "I will read them tonight.", 4 * 60],
    ],
    readByB: true,
  },
  {
    a: "other@demo.test",
    b: "admin@demo.test",
    lines: [
      ["other@demo.test", "Hi, how do I verify my professional role?", DAY + 60],
      [
        "admin@demo.test",
        "Open Settings, then Verification, and upload your licence. Review takes 1-2 business days.",
        DAY + 30,
      ],
    ],
    readByB: true,
  },
];

const GROUP = {
  title: "Board of Directors",
  creator: "board@demo.test",
  members: [
    "board@demo.test",
    "treasurer@demo.test",
    "secretary@demo.test",
    "director@demo.test",
    "manager@demo.test",
  ],
  lines: [
    ["board@demo.test", "Reminder: budget workshop on Saturday at 10 am.", 6 * 60],
    ["treasurer@demo.test", "I will bring the reserve study figures.", 5 * 60 + 50],
    ["manager@demo.test", "The clubhouse is booked for us.", 20],
  ] as Line[],
};

async function insertLines(db: Database, conversationId: string, ids: Map<string, string>, lines: Line[]) {
  let lastId: string | null = null;
  let lastMinutes = 0;
  for (const [from, text, minutesAgo] of lines) {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into messages (conversation_id, sender_id, content, created_at, updated_at)
          values (${conversationId}, ${ids.get(from) as string}, ${text},
                  now() - make_interval(mins => ${minutesAgo}), now() - make_interval(mins => ${minutesAgo}))
          returning id`,
    );
    lastId = row?.id ?? null;
    lastMinutes = minutesAgo;
  }
  await db.execute(
    sql`update conversations set last_message_id = ${lastId},
          last_message_at = now() - make_interval(mins => ${lastMinutes}),
          last_activity_at = now() - make_interval(mins => ${lastMinutes})
        where id = ${conversationId}`,
  );
  // Each sender has read up to their own last message.
  for (const [from] of lines) {
    await db.execute(
      sql`update conversation_participants p set last_read_at = (
            select max(m.created_at) from messages m where m.conversation_id = p.conversation_id and m.sender_id = p.user_id)
          where p.conversation_id = ${conversationId} and p.user_id = ${ids.get(from) as string}`,
    );
  }
}

export async function seedNetworkMessages(db: Database, ids: Map<string, string>): Promise<void> {
  const [done] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from conversations where metadata->>'demo' = 'messages' limit 1`,
  );
  if (done) return;
  for (const c of DIRECT) {
    const a = ids.get(c.a);
    const b = ids.get(c.b);
    if (!a || !b) continue;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into conversations (conversation_type, direct_key, created_by, metadata)
          values ('direct', ${directKeyOf(a, b)}, ${a}, '{"demo":"messages"}'::jsonb)
          on conflict (direct_key) do nothing returning id`,
    );
    if (!row) continue;
    await db.execute(
      sql`insert into conversation_participants (conversation_id, user_id) values (${row.id}, ${a}), (${row.id}, ${b})`,
    );
    await insertLines(db, row.id, ids, c.lines);
    if (c.readByB) {
      await db.execute(
        sql`update conversation_participants set last_read_at = now() where conversation_id = ${row.id}`,
      );
    }
  }
  const creator = ids.get(GROUP.creator);
  if (!creator) return;
  const [group] = await queryRows<{ id: string }>(
    db,
    sql`insert into conversations (conversation_type, title, created_by, metadata)
        values ('group', ${GROUP.title}, ${creator}, '{"demo":"messages"}'::jsonb) returning id`,
  );
  if (!group) return;
  for (const email of GROUP.members) {
    const id = ids.get(email);
    if (id)
      await db.execute(
        sql`insert into conversation_participants (conversation_id, user_id) values (${group.id}, ${id})`,
      );
  }
  await insertLines(db, group.id, ids, GROUP.lines);
}
