/**
 * A board meeting of another of the person's associations (the calendar lists the meetings of every
 * association the person belongs to and links each to /board-room/meetings/{id}, while the board room
 * shows only the active association). A board member of associations A and B, working in A, who opens
 * B's meeting gets a page that names B and offers a plain form to switch to it (it was a 404 before);
 * after the switch the meeting page shows the meeting. Anyone B's board room does not admit keeps the
 * 404 (or the 403) they got before. The calendar's action items (of every association too) lead to a
 * page that shows them, through the same switch for another association's. On both engines.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, setActiveAssociation } from "~/commands/associations.server";
import { assignActionItem, changeMeeting, scheduleMeeting } from "~/commands/meetings.server";
import * as actionItemsPage from "~/routes/_app.board-room_.action-items";
import * as detailPage from "~/routes/_app.board-room_.meetings.$id";
import * as minutesPage from "~/routes/_app.board-room_.meetings.$id_.minutes";
import * as sharedMinutesPage from "~/routes/_app.minutes_.$id";
import * as calendarApi from "~/routes/api.calendar.events";
import * as sharedMinutesPdf from "~/routes/minutes.$id.pdf";
import * as switchAssociation from "~/routes/properties.switch";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const UNKNOWN = "00000000-0000-4000-8000-00000000abcd";
/** Every text of B's meetings but their titles carries this word: the switch page shows none of it. */
const SECRET = "Quillwort";

describe.each(engines)("a board meeting of another of the person's associations on %s", (engine) => {
  const t = useTestDatabase(engine);
  /** Board member of A (active) and of B. */
  let both: Person;
  /** Homeowner of A (active: the board room refuses them there) and board member of B. */
  let ownerAboardB: Person;
  /** Board member of A only. */
  let outsider: Person;
  /** Board member of A (active) and homeowner of B. */
  let homeownerB: Person;
  /** Homeowner of A only. */
  let homeownerA: Person;
  let presidentB: Person;
  let associationA: string;
  let associationB: string;
  let meetingA: string;
  let meetingB: string;
  let heldB: string;

  async function schedule(associationId: string, by: string, title: string, days: number) {
    const scheduled = await scheduleMeeting(t.db, {
      associationId,
      actor: { userId: by, mayManage: true },
      fields: {
        title,
        description: `${SECRET} description`,
        meeting_type: "regular",
        start_time: inDays(days),
        end_time: inDays(days + 0.1),
        location: `${SECRET} clubhouse`,
        meeting_url: null,
      },
      agenda: [
        {
          title: `${SECRET} reserves`,
          description: null,
          item_type: "discussion",
          duration_minutes: 10,
          assigned_to: null,
        },
      ],
    });
    if (!scheduled.ok) throw new Error(scheduled.error.message);
    return scheduled.result.meetingId;
  }

  beforeAll(async () => {
    useAppDatabase(t.handle);
    both = await personWithRole(t.db, "board_member");
    ownerAboardB = await personWithRole(t.db, "homeowner");
    outsider = await personWithRole(t.db, "board_member");
    homeownerB = await personWithRole(t.db, "board_member");
    homeownerA = await personWithRole(t.db, "homeowner");
    presidentB = await personWithRole(t.db, "board_member");
    ({ id: associationA } = await associationWith(
      t.db,
      { id: both.id },
      [
        { id: ownerAboardB.id, memberRole: "homeowner", unit: "1A" },
        { id: outsider.id, memberRole: "board_member" },
        { id: homeownerB.id, memberRole: "board_member" },
        { id: homeownerA.id, memberRole: "homeowner", unit: "2A" },
      ],
      { name: "Alder Court" },
    ));
    ({ id: associationB } = await associationWith(
      t.db,
      { id: presidentB.id },
      [
        { id: both.id, memberRole: "board_member", boardOffice: "treasurer" },
        { id: ownerAboardB.id, memberRole: "board_member" },
        { id: homeownerB.id, memberRole: "homeowner", unit: "7B" },
      ],
      { name: "Birch Row" },
    ));
    for (const p of [both, ownerAboardB, outsider, homeownerB, homeownerA])
      await setActiveAssociation(t.db, p.id, associationA);
    meetingA = await schedule(associationA, both.id, "Alder budget meeting", 4);
    meetingB = await schedule(associationB, presidentB.id, "Birch budget meeting", 3);
    heldB = await schedule(associationB, presidentB.id, "Birch annual meeting", -2);
    const held = {
      meetingId: heldB,
      associationId: associationB,
      actor: { userId: presidentB.id, mayManage: true },
    };
    for (const change of [{ type: "StartMeeting" }, { type: "CompleteMeeting" }] as const) {
      const r = await changeMeeting(t.db, { ...held, change });
      if (!r.ok) throw new Error(r.error.message);
    }
  });

  const meetingPage = (who: Person, id: string) =>
    outcome(() => detailPage.loader(argsOf(getAs(`/board-room/meetings/${id}`, who), { id })));
  const minutesOf = (who: Person, id: string) =>
    outcome(() => minutesPage.loader(argsOf(getAs(`/board-room/meetings/${id}/minutes`, who), { id })));
  const offer = (meetingTitle: string, redirectTo: string) => ({
    switchTo: { associationId: associationB, associationName: "Birch Row", meetingTitle },
    redirectTo,
  });

  /** The route's own component rendered with what its loader answered, as the server renders it. */
  async function render(
    route: typeof detailPage | typeof minutesPage | typeof actionItemsPage | typeof sharedMinutesPage,
    path: string,
    answer: Response,
  ) {
    const handler = createStaticHandler([
      { id: "page", path: "*", loader: () => answer, Component: route.default },
    ]);
    const context = await handler.query(new Request(`http://localhost${path}`));
    if (context instanceof Response) throw new Error("the page redirected");
    const router = createStaticRouter(handler.dataRoutes, context);
    return renderToStaticMarkup(createElement(StaticRouterProvider, { router, context }));
  }

  it("the calendar links a board member of A and B, working in A, to B's meeting", async () => {
    const day = (n: number) => inDays(n).slice(0, 10);
    const { status, data } = await outcome(() =>
      calendarApi.loader(
        argsOf(getAs(`/api/calendar/events?start_date=${day(-5)}&end_date=${day(10)}`, both)),
      ),
    );
    expect(status).toBe(200);
    const links = data.events.map((e: { title: string; link: string }) => [e.title, e.link]);
    expect(links).toContainEqual(["Birch budget meeting", `/board-room/meetings/${meetingB}`]);
    expect(links).toContainEqual(["Alder budget meeting", `/board-room/meetings/${meetingA}`]);
  });

  it("B's meeting page answers 200 with B's name and a switch form that comes back to the meeting, and nothing else of it", async () => {
    const { status, data, response } = await meetingPage(both, meetingB);
    expect(status).toBe(200);
    expect(data).toEqual(offer("Birch budget meeting", `/board-room/meetings/${meetingB}`));

    const html = await render(detailPage, `/board-room/meetings/${meetingB}`, response);
    // A plain form post (works without JavaScript) to the association switcher.
    expect(html).toMatch(/<form method="post" action="\/properties\/switch"[^>]*>/);
    expect(html).toContain(`<input type="hidden" name="association_id" value="${associationB}"/>`);
    expect(html).toContain(
      `<input type="hidden" name="redirectTo" value="/board-room/meetings/${meetingB}"/>`,
    );
    expect(html).toMatch(/<button type="submit"[^>]*>Switch to Birch Row<\/button>/);
    expect(html).toContain("Birch budget meeting");
    expect(html).not.toContain(SECRET);
  });

  it("the switch form's POST makes B active and lands on the meeting, which then shows the meeting", async () => {
    const switcher = await personWithRole(t.db, "board_member");
    const { id: ownA } = await associationWith(t.db, { id: switcher.id }, [], { name: "Cedar Lane" });
    await addMember(t.db, associationB, {
      userId: switcher.id,
      memberRole: "board_member",
      boardOffice: null,
      unit: null,
      invitedBy: presidentB.id,
    });
    await setActiveAssociation(t.db, switcher.id, ownA);
    const before = await meetingPage(switcher, meetingB);
    expect(before.data).toEqual(offer("Birch budget meeting", `/board-room/meetings/${meetingB}`));

    // The fields the page's form carries, posted as a browser without JavaScript posts them.
    const switched = await outcome(() =>
      switchAssociation.action(
        argsOf(
          postAs("/properties/switch", switcher, {
            association_id: associationB,
            redirectTo: `/board-room/meetings/${meetingB}`,
          }),
        ),
      ),
    );
    expect(switched.status).toBe(302);
    expect(switched.response.headers.get("Location")).toBe(`/board-room/meetings/${meetingB}`);

    const after = await meetingPage(switcher, meetingB);
    expect(after.status).toBe(200);
    expect(after.data.switchTo).toBeUndefined();
    expect(after.data.meeting).toMatchObject({ id: meetingB, title: "Birch budget meeting" });
    expect(after.data.meeting.description).toBe(`${SECRET} description`);
    expect(after.data.agenda.map((i: { title: string }) => i.title)).toEqual([`${SECRET} reserves`]);
    // Now A's own meetings are the other association's.
    const own = await schedule(ownA, switcher.id, "Cedar meeting", 5);
    expect((await meetingPage(switcher, own)).data.switchTo).toMatchObject({ associationName: "Cedar Lane" });
  });

  it("a homeowner of the active association who sits on B's board gets the offer where the board room said 403", async () => {
    const { status, data } = await meetingPage(ownerAboardB, meetingB);
    expect(status).toBe(200);
    expect(data).toEqual(offer("Birch budget meeting", `/board-room/meetings/${meetingB}`));
    // The active association's own meetings: still 403.
    expect((await meetingPage(ownerAboardB, meetingA)).status).toBe(403);
  });

  it("anyone B's board room does not admit keeps exactly the answer they got before", async () => {
    const unknown = await meetingPage(outsider, UNKNOWN);
    expect(unknown.status).toBe(404);
    for (const who of [outsider, homeownerB]) {
      const answer = await meetingPage(who, meetingB);
      expect(answer.status).toBe(404);
      expect(answer.data).toEqual(unknown.data);
      const minutes = await minutesOf(who, heldB);
      expect(minutes.status).toBe(404);
      expect(minutes.data).toEqual(unknown.data);
    }
    // A homeowner of A only: another association's meeting, or none, is 404 as for anyone outside it
    // (issue 26: it was 403); A's own meetings are refused with 403.
    expect((await meetingPage(homeownerA, meetingB)).status).toBe(404);
    expect((await meetingPage(homeownerA, UNKNOWN)).status).toBe(404);
    expect((await meetingPage(homeownerA, meetingA)).status).toBe(403);
    // An admitted member of B: an unknown or malformed id is still 404.
    expect((await meetingPage(both, UNKNOWN)).status).toBe(404);
    expect((await meetingPage(both, "not-a-meeting")).status).toBe(404);
  });

  it("the meeting page's actions stay with the active association: 404 for B's meeting, nothing changed", async () => {
    const forms: Record<string, string>[] = [
      { intent: "start" },
      { intent: "cancel", reason: "No" },
      { intent: "delete" },
    ];
    for (const form of forms) {
      const answer = await outcome(() =>
        detailPage.action(argsOf(postAs(`/board-room/meetings/${meetingB}`, both, form), { id: meetingB })),
      );
      expect(answer.status).toBe(404);
    }
    expect((await meetingPage(presidentB, meetingB)).data.meeting.status).toBe("scheduled");
  });

  it("the minutes page of B's meeting offers the same switch, back to the minutes", async () => {
    const { status, data, response } = await minutesOf(both, heldB);
    expect(status).toBe(200);
    expect(data).toEqual(offer("Birch annual meeting", `/board-room/meetings/${heldB}/minutes`));
    const html = await render(minutesPage, `/board-room/meetings/${heldB}/minutes`, response);
    expect(html).toContain(
      `<input type="hidden" name="redirectTo" value="/board-room/meetings/${heldB}/minutes"/>`,
    );
    expect(html).toMatch(/<button type="submit"[^>]*>Switch to Birch Row<\/button>/);
    expect(html).not.toContain(SECRET);
  });

  it("B's shared minutes offer a homeowner of B, working in A, the switch; their PDF leads there (issue 26)", async () => {
    const shared = (who: Person, id: string) =>
      outcome(() => sharedMinutesPage.loader(argsOf(getAs(`/minutes/${id}`, who), { id })));
    const pdf = (who: Person, id: string) =>
      outcome(() => sharedMinutesPdf.loader(argsOf(getAs(`/minutes/${id}/pdf`, who), { id })));
    // A meeting of B held last week, its minutes approved and shared with B's homeowners.
    const sharedB = await schedule(associationB, presidentB.id, "Birch spring meeting", -7);
    for (const change of [
      { type: "StartMeeting" },
      { type: "DraftMinutes", content: `${SECRET} minutes` },
      { type: "CompleteMeeting" },
      { type: "ApproveMinutes" },
      { type: "ShareMinutes" },
    ] as const) {
      const r = await changeMeeting(t.db, {
        meetingId: sharedB,
        associationId: associationB,
        actor: { userId: presidentB.id, mayManage: true },
        change,
      });
      if (!r.ok) throw new Error(r.error.message);
    }
    const { status, data, response } = await shared(homeownerB, sharedB);
    expect(status).toBe(200);
    expect(data).toEqual(offer("Birch spring meeting", `/minutes/${sharedB}`));
    const html = await render(sharedMinutesPage, `/minutes/${sharedB}`, response);
    expect(html).toContain(`<input type="hidden" name="redirectTo" value="/minutes/${sharedB}"/>`);
    expect(html).toMatch(/<button type="submit"[^>]*>Switch to Birch Row<\/button>/);
    expect(html).not.toContain(SECRET);
    const download = await pdf(homeownerB, sharedB);
    expect(download.status).toBe(302);
    expect(download.response.headers.get("Location")).toBe(`/minutes/${sharedB}`);
    // Minutes not shared (B's upcoming meeting), or of an association the person is not in: 404 as before.
    const unknown = await shared(homeownerB, UNKNOWN);
    expect(unknown.status).toBe(404);
    for (const [who, id] of [
      [homeownerB, meetingB],
      [outsider, sharedB],
      [homeownerA, sharedB],
    ] as const) {
      expect(await shared(who, id)).toMatchObject({ status: 404, data: unknown.data });
      expect((await pdf(who, id)).status).toBe(404);
    }
    // After the switch, the minutes and their PDF open.
    await setActiveAssociation(t.db, homeownerB.id, associationB);
    try {
      expect((await shared(homeownerB, sharedB)).data).toMatchObject({ title: "Birch spring meeting" });
      expect((await pdf(homeownerB, sharedB)).response.headers.get("Content-Type")).toBe("application/pdf");
    } finally {
      await setActiveAssociation(t.db, homeownerB.id, associationA);
    }
  });

  it("the active association's meeting pages are unchanged", async () => {
    const own = await meetingPage(both, meetingA);
    expect(own.status).toBe(200);
    expect(own.data.switchTo).toBeUndefined();
    expect(own.data.meeting).toMatchObject({ id: meetingA, title: "Alder budget meeting" });
    const ofB = await meetingPage(presidentB, meetingB);
    expect(ofB.data.meeting).toMatchObject({ id: meetingB, title: "Birch budget meeting" });
    const html = await render(detailPage, `/board-room/meetings/${meetingA}`, own.response);
    expect(html).toContain("Alder budget meeting");
    expect(html).not.toContain("/properties/switch");
    const minutes = await minutesOf(presidentB, heldB);
    expect(minutes.status).toBe(200);
    expect(minutes.data.meeting).toMatchObject({ id: heldB });
  });

  /** The board room page a calendar link leads to, as its loader answers the person. */
  async function follow(who: Person, link: string) {
    const { pathname } = new URL(link, "http://localhost");
    const minutes = pathname.match(/^\/board-room\/meetings\/([^/]+)\/minutes$/)?.[1];
    if (minutes) return { route: minutesPage, ...(await minutesOf(who, minutes)) };
    if (pathname === "/board-room/action-items")
      return {
        route: actionItemsPage,
        ...(await outcome(() => actionItemsPage.loader(argsOf(getAs(pathname, who))))),
      };
    throw new Error(`no board room page for ${link}`);
  }
  /** The action items a board room page's answer lists (the minutes' or My Action Items'). */
  const itemsShown = (data: { actionItems?: { description: string }[]; items?: { description: string }[] }) =>
    (data.actionItems ?? data.items ?? []).map((i) => i.description);

  it("the calendar's action item of B leads, through the switch, to a page that shows it; A's opens at once", async () => {
    const assignee = await personWithRole(t.db, "board_member");
    const { id: ownA } = await associationWith(t.db, { id: assignee.id }, [], { name: "Dogwood Green" });
    await addMember(t.db, associationB, {
      userId: assignee.id,
      memberRole: "board_member",
      boardOffice: null,
      unit: null,
      invitedBy: presidentB.id,
    });
    await setActiveAssociation(t.db, assignee.id, ownA);
    const meetingOwn = await schedule(ownA, assignee.id, "Dogwood meeting", -1);
    const started = await changeMeeting(t.db, {
      meetingId: meetingOwn,
      associationId: ownA,
      actor: { userId: assignee.id, mayManage: true },
      change: { type: "StartMeeting" },
    });
    if (!started.ok) throw new Error(started.error.message);
    const assign = async (
      meetingId: string,
      associationId: string,
      by: string,
      description: string,
      days: number,
    ) => {
      const r = await assignActionItem(t.db, {
        meetingId,
        associationId,
        actor: { userId: by, mayManage: true },
        actionItem: {
          description,
          assigneeId: assignee.id,
          assigneeName: "Assignee",
          due_date: inDays(days).slice(0, 10),
        },
      });
      if (!r.ok) throw new Error(r.error.message);
    };
    await assign(meetingOwn, ownA, assignee.id, "Repaint the Dogwood gate", 2);
    await assign(heldB, associationB, presidentB.id, `Order ${SECRET} seedlings`, 3);

    const day = (n: number) => inDays(n).slice(0, 10);
    const calendar = await outcome(() =>
      calendarApi.loader(
        argsOf(getAs(`/api/calendar/events?start_date=${day(-5)}&end_date=${day(10)}`, assignee)),
      ),
    );
    const linkOf = (title: string) => {
      const entry = calendar.data.events.find((e: { title: string }) => e.title === title);
      expect(entry, title).toMatchObject({ source: "action_item" });
      return entry.link as string;
    };

    // The active association's item: the page it links to shows it at once.
    const own = await follow(assignee, linkOf("Action item due: Repaint the Dogwood gate"));
    expect(own.status).toBe(200);
    expect(own.data.switchTo).toBeUndefined();
    expect(itemsShown(own.data)).toContain("Repaint the Dogwood gate");

    // B's item: the page names B and offers the switch, and shows nothing of B's beyond the meeting's title.
    const link = linkOf(`Action item due: Order ${SECRET} seedlings`);
    const offered = await follow(assignee, link);
    expect(offered.status).toBe(200);
    expect(itemsShown(offered.data)).toEqual([]);
    expect(offered.data.switchTo).toEqual({
      associationId: associationB,
      associationName: "Birch Row",
      meetingTitle: "Birch annual meeting",
    });
    expect(offered.data.redirectTo).toBe(new URL(link, "http://localhost").pathname);
    const html = await render(offered.route, link, offered.response);
    expect(html).toMatch(/<button type="submit"[^>]*>Switch to Birch Row<\/button>/);
    expect(html).not.toContain(SECRET);

    // The switch comes back to the page, which now shows B's item, where the link's anchor points.
    const switched = await outcome(() =>
      switchAssociation.action(
        argsOf(
          postAs("/properties/switch", assignee, {
            association_id: associationB,
            redirectTo: offered.data.redirectTo,
          }),
        ),
      ),
    );
    expect(switched.status).toBe(302);
    const back = switched.response.headers.get("Location") ?? "";
    expect(back).toBe(offered.data.redirectTo);
    const after = await follow(assignee, back);
    expect(after.status).toBe(200);
    expect(after.data.switchTo).toBeUndefined();
    expect(itemsShown(after.data)).toContain(`Order ${SECRET} seedlings`);
    const anchor = new URL(link, "http://localhost").hash.slice(1);
    if (anchor) expect(await render(after.route, back, after.response)).toContain(`id="${anchor}"`);
  });
});
