/**
 * Action item reminders (issue 12) on both engines: the job sends the assignee a reminder two days
 * before the due date and one when the item is overdue, each once however often (and on however many
 * app servers at once) it runs; completed items and other people get none; each reminder links to
 * "My action items".
 */

import { openDatabase } from "@db/client";
import { actionItemReminders, meetingActionItems, notifications } from "@db/schema";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sendActionItemReminders } from "~/commands/action-item-reminders.server";
import { assignActionItem, changeMeeting, scheduleMeeting } from "~/commands/meetings.server";
import { useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

/** Noon in New York (the test association's zone) on `date`. */
const noonNY = (date: string) => new Date(`${date}T17:00:00Z`);

describe.each(engines)("action item reminders on %s", (engine) => {
  const t = useTestDatabase(engine);
  let president: Person;
  let treasurer: Person;
  let associationId: string;
  let meetingId: string;
  const items: Record<"roof" | "pool" | "done" | "later", string> = {
    roof: "",
    pool: "",
    done: "",
    later: "",
  };

  const reminders = (userId: string) =>
    t.db
      .select({
        type: notifications.type,
        title: notifications.title,
        actionUrl: notifications.actionUrl,
        priority: notifications.priority,
        metadata: notifications.metadata,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.type, ["action_item_due_soon", "action_item_overdue"]),
        ),
      )
      .orderBy(notifications.createdAt);

  beforeAll(async () => {
    useAppDatabase(t.handle);
    president = await personWithRole(t.db, "board_member");
    treasurer = await personWithRole(t.db, "board_member");
    ({ id: associationId } = await associationWith(t.db, { id: president.id }, [
      { id: treasurer.id, memberRole: "board_member", boardOffice: "treasurer" },
    ]));
    const actor = { userId: president.id, mayManage: true };
    const scheduled = await scheduleMeeting(t.db, {
      associationId,
      actor,
      fields: {
        title: "March board meeting",
        description: null,
        meeting_type: "regular",
        start_time: "2027-03-01T23:00:00.000Z",
        end_time: "2027-03-02T01:00:00.000Z",
        location: null,
        meeting_url: null,
      },
    });
    if (!scheduled.ok) throw new Error(scheduled.error.message);
    meetingId = scheduled.result.meetingId;
    const started = await changeMeeting(
      t.db,
      { meetingId, associationId, actor, change: { type: "StartMeeting" } },
      { now: () => new Date("2027-03-01T23:00:00.000Z") },
    );
    if (!started.ok) throw new Error(started.error.message);
    const assign = async (description: string, assignee: Person, due: string) => {
      const r = await assignActionItem(t.db, {
        meetingId,
        associationId,
        actor,
        actionItem: { description, assigneeId: assignee.id, assigneeName: "Someone", due_date: due },
      });
      if (!r.ok) throw new Error(r.error.message);
    };
    await assign("Get three roof quotes", treasurer, "2027-03-10");
    await assign("Pool fence repair", treasurer, "2027-03-12");
    await assign("Send the budget letter", president, "2027-03-10");
    await assign("Plan the annual meeting", president, "2027-06-01");
    const list = await t.db
      .select({ id: meetingActionItems.id, description: meetingActionItems.description })
      .from(meetingActionItems)
      .where(eq(meetingActionItems.meetingId, meetingId));
    const byText = (text: string) => list.find((r) => r.description === text)?.id as string;
    items.roof = byText("Get three roof quotes");
    items.pool = byText("Pool fence repair");
    items.done = byText("Send the budget letter");
    items.later = byText("Plan the annual meeting");
    const completed = await changeMeeting(t.db, {
      meetingId,
      associationId,
      actor,
      change: { type: "ChangeActionItemStatus", actionItemId: items.done, status: "completed" },
    });
    if (!completed.ok) throw new Error(completed.error.message);
  });

  it("nothing is sent more than two days before the due date", async () => {
    expect(await sendActionItemReminders(t.db, noonNY("2027-03-07"))).toBe(0);
    expect(await reminders(treasurer.id)).toEqual([]);
  });

  it("two days before: the assignee gets one reminder, linked to the action items of its meeting's minutes, however often the job runs", async () => {
    const now = noonNY("2027-03-08");
    expect(await sendActionItemReminders(t.db, now)).toBe(1);
    expect(await sendActionItemReminders(t.db, now)).toBe(0);
    expect(await sendActionItemReminders(t.db, noonNY("2027-03-09"))).toBe(0);
    const sent = await reminders(treasurer.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: "action_item_due_soon",
      title: "Action item due in 2 days: Get three roof quotes",
      actionUrl: `/board-room/meetings/${meetingId}/minutes#action-items-heading`,
      priority: "normal",
      metadata: { action_item_id: items.roof, meeting_id: meetingId, due_date: "2027-03-10" },
    });
    // The completed item's assignee heard nothing.
    expect(await reminders(president.id)).toEqual([]);
  });

  it("several app servers running the job at once send each reminder once", async () => {
    const now = noonNY("2027-03-10");
    // A second connection pool stands for another app server (PostgreSQL); PGlite has one process.
    const other =
      engine === "postgres" ? await openDatabase({ url: (t.handle as { url?: string }).url }) : null;
    try {
      const runs = await Promise.all([
        sendActionItemReminders(t.db, now),
        sendActionItemReminders(other?.db ?? t.db, now),
        sendActionItemReminders(t.db, now),
      ]);
      // Only the pool fence (due 12 March) was still to remind: one of the runs sent it.
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await other?.close();
    }
    const titles = (await reminders(treasurer.id)).map((n) => n.title);
    expect(titles).toEqual([
      "Action item due in 2 days: Get three roof quotes",
      "Action item due in 2 days: Pool fence repair",
    ]);
  });

  it("once overdue (the association's next day), the overdue reminder goes once", async () => {
    // 23:30 on 10 March in New York: not overdue yet.
    expect(await sendActionItemReminders(t.db, new Date("2027-03-11T04:30:00Z"))).toBe(0);
    const now = noonNY("2027-03-11");
    expect(await sendActionItemReminders(t.db, now)).toBe(1);
    expect(await sendActionItemReminders(t.db, now)).toBe(0);
    expect(await sendActionItemReminders(t.db, noonNY("2027-03-20"))).toBe(1); // the pool fence
    expect(await sendActionItemReminders(t.db, noonNY("2027-03-21"))).toBe(0);
    const sent = await reminders(treasurer.id);
    expect(sent.map((n) => [n.type, n.priority])).toEqual([
      ["action_item_due_soon", "normal"],
      ["action_item_due_soon", "normal"],
      ["action_item_overdue", "high"],
      ["action_item_overdue", "high"],
    ]);
    expect(sent[2]?.title).toBe("Action item overdue: Get three roof quotes");
    const keys = await t.db
      .select({ kind: actionItemReminders.kind, dueDate: actionItemReminders.dueDate })
      .from(actionItemReminders)
      .where(eq(actionItemReminders.actionItemId, items.roof));
    expect(keys.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "due_soon", dueDate: "2027-03-10" },
      { kind: "overdue", dueDate: "2027-03-10" },
    ]);
  });

  it("an item completed before its reminder gets none", async () => {
    const actor = { userId: president.id, mayManage: true };
    const done = await changeMeeting(t.db, {
      meetingId,
      associationId,
      actor,
      change: { type: "ChangeActionItemStatus", actionItemId: items.later, status: "completed" },
    });
    if (!done.ok) throw new Error(done.error.message);
    expect(await sendActionItemReminders(t.db, noonNY("2027-05-30"))).toBe(0);
    expect(await sendActionItemReminders(t.db, noonNY("2027-06-02"))).toBe(0);
    expect(await reminders(president.id)).toEqual([]);
  });
});
