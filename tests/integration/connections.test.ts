/**
 * Connections (issue 28 part 3, 8, 9): every transition and who may make it (404 for anyone outside the
 * pair), blocks, asking again after a decline, the page's filters applied on the server, suggestions
 * from real signals with their exclusions and the real mutual count, the daily request limit (429 and
 * the "remaining" hint), notifications written with the change, and stale forms (409).
 */
import { connections, notifications, rateLimitCounters, userProfiles } from "@db/schema";
import {
  CONNECTION_MESSAGES,
  DEFAULT_REQUEST_MESSAGE,
  SUGGESTION_REASONS,
} from "@domain/network/connections";
import { USER_ACTION_LIMITS, windowStart } from "@domain/rules/rate-limits";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readFlash } from "~/flash.server";
import { isBlockedBetween } from "~/queries/network-access.server";
import * as page from "~/routes/_app.connections";
import * as property from "~/routes/_app.properties.$id";
import { getAs, outcome, postAs, routeArgs, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { type Engine, engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

describe.each(engines)("connections on %s", (engine: Engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  const post = (who: Person, fields: Record<string, string>) =>
    outcome(() => page.action(routeArgs(postAs("/connections", who, fields)) as never));
  const view = (who: Person, query = "") =>
    outcome(() => page.loader(routeArgs(getAs(`/connections${query}`, who)) as never));

  async function person(role: Parameters<typeof personWithRole>[1], name?: string, location?: string) {
    const p = await personWithRole(t.db, role);
    if (name || location)
      await t.db
        .update(userProfiles)
        .set({ ...(name ? { fullName: name } : {}), ...(location ? { location } : {}) })
        .where(eq(userProfiles.id, p.id));
    return p;
  }

  const rowBetween = async (a: Person, b: Person) => {
    const [row] = await t.db
      .select()
      .from(connections)
      .where(
        sql`least(${connections.requesterId}, ${connections.addresseeId}) = least(${a.id}::uuid, ${b.id}::uuid)
            and greatest(${connections.requesterId}, ${connections.addresseeId}) = greatest(${a.id}::uuid, ${b.id}::uuid)`,
      );
    return row;
  };

  const pairRow = async (a: Person, b: Person) => {
    const row = await rowBetween(a, b);
    if (!row) throw new Error("the pair has no row");
    return row;
  };

  const request = (from: Person, to: Person, extra: Record<string, string> = {}) =>
    post(from, { intent: "request", userId: to.id, ...extra });

  async function connect(a: Person, b: Person) {
    const before = await rowBetween(a, b);
    expect((await request(a, b, { version: String(before?.version ?? 0) })).status).toBe(302);
    const row = await pairRow(a, b);
    expect(
      (await post(b, { intent: "accept", connectionId: row.id, version: String(row.version) })).status,
    ).toBe(302);
  }

  it("requests with the default message and the active context, and notifies the addressee", async () => {
    const a = await person("manager", "Ada Requester");
    const b = await person("vendor");
    const sent = await request(a, b);
    expect(sent.status).toBe(302);
    expect(sent.response.headers.get("Location")).toBe("/connections");
    const row = await rowBetween(a, b);
    expect(row).toMatchObject({
      requesterId: a.id,
      addresseeId: b.id,
      status: "pending",
      connectionType: "professional",
      requestMessage: DEFAULT_REQUEST_MESSAGE,
      requesterContextId: a.contextId,
      version: 1,
    });
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.type, "connection_request")));
    expect(note).toMatchObject({
      title: "Ada Requester wants to connect with you",
      body: DEFAULT_REQUEST_MESSAGE,
      emailState: "digest",
    });
  });

  it("accept (welcome message) notifies the requester; only the addressee may accept or decline", async () => {
    const a = await person("board_member");
    const b = await person("vendor", "Bea Accepter");
    const outsider = await person("manager");
    await request(a, b, { connectionType: "vendor_client", message: "Hello there" });
    const row = await pairRow(a, b);
    const fields = { connectionId: row.id, version: String(row.version) };
    // Outsiders learn nothing: 404 for every transition on someone else's row.
    for (const intent of ["accept", "decline", "cancel", "remove", "unblock"])
      expect((await post(outsider, { intent, ...fields })).status).toBe(404);
    // The requester may not accept or decline their own request.
    expect((await post(a, { intent: "accept", ...fields })).status).toBe(409);
    expect((await post(a, { intent: "decline", ...fields })).status).toBe(409);
    const accepted = await post(b, { intent: "accept", ...fields, message: "Welcome aboard" });
    expect(accepted.status).toBe(302);
    const after = await pairRow(a, b);
    expect(after).toMatchObject({ status: "accepted", responseMessage: "Welcome aboard", version: 2 });
    expect(after.acceptedAt).not.toBeNull();
    expect(after.addresseeContextId).toBe(b.contextId);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.type, "connection_accepted")));
    expect(note).toMatchObject({
      title: "Bea Accepter accepted your connection request",
      body: "Welcome aboard",
      actionUrl: `/messages?user=${b.id}`,
    });
  });

  it("a stale form is 409 with the row as it is now", async () => {
    const a = await person("manager");
    const b = await person("vendor");
    await request(a, b);
    const row = await pairRow(a, b);
    expect((await post(a, { intent: "cancel", connectionId: row.id, version: "1" })).status).toBe(302);
    const stale = await post(b, { intent: "accept", connectionId: row.id, version: "1" });
    expect(stale.status).toBe(409);
    expect(stale.data.error).toBe(CONNECTION_MESSAGES.stale);
    expect(stale.data.current).toMatchObject({ id: row.id, status: "declined", version: 2 });
    // A Connect form rendered before the row existed is stale once it does.
    const c = await person("vendor");
    await request(c, a);
    expect((await request(a, c, { version: "0" })).status).toBe(409);
  });

  it("decline (with a message), cancel by the requester only, and asking again reuses the row", async () => {
    const a = await person("manager");
    const b = await person("vendor");
    await request(a, b);
    let row = await pairRow(a, b);
    expect(
      (await post(b, { intent: "cancel", connectionId: row.id, version: String(row.version) })).status,
    ).toBe(409);
    expect(
      (await post(b, { intent: "decline", connectionId: row.id, version: "1", message: "Not now" })).status,
    ).toBe(302);
    row = await pairRow(a, b);
    expect(row).toMatchObject({ status: "declined", responseMessage: "Not now", version: 2 });
    // Either may ask again: here the one who declined, in the other direction, on the same row.
    expect((await request(b, a, { version: "2", connectionType: "colleague" })).status).toBe(302);
    const again = await pairRow(a, b);
    expect(again).toMatchObject({
      id: row.id,
      requesterId: b.id,
      addresseeId: a.id,
      status: "pending",
      connectionType: "colleague",
      responseMessage: null,
      version: 3,
    });
    // The requester cancels; then it may be asked again too.
    expect((await post(b, { intent: "cancel", connectionId: row.id, version: "3" })).status).toBe(302);
    expect((await request(a, b, { version: "4" })).status).toBe(302);
  });

  it("asking someone who already asked you points to their request; twice is refused", async () => {
    const a = await person("manager");
    const b = await person("vendor");
    await request(a, b);
    const back = await request(b, a, { version: "1" });
    expect(back.status).toBe(409);
    expect(back.data.error).toBe(CONNECTION_MESSAGES.theyAsked);
    const twice = await request(a, b, { version: "1" });
    expect(twice.status).toBe(409);
    expect(twice.data.error).toBe(CONNECTION_MESSAGES.alreadySent);
    expect((await request(a, a)).status).toBe(409);
  });

  it("remove by either side; a removed pair may connect again", async () => {
    const a = await person("manager");
    const b = await person("vendor");
    await connect(a, b);
    const row = await pairRow(a, b);
    expect((await post(b, { intent: "remove", connectionId: row.id, version: "2" })).status).toBe(302);
    expect((await pairRow(a, b)).status).toBe("declined");
    await connect(a, b);
    const again = await pairRow(a, b);
    expect(again.status).toBe("accepted");
    expect(
      (await post(a, { intent: "remove", connectionId: again.id, version: String(again.version) })).status,
    ).toBe(302);
  });

  it("block from any state (or none) stops requests both ways; only the blocker unblocks", async () => {
    const a = await person("manager");
    const b = await person("vendor");
    // No row yet: a block writes one.
    expect((await post(b, { intent: "block", userId: a.id, version: "0" })).status).toBe(302);
    let row = await pairRow(a, b);
    expect(row).toMatchObject({ status: "blocked", blockedBy: b.id });
    expect(await isBlockedBetween(t.db, a.id, b.id)).toBe(true);
    const refused = await request(a, b, { version: String(row.version) });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(CONNECTION_MESSAGES.blocked);
    expect((await request(b, a, { version: String(row.version) })).status).toBe(409);
    // The blocked person cannot lift it (nor block back).
    expect(
      (await post(a, { intent: "unblock", connectionId: row.id, version: String(row.version) })).status,
    ).toBe(409);
    expect((await post(a, { intent: "block", userId: b.id, version: String(row.version) })).status).toBe(409);
    // The blocker sees them under blocked people, and unblocks.
    const seen = await view(b);
    expect(seen.data.blocked.map((i: { person: { id: string } }) => i.person.id)).toEqual([a.id]);
    expect(
      (await post(b, { intent: "unblock", connectionId: row.id, version: String(row.version) })).status,
    ).toBe(302);
    row = await pairRow(a, b);
    expect(row).toMatchObject({ status: "declined", blockedBy: null });
    expect(await isBlockedBetween(t.db, a.id, b.id)).toBe(false);
    // An accepted connection can be blocked too (it ends).
    await request(a, b, { version: String(row.version) });
    const pending = await pairRow(a, b);
    await post(b, { intent: "accept", connectionId: pending.id, version: String(pending.version) });
    expect(
      (await post(a, { intent: "block", userId: b.id, version: String(pending.version + 1) })).status,
    ).toBe(302);
    expect(await pairRow(a, b)).toMatchObject({ status: "blocked", blockedBy: a.id });
  });

  it("an unknown person is 404; a malformed form is 400", async () => {
    const a = await person("manager");
    expect((await request(a, { id: "00000000-0000-4000-8000-000000000000" } as Person)).status).toBe(404);
    expect((await post(a, { intent: "request", userId: "nope" })).status).toBe(400);
    expect((await post(a, { intent: "explode" })).status).toBe(400);
  });

  it("the list: search by name, type and status filters are applied on the server, with counts", async () => {
    const me = await person("manager");
    const ann = await person("vendor", "Ann Zephyr");
    const bob = await person("board_member", "Bob Quill");
    const cat = await person("vendor", "Cat Zed");
    const dan = await person("vendor", "Dan Ortiz");
    await connect(me, ann);
    // Bob asked me (incoming), I asked Cat (sent), Dan connected as a colleague.
    await request(bob, me);
    await request(me, cat);
    expect((await request(me, dan, { connectionType: "colleague" })).status).toBe(302);
    const danRow = await pairRow(me, dan);
    await post(dan, { intent: "accept", connectionId: danRow.id, version: "1" });

    const names = (data: { connections: { person: { fullName: string } }[] }) =>
      data.connections.map((c) => c.person.fullName).sort();
    const all = await view(me);
    expect(all.data.counts).toEqual({ connections: 2, pending: 2 });
    expect(names(all.data)).toEqual(["Ann Zephyr", "Bob Quill", "Cat Zed", "Dan Ortiz"]);
    expect(all.data.incoming.map((i: { person: { id: string } }) => i.person.id)).toEqual([bob.id]);
    expect(all.data.sent.map((i: { person: { id: string } }) => i.person.id)).toEqual([cat.id]);
    expect(names((await view(me, "?status=connected")).data)).toEqual(["Ann Zephyr", "Dan Ortiz"]);
    expect(names((await view(me, "?status=pending")).data)).toEqual(["Bob Quill", "Cat Zed"]);
    expect(names((await view(me, "?type=colleague")).data)).toEqual(["Dan Ortiz"]);
    expect(names((await view(me, "?q=zE")).data)).toEqual(["Ann Zephyr", "Cat Zed"]);
    expect(names((await view(me, "?q=ze&status=connected")).data)).toEqual(["Ann Zephyr"]);
    expect(names((await view(me, "?q=%25")).data)).toEqual([]);
    // Counts do not follow the filters.
    expect((await view(me, "?q=nobody")).data.counts).toEqual({ connections: 2, pending: 2 });
  });

  it("suggestions: same association, real mutual count, same city, complementary roles; exclusions", async () => {
    const me = await person("board_member", "Me Board", "Springfield");
    const neighbour = await person("homeowner", "Nia Neighbour");
    const friend1 = await person("manager", "Fay Friend");
    const friend2 = await person("manager", "Gus Friend");
    const friendOfFriends = await person("cpa", "Fred Mutual");
    const townie = await person("attorney", "Tia Town", "  springfield ");
    const vendor = await person("vendor", "Val Vendor");
    const blocker = await person("homeowner", "Bo Blocker");
    const asked = await person("homeowner", "Ike Asked");
    const asker = await person("homeowner", "Una Asker");

    await associationWith(t.db, { id: me.id }, [
      { id: neighbour.id, memberRole: "homeowner", unit: "1A" },
      { id: blocker.id, memberRole: "homeowner", unit: "2A" },
      { id: asked.id, memberRole: "homeowner", unit: "3A" },
      { id: asker.id, memberRole: "homeowner", unit: "4A" },
    ]);
    await connect(me, friend1);
    await connect(me, friend2);
    await connect(friend1, friendOfFriends);
    await connect(friendOfFriends, friend2);
    // Exclusions: someone who blocked me, someone I asked, someone who asked me.
    await post(blocker, { intent: "block", userId: me.id, version: "0" });
    await request(me, asked);
    await request(asker, me);

    const { data } = await view(me, "?tab=suggestions");
    type S = { id: string; mutualConnections: number; reasons: string[]; confidenceScore: number };
    const byId = new Map<string, S>(data.suggestions.map((s: S) => [s.id, s]));
    const ids = [...byId.keys()];
    for (const gone of [me, friend1, friend2, blocker, asked, asker]) expect(ids).not.toContain(gone.id);
    expect(byId.get(neighbour.id)?.reasons[0]).toMatch(new RegExp(`^${SUGGESTION_REASONS.association}: `));
    expect(byId.get(friendOfFriends.id)).toMatchObject({
      mutualConnections: 2,
      reasons: expect.arrayContaining(["2 mutual connections"]),
    });
    expect(byId.get(townie.id)?.reasons.some((r) => r.startsWith(SUGGESTION_REASONS.city))).toBe(true);
    expect(byId.get(vendor.id)?.reasons).toContain(SUGGESTION_REASONS.vendor);
    // Scores follow the signals: 2 mutual (20) beats a city alone (15).
    expect(byId.get(friendOfFriends.id)?.confidenceScore ?? 0).toBeGreaterThan(
      byId.get(townie.id)?.confidenceScore ?? 100,
    );
    expect(data.suggestions.length).toBeLessThanOrEqual(20);

    // A vendor sees board members and managers as complementary.
    const other = await person("vendor");
    const seen = await view(other, "?tab=suggestions");
    const mine = seen.data.suggestions.find((s: S) => s.id === me.id);
    expect(mine?.reasons).toContain(SUGGESTION_REASONS.governs);

    // Sending a request removes the person from the suggestions.
    expect((await request(me, friendOfFriends)).status).toBe(302);
    const after = await view(me, "?tab=suggestions");
    expect(after.data.suggestions.map((s: S) => s.id)).not.toContain(friendOfFriends.id);
  });

  it("the day's limit: the remaining hint under 5, then 429 with the spec's message", async () => {
    const a = await person("manager");
    const key = `send_connection_request:user:${a.id}`;
    const start = windowStart(new Date(), USER_ACTION_LIMITS.send_connection_request.windowSeconds);
    await t.db.insert(rateLimitCounters).values({ key, windowStart: start.toISOString(), count: 46 });
    const b = await person("vendor");
    const sent = await request(a, b);
    expect(sent.status).toBe(302);
    // 47 used of 50: the flash says 3 remain.
    const cookie = (sent.response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const { flash } = await readFlash(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(flash?.message).toBe(`${CONNECTION_MESSAGES.sent}. 3 connection requests remaining today`);
    // A refused request gives its attempt back.
    expect((await request(a, b, { version: "1" })).status).toBe(409);
    const [counter] = await t.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    expect(counter?.count).toBe(47);
    await t.db.update(rateLimitCounters).set({ count: 50 }).where(eq(rateLimitCounters.key, key));
    const c = await person("vendor");
    const limited = await request(a, c);
    expect(limited.status).toBe(429);
    expect(limited.data.error).toMatch(
      /^You're sending connection requests too frequently\. Please try again in \d+ seconds\.$/,
    );
    expect(await rowBetween(a, c)).toBeUndefined();
  });

  it("an association's member list carries Connect for others, never for oneself, nothing across a block", async () => {
    const me = await person("board_member");
    const friend = await person("manager");
    const stranger = await person("homeowner");
    const blocker = await person("homeowner");
    const { id } = await associationWith(t.db, { id: me.id }, [
      { id: friend.id, memberRole: "property_manager" },
      { id: stranger.id, memberRole: "homeowner", unit: "1" },
      { id: blocker.id, memberRole: "homeowner", unit: "2" },
    ]);
    await connect(me, friend);
    await post(blocker, { intent: "block", userId: me.id, version: "0" });
    const { status, data } = await outcome(() =>
      property.loader({ request: getAs(`/properties/${id}`, me), params: { id }, context: {} } as never),
    );
    expect(status).toBe(200);
    type M = { userId: string; connection: { state: string } | null };
    const byUser = new Map<string, M>(data.members.map((m: M) => [m.userId, m]));
    expect(byUser.get(me.id)?.connection).toBeNull();
    expect(byUser.get(friend.id)?.connection?.state).toBe("connected");
    expect(byUser.get(stranger.id)?.connection?.state).toBe("none");
    // The component shows nothing for this state (hideBlocked; domain reachability: not visible).
    expect(byUser.get(blocker.id)?.connection?.state).toBe("blocked_by_them");
  });

  it("a repeated request (same idempotency key) is written and counted once", async () => {
    const a = await person("manager");
    const b = await person("vendor");
    const fields = { intent: "request", userId: b.id, idempotencyKey: "connect-key-123456" };
    expect((await post(a, fields)).status).toBe(302);
    expect((await post(a, fields)).status).toBe(302);
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.type, "connection_request")));
    expect(rows).toHaveLength(1);
    // ...and counted once against the day's limit.
    const [counter] = await t.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `send_connection_request:user:${a.id}`));
    expect(counter?.count).toBe(1);
  });
});
