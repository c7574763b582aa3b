/**
 * Skills, endorsements and the Professional Center on the server (issue 28, parts 4, 5, 6, 8 and 9):
 * every rule and permission, through the routes' loaders and actions.
 */
import { queryRows } from "@db/client";
import {
  connections,
  endorsementHelpful,
  endorsementRequests,
  endorsements,
  notifications,
  profileViews,
  skillEndorsements,
  skills,
  userProfiles,
} from "@db/schema";
import { ENDORSEMENT_MESSAGES } from "@domain/network/endorsements";
import { normalizeSkillName, SKILL_MESSAGES } from "@domain/network/skills";
import { USER_ACTION_LIMITS } from "@domain/rules/rate-limits";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readFlash } from "~/flash.server";
import { profileEndorsements } from "~/queries/network-endorsements.server";
import { profileSkills } from "~/queries/network-skills.server";
import { professionalCenter } from "~/queries/professional-center.server";
import * as center from "~/routes/_app.professional._index";
import * as endorsementsRoute from "~/routes/_app.professional.endorsements";
import * as skillsRoute from "~/routes/_app.professional.skills";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { type Engine, engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

describe.each(engines)("skills, endorsements and the Professional Center on %s", (engine: Engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  const skillPost = (who: Person, body: Record<string, string>) =>
    outcome(() => skillsRoute.action(argsOf(postAs("/professional/skills", who, body)) as never));
  const endorsementPost = (who: Person, body: Record<string, string>) =>
    outcome(() => endorsementsRoute.action(argsOf(postAs("/professional/endorsements", who, body)) as never));
  const skillsPage = (who: Person, search = "") =>
    outcome(() => skillsRoute.loader(argsOf(getAs(`/professional/skills${search}`, who)) as never));
  const endorsementsPage = (who: Person, search = "") =>
    outcome(() =>
      endorsementsRoute.loader(argsOf(getAs(`/professional/endorsements${search}`, who)) as never),
    );

  let key = 0;
  const addSkill = async (who: Person, name: string, extra: Record<string, string> = {}) => {
    key += 1;
    const r = await skillPost(who, {
      intent: "add",
      idempotencyKey: `skill-key-${key}-${Date.now()}`,
      skillName: name,
      skillCategory: "management",
      proficiencyLevel: "advanced",
      yearsExperience: "5",
      isPublic: "on",
      ...extra,
    });
    const [row] = await t.db
      .select()
      .from(skills)
      .where(
        and(eq(skills.userId, who.id), sql`lower(${skills.skillName}) = lower(${normalizeSkillName(name)})`),
      );
    return { response: r, row };
  };
  const connect = (a: Person, b: Person, status: "accepted" | "blocked" | "pending" = "accepted") =>
    t.db
      .insert(connections)
      .values({
        requesterId: a.id,
        addresseeId: b.id,
        status,
        acceptedAt: status === "accepted" ? sql`now()` : null,
        blockedBy: status === "blocked" ? a.id : null,
      })
      .returning({ id: connections.id });
  const write = (from: Person, to: Person, skillName: string, extra: Record<string, string> = {}) => {
    key += 1;
    return endorsementPost(from, {
      intent: "write",
      idempotencyKey: `endorse-key-${key}-${Date.now()}`,
      endorseeId: to.id,
      skillName,
      endorsementText: `Worked with them on ${skillName}.`,
      relationshipType: "client",
      isPublic: "on",
      ...extra,
    });
  };

  describe("skills", () => {
    it("adds, edits, features, orders and deletes one's own skills; names are trimmed and unique per person", async () => {
      const me = await personWithRole(t.db, "manager");
      const blank = await skillPost(me, {
        intent: "add",
        skillName: "   ",
        skillCategory: "legal",
        proficiencyLevel: "expert",
      });
      expect(blank.status).toBe(400);
      expect(JSON.stringify(blank.data.result)).toContain(SKILL_MESSAGES.nameRequired);
      const years = await skillPost(me, {
        intent: "add",
        skillName: "Budgets",
        skillCategory: "financial",
        proficiencyLevel: "expert",
        yearsExperience: "51",
      });
      expect(years.status).toBe(400);
      expect(JSON.stringify(years.data.result)).toContain(SKILL_MESSAGES.years);

      const a = await addSkill(me, "  Reserve   studies ");
      expect(a.response.status).toBe(302);
      expect(a.row?.skillName).toBe("Reserve studies");
      const dup = await addSkill(me, "RESERVE STUDIES");
      expect(dup.response.status).toBe(409);
      expect(JSON.stringify(dup.response.data.result)).toContain(SKILL_MESSAGES.duplicate);
      const b = await addSkill(me, "Vendor management", { yearsExperience: "0" });
      const c = await addSkill(me, "Board meetings");
      expect(b.row?.yearsExperience).toBe(0);

      // Edit with the rendered version; a stale version is 409 with the current values.
      const edit = (version: number, name: string) =>
        skillPost(me, {
          intent: "update",
          skillId: a.row?.id as string,
          version: String(version),
          skillName: name,
          skillCategory: "financial",
          proficiencyLevel: "expert",
          yearsExperience: "10",
        });
      expect((await edit(1, "Reserve planning")).status).toBe(302);
      const stale = await edit(1, "Something else");
      expect(stale.status).toBe(409);
      expect(stale.data.current).toMatchObject({ skillName: "Reserve planning", version: 2 });
      expect((await edit(2, "Board meetings")).status).toBe(409); // taken by another of mine

      // Feature and order.
      await skillPost(me, { intent: "feature", skillId: c.row?.id as string, featured: "true" });
      await skillPost(me, { intent: "move", skillId: c.row?.id as string, direction: "up" });
      const page = await skillsPage(me);
      expect(page.data.skills.map((s: { skillName: string }) => s.skillName)).toEqual([
        "Reserve planning",
        "Board meetings",
        "Vendor management",
      ]);
      expect(page.data.skills[1].isFeatured).toBe(true);
      expect(page.data.skills[0].categoryLabel).toBe("Financial");

      // Search and category filter on the server.
      const searched = await skillsPage(me, "?q=VENDOR");
      expect(searched.data.skills.map((s: { skillName: string }) => s.skillName)).toEqual([
        "Vendor management",
      ]);
      const byCategory = await skillsPage(me, "?category=financial");
      expect(byCategory.data.skills).toHaveLength(1);

      // Someone else's skill is not found for every owner action.
      const other = await personWithRole(t.db, "vendor");
      for (const body of <Record<string, string>[]>[
        { intent: "delete", skillId: a.row?.id as string },
        { intent: "feature", skillId: a.row?.id as string, featured: "false" },
        { intent: "move", skillId: a.row?.id as string, direction: "down" },
        {
          intent: "update",
          skillId: a.row?.id as string,
          version: "2",
          skillName: "Mine now",
          skillCategory: "legal",
          proficiencyLevel: "beginner",
        },
      ]) {
        expect((await skillPost(other, body)).status).toBe(404);
      }
      expect((await skillPost(me, { intent: "delete", skillId: b.row?.id as string })).status).toBe(302);
      expect((await skillsPage(me)).data.total).toBe(2);
    });

    it("a +1 is once per person, never on one's own, counted in skills.endorsements_count, and can be taken back", async () => {
      const owner = await personWithRole(t.db, "vendor");
      const fan = await personWithRole(t.db, "board_member");
      const fan2 = await personWithRole(t.db, "manager");
      const { row } = await addSkill(owner, "Roofing");
      const id = row?.id as string;
      const plus = (who: Person, intent = "endorse") =>
        skillPost(who, { intent, skillId: id, redirectTo: "/professional/somebody" });

      const first = await plus(fan);
      expect(first.status).toBe(302);
      expect(first.response.headers.get("Location")).toBe("/professional/somebody");
      await plus(fan);
      await plus(fan2);
      const count = async () =>
        (await t.db.select({ n: skills.endorsementsCount }).from(skills).where(eq(skills.id, id)))[0]?.n;
      expect(await count()).toBe(2);
      expect(
        await t.db.select().from(skillEndorsements).where(eq(skillEndorsements.skillId, id)),
      ).toHaveLength(2);

      const own = await plus(owner);
      expect(own.status).toBe(403);
      expect(own.data.error).toBe(SKILL_MESSAGES.ownSkill);
      expect(await count()).toBe(2);

      await plus(fan, "unendorse");
      await plus(fan, "unendorse");
      expect(await count()).toBe(1);

      // An unsafe redirect goes to the skills page instead.
      const unsafe = await skillPost(fan, { intent: "endorse", skillId: id, redirectTo: "//evil.example" });
      expect(unsafe.response.headers.get("Location")).toBe("/professional/skills");

      // The visitor's view marks their own +1.
      const seen = await profileSkills(t.db, owner.id, fan.id);
      expect(seen.skills[0]).toMatchObject({
        skillName: "Roofing",
        endorsementsCount: 2,
        endorsedByViewer: true,
      });
    });

    it("private skills show only to their owner and cannot be endorsed; nothing across a block", async () => {
      const owner = await personWithRole(t.db, "attorney");
      const visitor = await personWithRole(t.db, "manager");
      const blocked = await personWithRole(t.db, "vendor");
      await addSkill(owner, "Public skill");
      const hidden = await addSkill(owner, "Private skill", { isPublic: "" });
      expect(hidden.row?.isPublic).toBe(false);

      const mine = await profileSkills(t.db, owner.id, owner.id);
      expect(mine.skills.map((s) => s.skillName).sort()).toEqual(["Private skill", "Public skill"]);
      const theirs = await profileSkills(t.db, owner.id, visitor.id);
      expect(theirs.skills.map((s) => s.skillName)).toEqual(["Public skill"]);
      const publicPage = await skillsPage(visitor, `?user=${owner.id}`);
      expect(publicPage.data.profile.skills.map((s: { skillName: string }) => s.skillName)).toEqual([
        "Public skill",
      ]);

      expect(
        (await skillPost(visitor, { intent: "endorse", skillId: hidden.row?.id as string })).status,
      ).toBe(404);

      await connect(owner, blocked, "blocked");
      expect((await profileSkills(t.db, owner.id, blocked.id)).skills).toEqual([]);
      const pub = mine.skills.find((s) => s.skillName === "Public skill");
      expect((await skillPost(blocked, { intent: "endorse", skillId: pub?.id as string })).status).toBe(404);
      expect((await skillsPage(blocked, `?user=${owner.id}`)).status).toBe(404);
    });

    it("a private profile's skills page is for its owner and connections only", async () => {
      const owner = await personWithRole(t.db, "cpa");
      const friend = await personWithRole(t.db, "manager");
      const stranger = await personWithRole(t.db, "vendor");
      await t.db.update(userProfiles).set({ isPublic: false }).where(eq(userProfiles.id, owner.id));
      await connect(owner, friend);
      expect((await skillsPage(friend, `?user=${owner.id}`)).status).toBe(200);
      expect((await skillsPage(stranger, `?user=${owner.id}`)).status).toBe(404);
      expect((await skillsPage(stranger, "?user=not-a-uuid")).status).toBe(404);
    });
  });

  describe("endorsements", () => {
    it("are written to connections only, never to oneself, once per skill, with a notification in the same transaction", async () => {
      const endorser = await personWithRole(t.db, "board_member");
      const endorsee = await personWithRole(t.db, "manager");
      const stranger = await personWithRole(t.db, "vendor");
      await addSkill(endorsee, "Budgeting");

      const notConnected = await write(endorser, endorsee, "Budgeting");
      expect(notConnected.status).toBe(403);
      expect(notConnected.data.error).toBe(ENDORSEMENT_MESSAGES.notConnected);
      expect((await write(endorser, endorser, "Budgeting")).status).toBe(403);

      await connect(endorser, endorsee);
      const ok = await write(endorser, endorsee, "Budgeting");
      expect(ok.status).toBe(302);
      const [row] = await t.db.select().from(endorsements).where(eq(endorsements.endorserId, endorser.id));
      expect(row).toMatchObject({ skillName: "Budgeting", relationshipType: "client", isPublic: true });
      expect(row?.skillId).not.toBeNull();
      const sent = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, endorsee.id), eq(notifications.type, "endorsement_received")));
      expect(sent).toHaveLength(1);

      const again = await write(endorser, endorsee, " budgeting ");
      expect(again.status).toBe(409);
      expect(again.data.error).toBe(ENDORSEMENT_MESSAGES.duplicate);
      expect((await write(endorser, endorsee, "Vendor oversight")).status).toBe(302);

      // A block ends it: no longer connected.
      await connect(stranger, endorsee, "blocked");
      expect((await write(stranger, endorsee, "Budgeting")).status).toBe(403);
    });

    it("only the endorser edits (409 when stale) or deletes; anyone else gets 404", async () => {
      const endorser = await personWithRole(t.db, "vendor");
      const endorsee = await personWithRole(t.db, "manager");
      const other = await personWithRole(t.db, "homeowner");
      await connect(endorser, endorsee);
      await write(endorser, endorsee, "Landscaping");
      const [row] = await t.db.select().from(endorsements).where(eq(endorsements.endorserId, endorser.id));
      const id = row?.id as string;
      const edit = (who: Person, version: string, text: string) =>
        endorsementPost(who, {
          intent: "update",
          endorsementId: id,
          version,
          skillName: "Landscaping",
          endorsementText: text,
          relationshipType: "vendor",
          isPublic: "on",
        });
      expect((await edit(endorsee, "1", "Mine")).status).toBe(404);
      expect((await edit(other, "1", "Mine")).status).toBe(404);
      expect((await edit(endorser, "1", "Great crews, every week.")).status).toBe(302);
      const stale = await edit(endorser, "1", "Lost update");
      expect(stale.status).toBe(409);
      expect(stale.data.current).toMatchObject({ endorsementText: "Great crews, every week.", version: 2 });
      // The edit dialog opens for the endorser only.
      expect((await endorsementsPage(endorser, `?edit=${id}`)).data.dialog).toBe("edit");
      expect((await endorsementsPage(endorsee, `?edit=${id}`)).data.dialog).toBeNull();

      expect((await endorsementPost(endorsee, { intent: "delete", endorsementId: id })).status).toBe(404);
      expect((await endorsementPost(endorser, { intent: "delete", endorsementId: id })).status).toBe(302);
      expect(await t.db.select().from(endorsements).where(eq(endorsements.id, id))).toHaveLength(0);
    });

    it("the endorsee alone hides one from the profile and writes the one response; Helpful is once per person", async () => {
      const endorser = await personWithRole(t.db, "attorney");
      const endorsee = await personWithRole(t.db, "board_member");
      const reader = await personWithRole(t.db, "vendor");
      const reader2 = await personWithRole(t.db, "manager");
      await connect(endorser, endorsee);
      await write(endorser, endorsee, "Governance");
      await write(endorser, endorsee, "Contracts", { isPublic: "" });
      const [row] = await t.db
        .select()
        .from(endorsements)
        .where(and(eq(endorsements.endorserId, endorser.id), eq(endorsements.skillName, "Governance")));
      const id = row?.id as string;

      // Public and not hidden for others; the private one only to the two of them.
      expect(
        (await profileEndorsements(t.db, endorsee.id, reader.id)).endorsements.map((e) => e.skillName),
      ).toEqual(["Governance"]);
      expect((await profileEndorsements(t.db, endorsee.id, endorsee.id)).total).toBe(2);

      expect((await endorsementPost(endorser, { intent: "hide", endorsementId: id })).status).toBe(404);
      expect((await endorsementPost(reader, { intent: "hide", endorsementId: id })).status).toBe(404);
      expect((await endorsementPost(endorsee, { intent: "hide", endorsementId: id })).status).toBe(302);
      expect((await profileEndorsements(t.db, endorsee.id, reader.id)).total).toBe(0);
      expect((await endorsementPost(reader, { intent: "helpful", endorsementId: id })).status).toBe(404);
      await endorsementPost(endorsee, { intent: "unhide", endorsementId: id });
      expect((await profileEndorsements(t.db, endorsee.id, reader.id)).total).toBe(1);

      const respond = (who: Person) =>
        endorsementPost(who, { intent: "respond", endorsementId: id, responseText: "Thank you!" });
      expect((await respond(endorser)).status).toBe(404);
      expect((await respond(reader)).status).toBe(404);
      expect((await respond(endorsee)).status).toBe(302);
      const [responded] = await t.db.select().from(endorsements).where(eq(endorsements.id, id));
      expect(responded?.responseText).toBe("Thank you!");

      const helpful = (who: Person) => endorsementPost(who, { intent: "helpful", endorsementId: id });
      await helpful(reader);
      await helpful(reader2);
      const countNow = async () =>
        (
          await t.db
            .select({ n: endorsements.helpfulCount })
            .from(endorsements)
            .where(eq(endorsements.id, id))
        )[0]?.n;
      expect(await countNow()).toBe(2);
      await helpful(reader); // toggles off
      expect(await countNow()).toBe(1);
      expect(
        await t.db.select().from(endorsementHelpful).where(eq(endorsementHelpful.endorsementId, id)),
      ).toHaveLength(1);
    });

    it("requests go to connections only, notify in the same transaction, are answered or declined, and are rate limited", async () => {
      const asker = await personWithRole(t.db, "manager");
      const friend = await personWithRole(t.db, "vendor");
      const stranger = await personWithRole(t.db, "cpa");
      await connect(asker, friend);
      const ask = (to: Person, skillName: string) => {
        key += 1;
        return endorsementPost(asker, {
          intent: "request",
          idempotencyKey: `ask-${key}-${Date.now()}`,
          endorserId: to.id,
          skillName,
          endorsementText: "Could you vouch for my work on the pool project?",
          relationshipType: "colleague",
          workingRelationshipContext: "Pool renovation 2025",
          isPublic: "on",
        });
      };
      expect((await ask(stranger, "Pools")).status).toBe(403);
      const sent = await ask(friend, "Pools");
      expect(sent.status).toBe(302);
      expect((await ask(friend, "pools")).status).toBe(409);
      const [request] = await t.db
        .select()
        .from(endorsementRequests)
        .where(eq(endorsementRequests.requesterId, asker.id));
      expect(request).toMatchObject({
        status: "pending",
        workingRelationshipContext: "Pool renovation 2025",
        isPublic: true,
      });
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, friend.id), eq(notifications.type, "endorsement_requested")));
      expect(told).toHaveLength(1);

      // The friend sees it, opens the answer dialog prefilled, and writes it: the request is fulfilled.
      const page = await endorsementsPage(friend, `?answer=${request?.id}`);
      expect(page.data.incoming).toHaveLength(1);
      expect(page.data.dialog).toBe("write");
      expect(page.data.writeFor.id).toBe(asker.id);
      // Only the person asked may answer it.
      expect((await write(stranger, asker, "Pools", { requestId: request?.id as string })).status).toBe(403);
      expect((await write(friend, asker, "Pools", { requestId: request?.id as string })).status).toBe(302);
      const [after] = await t.db
        .select()
        .from(endorsementRequests)
        .where(eq(endorsementRequests.id, request?.id as string));
      expect(after?.status).toBe("fulfilled");

      // Declining: only the person asked.
      await ask(friend, "Budgets");
      const [second] = await t.db
        .select()
        .from(endorsementRequests)
        .where(
          and(eq(endorsementRequests.requesterId, asker.id), eq(endorsementRequests.skillName, "Budgets")),
        );
      expect(
        (await endorsementPost(asker, { intent: "decline-request", requestId: second?.id as string })).status,
      ).toBe(404);
      expect(
        (await endorsementPost(friend, { intent: "decline-request", requestId: second?.id as string }))
          .status,
      ).toBe(302);

      // The limit: 20 a day; the hint names how many remain when fewer than 5; beyond, 429.
      const limit = USER_ACTION_LIMITS.request_endorsement.limit;
      await queryRows(
        t.db,
        sql`update rate_limit_counters set count = ${limit - 2} where key = ${`request_endorsement:user:${asker.id}`}`,
      );
      const nearly = await ask(friend, "Skill A");
      expect(nearly.status).toBe(302);
      const cookie = (nearly.response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
      const { flash } = await readFlash(new Request("http://localhost/", { headers: { Cookie: cookie } }));
      expect(flash?.message).toBe(`${ENDORSEMENT_MESSAGES.requestSent}. 1 endorsement request remaining`);
      await ask(friend, "Skill B");
      const over = await ask(friend, "Skill C");
      expect(over.status).toBe(429);
      expect(over.data.error).toMatch(
        /^You're requesting endorsements too frequently\. Please try again in \d+ seconds\.$/,
      );
      expect(over.response.headers.get("Retry-After")).toMatch(/^\d+$/);
    });

    it("lists Received / Given, searches skill, endorser name and text case-insensitively on the server, and sorts", async () => {
      const me = await personWithRole(t.db, "manager");
      const ann = await personWithRole(t.db, "vendor");
      const bob = await personWithRole(t.db, "attorney");
      await t.db.update(userProfiles).set({ fullName: "Annabel Quill" }).where(eq(userProfiles.id, ann.id));
      await connect(me, ann);
      await connect(me, bob);
      await write(ann, me, "Snow removal", { endorsementText: "Always on time in winter." });
      await write(bob, me, "Contracts", { endorsementText: "Reads every clause." });
      await write(me, ann, "Irrigation");

      const list = async (search: string) =>
        (await endorsementsPage(me, search)).data.endorsements.map((e: { skillName: string }) => e.skillName);
      expect(await list("?filter=received&sort=skill")).toEqual(["Contracts", "Snow removal"]);
      expect(await list("?filter=given")).toEqual(["Irrigation"]);
      expect((await list("")).sort()).toEqual(["Contracts", "Irrigation", "Snow removal"]);
      expect(await list("?q=QUILL&filter=received")).toEqual(["Snow removal"]);
      expect(await list("?q=clause")).toEqual(["Contracts"]);
      expect(await list("?q=irrig")).toEqual(["Irrigation"]);
      expect(await list("?q=%25")).toEqual([]);
      expect((await endorsementsPage(me, "?q=nothing-like-this")).data.endorsements).toEqual([]);
    });
  });

  describe("the Professional Center", () => {
    it("counts connections, requests, endorsements and profile views per distinct viewer per day", async () => {
      const me = await personWithRole(t.db, "board_member");
      const a = await personWithRole(t.db, "vendor");
      const b = await personWithRole(t.db, "vendor");
      const c = await personWithRole(t.db, "manager");
      // A vendor in the board member's city: a suggestion (complementary role, same city).
      const d = await personWithRole(t.db, "vendor");
      await t.db
        .update(userProfiles)
        .set({ location: "Sarasota, FL" })
        .where(inArray(userProfiles.id, [me.id, d.id]));
      await connect(me, a);
      await connect(b, me, "pending");
      await connect(me, c, "pending");
      await write(a, me, "Leadership");
      const day = (n: number) => sql`(current_date - ${n}::int)`;
      await t.db
        .insert(profileViews)
        .values([
          { profileUserId: me.id, viewerId: a.id, day: day(0) as never },
          { profileUserId: me.id, viewerId: a.id, day: day(1) as never },
          { profileUserId: me.id, viewerId: b.id, day: day(1) as never },
          { profileUserId: me.id, viewerId: c.id, day: day(40) as never },
        ])
        .onConflictDoNothing();
      // The same viewer the same day again is the same row.
      await t.db
        .insert(profileViews)
        .values({ profileUserId: me.id, viewerId: a.id, day: day(0) as never })
        .onConflictDoNothing();

      const data = await professionalCenter(t.db, me.id);
      expect(data.stats).toMatchObject({
        totalConnections: 1,
        profileViews: 3,
        profileViewsPrevious: 1,
        endorsementsReceived: 1,
        pendingRequests: 1,
        sentRequests: 1,
      });
      expect(data.connections.map((p) => p.id)).toEqual([a.id]);
      expect(data.connectionRequests.map((p) => p.id)).toEqual([b.id]);
      expect(data.activity.map((x) => x.type).sort()).toEqual([
        "new_connection",
        "role_verified",
        "skill_endorsement",
      ]);
      expect(data.insights.map((i) => i.type)).toEqual([
        "growth",
        "engagement",
        "opportunity",
        "recognition",
      ]);
      expect(data.insights.find((i) => i.type === "recognition")?.trend).toBe("up");
      // Suggestions (app/queries/connection-suggestions.server.ts): never someone connected in any way.
      const suggested = data.suggestions.map((s) => s.id);
      expect(suggested).not.toContain(a.id);
      expect(suggested).not.toContain(b.id);
      expect(suggested).not.toContain(c.id);
      expect(suggested).toContain(d.id);

      // Completeness from the profile: a role (15), a name (10), an endorsement (10), then 3 skills (15).
      const before = data.completeness.score;
      for (const name of ["One", "Two", "Three"]) await addSkill(me, name);
      expect((await professionalCenter(t.db, me.id)).completeness.score).toBe(before + 15);

      const page = await outcome(() =>
        center.loader(argsOf(getAs("/professional?tab=insights", me)) as never),
      );
      expect(page.status).toBe(200);
      expect(page.data.tab).toBe("insights");
      expect(
        (await outcome(() => center.loader(argsOf(getAs("/professional?tab=bogus", me)) as never))).data.tab,
      ).toBe("connections");
    });
  });
});
