/**
 * Associations (issue 12, section 1) through the pages' loaders and actions with real sessions:
 * creating one, the overview, settings and members, invitations, join requests, the switcher, and
 * isolation (a member of A gets 404 for every page and action of B; a homeowner gets 403).
 */
import { associationInvitations, associationMembers, notifications, rfps, userProfiles } from "@db/schema";
import { ASSOCIATION_MESSAGES } from "@domain/associations";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as overviewRoute from "~/routes/_app.properties._index";
import * as associationRoute from "~/routes/_app.properties.$id";
import * as joinRoute from "~/routes/_app.properties.join";
import * as newRoute from "~/routes/_app.properties.new";
import * as rfpNewRoute from "~/routes/_app.rfps_.new";
import * as invitationRoute from "~/routes/invitations.$token";
import * as switchRoute from "~/routes/properties.switch";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { useTempOutbox } from "../support/outbox";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const get = (path: string, who: Person | null) =>
  new Request(`http://localhost${path}`, { headers: who ? { Cookie: who.cookie } : {} });
const post = (path: string, who: Person, body: Record<string, string>) =>
  formRequest(path, body, { Cookie: who.cookie });

async function body(response: unknown): Promise<Loose> {
  if (!(response instanceof Response)) throw new Error("not a response");
  return response.json();
}

const NEW_ASSOCIATION = {
  name: "Harbor Point Condominium Association",
  property_type: "condominium",
  address_line: "100 Harbor Point Dr",
  city: "Sarasota",
  state: "FL",
  zip: "34236",
  unit_count: "120",
  time_zone: "America/New_York",
  fiscal_year_start_month: "7",
  creator_role: "board_member",
  board_office: "president",
};

describe.each(engines)("associations on %s", (engine) => {
  const outbox = useTempOutbox();
  const t = useTestDatabase(engine);
  let board: Person;
  let manager: Person;
  let homeowner: Person;
  let outsider: Person;
  let unverified: Person;
  let vendor: Person;
  let a: { id: string };
  let b: { id: string };
  let homeownerMemberId: string;

  const page = async (id: string, who: Person) =>
    (await (
      await associationRoute.loader({ request: get(`/properties/${id}`, who), params: { id }, context: {} })
    ).json()) as Loose;
  const act = (id: string, who: Person, fields: Record<string, string>) =>
    associationRoute.action({ request: post(`/properties/${id}`, who, fields), params: { id }, context: {} });
  const memberIdOf = async (associationId: string, userId: string) => {
    const [row] = await t.db
      .select({ id: associationMembers.id })
      .from(associationMembers)
      .where(and(eq(associationMembers.associationId, associationId), eq(associationMembers.userId, userId)));
    return row?.id ?? "";
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    board = await personWithRole(t.db, "board_member");
    manager = await personWithRole(t.db, "manager");
    homeowner = await personWithRole(t.db, "homeowner");
    outsider = await personWithRole(t.db, "board_member");
    unverified = await personWithRole(t.db, "board_member", { verified: false });
    vendor = await personWithRole(t.db, "vendor");
    a = await associationWith(
      t.db,
      { id: board.id },
      [
        { id: manager.id, memberRole: "property_manager" },
        { id: homeowner.id, memberRole: "homeowner", unit: "4B" },
      ],
      { name: `Bayside Towers ${engine}` },
    );
    b = await associationWith(t.db, { id: outsider.id }, [], { name: `Oak Glen ${engine}` });
    homeownerMemberId = await memberIdOf(a.id, homeowner.id);
  });

  describe("creating an association", () => {
    it("a verified board member creates one and becomes its president; it becomes the active one", async () => {
      const creator = await personWithRole(t.db, "board_member");
      const loaded = await body(
        await newRoute.loader({ request: get("/properties/new", creator), params: {}, context: {} }),
      );
      expect(loaded.roles).toEqual(["board_member"]);
      const response = await thrown(() =>
        newRoute.action({
          request: post("/properties/new", creator, NEW_ASSOCIATION),
          params: {},
          context: {},
        }),
      );
      expect(response.status).toBe(302);
      const id = (response.headers.get("Location") ?? "").split("/").at(-1) ?? "";
      const data = await page(id, creator);
      expect(data.association).toMatchObject({
        name: NEW_ASSOCIATION.name,
        propertyType: "condominium",
        unitCount: 120,
        fiscalYearStartMonth: 7,
        boardSeats: 5,
        quorum: 3,
      });
      expect(data.members).toHaveLength(1);
      expect(data.members[0]).toMatchObject({ memberRole: "board_member", boardOffice: "president" });
      const [profile] = await t.db
        .select({ active: userProfiles.activeAssociationId })
        .from(userProfiles)
        .where(eq(userProfiles.id, creator.id));
      expect(profile?.active).toBe(id);
    });

    it("a verified manager joins as property manager", async () => {
      const creator = await personWithRole(t.db, "manager");
      const response = await thrown(() =>
        newRoute.action({
          request: post("/properties/new", creator, { ...NEW_ASSOCIATION, creator_role: "property_manager" }),
          params: {},
          context: {},
        }),
      );
      const id = (response.headers.get("Location") ?? "").split("/").at(-1) ?? "";
      expect((await page(id, creator)).me.label).toBe("Property Manager");
    });

    it("an unverified board member, a homeowner and a vendor may not (403), not even by posting", async () => {
      for (const who of [unverified, homeowner, vendor]) {
        const r = await thrown(() =>
          newRoute.loader({ request: get("/properties/new", who), params: {}, context: {} }),
        );
        expect(r.status).toBe(403);
        const p = await thrown(() =>
          newRoute.action({
            request: post("/properties/new", who, NEW_ASSOCIATION),
            params: {},
            context: {},
          }),
        );
        expect(p.status).toBe(403);
      }
    });

    it("a manager cannot claim a board seat they do not hold (403); the form's rules answer 400", async () => {
      const r = await thrown(() =>
        newRoute.action({
          request: post("/properties/new", manager, NEW_ASSOCIATION),
          params: {},
          context: {},
        }),
      );
      expect(r.status).toBe(403);
      const bad = await thrown(() =>
        newRoute.action({
          request: post("/properties/new", board, {
            ...NEW_ASSOCIATION,
            name: "",
            unit_count: "0",
            time_zone: "Mars/Base",
          }),
          params: {},
          context: {},
        }),
      );
      expect(bad.status).toBe(400);
      const errors = (await bad.json()).result.error;
      expect(errors.name).toEqual(["Association name is required"]);
      expect(errors.unit_count).toEqual(["Number of units must be at least 1"]);
      expect(errors.time_zone).toEqual(["Please select a time zone"]);
    });
  });

  describe("the overview", () => {
    it("lists the person's associations with their figures; the board sees pending counts", async () => {
      const data = await body(
        await overviewRoute.loader({ request: get("/properties", board), params: {}, context: {} }),
      );
      const card = data.associations.find((x: Loose) => x.associationId === a.id);
      expect(card).toMatchObject({
        unitCount: 40,
        membersByRole: { board_member: 1, property_manager: 1, homeowner: 1 },
        pendingJoinRequests: 0,
        pendingInvitations: 0,
        // No meeting scheduled yet; the board room's figures are the board's (and the manager's).
        boardRoom: { nextMeetingAt: null, openActionItems: 0 },
      });
      const own = await body(
        await overviewRoute.loader({ request: get("/properties", homeowner), params: {}, context: {} }),
      );
      expect(own.associations[0].pendingJoinRequests).toBeNull();
      expect(own.associations[0].boardRoom).toBeNull();
    });

    it("a person in none gets the empty state's data", async () => {
      const data = await body(
        await overviewRoute.loader({ request: get("/properties", vendor), params: {}, context: {} }),
      );
      expect(data.associations).toEqual([]);
      expect(data.mayCreate).toBe(false);
    });
  });

  describe("isolation", () => {
    it("a member of A gets 404 for B's page and for every action on it", async () => {
      const loaded = await thrown(() =>
        associationRoute.loader({
          request: get(`/properties/${b.id}`, board),
          params: { id: b.id },
          context: {},
        }),
      );
      expect(loaded.status).toBe(404);
      const outsiderMember = await memberIdOf(b.id, outsider.id);
      const posts: Record<string, string>[] = [
        { intent: "settings", ...NEW_ASSOCIATION, board_seats: "5", quorum_minimum: "" },
        { intent: "invite", email: "x@example.test", member_role: "homeowner", unit: "1" },
        { intent: "change_office", member_id: outsiderMember, board_office: "director" },
        { intent: "remove", member_id: outsiderMember },
        { intent: "leave" },
        { intent: "revoke", invitation_id: "00000000-0000-4000-8000-000000000000" },
        { intent: "approve", member_id: outsiderMember },
        { intent: "decline", member_id: outsiderMember },
      ];
      for (const fields of posts) {
        const r = await thrown(() => act(b.id, board, fields));
        expect(r.status, fields.intent).toBe(404);
      }
      // An id that is not a uuid is no page either.
      const junk = await thrown(() =>
        associationRoute.loader({
          request: get("/properties/junk", board),
          params: { id: "junk" },
          context: {},
        }),
      );
      expect(junk.status).toBe(404);
      expect((await page(b.id, outsider)).members).toHaveLength(1);
    });

    it("A's member ids cannot be used through B's page", async () => {
      const r = await thrown(() => act(b.id, outsider, { intent: "remove", member_id: homeownerMemberId }));
      expect(r.status).toBe(404);
      expect(await memberIdOf(a.id, homeowner.id)).toBe(homeownerMemberId);
    });

    it("a homeowner sees the page but cannot change settings or members (403)", async () => {
      const data = await page(a.id, homeowner);
      expect(data.me.manages).toBe(false);
      expect(data.requests).toEqual([]);
      expect(data.invitations).toEqual([]);
      expect(data.members.every((m: Loose) => m.email === null)).toBe(true);
      const boardMember = await memberIdOf(a.id, board.id);
      const posts: Record<string, string>[] = [
        { intent: "settings", ...NEW_ASSOCIATION, board_seats: "5", quorum_minimum: "" },
        { intent: "invite", email: "x@example.test", member_role: "homeowner", unit: "1" },
        { intent: "change_office", member_id: boardMember, board_office: "director" },
        { intent: "remove", member_id: boardMember },
        { intent: "approve", member_id: boardMember },
        // Refused forms too: a homeowner is never told what a manager's form would have said.
        { intent: "settings", ...NEW_ASSOCIATION, name: "" },
        { intent: "invite", email: "not-an-address", member_role: "homeowner" },
        { intent: "no_such_form" },
      ];
      for (const fields of posts) {
        const r = await thrown(() => act(a.id, homeowner, fields));
        expect(r.status, fields.intent).toBe(403);
      }
    });

    it("a form the page does not have is a 400 on the members' panel; a refused invitation keeps what was typed", async () => {
      const unknown = await thrown(() => act(a.id, board, { intent: "no_such_form" }));
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ form: "member", error: "Choose a member and an action" });
      const typed = await thrown(() =>
        act(a.id, board, { intent: "invite", email: "typed@example.test", member_role: "board_member" }),
      );
      expect(typed.status).toBe(400);
      expect(await typed.json()).toMatchObject({
        form: "invite",
        result: {
          initialValue: { email: "typed@example.test", member_role: "board_member" },
          error: { board_office: ["Please choose the office on the board"] },
        },
      });
    });
  });

  describe("settings and members", () => {
    it("the board saves settings; quorum defaults to a majority and cannot exceed the seats", async () => {
      const saved = await thrown(() =>
        act(a.id, board, {
          intent: "settings",
          ...NEW_ASSOCIATION,
          name: `Bayside Towers ${engine}`,
          board_seats: "7",
          quorum_minimum: "",
        }),
      );
      expect(saved.status).toBe(302);
      expect((await page(a.id, board)).association).toMatchObject({
        boardSeats: 7,
        quorum: 4,
        quorumMinimum: null,
      });
      const refused = await thrown(() =>
        act(a.id, manager, { intent: "settings", ...NEW_ASSOCIATION, board_seats: "3", quorum_minimum: "4" }),
      );
      expect(refused.status).toBe(400);
      expect((await refused.json()).result.error.quorum_minimum).toEqual([
        ASSOCIATION_MESSAGES.quorumAboveSeats,
      ]);
      await thrown(() =>
        act(a.id, manager, {
          intent: "settings",
          ...NEW_ASSOCIATION,
          name: `Bayside Towers ${engine}`,
          board_seats: "5",
          quorum_minimum: "2",
        }),
      );
      expect((await page(a.id, board)).association).toMatchObject({ boardSeats: 5, quorum: 2 });
    });

    it("changes a board member's office; a homeowner holds none (400)", async () => {
      const boardMember = await memberIdOf(a.id, board.id);
      const r = await thrown(() =>
        act(a.id, manager, { intent: "change_office", member_id: boardMember, board_office: "treasurer" }),
      );
      expect(r.status).toBe(302);
      const data = await page(a.id, board);
      expect(data.members.find((m: Loose) => m.id === boardMember).boardOffice).toBe("treasurer");
      const wrong = await thrown(() =>
        act(a.id, manager, {
          intent: "change_office",
          member_id: homeownerMemberId,
          board_office: "treasurer",
        }),
      );
      expect(wrong.status).toBe(400);
    });

    it("the last board member or manager can neither leave nor be removed, and is told why", async () => {
      const solo = await personWithRole(t.db, "board_member");
      const c = await associationWith(t.db, { id: solo.id }, []);
      const left = await thrown(() => act(c.id, solo, { intent: "leave" }));
      expect(left.status).toBe(409);
      expect((await left.json()).error).toBe(ASSOCIATION_MESSAGES.lastManager);
      const self = await memberIdOf(c.id, solo.id);
      const removed = await thrown(() => act(c.id, solo, { intent: "remove", member_id: self }));
      expect(removed.status).toBe(409);
      expect((await page(c.id, solo)).members).toHaveLength(1);
    });

    it("removes a member, and a member leaves", async () => {
      const p1 = await personWithRole(t.db, "homeowner");
      const p2 = await personWithRole(t.db, "homeowner");
      const c = await associationWith(t.db, { id: board.id }, [
        { id: p1.id, memberRole: "homeowner", unit: "1" },
        { id: p2.id, memberRole: "homeowner", unit: "2" },
      ]);
      const p1Member = await memberIdOf(c.id, p1.id);
      const removed = await thrown(() => act(c.id, board, { intent: "remove", member_id: p1Member }));
      expect(removed.status).toBe(302);
      expect(await memberIdOf(c.id, p1.id)).toBe("");
      const left = await thrown(() => act(c.id, p2, { intent: "leave" }));
      expect(left.headers.get("Location")).toBe("/properties");
      const gone = await thrown(() =>
        associationRoute.loader({
          request: get(`/properties/${c.id}`, p2),
          params: { id: c.id },
          context: {},
        }),
      );
      expect(gone.status).toBe(404);
    });
  });

  describe("invitations", () => {
    const tokenFrom = (to: string) => {
      const mail = outbox
        .mails()
        .filter((m) => m.to === to)
        .at(-1);
      const match = mail?.text.match(/\/invitations\/([A-Za-z0-9_-]+)/);
      if (!match?.[1]) throw new Error(`no invitation to ${to}`);
      return match[1];
    };
    const invite = (email: string, fields: Record<string, string> = {}) =>
      thrown(() =>
        act(a.id, board, {
          intent: "invite",
          email,
          member_role: "board_member",
          board_office: "secretary",
          ...fields,
        }),
      );
    const accept = (token: string, who: Person) =>
      thrown(() =>
        invitationRoute.action({
          request: post(`/invitations/${token}`, who, {}),
          params: { token },
          context: {},
        }),
      );
    const preview = async (token: string, who: Person | null) =>
      body(
        await invitationRoute.loader({
          request: get(`/invitations/${token}`, who),
          params: { token },
          context: {},
        }),
      );

    it("an invitation is mailed, accepted once by its address, and used links say so", async () => {
      const invitee = await personWithRole(t.db, "board_member");
      expect((await invite(invitee.email.toUpperCase())).status).toBe(302);
      const token = tokenFrom(invitee.email.toLowerCase());
      // Only the hash is stored.
      const stored = await t.db
        .select({ hash: associationInvitations.tokenHash })
        .from(associationInvitations)
        .where(eq(associationInvitations.email, invitee.email.toLowerCase()));
      expect(stored[0]?.hash).not.toBe(token);
      expect(
        (await page(a.id, board)).invitations.some((i: Loose) => i.email === invitee.email.toLowerCase()),
      ).toBe(true);

      const anonymous = await preview(token, null);
      expect(anonymous.problem).toBeNull();
      expect(anonymous.signUpHref).toBe(
        `/auth/sign-up?redirectTo=${encodeURIComponent(`/invitations/${token}`)}`,
      );
      // Someone else signed in cannot use it.
      const other = await accept(token, homeowner);
      expect(other.status).toBe(403);
      const accepted = await accept(token, invitee);
      expect(accepted.status).toBe(302);
      expect(accepted.headers.get("Location")).toBe(`/properties/${a.id}`);
      const data = await page(a.id, invitee);
      expect(data.me.label).toBe("Board Member · Secretary");
      // Single use.
      const again = await accept(token, invitee);
      expect(again.status).toBe(409);
      expect((await preview(token, invitee)).problem).toBe(ASSOCIATION_MESSAGES.invitationUsed);
    });

    it("an expired invitation is refused with a clear message; an unknown one too", async () => {
      const invitee = await personWithRole(t.db, "homeowner");
      await invite(invitee.email, { member_role: "homeowner", unit: "12C" });
      const token = tokenFrom(invitee.email);
      await t.db
        .update(associationInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(associationInvitations.email, invitee.email));
      expect((await preview(token, invitee)).problem).toBe(ASSOCIATION_MESSAGES.invitationExpired);
      expect((await accept(token, invitee)).status).toBe(409);
      expect((await preview("no-such-token", null)).problem).toBe(ASSOCIATION_MESSAGES.invitationInvalid);
      expect((await accept("no-such-token", invitee)).status).toBe(404);
    });

    it("a revoked invitation cannot be accepted; a homeowner invitation needs a unit", async () => {
      const invitee = await personWithRole(t.db, "homeowner");
      const missing = await invite(invitee.email, { member_role: "homeowner" });
      expect(missing.status).toBe(400);
      expect((await missing.json()).result.error.unit).toEqual(["Unit is required for a homeowner"]);
      await invite(invitee.email, { member_role: "homeowner", unit: "7" });
      const token = tokenFrom(invitee.email);
      const [row] = await t.db
        .select({ id: associationInvitations.id })
        .from(associationInvitations)
        .where(and(eq(associationInvitations.email, invitee.email), eq(associationInvitations.unit, "7")));
      expect(
        (await thrown(() => act(a.id, board, { intent: "revoke", invitation_id: row?.id ?? "" }))).status,
      ).toBe(302);
      expect((await preview(token, invitee)).problem).toBe(ASSOCIATION_MESSAGES.invitationRevokedState);
      expect((await accept(token, invitee)).status).toBe(409);
    });

    it("inviting someone already in the association is refused", async () => {
      const r = await invite(homeowner.email, { member_role: "homeowner", unit: "4B" });
      expect(r.status).toBe(409);
      expect((await r.json()).error).toBe(ASSOCIATION_MESSAGES.alreadyMember);
    });
  });

  describe("join requests", () => {
    const search = async (who: Person, q: string) =>
      body(
        await joinRoute.loader({
          request: get(`/properties/join?q=${encodeURIComponent(q)}`, who),
          params: {},
          context: {},
        }),
      );
    const ask = (who: Person, associationId: string, unit: string) =>
      thrown(() =>
        joinRoute.action({
          request: post("/properties/join", who, { association_id: associationId, unit }),
          params: {},
          context: {},
        }),
      );

    it("a homeowner finds an association by name or city, asks with a unit; the board approves and they are told", async () => {
      const asker = await personWithRole(t.db, "homeowner");
      const found = await search(asker, `Bayside Towers ${engine}`);
      expect(found.results.map((r: Loose) => r.id)).toContain(a.id);
      expect((await search(asker, "Sarasota")).results.map((r: Loose) => r.id)).toContain(a.id);
      const noUnit = await ask(asker, a.id, "");
      expect(noUnit.status).toBe(400);
      expect((await noUnit.json()).result.error.unit).toBeTruthy();
      expect((await ask(asker, a.id, "9F")).status).toBe(302);
      const again = await ask(asker, a.id, "9F");
      expect(again.status).toBe(409);
      // The refusal is the form's own error, shown beside that association's unit field.
      const refusal = await again.json();
      expect(refusal.associationId).toBe(a.id);
      expect(refusal.result.error[""]).toHaveLength(1);
      // A request is not a membership.
      const notYet = await thrown(() =>
        associationRoute.loader({
          request: get(`/properties/${a.id}`, asker),
          params: { id: a.id },
          context: {},
        }),
      );
      expect(notYet.status).toBe(404);
      const requests = (await page(a.id, manager)).requests;
      const request = requests.find((r: Loose) => r.email === asker.email);
      expect(request.unit).toBe("9F");
      // Another association's board cannot decide it.
      expect(
        (await thrown(() => act(b.id, outsider, { intent: "approve", member_id: request.id }))).status,
      ).toBe(404);
      expect(
        (await thrown(() => act(a.id, manager, { intent: "approve", member_id: request.id }))).status,
      ).toBe(302);
      expect((await page(a.id, asker)).me.label).toBe("Homeowner · Unit 9F");
      const told = await t.db
        .select({ type: notifications.type, title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, asker.id), eq(notifications.type, "organization_role_changed")));
      expect(told).toEqual([
        { type: "organization_role_changed", title: `You joined Bayside Towers ${engine}` },
      ]);
      // Members are not offered what they already belong to.
      expect((await search(asker, `Bayside Towers ${engine}`)).results).toEqual([]);
    });

    it("a declined request is removed and the requester told", async () => {
      const asker = await personWithRole(t.db, "homeowner");
      await ask(asker, a.id, "3A");
      const request = (await page(a.id, board)).requests.find((r: Loose) => r.email === asker.email);
      expect(
        (await thrown(() => act(a.id, board, { intent: "decline", member_id: request.id }))).status,
      ).toBe(302);
      expect(await memberIdOf(a.id, asker.id)).toBe("");
      const told = await t.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, asker.id), eq(notifications.type, "organization_role_changed")));
      expect(told[0]?.title).toBe(`Your request to join Bayside Towers ${engine} was declined`);
      // Deciding it twice finds nothing.
      expect(
        (await thrown(() => act(a.id, board, { intent: "approve", member_id: request.id }))).status,
      ).toBe(404);
    });
  });

  describe("switching the active association", () => {
    const switchTo = (who: Person, associationId: string, redirectTo = "/board-room") =>
      thrown(() =>
        switchRoute.action({
          request: post("/properties/switch", who, { association_id: associationId, redirectTo }),
          params: {},
          context: {},
        }),
      );
    const active = async (who: Person) => {
      const [row] = await t.db
        .select({ id: userProfiles.activeAssociationId })
        .from(userProfiles)
        .where(eq(userProfiles.id, who.id));
      return row?.id ?? null;
    };

    it("switches to one of the person's associations and comes back, safely", async () => {
      const both = await personWithRole(t.db, "board_member");
      const c = await associationWith(t.db, { id: both.id }, []);
      const d = await associationWith(t.db, { id: both.id }, []);
      expect(await active(both)).toBe(d.id);
      const r = await switchTo(both, c.id);
      expect(r.headers.get("Location")).toBe("/board-room");
      expect(await active(both)).toBe(c.id);
      const unsafe = await switchTo(both, d.id, "//evil.example");
      expect(unsafe.headers.get("Location")).toBe("/properties");
    });

    it("switching to an association the person is not in is refused (404) and changes nothing", async () => {
      const before = await active(board);
      const r = await switchTo(board, b.id);
      expect(r.status).toBe(404);
      expect(await active(board)).toBe(before);
    });
  });

  describe("an RFP attached to an association", () => {
    const BASIC = {
      step: "basic",
      intent: "next",
      title: "Parking lot resealing",
      category: "maintenance",
      description: "Reseal and restripe the north and south parking lots.",
    };
    const postNew = (who: Person, fields: Record<string, string>) =>
      thrown(() =>
        rfpNewRoute.action({
          request: post("/rfps/new?step=basic", who, fields),
          params: {},
          context: {},
        }),
      );

    it("the wizard offers the author's associations and stores the chosen one in the projection", async () => {
      const data = await body(
        await rfpNewRoute.loader({ request: get("/rfps/new?step=basic", board), params: {}, context: {} }),
      );
      expect(data.associations.map((x: Loose) => x.id)).toContain(a.id);
      expect(data.associations.map((x: Loose) => x.id)).not.toContain(b.id);
      const created = await postNew(board, { ...BASIC, association_id: a.id });
      expect(created.status).toBe(302);
      const id = (created.headers.get("Location") ?? "").match(/\/rfps\/([0-9a-f-]{36})\//)?.[1] ?? "";
      const [row] = await t.db
        .select({ associationId: rfps.associationId })
        .from(rfps)
        .where(eq(rfps.id, id));
      expect(row?.associationId).toBe(a.id);
    });

    it("an association the author is not in is refused (400), and nothing is created", async () => {
      const before = await t.db.select({ id: rfps.id }).from(rfps);
      const refused = await postNew(board, { ...BASIC, association_id: b.id });
      expect(refused.status).toBe(400);
      expect((await refused.json()).result.error.association_id).toEqual(["Choose one of your associations"]);
      expect(await t.db.select({ id: rfps.id }).from(rfps)).toHaveLength(before.length);
    });
  });
});
