/**
 * Saved RFP searches on the server (issue 14): save, rename, alerts and delete from /rfps, scoped to
 * their owner; the Free allowance and the Professional alerts enforced in the command; and the alerts
 * of a published RFP, written with its RfpPublished event, once per saved search and RFP.
 */
import { type Database, queryRows } from "@db/client";
import { writeSavedSearchAlerts } from "@db/reactions/saved-search-alerts";
import type { ReactionInput } from "@db/reactions/types";
import { events, notifications, rfps, savedSearches, subscriptions } from "@db/schema";
import type { RfpFields } from "@domain/rfp";
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_UPGRADE_URL } from "@domain/rfp/saved-searches";
import { matchesRfpSearch, parseRfpSearch } from "@domain/rfp/search";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { grantComplimentaryPlan, revokeComplimentaryPlan } from "~/commands/billing.server";
import { createRfp, executeRfpCommand } from "~/commands/rfps.server";
import { searchRfps } from "~/queries/rfp-search.server";
import * as rfpList from "~/routes/_app.rfps._index";
import { formRequest, routeArgs, thrown, useAppDatabase } from "../support/app";
import { type Engine, engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";
import { inDays, rfpFields } from "../support/rfps";

type Person = Awaited<ReturnType<typeof personWithRole>>;

describe.each(engines)("saved RFP searches on %s", (engine: Engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  const post = (person: Person, fields: Record<string, string>, search = "") =>
    thrown(() =>
      rfpList.action(
        routeArgs(
          formRequest(`/rfps?index${search ? `&${search}` : ""}`, fields, { Cookie: person.cookie }),
        ) as never,
      ),
    );
  const save = (person: Person, name: string, filters: string, alerts = false) =>
    post(person, {
      intent: "save-search",
      name,
      filters,
      resultCount: "2",
      ...(alerts ? { alerts: "on" } : {}),
    });
  const listOf = (userId: string) =>
    t.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(savedSearches.createdAt);

  async function professional(person: Person) {
    const admin = await personWithRole(t.db, "admin");
    const granted = await grantComplimentaryPlan(t.db, {
      subject: { type: "user", id: person.id },
      planId: "professional",
      endsAt: inDays(30),
      reason: "Test",
      grantedBy: admin.id,
    });
    expect(granted.ok).toBe(true);
    return admin;
  }

  it("saves, lists, renames and deletes a search from /rfps, and goes back to the same search", async () => {
    const vendor = await personWithRole(t.db, "vendor");
    const saved = await post(
      vendor,
      {
        intent: "save-search",
        name: " Security in Florida ",
        filters: "category=security&state=FL&page=3",
        resultCount: "4",
      },
      "category=security&state=FL",
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/rfps?category=security&state=FL");
    const [row] = await listOf(vendor.id);
    expect(row).toMatchObject({
      name: "Security in Florida",
      filters: "category=security&state=FL",
      alerts: false,
      resultCount: 4,
    });

    const page = await rfpList.loader(
      routeArgs(new Request("http://localhost/rfps", { headers: { Cookie: vendor.cookie } })) as never,
    );
    const data = (await page.json()) as { saved: { id: string; name: string }[]; professional: boolean };
    expect(data.saved.map((s) => s.name)).toEqual(["Security in Florida"]);
    expect(data.professional).toBe(false);

    expect(
      (await post(vendor, { intent: "rename-search", id: row?.id as string, name: "FL security" })).status,
    ).toBe(302);
    expect((await listOf(vendor.id))[0]?.name).toBe("FL security");
    const blank = await post(vendor, { intent: "rename-search", id: row?.id as string, name: "   " });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain("Please enter a name for this search");

    expect((await post(vendor, { intent: "delete-search", id: row?.id as string })).status).toBe(302);
    expect(await listOf(vendor.id)).toEqual([]);
  });

  it("refuses a search without a name or without filters", async () => {
    const vendor = await personWithRole(t.db, "vendor");
    const noName = await save(vendor, "", "state=FL");
    expect(noName.status).toBe(400);
    expect(JSON.stringify(await noName.json())).toContain("Please enter a name for this search");
    const noFilters = await save(vendor, "Everything", "page=2");
    expect(noFilters.status).toBe(400);
    expect(JSON.stringify(await noFilters.json())).toContain(SAVED_SEARCH_MESSAGES.noFilters);
    expect(await listOf(vendor.id)).toEqual([]);
  });

  it("answers 404 for another person's saved search and leaves it alone", async () => {
    const owner = await personWithRole(t.db, "vendor");
    const other = await personWithRole(t.db, "vendor");
    await save(owner, "Mine", "state=GA");
    const [row] = await listOf(owner.id);
    const id = row?.id as string;
    const attempts: Record<string, string>[] = [
      { intent: "rename-search", id, name: "Stolen" },
      { intent: "delete-search", id },
      { intent: "search-alerts", id, alerts: "" },
      { intent: "delete-search", id: "not-a-uuid" },
    ];
    for (const fields of attempts) {
      const r = await post(other, fields);
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ error: SAVED_SEARCH_MESSAGES.notFound });
    }
    expect(await listOf(owner.id)).toMatchObject([{ id, name: "Mine" }]);
  });

  it("lets Free keep 3 searches without alerts; alerts and more need Professional (402, upgrade link)", async () => {
    const vendor = await personWithRole(t.db, "vendor");
    const alerts = await save(vendor, "Alerts", "state=FL", true);
    expect(alerts.status).toBe(402);
    expect(await alerts.json()).toMatchObject({
      formId: "save-search",
      upgradeUrl: SAVED_SEARCH_UPGRADE_URL,
    });
    for (const n of [1, 2, 3])
      expect((await save(vendor, `Search ${n}`, `state=FL&budget_min=${n}`)).status).toBe(302);
    const fourth = await save(vendor, "Search 4", "state=GA");
    expect(fourth.status).toBe(402);
    const body = (await fourth.json()) as { result: { error: Record<string, string[]> }; upgradeUrl: string };
    expect(body.result.error[""]).toEqual([
      "The Free plan keeps up to 3 saved searches. Delete one, or upgrade to Professional to keep more, with e-mail alerts.",
    ]);
    expect(body.upgradeUrl).toBe(SAVED_SEARCH_UPGRADE_URL);
    const [first] = await listOf(vendor.id);
    const on = await post(vendor, { intent: "search-alerts", id: first?.id as string, alerts: "on" });
    expect(on.status).toBe(402);
    expect(await on.json()).toMatchObject({
      message: SAVED_SEARCH_MESSAGES.alertsNeedPlan,
      upgradeUrl: SAVED_SEARCH_UPGRADE_URL,
    });
    expect(await listOf(vendor.id)).toHaveLength(3);

    await professional(vendor);
    expect((await save(vendor, "Search 4", "state=GA", true)).status).toBe(302);
    expect(
      (await post(vendor, { intent: "search-alerts", id: first?.id as string, alerts: "on" })).status,
    ).toBe(302);
    expect((await listOf(vendor.id)).filter((s) => s.alerts)).toHaveLength(2);
  });

  async function publish(db: Database, fields: RfpFields, by?: Person) {
    const author = by ?? (await personWithRole(db, "board_member"));
    const actor = { userId: author.id, isAdmin: false };
    const created = await createRfp(db, { actor, mayCreate: true, authorContextId: null, fields });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const published = await executeRfpCommand(db, created.result.rfpId, { type: "PublishRfp", actor });
    if (!published.ok) throw new Error(JSON.stringify(published.error));
    return { rfpId: created.result.rfpId, author };
  }
  const alertsOf = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, "rfp_new")));

  it("alerts a Professional owner once per matching search when an RFP is published, also on a repeated delivery", async () => {
    const pro = await personWithRole(t.db, "vendor");
    await professional(pro);
    expect((await save(pro, "Florida upkeep", "category=construction&state=FL", true)).status).toBe(302);
    expect((await save(pro, "Resealing", "q=resealing", true)).status).toBe(302);
    expect((await save(pro, "Georgia", "state=GA", true)).status).toBe(302);
    expect((await save(pro, "Roofing words", "q=roofing", true)).status).toBe(302);
    expect((await save(pro, "Quiet", "state=FL", false)).status).toBe(302);
    const free = await personWithRole(t.db, "vendor");
    await save(free, "Free FL", "state=FL");
    // A Free person's search with alerts on (left from a lapsed plan) is not alerted.
    await t.db.update(savedSearches).set({ alerts: true }).where(eq(savedSearches.userId, free.id));

    const { rfpId } = await publish(t.db, rfpFields({ title: "Parking lot resealing" }));
    const sent = await alertsOf(pro.id);
    expect(sent.map((n) => n.title).sort()).toEqual([
      'New RFP for "Florida upkeep": Parking lot resealing',
      'New RFP for "Resealing": Parking lot resealing',
    ]);
    expect(sent.every((n) => n.actionUrl === `/rfps/${rfpId}` && n.priority === "high")).toBe(true);
    // High priority: e-mailed at once by the notification dispatch (unless the person turned e-mail off).
    expect(sent.map((n) => n.emailState)).toEqual(["pending", "pending"]);
    expect(await alertsOf(free.id)).toEqual([]);
    const alerted = (await listOf(pro.id)).filter((s) => s.lastAlertedAt !== null).map((s) => s.name);
    expect(alerted.sort()).toEqual(["Florida upkeep", "Resealing"]);

    // The same event delivered again (a retry, a replayed reaction): nothing new.
    const [published] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.streamId, `rfp-${rfpId}`), eq(events.eventType, "RfpPublished")));
    const data = published?.data as { rfpId: string; fields: RfpFields; publishedAt: string };
    const input = {
      type: "RfpPublished",
      data,
      eventId: published?.eventId,
      streamId: `rfp-${rfpId}`,
      streamType: "rfp",
    } as unknown as ReactionInput;
    const [author] = await t.db.select({ id: rfps.authorId }).from(rfps).where(eq(rfps.id, rfpId));
    const state = { status: "published", rfpId, authorId: author?.id, fields: data.fields, deleted: false };
    const again = await t.db.transaction((tx) => writeSavedSearchAlerts(tx, [input], () => state));
    expect(again).toEqual([]);
    expect(await alertsOf(pro.id)).toHaveLength(2);
  });

  it("does not alert the author, nor a person who may not see the RFP", async () => {
    const pro = await personWithRole(t.db, "vendor");
    await professional(pro);
    await save(pro, "Florida", "state=FL", true);
    const invited = await personWithRole(t.db, "vendor");
    await publish(t.db, rfpFields({ visibility: "private", invited_vendor_ids: [invited.id] }));
    expect(await alertsOf(pro.id)).toEqual([]);
    const author = await personWithRole(t.db, "board_member");
    await professional(author);
    await save(author, "My own", "state=FL", true);
    await publish(t.db, rfpFields(), author);
    expect(await alertsOf(author.id)).toEqual([]);
    expect(await alertsOf(pro.id)).toHaveLength(1);
  });

  it("keeps a lapsed plan's searches readable and stops their alerts", async () => {
    const pro = await personWithRole(t.db, "vendor");
    const admin = await professional(pro);
    for (const n of [1, 2, 3, 4]) await save(pro, `Tampa ${n}`, `location=tampa&budget_min=${n}`, true);
    const [grant] = await t.db.select().from(subscriptions).where(eq(subscriptions.subjectId, pro.id));
    await revokeComplimentaryPlan(t.db, grant?.id as string, admin.id);
    const page = await rfpList.loader(
      routeArgs(new Request("http://localhost/rfps", { headers: { Cookie: pro.cookie } })) as never,
    );
    const data = (await page.json()) as { saved: { alerts: boolean }[]; professional: boolean };
    expect(data.professional).toBe(false);
    expect(data.saved).toHaveLength(4);
    await publish(t.db, rfpFields());
    expect(await alertsOf(pro.id)).toEqual([]);
    // Above the Free allowance: nothing new, but renaming, switching alerts off and deleting still work.
    expect((await save(pro, "Fifth", "state=FL")).status).toBe(402);
    const [first] = await listOf(pro.id);
    expect((await post(pro, { intent: "search-alerts", id: first?.id as string, alerts: "" })).status).toBe(
      302,
    );
    expect(
      (await post(pro, { intent: "rename-search", id: first?.id as string, name: "Renamed" })).status,
    ).toBe(302);
    expect((await post(pro, { intent: "delete-search", id: first?.id as string })).status).toBe(302);
  });

  it("the pure matcher and the search page's SQL agree on a table of cases", async () => {
    const viewer = await personWithRole(t.db, "vendor");
    const tag = `zq${Date.now()}`;
    const made = await Promise.all(
      [
        rfpFields({
          title: `Roof repair ${tag}`,
          category: "roofing",
          location_state: "FL",
          location_city: "Miami",
        }),
        rfpFields({
          title: `Gate guards ${tag}`,
          category: "security",
          location_state: "GA",
          budget_min: 500,
          budget_max: 4000,
        }),
        rfpFields({
          title: `Lawn care ${tag}`,
          category: "landscaping",
          property_type: "townhouse",
          proposal_deadline: inDays(2),
        }),
        rfpFields({
          title: `Audit ${tag}`,
          category: "financial",
          budget_type: "hourly",
          budget_min: undefined,
          budget_max: undefined,
          budget_hourly_rate: 150,
        }),
        rfpFields({
          title: `Paint ${tag}`,
          category: "painting",
          location_zip: "33602",
          budget_min: 90_000,
          budget_max: 150_000,
          proposal_deadline: inDays(40),
        }),
      ].map(async (f) => (await publish(t.db, f)).rfpId),
    );
    const rows = await t.db.select().from(rfps).where(inArray(rfps.id, made));
    const now = new Date().toISOString();
    const timeZone = "America/New_York";
    const cases = [
      "",
      "category=construction",
      "category=security&state=GA",
      "state=FL",
      "location=336",
      "location=miami",
      "budget_min=5000",
      "budget_max=5000",
      "budget=over-100k",
      "budget_max=200",
      "property_type=townhouse",
      "urgent=1",
      `deadline_to=${inDays(10).slice(0, 10)}`,
      `deadline_from=${inDays(20).slice(0, 10)}`,
      `q=roofs ${tag}`,
      `q=guard ${tag}`,
      "status=closed",
      "mine=1",
    ];
    for (const qs of cases) {
      const f = parseRfpSearch(new URLSearchParams(`${qs}&limit=100`));
      const sqlIds = (
        await searchRfps(t.db, { userId: viewer.id, isAdmin: false, hasVerifiedRole: true }, f, {
          now,
          timeZone,
        })
      ).rfps
        .map((r) => r.id)
        .filter((id) => made.includes(id))
        .sort();
      const texts = f.q
        ? await queryRows<{ id: string; m: boolean }>(
            t.db,
            sql`select id, search_vector @@ websearch_to_tsquery('english', ${f.q}) as m from rfps where id in ${sql.raw(`('${made.join("','")}')`)}`,
          )
        : [];
      const pureIds = rows
        .filter((r) =>
          matchesRfpSearch(
            f,
            {
              ...r,
              proposalDeadline: r.proposalDeadline ? new Date(r.proposalDeadline).toISOString() : null,
            },
            { viewerId: viewer.id, now, timeZone, textMatches: texts.find((x) => x.id === r.id)?.m === true },
          ),
        )
        .map((r) => r.id)
        .sort();
      expect(pureIds, qs).toEqual(sqlIds);
    }
  });
});
