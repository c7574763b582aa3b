/**
 * The feed's "N new posts" (issue 29, part 2) over the one live stream: a new post reaches the open
 * streams of exactly the people who may read it (its visibility checked once per app server for all of
 * its streams), with what the feed needs to match its filters; nobody else hears of it.
 */
import { connections } from "@db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as feedRoute from "~/routes/_app.common-area._index";
import * as streamRoute from "~/routes/api.notifications.stream";
import { thrown, useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";
import { sseReader } from "../support/sse";

type Person = Awaited<ReturnType<typeof personWithRole>>;

describe.each(bothEngines)("the live feed on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person; // the author
  let bob: Person; // connected to Ann
  let dan: Person; // no relation
  const closers: (() => void)[] = [];

  const openStream = async (who: Person) => {
    const controller = new AbortController();
    const request = new Request("http://localhost/api/notifications/stream", {
      headers: { Cookie: who.cookie },
      signal: controller.signal,
    });
    const sse = sseReader(await streamRoute.loader({ request, params: {}, context: {} }));
    await sse.waitFor((e) => e.event === "unread");
    closers.push(() => controller.abort());
    return sse;
  };
  const write = async (who: Person, content: string, visibility: string) => {
    const r = await thrown(() =>
      feedRoute.action({
        request: new Request("http://localhost/common-area?index", {
          method: "POST",
          body: new URLSearchParams({ intent: "create", content, visibility, postType: "property_update" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
        }),
        params: {},
        context: {},
      }),
    );
    expect(r.status).toBe(302);
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    dan = await personWithRole(t.db, "attorney", { label: "dan" });
    await t.db.insert(connections).values({ requesterId: ann.id, addresseeId: bob.id, status: "accepted" });
  });
  afterAll(() => {
    for (const close of closers) close();
  });

  it("a public post reaches every open stream; a connections-only one only the connections'", async () => {
    const bobStream = await openStream(bob);
    const bobSecondTab = await openStream(bob);
    const danStream = await openStream(dan);

    await write(ann, "The lobby repaint starts Monday", "public");
    const seen = await bobStream.waitFor((e) => e.event === "post");
    expect(seen.data).toMatchObject({ authorId: ann.id, postType: "property_update", visibility: "public" });
    expect(seen.data.id).toMatch(/^[0-9a-f-]{36}$/);
    await bobSecondTab.waitFor((e) => e.event === "post" && e.data.id === seen.data.id);
    await danStream.waitFor((e) => e.event === "post" && e.data.id === seen.data.id);

    await write(ann, "Connections: a roofer I trust", "connections_only");
    const only = await bobStream.waitFor(
      (e) => e.event === "post" && e.data.visibility === "connections_only",
    );
    // Dan's stream hears of it never: a later public post arrives, the connections-only one does not.
    await write(ann, "Public again", "public");
    await danStream.waitFor((e) => e.event === "post" && e.data.id !== seen.data.id);
    expect(danStream.events.some((e) => e.event === "post" && e.data.id === only.data.id)).toBe(false);
  });
});
