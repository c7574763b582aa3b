/**
 * Notifications (issue 5 parts 1 and 2): /notifications through its loader and action with real
 * sessions, and the live stream: a notification reaches an open stream within a second (on PostgreSQL
 * also from another app server), a reconnect with Last-Event-ID gets what it missed, and a browser
 * going away releases its subscription.
 */
import { type DatabaseHandle, openDatabase, queryRows } from "@db/client";
import { notifications } from "@db/schema";
import { EMPTY_STATES } from "@domain/notifications";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type NewNotification, notify } from "~/commands/notifications.server";
import { switchContext } from "~/commands/roles.server";
import { resetEnvForTests } from "~/env.server";
import { hubFor } from "~/live/notification-hub.server";
import * as shellRoute from "~/routes/_app";
import * as pageRoute from "~/routes/_app.notifications";
import * as streamRoute from "~/routes/api.notifications.stream";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";
import { sseReader } from "../support/sse";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;
const HOUR = 3_600_000;
const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

describe.each(bothEngines)("notifications on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person;
  let bob: Person;

  const get = (path: string, who: Person) =>
    new Request(`http://localhost${path}`, { headers: { Cookie: who.cookie } });
  const page = async (who: Person, query = "") =>
    (await (
      await pageRoute.loader({ request: get(`/notifications${query}`, who), params: {}, context: {} })
    ).json()) as Loose;
  const act = (who: Person, body: Record<string, string>, ids: string[] = []) => {
    const request = formRequest("/notifications", body, { Cookie: who.cookie });
    if (ids.length === 0) return thrown(() => pageRoute.action({ request, params: {}, context: {} }));
    const form = new URLSearchParams(body);
    for (const id of ids) form.append("ids", id);
    return thrown(() =>
      pageRoute.action({
        request: new Request("http://localhost/notifications", {
          method: "POST",
          body: form,
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
        }),
        params: {},
        context: {},
      }),
    );
  };
  const titles = (data: Loose) => data.groups.flatMap((g: Loose) => g.items.map((i: Loose) => i.title));
  const make = async (who: Person, patch: Partial<NewNotification> & { createdAt?: string } = {}) => {
    const { createdAt, ...rest } = patch;
    const id = await notify(t.db, { userId: who.id, type: "welcome", title: "Hello", ...rest });
    if (createdAt) await t.db.update(notifications).set({ createdAt }).where(eq(notifications.id, id));
    return id;
  };
  const clear = (who: Person) => t.db.delete(notifications).where(eq(notifications.userId, who.id));
  const openStream = (who: Person, lastEventId?: string) => {
    const controller = new AbortController();
    const headers: Record<string, string> = { Cookie: who.cookie };
    if (lastEventId) headers["Last-Event-ID"] = lastEventId;
    const request = new Request("http://localhost/api/notifications/stream", {
      headers,
      signal: controller.signal,
    });
    return { controller, response: streamRoute.loader({ request, params: {}, context: {} }) };
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
  });

  it("shows the three empty states and never an expired notification", async () => {
    await clear(ann);
    expect((await page(ann)).empty).toBe(EMPTY_STATES.none);
    await make(ann, { title: "Gone", expiresAt: at(HOUR) });
    expect((await page(ann)).empty).toBe(EMPTY_STATES.none);
    await make(ann, { title: "Still here", expiresAt: at(-HOUR) });
    const data = await page(ann);
    expect(titles(data)).toEqual(["Still here"]);
    expect((await page(ann, "?q=pool")).empty).toBe(EMPTY_STATES.search);
    expect((await page(ann, "?filter=archived")).empty).toBe(EMPTY_STATES.caughtUp);
  });

  it("filters, searches title or body case-insensitively, sorts and groups through the loader", async () => {
    await clear(ann);
    await make(ann, { title: "Old urgent", priority: "urgent", createdAt: at(40 * 24 * HOUR) });
    await make(ann, { title: "Yesterday high", priority: "high", createdAt: at(24 * HOUR + 60_000) });
    const readId = await make(ann, {
      title: "Read one",
      body: "About the POOL deck",
      createdAt: at(2 * HOUR),
    });
    await make(ann, { title: "Newest", type: "proposal_received", createdAt: at(60_000) });
    await t.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, readId));
    await make(bob, { title: "Bob's own" });

    expect(titles(await page(ann))).toEqual(["Newest", "Read one", "Yesterday high", "Old urgent"]);
    expect(titles(await page(ann, "?filter=unread"))).toEqual(["Newest", "Yesterday high", "Old urgent"]);
    expect(titles(await page(ann, "?filter=read"))).toEqual(["Read one"]);
    expect(titles(await page(ann, "?filter=priority"))).toEqual(["Yesterday high", "Old urgent"]);
    expect(titles(await page(ann, "?sort=priority"))).toEqual([
      "Old urgent",
      "Yesterday high",
      "Newest",
      "Read one",
    ]);
    expect(titles(await page(ann, "?q=pool"))).toEqual(["Read one"]);
    expect(titles(await page(ann, "?q=NEWEST"))).toEqual(["Newest"]);
    expect(titles(await page(ann, "?q=100%25"))).toEqual([]);
    const byType = await page(ann, "?group=type");
    expect(byType.groups.map((g: Loose) => g.label)).toEqual(["Proposal received", "Welcome"]);
    // The time zone is the profile's (none here: the platform default), so "yesterday" is a day ago there.
    const byDate = await page(ann, "?group=date");
    expect(byDate.groups.at(-1)).toMatchObject({ label: "Older" });
    expect(byDate.groups.map((g: Loose) => g.label)).toContain("Yesterday");
    expect(titles(byDate)).not.toContain("Bob's own");
  });

  it("archives, deletes and marks read only the person's own notifications", async () => {
    await clear(ann);
    await clear(bob);
    const a1 = await make(ann, { title: "A1", actionUrl: "/rfps" });
    const a2 = await make(ann, { title: "A2" });
    const b1 = await make(bob, { title: "B1", actionUrl: "/credits" });

    let r = await act(ann, { intent: "archive", returnTo: "/notifications?filter=unread" }, [a1, b1]);
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/notifications?filter=unread");
    expect(titles(await page(ann, "?filter=archived"))).toEqual(["A1"]);
    expect(titles(await page(bob))).toEqual(["B1"]);

    r = await act(ann, { intent: "delete" }, [a2, b1]);
    expect(r.status).toBe(302);
    expect(titles(await page(ann))).toEqual([]);
    expect(titles(await page(bob))).toEqual(["B1"]);

    r = await act(ann, { intent: "read-all" });
    expect(r.status).toBe(302);
    const [bobRow] = await t.db.select().from(notifications).where(eq(notifications.id, b1));
    expect(bobRow?.isRead).toBe(false);

    // Opening someone else's notification: not found, and it stays unread.
    expect((await act(ann, { intent: "open", id: b1 })).status).toBe(404);
    // Opening one's own marks it read and goes to its link; a link off-site is refused.
    r = await act(bob, { intent: "open", id: b1 });
    expect(r.headers.get("Location")).toBe("/credits");
    const [opened] = await t.db.select().from(notifications).where(eq(notifications.id, b1));
    expect(opened).toMatchObject({ isRead: true });
    expect(opened?.readAt).not.toBeNull();
    const evil = await make(bob, { title: "Evil", actionUrl: "//evil.example/x" });
    expect((await act(bob, { intent: "open", id: evil })).headers.get("Location")).toBe("/notifications");

    // An empty selection is refused for its content.
    const empty = await act(ann, { intent: "archive" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      intent: "archive",
      result: { error: { ids: ["Select at least one notification."] } },
    });
    // A post that names no action of the page: refused, its intent unknown (null).
    const unknown = await act(ann, { intent: "shred" }, [a1]);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      intent: null,
      result: { error: { intent: expect.any(Array) } },
    });
    // A returnTo off the page goes back to the page.
    r = await act(bob, { intent: "read-all", returnTo: "https://evil.example/" });
    expect(r.headers.get("Location")).toBe("/notifications");
  });

  it("the shell's bell: the unread count and the 10 newest, not archived nor expired, only one's own", async () => {
    await clear(ann);
    for (let i = 1; i <= 12; i++) await make(ann, { title: `Bell ${i}`, createdAt: at((20 - i) * 60_000) });
    const archived = await make(ann, { title: "Archived" });
    await act(ann, { intent: "archive" }, [archived]);
    await make(ann, { title: "Expired", expiresAt: at(1000) });
    await make(bob, { title: "Bob's" });
    const shell = (await (
      await shellRoute.loader({ request: get("/dashboard", ann), params: {}, context: {} })
    ).json()) as Loose;
    expect(shell.bell.unread).toBe(12);
    expect(shell.bell.items.map((i: Loose) => i.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Bell ${12 - i}`),
    );
    // Every signed-in page carries these: only what the bell's menu and the links show (issue 27).
    expect(Object.keys(shell.bell.items[0]).sort()).toEqual([
      "ago",
      "body",
      "id",
      "isRead",
      "priority",
      "title",
    ]);
    for (const item of shell.nav) expect(Object.keys(item).sort()).toEqual(["href", "icon", "label"]);
  });

  it("a live stream gets the unread count, new notifications within a second, and context changes", async () => {
    await clear(ann);
    const { controller, response } = openStream(ann);
    const res = await response;
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("Cache-Control")).toContain("no-transform");
    const sse = sseReader(res);
    await sse.waitFor((e) => e.event === "unread" && e.data.count === 0);
    const id = await make(ann, { title: "Live one" });
    const event = await sse.waitFor((e) => e.event === "notification" && e.data.id === id);
    expect(event.data).toMatchObject({ title: "Live one", ago: "just now" });
    expect(event.id).toMatch(new RegExp(`_${id}$`));
    await sse.waitFor((e) => e.event === "unread" && e.data.count === 1);
    // Someone else's notification never shows in Ann's stream.
    const other = await make(bob, { title: "Not for Ann" });
    // Marking read lowers the count.
    await act(ann, { intent: "read-all" });
    await sse.waitFor((e) => e.event === "unread" && e.data.count === 0);
    expect(sse.events.some((e) => e.data?.id === other)).toBe(false);
    // A context switch tells the page to reload role data.
    expect(await switchContext(t.db, ann.id, ann.contextId as string)).toBe(true);
    await sse.waitFor((e) => e.event === "context");
    const hub = hubFor(t.handle);
    const before = hub.size;
    controller.abort();
    await sse.done;
    expect(hub.size).toBe(before - 1);
  });

  it("every one of a person's open streams (tabs) gets the notification and the same count", async () => {
    await clear(ann);
    const tabs = await Promise.all(
      [1, 2, 3].map(async () => {
        const { controller, response } = openStream(ann);
        const sse = sseReader(await response);
        await sse.waitFor((e) => e.event === "unread" && e.data.count === 0);
        return { controller, sse };
      }),
    );
    const id = await make(ann, { title: "For every tab" });
    for (const { sse } of tabs) {
      await sse.waitFor((e) => e.event === "notification" && e.data.id === id);
      await sse.waitFor((e) => e.event === "unread" && e.data.count === 1);
    }
    for (const { controller, sse } of tabs) {
      controller.abort();
      await sse.done;
    }
  });

  it("past LIVE_STREAMS_PER_PERSON open streams, opening one closes the person's oldest, not anyone else's", async () => {
    process.env.LIVE_STREAMS_PER_PERSON = "3";
    resetEnvForTests();
    try {
      await clear(ann);
      const open = async (who: Person) => {
        const { controller, response } = openStream(who);
        const sse = sseReader(await response);
        await sse.waitFor((e) => e.event === "unread");
        let ended = false;
        void sse.done.then(() => {
          ended = true;
        });
        return { controller, sse, ended: () => ended };
      };
      const bobs = await open(bob);
      const tabs = [await open(ann), await open(ann), await open(ann)];
      // A fourth of Ann's: her first ends, the other three stay, and Bob's is untouched.
      tabs.push(await open(ann));
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        tabs[0]?.sse.done,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("her oldest stream stayed open")), 5000);
        }),
      ]).finally(() => clearTimeout(timer));
      const id = await make(ann, { title: "To the three newest" });
      for (const tab of tabs.slice(1))
        await tab.sse.waitFor((e) => e.event === "notification" && e.data.id === id);
      expect(tabs.slice(1).map((t) => t.ended())).toEqual([false, false, false]);
      expect(tabs[0]?.sse.events.some((e) => e.event === "notification")).toBe(false);
      const bobsId = await make(bob, { title: "Bob's tab is still open" });
      await bobs.sse.waitFor((e) => e.event === "notification" && e.data.id === bobsId);
      for (const { controller, sse } of [...tabs, bobs]) {
        controller.abort();
        await sse.done;
      }
    } finally {
      delete process.env.LIVE_STREAMS_PER_PERSON;
      resetEnvForTests();
    }
  });

  it("a stream reconnecting with Last-Event-ID gets what it missed", async () => {
    await clear(ann);
    const first = openStream(ann);
    const sse = sseReader(await first.response);
    const seen = await make(ann, { title: "Seen" });
    const seenEvent = await sse.waitFor((e) => e.event === "notification" && e.data.id === seen);
    first.controller.abort();
    await sse.done;

    // Apart in time on purpose: two notifications of the same instant (PGlite's clock has millisecond
    // resolution) come in id order, which says nothing about which was made first.
    const later = Date.now() + 1_000;
    const missed1 = await make(ann, { title: "Missed 1", createdAt: new Date(later).toISOString() });
    const missed2 = await make(ann, { title: "Missed 2", createdAt: new Date(later + 1).toISOString() });
    const again = openStream(ann, seenEvent.id);
    const resumed = sseReader(await again.response);
    await resumed.waitFor((e) => e.event === "unread" && e.data.count === 3);
    const got = resumed.events.filter((e) => e.event === "notification").map((e) => e.data.id);
    expect(got).toEqual(expect.arrayContaining([missed1, missed2]));
    expect(got.indexOf(missed1)).toBeLessThan(got.indexOf(missed2));
    // Without an id (a fresh page) nothing old is replayed: the page has it already.
    const fresh = openStream(ann);
    const freshSse = sseReader(await fresh.response);
    await freshSse.waitFor((e) => e.event === "unread");
    expect(freshSse.events.filter((e) => e.event === "notification")).toEqual([]);
    again.controller.abort();
    fresh.controller.abort();
    await Promise.all([resumed.done, freshSse.done]);
  });

  it.runIf(engine === "postgres")(
    "two app servers: a notification created through one pool reaches a stream opened through another within a second",
    async () => {
      const second: DatabaseHandle = await openDatabase({ url: t.handle.url as string, max: 2 });
      try {
        await clear(ann);
        const { controller, response } = openStream(ann);
        const sse = sseReader(await response);
        await sse.waitFor((e) => e.event === "unread");
        // Inside a transaction on the other server: the stream hears of it only after commit.
        const started = Date.now();
        const id = await second.db.transaction(async (tx) =>
          notify(tx, { userId: ann.id, type: "rfp_new", title: "From the other server", priority: "high" }),
        );
        const event = await sse.waitFor((e) => e.event === "notification" && e.data.id === id, 1000);
        expect(Date.now() - started).toBeLessThan(1000);
        expect(event.data).toMatchObject({ title: "From the other server", important: true });
        // A rolled-back notification never arrives.
        await second.db
          .transaction(async (tx) => {
            await notify(tx, { userId: ann.id, type: "rfp_new", title: "Rolled back" });
            tx.rollback();
          })
          .catch(() => {});
        // One committed after it arrives, and the stream delivers in commit order: nothing came before.
        const marker = await second.db.transaction(async (tx) =>
          notify(tx, { userId: ann.id, type: "rfp_new", title: "After the rollback" }),
        );
        await sse.waitFor((e) => e.event === "notification" && e.data.id === marker);
        expect(sse.events.some((e) => e.data?.title === "Rolled back")).toBe(false);
        controller.abort();
        await sse.done;
      } finally {
        await second.close();
      }
    },
  );

  it.runIf(engine === "postgres")(
    "the shared LISTEN connection dropping loses nothing: once it is back, each stream catches up",
    async () => {
      await clear(ann);
      const { controller, response } = openStream(ann);
      const sse = sseReader(await response);
      await sse.waitFor((e) => e.event === "unread");
      const [listener] = await queryRows<{ pid: number }>(
        t.db,
        sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      expect(listener).toBeDefined();
      await queryRows(t.db, sql`select pg_terminate_backend(${listener?.pid})`);
      // Sent while nobody listens: only the catch-up after the reconnect can deliver it.
      const id = await make(ann, { title: "During the gap" });
      await sse.waitFor((e) => e.event === "notification" && e.data.id === id, 5000);
      // And the stream is live again.
      const after = await make(ann, { title: "After the gap" });
      await sse.waitFor((e) => e.event === "notification" && e.data.id === after, 1000);
      controller.abort();
      await sse.done;
    },
  );

  it("a signed-out stream is refused with 401", async () => {
    const r = await thrown(() =>
      streamRoute.loader({
        request: new Request("http://localhost/api/notifications/stream"),
        params: {},
        context: {},
      }),
    );
    expect(r.status).toBe(401);
  });

  it("removes the test rows it made", async () => {
    await t.db.delete(notifications).where(inArray(notifications.userId, [ann.id, bob.id]));
  });
});
