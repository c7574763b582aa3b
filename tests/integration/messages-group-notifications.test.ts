/**
 * Added to a group (issue 28, messages): the people added, when the group is made and later, get one
 * in-app notification saying who added them to which group, linking to it; the adder gets none, and a
 * second add of the same person is refused without a second notification. Through the page's action.
 */
import { connections, notifications } from "@db/schema";
import { MEMBERSHIP_ERRORS } from "@domain/messages";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as pageRoute from "~/routes/_app.messages";
import { thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

describe.each(engines)("added-to-group notifications on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person;
  let bob: Person;
  let dan: Person;
  let fay: Person;

  const act = (who: Person, query: string, fields: Record<string, string | string[]>) => {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
    return thrown(() =>
      pageRoute.action({
        request: new Request(`http://localhost/messages${query}`, {
          method: "POST",
          body: form,
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
        }),
        params: {},
        context: {},
      }),
    );
  };
  const conversationOf = (response: Response) => {
    expect(response.status).toBe(302);
    const c = new URL(response.headers.get("Location") as string, "http://localhost").searchParams.get("c");
    expect(c).toMatch(/^[0-9a-f-]{36}$/);
    return c as string;
  };
  const addedNotes = (who: Person) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, who.id), eq(notifications.type, "added_to_group")));
  const connect = (a: Person, b: Person) =>
    t.db.insert(connections).values({ requesterId: a.id, addresseeId: b.id, status: "accepted" });

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    dan = await personWithRole(t.db, "board_member", { label: "dan" });
    fay = await personWithRole(t.db, "homeowner", { label: "fay" });
    await connect(ann, bob);
    await connect(ann, dan);
    await connect(bob, fay);
  });

  it("the people a group is made with are told, the creator is not", async () => {
    await t.db.execute(sql`delete from rate_limit_counters`);
    const c = conversationOf(
      await act(ann, "?new=group", {
        intent: "create-group",
        title: "Roof project",
        participants: [bob.id, dan.id],
      }),
    );
    for (const who of [bob, dan]) {
      const notes = (await addedNotes(who)).filter((n) => n.actionUrl === `/messages?c=${c}`);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        title: "Test manager added you to Roof project",
        actionUrl: `/messages?c=${c}`,
        isRead: false,
      });
    }
    expect(await addedNotes(ann)).toHaveLength(0);
  });

  it("a person added later gets exactly one; the adder none; adding them again is refused, no second", async () => {
    await t.db.execute(sql`delete from rate_limit_counters`);
    const c = conversationOf(
      await act(ann, "?new=group", {
        intent: "create-group",
        title: "Garden",
        participants: [bob.id, dan.id],
      }),
    );
    const bobBefore = (await addedNotes(bob)).length;
    const added = await act(bob, `?c=${c}`, {
      intent: "add-members",
      conversationId: c,
      participants: [fay.id],
    });
    expect(added.status).toBe(302);
    const notes = await addedNotes(fay);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: "Test vendor added you to Garden",
      actionUrl: `/messages?c=${c}`,
      isRead: false,
    });
    expect(notes[0]?.metadata).toMatchObject({ conversationId: c, addedBy: bob.id });
    // The adder and the members already there are not told.
    expect(await addedNotes(bob)).toHaveLength(bobBefore);
    expect((await addedNotes(ann)).length).toBe(0);

    const twice = await act(bob, `?c=${c}`, {
      intent: "add-members",
      conversationId: c,
      participants: [fay.id],
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(await twice.json())).toContain(MEMBERSHIP_ERRORS.ALREADY_MEMBER);
    expect(await addedNotes(fay)).toHaveLength(1);

    // Removed, the person's unread notification for the group is marked read; they are not told again.
    expect(
      (await act(ann, `?c=${c}`, { intent: "remove-member", conversationId: c, memberId: fay.id })).status,
    ).toBe(302);
    const after = await addedNotes(fay);
    expect(after).toHaveLength(1);
    expect(after[0]?.isRead).toBe(true);
  });
});
