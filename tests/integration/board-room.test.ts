/**
 * The board room (issue 12, part 2) through its loaders, actions and JSON endpoints with real
 * sessions, on both engines: the meeting lifecycle end to end, the edit form's version, the quorum
 * rule, immutable approved minutes, and cross-association isolation (a board member of another
 * association gets 404 everywhere; a homeowner of the association gets 403). Each block ends with
 * replay --verify over the meeting projections (tests/support/db.ts).
 */

import { randomUUID } from "node:crypto";
import { runCommand } from "@db/event-store";
import { replay } from "@db/projections/replay";
import { MEETING_MESSAGES } from "@domain/meeting";
import { EDIT_VERSION_REQUIRED } from "@domain/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadMeeting, scheduleMeeting } from "~/commands/meetings.server";
import * as dashboard from "~/routes/_app.board-room";
import * as actionItemsPage from "~/routes/_app.board-room_.action-items";
import * as detailPage from "~/routes/_app.board-room_.meetings.$id";
import * as editPage from "~/routes/_app.board-room_.meetings.$id_.edit";
import * as minutesPage from "~/routes/_app.board-room_.meetings.$id_.minutes";
import * as newPage from "~/routes/_app.board-room_.new";
import * as calendarPage from "~/routes/_app.calendar";
import * as sharedList from "~/routes/_app.minutes";
import * as sharedPage from "~/routes/_app.minutes_.$id";
import * as propertiesOverview from "~/routes/_app.properties._index";
import * as apiList from "~/routes/api.board-room.meetings";
import * as apiOne from "~/routes/api.board-room.meetings_.$id";
import * as apiMinutes from "~/routes/api.board-room.meetings_.$id_.minutes";
import * as sharedPdf from "~/routes/minutes.$id.pdf";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { createTestDatabase, engines, useTestDatabase } from "../support/db";
import { pdfText } from "../support/pdf";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const get = (path: string, who: Person | null) =>
  new Request(`http://localhost${path}`, { headers: who ? { Cookie: who.cookie } : {} });
const post = (path: string, who: Person, body: Record<string, string>) =>
  formRequest(path, body, { Cookie: who.cookie });
const jsonRequest = (path: string, who: Person | null, method: string, body?: unknown) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: {
      ...(who ? { Cookie: who.cookie } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function read(response: unknown): Promise<{ status: number; data: Loose }> {
  const r = response instanceof Response ? response : null;
  if (!r) throw new Error("not a response");
  const type = r.headers.get("Content-Type") ?? "";
  return { status: r.status, data: type.includes("json") ? await r.json() : null };
}
/** A loader's or action's response, returned or thrown. */
const outcome = async (fn: () => Promise<unknown>) => read(await thrown(fn));

/** Today in the association's zone: a meeting starts on its day, so the meetings here are held today. */
const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());

const MEETING_FORM = {
  title: "December board meeting",
  description: "Budget and pool repairs",
  meeting_type: "regular",
  date: TODAY,
  start_time: "18:00",
  end_time: "20:00",
  location: "Clubhouse",
  meeting_url: "",
  attendee_emails: "guest@example.com, auditor@example.com",
};

describe.each(engines)("board room on %s", (engine) => {
  const t = useTestDatabase(engine);
  let president: Person;
  let treasurer: Person;
  let manager: Person;
  let homeowner: Person;
  let outsider: Person;
  let otherAssociationId: string;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    president = await personWithRole(t.db, "board_member");
    treasurer = await personWithRole(t.db, "board_member");
    manager = await personWithRole(t.db, "manager");
    homeowner = await personWithRole(t.db, "homeowner");
    outsider = await personWithRole(t.db, "board_member");
    // Three board seats: quorum is two board members present.
    await associationWith(
      t.db,
      { id: president.id },
      [
        { id: treasurer.id, memberRole: "board_member", boardOffice: "treasurer" },
        { id: manager.id, memberRole: "property_manager" },
        { id: homeowner.id, memberRole: "homeowner", unit: "4B" },
      ],
      { boardSeats: 3 },
    );
    ({ id: otherAssociationId } = await associationWith(t.db, { id: outsider.id }));
  });

  async function schedule(who: Person = president, form: Record<string, string> = MEETING_FORM) {
    const response = await thrown(() => newPage.action(args(post("/board-room/new", who, form))));
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/board-room\/meetings\/[0-9a-f-]{36}$/);
    return location.split("/").at(-1) as string;
  }
  const detail = async (id: string, who: Person = president) =>
    (await read(await detailPage.loader(args(get(`/board-room/meetings/${id}`, who), { id })))).data;
  const act = (id: string, body: Record<string, string>, who: Person = president) =>
    outcome(() => detailPage.action(args(post(`/board-room/meetings/${id}`, who, body), { id })));
  const minutesAct = (id: string, body: Record<string, string>, who: Person = president) =>
    outcome(() => minutesPage.action(args(post(`/board-room/meetings/${id}/minutes`, who, body), { id })));
  const minutes = async (id: string, who: Person = president) =>
    (await read(await minutesPage.loader(args(get(`/board-room/meetings/${id}/minutes`, who), { id })))).data;
  /** Saves the minutes text as a fresh page would: with the version the minutes page shows now. */
  const minutesText = async (id: string, content: string, who: Person = president) =>
    minutesAct(id, { intent: "content", content, version: String((await minutes(id, who)).version) }, who);

  it("schedules a meeting with the board and manager invited, guests by e-mail, in the association's zone", async () => {
    const id = await schedule();
    const d = await detail(id);
    expect(d.meeting).toMatchObject({
      title: "December board meeting",
      status: "scheduled",
      typeLabel: "Regular",
    });
    expect(d.meeting.when).toContain("6:00 PM");
    expect(d.meeting.when).toContain("8:00 PM EST");
    const roles = d.attendees.map((a: Loose) => a.role).sort();
    expect(roles).toEqual(["board_member", "board_member", "guest", "guest", "property_manager"]);
    expect(d.quorum).toMatchObject({ present: 0, required: 2, seats: 3, met: false });
  });

  it("refuses the spec's form rules with its messages, word for word", async () => {
    const bad = async (patch: Record<string, string>) =>
      (
        await outcome(() =>
          newPage.action(args(post("/board-room/new", president, { ...MEETING_FORM, ...patch }))),
        )
      ).data.result.error;
    expect((await bad({ title: "" })).title).toEqual([MEETING_MESSAGES.titleRequired]);
    expect((await bad({ date: "" })).date).toEqual([MEETING_MESSAGES.startDateRequired]);
    expect((await bad({ start_time: "" })).start_time).toEqual([MEETING_MESSAGES.startTimeRequired]);
    expect((await bad({ end_time: "17:00" })).end_time).toEqual([MEETING_MESSAGES.endAfterStart]);
    expect((await bad({ meeting_url: "zoom.us/j/1" })).meeting_url).toEqual([MEETING_MESSAGES.invalidUrl]);
    expect((await bad({ attendee_emails: "a@b.co, nope" })).attendee_emails).toEqual([
      MEETING_MESSAGES.invalidEmails,
    ]);
  });

  it("runs the agenda: add, edit, reorder with up/down, remove; durations 1 to 180", async () => {
    const id = await schedule();
    for (const title of ["Call to order", "Budget", "Pool repairs"])
      expect(
        (await act(id, { intent: "add-agenda", title, item_type: "discussion", duration_minutes: "15" }))
          .status,
      ).toBe(302);
    const tooLong = await act(id, {
      intent: "add-agenda",
      title: "Long",
      item_type: "report",
      duration_minutes: "181",
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.result.error.duration_minutes).toEqual([MEETING_MESSAGES.agendaDuration]);
    const noTitle = await act(id, {
      intent: "add-agenda",
      title: "",
      item_type: "report",
      duration_minutes: "10",
    });
    expect(noTitle.data.result.error.title).toEqual([MEETING_MESSAGES.agendaTitleRequired]);
    let d = await detail(id);
    const [first, second, third] = d.agenda.map((i: Loose) => i.id);
    await act(id, { intent: "move-agenda", item_id: third, direction: "up", version: String(d.version) });
    d = await detail(id);
    expect(d.agenda.map((i: Loose) => i.title)).toEqual(["Call to order", "Pool repairs", "Budget"]);
    await act(id, {
      intent: "edit-agenda",
      version: String(d.version),
      item_id: second,
      title: "Budget 2027",
      item_type: "vote",
      duration_minutes: "45",
      assigned_to: "Treasurer",
    });
    await act(id, { intent: "remove-agenda", item_id: first });
    d = await detail(id);
    expect(d.agenda.map((i: Loose) => [i.title, i.itemType, i.durationMinutes])).toEqual([
      ["Pool repairs", "discussion", 15],
      ["Budget 2027", "vote", 45],
    ]);
  });

  it("edit form: only while scheduled; a stale field answers 409 with the current values", async () => {
    const id = await schedule();
    const page = (
      await read(await editPage.loader(args(get(`/board-room/meetings/${id}/edit`, president), { id })))
    ).data;
    expect(page.defaults).toMatchObject({
      title: "December board meeting",
      date: TODAY,
      start_time: "18:00",
    });
    const rendered = String(page.version);
    // Someone else renames it meanwhile.
    const theirs = await thrown(() =>
      editPage.action(
        args(
          post(`/board-room/meetings/${id}/edit`, treasurer, {
            ...page.defaults,
            title: "Their title",
            version: rendered,
          }),
          { id },
        ),
      ),
    );
    expect(theirs.status).toBe(302);
    const stale = await outcome(() =>
      editPage.action(
        args(
          post(`/board-room/meetings/${id}/edit`, president, {
            ...page.defaults,
            title: "My title",
            version: rendered,
          }),
          { id },
        ),
      ),
    );
    expect(stale.status).toBe(409);
    expect(stale.data.current.title).toBe("Their title");
    expect(stale.data.version).toBeGreaterThan(Number(rendered));
    // A field they did not touch merges from the same stale version.
    const merged = await thrown(() =>
      editPage.action(
        args(
          post(`/board-room/meetings/${id}/edit`, president, {
            ...page.defaults,
            location: "Lobby",
            version: rendered,
          }),
          { id },
        ),
      ),
    );
    expect(merged.status).toBe(302);
    expect((await detail(id)).meeting).toMatchObject({ title: "Their title", location: "Lobby" });
    await act(id, { intent: "start" });
    const late = await outcome(() =>
      editPage.action(
        args(
          post(`/board-room/meetings/${id}/edit`, president, {
            ...page.defaults,
            title: "Late",
            version: "99",
          }),
          { id },
        ),
      ),
    );
    expect(late.status).toBe(409);
    // Without the version the form was rendered from: refused, with the reason shown on the form.
    const { version: _none, ...withoutVersion } = { ...page.defaults, version: undefined };
    const missing = await outcome(() =>
      editPage.action(
        args(post(`/board-room/meetings/${id}/edit`, president, { ...withoutVersion, title: "No version" }), {
          id,
        }),
      ),
    );
    expect(missing.status).toBe(400);
    expect(missing.data.result.error[""]).toEqual([EDIT_VERSION_REQUIRED]);
  });

  it("agenda item edit: a stale version answers 409 with the item as it is now; another field merges; no version is a 400", async () => {
    const id = await schedule();
    await act(id, {
      intent: "add-agenda",
      title: "Pool repairs",
      item_type: "discussion",
      duration_minutes: "15",
    });
    const page = await detail(id);
    const item = page.agenda[0];
    const form = (fields: Record<string, string>) => ({
      intent: "edit-agenda",
      item_id: item.id,
      title: item.title,
      item_type: item.itemType,
      duration_minutes: String(item.durationMinutes),
      assigned_to: "",
      ...fields,
    });
    // The treasurer saves a new title from the same page.
    expect(
      (await act(id, form({ title: "Pool and deck repairs", version: String(page.version) }), treasurer))
        .status,
    ).toBe(302);
    // The president's form still shows the old title: their title is refused, with the current values.
    const stale = await act(id, form({ title: "Pool fence", version: String(page.version) }));
    expect(stale.status).toBe(409);
    expect(stale.data.error).toBe(MEETING_MESSAGES.editConflict);
    expect(stale.data.current).toMatchObject({ title: "Pool and deck repairs", duration_minutes: 15 });
    expect(stale.data.version).toBe(page.version + 1);
    // The page's edit form of that item is the one that answers (its Conform result names the conflict),
    // and the page re-reads its loaders after the 409 (single fetch does not on its own).
    expect(stale.data).toMatchObject({ intent: "edit-agenda", target: item.id });
    expect(stale.data.result.error[""]).toEqual([MEETING_MESSAGES.editConflict]);
    expect(
      detailPage.shouldRevalidate?.({ actionStatus: 409, defaultShouldRevalidate: false } as never),
    ).toBe(true);
    expect((await detail(id)).agenda[0].title).toBe("Pool and deck repairs");
    // A field the treasurer did not touch merges from the same stale version.
    expect((await act(id, form({ duration_minutes: "30", version: String(page.version) }))).status).toBe(302);
    expect((await detail(id)).agenda[0]).toMatchObject({
      title: "Pool and deck repairs",
      durationMinutes: 30,
    });
    // Without the version the form is refused, not saved as a last write.
    const noVersion = form({ title: "Last write" });
    const missing = await act(id, noVersion);
    expect(missing.status).toBe(400);
    expect(missing.data.result.error.version).toEqual([EDIT_VERSION_REQUIRED]);
    expect(missing.data).toMatchObject({ intent: "edit-agenda", target: item.id });
    expect((await act(id, { intent: "move-agenda", item_id: item.id, direction: "up" })).status).toBe(400);
    // A form the page does not have is refused by the one union, with no intent to show it under.
    const unknown = await act(id, { intent: "rename-meeting", title: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.intent).toBeNull();
    expect((await detail(id)).agenda[0].title).toBe("Pool and deck repairs");
  });

  it("minutes text: a stale version answers 409 with the text as it is now; no version is a 400", async () => {
    const id = await schedule();
    await act(id, { intent: "start" });
    const page = await minutes(id);
    const save = (content: string, version?: number, who: Person = president) =>
      minutesAct(
        id,
        { intent: "content", content, ...(version === undefined ? {} : { version: String(version) }) },
        who,
      );
    expect((await save("Called to order at 6 pm by the treasurer.", page.version, treasurer)).status).toBe(
      302,
    );
    const stale = await save("Called to order at 6 pm.", page.version);
    expect(stale.status).toBe(409);
    expect(stale.data.error).toBe(MEETING_MESSAGES.editConflict);
    expect(stale.data.current).toEqual({ content: "Called to order at 6 pm by the treasurer." });
    expect(stale.data.version).toBe(page.version + 1);
    expect(stale.data.intent).toBe("content");
    expect(
      minutesPage.shouldRevalidate?.({ actionStatus: 409, defaultShouldRevalidate: false } as never),
    ).toBe(true);
    const missing = await save("Last write wins?");
    expect(missing.status).toBe(400);
    expect(missing.data.result.error.version).toEqual([EDIT_VERSION_REQUIRED]);
    expect((await minutes(id)).content).toBe("Called to order at 6 pm by the treasurer.");
    // From the current version the save goes through.
    expect((await save("Called to order at 6:05 pm.", stale.data.version)).status).toBe(302);
    expect((await minutes(id)).content).toBe("Called to order at 6:05 pm.");
  });

  it("lifecycle with attendance, quorum, minutes, motions and action items, then approval freezes the minutes", async () => {
    const id = await schedule();
    expect(
      (
        await act(id, {
          intent: "attendance",
          attendee_id: (await detail(id)).attendees[0].id,
          attendance: "present",
        })
      ).data.error,
    ).toBe(MEETING_MESSAGES.attendanceNotOpen);
    expect((await act(id, { intent: "start" })).status).toBe(302);
    let d = await detail(id);
    const byRole = (role: string) => d.attendees.filter((a: Loose) => a.role === role);
    const [pres, treas] = byRole("board_member");
    await act(id, { intent: "attendance", attendee_id: pres.id, attendance: "present" });
    await act(id, {
      intent: "attendance",
      attendee_id: byRole("property_manager")[0].id,
      attendance: "present",
    });
    await act(id, { intent: "attendance", attendee_id: byRole("guest")[0].id, attendance: "absent" });
    d = await detail(id);
    expect(d.quorum).toMatchObject({ present: 1, required: 2, seats: 3, met: false });
    // Issue 26: out of the board's size (three seats), not out of the two required.
    expect(d.quorum.line).toBe("No quorum: 1 of 3 board members present (2 required)");

    const motion = {
      intent: "add-motion",
      motion: "Approve the 2027 budget",
      moved_by: "Pat",
      seconded_by: "Tia",
      vote_result: "passed",
      votes_for: "2",
      votes_against: "0",
      votes_abstain: "0",
    };
    const refused = await minutesAct(id, motion);
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe(
      "A motion cannot pass without quorum: 1 of 2 required board members are present",
    );
    expect(refused.data.result.error.vote_result).toEqual([refused.data.error]);
    expect((await minutesAct(id, { ...motion, vote_result: "tabled", votes_for: "0" })).status).toBe(302);
    await act(id, { intent: "attendance", attendee_id: treas.id, attendance: "present" });
    expect((await detail(id)).quorum.met).toBe(true);
    // Issue 26: impossible votes are refused on the server, whatever the form sent.
    const votes = async (result: string, counts: [string, string, string]) =>
      minutesAct(id, {
        ...motion,
        vote_result: result,
        votes_for: counts[0],
        votes_against: counts[1],
        votes_abstain: counts[2],
      });
    const againstWins = await votes("passed", ["0", "2", "0"]);
    expect(againstWins).toMatchObject({
      status: 400,
      data: {
        error: MEETING_MESSAGES.passNeedsMoreFor,
        result: { error: { vote_result: [MEETING_MESSAGES.passNeedsMoreFor] } },
      },
    });
    const forty = await votes("passed", ["40", "0", "0"]);
    expect(forty.status).toBe(400);
    expect(forty.data.error).toBe(
      "Votes for, against and abstaining cannot exceed the 2 voting members present",
    );
    expect((await votes("failed", ["1", "1", "1"])).data.error).toBe(MEETING_MESSAGES.votesAbovePresent(2));
    expect((await minutes(id)).motions).toHaveLength(1);
    expect((await minutesAct(id, motion)).status).toBe(302);
    expect((await minutesAct(id, { ...motion, moved_by: "" })).data.result.error.moved_by).toEqual([
      MEETING_MESSAGES.movedByRequired,
    ]);
    expect((await minutesAct(id, { ...motion, votes_for: "-1" })).data.result.error.votes_for).toEqual([
      MEETING_MESSAGES.voteCountMin,
    ]);

    expect((await minutesText(id, "  ")).data.result.error.content).toEqual([
      MEETING_MESSAGES.minutesContentRequired,
    ]);
    expect((await minutesText(id, "Called to order at 6 pm.")).status).toBe(302);
    const noAssignee = await minutesAct(id, {
      intent: "add-action-item",
      description: "Get bids",
      assignee_id: "",
      due_date: "2027-01-19",
    });
    expect(noAssignee.data.result.error.assignee_id).toEqual([MEETING_MESSAGES.actionAssigneeRequired]);
    // Someone outside the board cannot be assigned.
    const notMember = await minutesAct(id, {
      intent: "add-action-item",
      description: "Get bids",
      assignee_id: outsider.id,
      due_date: "2027-01-19",
    });
    expect(notMember.status).toBe(400);
    expect(
      (
        await minutesAct(id, {
          intent: "add-action-item",
          description: "Get three roofing bids",
          assignee_id: treasurer.id,
          due_date: "2027-01-19",
        })
      ).status,
    ).toBe(302);

    const approveEarly = await minutesAct(id, { intent: "approve" });
    expect(approveEarly.status).toBe(409);
    expect(approveEarly.data.error).toBe(MEETING_MESSAGES.approveNeedsCompleted);
    expect((await act(id, { intent: "complete" })).status).toBe(302);
    expect((await minutesAct(id, { intent: "approve" })).status).toBe(302);

    const m = await minutes(id);
    expect(m.approvedOn).not.toBeNull();
    expect(m.writable).toBe(false);
    expect(m.motions.map((x: Loose) => x.voteResult)).toEqual(["tabled", "passed"]);
    // Approved minutes cannot change.
    const frozen = await minutesText(id, "Rewritten");
    expect(frozen.status).toBe(409);
    expect(frozen.data.error).toBe(MEETING_MESSAGES.minutesApproved);
    expect((await minutesAct(id, { intent: "remove-motion", motion_id: m.motions[0].id })).status).toBe(409);
    expect((await act(id, { intent: "attendance", attendee_id: pres.id, attendance: "absent" })).status).toBe(
      409,
    );

    // The assignee moves their action item forward on "My action items"; the dashboard counts it.
    const mine = (await read(await actionItemsPage.loader(args(get("/board-room/action-items", treasurer)))))
      .data;
    const item = mine.items.find((i: Loose) => i.meetingId === id);
    expect(item).toMatchObject({ description: "Get three roofing bids", status: "pending" });
    const moved = await thrown(() =>
      actionItemsPage.action(
        args(
          post("/board-room/action-items", treasurer, {
            intent: "status",
            meeting_id: id,
            action_item_id: item.id,
            status: "in_progress",
          }),
        ),
      ),
    );
    expect(moved.status).toBe(302);
    const back = await outcome(() =>
      actionItemsPage.action(
        args(
          post("/board-room/action-items", treasurer, {
            intent: "status",
            meeting_id: id,
            action_item_id: item.id,
            status: "pending",
          }),
        ),
      ),
    );
    expect(back.status).toBe(409);

    const dash = (await read(await dashboard.loader(args(get("/board-room", president))))).data;
    const figure = (label: string) => dash.metrics.find((x: Loose) => x.label === label)?.value;
    // 4 of 5 attendees recorded present? present: president, treasurer, manager of 5 -> 60%.
    expect(figure("Average Attendance")).toBe("60%");
    expect(Number(figure("Open Action Items"))).toBeGreaterThanOrEqual(1);
  });

  it("approved minutes shared with homeowners: a read-only page and a PDF, for members only", async () => {
    const id = await schedule();
    await act(id, { intent: "start" });
    // The president and the manager attend, the treasurer does not, a guest is excused.
    const attendees = (await detail(id)).attendees as Loose[];
    const [pres, treas] = attendees.filter((a) => a.role === "board_member");
    const mgr = attendees.find((a) => a.role === "property_manager");
    const [guest, other] = attendees.filter((a) => a.role === "guest");
    for (const [a, attendance] of [
      [pres, "present"],
      [mgr, "present"],
      [treas, "absent"],
      [guest, "excused"],
    ] as const)
      await act(id, { intent: "attendance", attendee_id: a.id, attendance });
    await minutesText(id, "The pool opens on May 1.");
    const early = await minutesAct(id, { intent: "share" });
    expect(early).toMatchObject({ status: 409, data: { error: MEETING_MESSAGES.shareNeedsApproval } });
    await act(id, { intent: "complete" });
    await minutesAct(id, { intent: "approve" });
    const hidden = await outcome(() => sharedPage.loader(args(get(`/minutes/${id}`, homeowner), { id })));
    expect(hidden.status).toBe(404);
    expect((await minutesAct(id, { intent: "share" })).status).toBe(302);
    expect((await minutes(id)).sharedOn).not.toBeNull();

    const list = (await read(await sharedList.loader(args(get("/minutes", homeowner))))).data;
    expect(list.minutes.map((m: Loose) => m.id)).toContain(id);
    const page = (await read(await sharedPage.loader(args(get(`/minutes/${id}`, homeowner), { id })))).data;
    expect(page).toMatchObject({ title: "December board meeting", content: "The pool opens on May 1." });
    const pdf = await sharedPdf.loader(args(get(`/minutes/${id}/pdf`, homeowner), { id }));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="minutes-${TODAY}.pdf"`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Issue 26: the PDF says where the meeting was, who attended and who did not, and the quorum.
    const text = pdfText(bytes);
    expect(text).toContain("Location: Clubhouse");
    expect(text).toContain("No quorum: 1 of 3 board members present (2 required)");
    expect(text).toContain(`Present: ${pres.name}, ${mgr.name}`);
    expect(text).toContain(`Absent: ${treas.name}`);
    expect(text).toContain(`Excused: ${guest.name}`);
    expect(text).toContain(`Attendance not recorded: ${other.name}`);
    expect(text).toContain("The pool opens on May 1.");
    // Another association's member learns nothing.
    for (const call of [
      () => sharedPage.loader(args(get(`/minutes/${id}`, outsider), { id })),
      () => sharedPdf.loader(args(get(`/minutes/${id}/pdf`, outsider), { id })),
    ])
      expect((await outcome(call)).status).toBe(404);
    const theirs = (await read(await sharedList.loader(args(get("/minutes", outsider))))).data;
    expect(theirs.minutes).toEqual([]);
  });

  it("a meeting starts on its day, not before; so it is not completed nor its minutes approved early (issue 26)", async () => {
    const id = await schedule(president, {
      ...MEETING_FORM,
      title: "Next year's meeting",
      date: "2027-01-12",
    });
    const early = await act(id, { intent: "start" });
    expect(early).toMatchObject({
      status: 409,
      data: { error: "Meeting cannot be started before its scheduled date, January 12, 2027" },
    });
    expect((await act(id, { intent: "complete" })).data.error).toBe(MEETING_MESSAGES.cannotComplete);
    expect((await minutesAct(id, { intent: "approve" })).data.error).toBe(
      MEETING_MESSAGES.approveNeedsCompleted,
    );
    expect((await detail(id)).meeting.status).toBe("scheduled");
  });

  it("cancels with a reason; deletes only a scheduled meeting without minutes", async () => {
    const id = await schedule();
    expect((await act(id, { intent: "cancel", reason: "" })).data.error).toBe(
      MEETING_MESSAGES.cancelReasonRequired,
    );
    const started = await schedule();
    await act(started, { intent: "start" });
    const refused = await act(started, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(MEETING_MESSAGES.deleteOnlyScheduled);
    expect((await act(started, { intent: "cancel", reason: "Storm" })).status).toBe(302);
    expect((await detail(started)).meeting).toMatchObject({ status: "cancelled", cancelReason: "Storm" });
    const deleted = await thrown(() =>
      detailPage.action(args(post(`/board-room/meetings/${id}`, president, { intent: "delete" }), { id })),
    );
    expect(deleted.headers.get("Location")).toBe("/board-room");
    expect(
      (await outcome(() => detailPage.loader(args(get(`/board-room/meetings/${id}`, president), { id }))))
        .status,
    ).toBe(404);
  });

  it("dashboard: search and filters, and 'No meetings found'", async () => {
    await schedule(president, {
      ...MEETING_FORM,
      title: "Emergency roof session",
      meeting_type: "emergency",
    });
    const list = async (q: string) =>
      (await read(await dashboard.loader(args(get(`/board-room${q}`, president))))).data.meetings.map(
        (m: Loose) => m.title,
      );
    expect(await list("?search=roof")).toEqual(["Emergency roof session"]);
    expect(await list("?meeting_type=emergency")).toEqual(["Emergency roof session"]);
    expect(await list("?status=cancelled&search=zzz")).toEqual([]);
    const empty = (await read(await dashboard.loader(args(get("/board-room", outsider))))).data;
    expect(empty.meetings).toEqual([]);
  });

  it("isolation: a board member of another association gets 404 for every page, action and API of this one", async () => {
    const id = await schedule();
    const p = { id };
    const cases: [string, () => Promise<unknown>][] = [
      ["detail", () => detailPage.loader(args(get(`/board-room/meetings/${id}`, outsider), p))],
      [
        "detail action",
        () => detailPage.action(args(post(`/board-room/meetings/${id}`, outsider, { intent: "start" }), p)),
      ],
      ["edit", () => editPage.loader(args(get(`/board-room/meetings/${id}/edit`, outsider), p))],
      [
        "edit action",
        () =>
          editPage.action(
            args(post(`/board-room/meetings/${id}/edit`, outsider, { ...MEETING_FORM, version: "1" }), p),
          ),
      ],
      ["minutes", () => minutesPage.loader(args(get(`/board-room/meetings/${id}/minutes`, outsider), p))],
      [
        "minutes action",
        () =>
          minutesPage.action(
            args(post(`/board-room/meetings/${id}/minutes`, outsider, { intent: "approve" }), p),
          ),
      ],
      [
        "api get",
        () => apiOne.loader(args(jsonRequest(`/api/board-room/meetings/${id}`, outsider, "GET"), p)),
      ],
      [
        "api put",
        () =>
          apiOne.action(
            args(jsonRequest(`/api/board-room/meetings/${id}`, outsider, "PUT", { title: "Mine" }), p),
          ),
      ],
      [
        "api delete",
        () => apiOne.action(args(jsonRequest(`/api/board-room/meetings/${id}`, outsider, "DELETE"), p)),
      ],
      [
        "api minutes get",
        () =>
          apiMinutes.loader(args(jsonRequest(`/api/board-room/meetings/${id}/minutes`, outsider, "GET"), p)),
      ],
      [
        "api minutes post",
        () =>
          apiMinutes.action(
            args(
              jsonRequest(`/api/board-room/meetings/${id}/minutes`, outsider, "POST", { content: "x" }),
              p,
            ),
          ),
      ],
      [
        "action item status",
        () =>
          actionItemsPage.action(
            args(
              post("/board-room/action-items", outsider, {
                intent: "status",
                meeting_id: id,
                action_item_id: id,
                status: "completed",
              }),
            ),
          ),
      ],
    ];
    for (const [name, call] of cases) {
      const r = await outcome(call);
      expect([name, r.status]).toEqual([name, 404]);
    }
    // Naming this association explicitly is 404 too, and its meetings never show in the other's lists.
    const list = (
      await read(await apiList.loader(args(jsonRequest("/api/board-room/meetings", outsider, "GET"))))
    ).data;
    expect(list.meetings.map((m: Loose) => m.id)).not.toContain(id);
    expect((await detail(id)).meeting.status).toBe("scheduled");
    expect(otherAssociationId).toBeTruthy();
  });

  it("a homeowner of the association gets 403 on the board room's pages and API", async () => {
    const id = await schedule();
    const cases: [string, () => Promise<unknown>][] = [
      ["dashboard", () => dashboard.loader(args(get("/board-room", homeowner)))],
      ["new", () => newPage.loader(args(get("/board-room/new", homeowner)))],
      ["new action", () => newPage.action(args(post("/board-room/new", homeowner, MEETING_FORM)))],
      ["detail", () => detailPage.loader(args(get(`/board-room/meetings/${id}`, homeowner), { id }))],
      [
        "minutes",
        () => minutesPage.loader(args(get(`/board-room/meetings/${id}/minutes`, homeowner), { id })),
      ],
      ["action items", () => actionItemsPage.loader(args(get("/board-room/action-items", homeowner)))],
      ["api list", () => apiList.loader(args(jsonRequest("/api/board-room/meetings", homeowner, "GET")))],
      [
        "api get",
        () => apiOne.loader(args(jsonRequest(`/api/board-room/meetings/${id}`, homeowner, "GET"), { id })),
      ],
    ];
    for (const [name, call] of cases) {
      const r = await outcome(call);
      expect([name, r.status]).toEqual([name, 403]);
    }
  });

  it("JSON endpoints: create, list, read, update, minutes, delete; errors as { error }", async () => {
    const unauth = await outcome(() =>
      apiList.loader(args(jsonRequest("/api/board-room/meetings", null, "GET"))),
    );
    expect(unauth).toEqual({ status: 401, data: { error: "Please sign in" } });
    const created = await read(
      await apiList.action(
        args(
          jsonRequest("/api/board-room/meetings", manager, "POST", {
            title: "Committee review",
            meeting_type: "committee",
            start_time: `${TODAY}T23:00:00.000Z`,
            end_time: new Date(Date.parse(`${TODAY}T23:00:00.000Z`) + 90 * 60_000).toISOString(),
            attendee_emails: ["vendor@example.com"],
            agenda_items: [
              { title: "Second", type: "report", order: 2, duration_minutes: 10 },
              { title: "First", type: "vote", order: 1, duration_minutes: 20 },
            ],
          }),
        ),
      ),
    );
    expect(created.status).toBe(201);
    const meeting = created.data.meeting;
    expect(meeting.agenda_items.map((i: Loose) => [i.title, i.order])).toEqual([
      ["First", 1],
      ["Second", 2],
    ]);
    expect(meeting.attendees.some((a: Loose) => a.email === "vendor@example.com" && a.role === "guest")).toBe(
      true,
    );
    const id = meeting.id as string;

    const invalid = await outcome(() =>
      apiList.action(
        args(
          jsonRequest("/api/board-room/meetings", manager, "POST", {
            ...meeting,
            title: " ",
            start_time: "2027-02-01T23:00:00.000Z",
            end_time: "2027-02-01T22:00:00.000Z",
          }),
        ),
      ),
    );
    expect(invalid.status).toBe(400);
    expect(typeof invalid.data.error).toBe("string");

    const listed = (
      await read(
        await apiList.loader(
          args(jsonRequest("/api/board-room/meetings?meeting_type=committee", manager, "GET")),
        ),
      )
    ).data;
    expect(listed.meetings.map((m: Loose) => m.id)).toContain(id);
    const put = await read(
      await apiOne.action(
        args(jsonRequest(`/api/board-room/meetings/${id}`, manager, "PUT", { location: "Room 2" }), { id }),
      ),
    );
    expect(put.data.meeting).toMatchObject({ location: "Room 2", title: "Committee review" });
    const badPut = await read(
      await apiOne.action(
        args(jsonRequest(`/api/board-room/meetings/${id}`, manager, "PUT", { meeting_url: "ftp://x" }), {
          id,
        }),
      ),
    );
    expect(badPut).toEqual({
      status: 400,
      data: { error: MEETING_MESSAGES.invalidUrl, field: "meeting_url" },
    });
    // Minutes before the meeting started are refused; after, saved.
    const early = await read(
      await apiMinutes.action(
        args(jsonRequest(`/api/board-room/meetings/${id}/minutes`, manager, "POST", { content: "Notes" }), {
          id,
        }),
      ),
    );
    expect(early).toEqual({ status: 409, data: { error: MEETING_MESSAGES.minutesNotOpen } });
    await act(id, { intent: "start" }, manager);
    const saved = await read(
      await apiMinutes.action(
        args(
          jsonRequest(`/api/board-room/meetings/${id}/minutes`, manager, "POST", {
            content: "Notes",
            motions: [{ motion: "Table the review", moved_by: "A", seconded_by: "B", vote_result: "tabled" }],
            action_items: [
              { description: "Draft a report", assigned_to: president.id, due_date: "2027-02-08" },
            ],
          }),
          { id },
        ),
      ),
    );
    expect(saved.status).toBe(200);
    expect(saved.data.meeting.minutes).toMatchObject({ status: "draft", content: "Notes" });
    expect(saved.data.meeting.minutes.action_items[0]).toMatchObject({
      assigned_to: president.id,
      status: "pending",
    });
    const delStarted = await read(
      await apiOne.action(args(jsonRequest(`/api/board-room/meetings/${id}`, manager, "DELETE"), { id })),
    );
    expect(delStarted).toEqual({ status: 409, data: { error: MEETING_MESSAGES.deleteOnlyScheduled } });
    const fresh = await schedule(manager);
    const del = await read(
      await apiOne.action(
        args(jsonRequest(`/api/board-room/meetings/${fresh}`, manager, "DELETE"), { id: fresh }),
      ),
    );
    expect(del).toEqual({ status: 200, data: { success: true } });
    const gone = await outcome(() =>
      apiOne.loader(args(jsonRequest(`/api/board-room/meetings/${fresh}`, manager, "GET"), { id: fresh })),
    );
    expect(gone).toEqual({ status: 404, data: { error: MEETING_MESSAGES.notFound } });
  });

  it("puts the board meetings and the assignee's open action items on the one calendar", async () => {
    const id = await schedule(president, { ...MEETING_FORM, title: "Calendar meeting" });
    expect((await act(id, { intent: "start" })).status).toBe(302);
    expect(
      (
        await minutesAct(id, {
          intent: "add-action-item",
          description: "Check the gate",
          assignee_id: treasurer.id,
          due_date: TODAY,
        })
      ).status,
    ).toBe(302);
    const month = async (who: Person) =>
      (
        await read(
          await calendarPage.loader(args(get(`/calendar?month=${TODAY.slice(0, 7)}&view=month`, who))),
        )
      ).data;
    const titles = (data: Loose) => JSON.stringify(data);
    const forPresident = await month(president);
    expect(titles(forPresident)).toContain("Calendar meeting");
    expect(titles(forPresident)).toContain(`/board-room/meetings/${id}`);
    expect(titles(forPresident)).not.toContain("Action item due: Check the gate");
    const forTreasurer = await month(treasurer);
    expect(titles(forTreasurer)).toContain("Action item due: Check the gate");
    // A homeowner is not invited to board meetings; another association's board sees nothing of them.
    expect(titles(await month(homeowner))).not.toContain("Calendar meeting");
    expect(titles(await month(outsider))).not.toContain("Calendar meeting");
  });

  it("shows the next meeting and the open action items on the board's Properties Overview, not to homeowners", async () => {
    await schedule(president, { ...MEETING_FORM, title: "Overview meeting", date: "2030-05-07" });
    const overview = async (who: Person) =>
      (await read(await propertiesOverview.loader(args(get("/properties", who))))).data.associations[0];
    const board = await overview(president);
    expect(board.boardRoom.nextMeetingAt).toMatch(/\d{4}/);
    expect(typeof board.boardRoom.openActionItems).toBe("number");
    expect((await overview(homeowner)).boardRoom).toBeNull();
  });
});

describe.each(engines)("meetings recorded before the issue 26 rules on %s", (engine) => {
  it("an early start and an impossible vote already in a stream still fold and replay --verify clean", async () => {
    const handle = await createTestDatabase(engine);
    try {
      const associationId = randomUUID();
      const actor = { userId: randomUUID(), mayManage: true };
      const scheduled = await scheduleMeeting(handle.db, {
        associationId,
        actor,
        fields: {
          title: "Recorded long ago",
          description: null,
          meeting_type: "regular",
          start_time: "2030-12-01T23:00:00.000Z",
          end_time: "2030-12-02T01:00:00.000Z",
          location: null,
          meeting_url: null,
        },
        guestEmails: ["a@example.com"],
      });
      if (!scheduled.ok) throw new Error(scheduled.error.message);
      const meetingId = scheduled.result.meetingId;
      const streamId = `meeting-${meetingId}`;
      const at = "2026-11-01T12:00:00.000Z";
      // Appended through the store as the code before the rules did: started years early, and a vote of
      // 43 while no board member is present.
      const recorded = await runCommand(handle.db, {
        streams: [{ streamId, streamType: "meeting" }],
        decide: () => ({
          ok: true,
          result: null,
          appends: [
            {
              streamId,
              events: [
                { type: "MeetingStarted", data: { meetingId, startedBy: actor.userId, startedAt: at } },
                {
                  type: "MotionRecorded",
                  data: {
                    meetingId,
                    motion: {
                      motionId: randomUUID(),
                      motion: "Approve the roof contract",
                      moved_by: "A",
                      seconded_by: "B",
                      vote_result: "failed",
                      vote_count: { for: 40, against: 3, abstain: 0 },
                    },
                    quorum: { present: 0, required: 1 },
                    recordedBy: actor.userId,
                    recordedAt: at,
                  },
                },
              ],
            },
          ],
        }),
      });
      expect(recorded.ok).toBe(true);
      expect((await loadMeeting(handle.db, meetingId)).minutes.motions).toHaveLength(1);
      const verified = await replay(handle.db, { verify: true });
      expect(verified.differences).toEqual([]);
      expect(verified.corruptStreams).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe.each(engines)("replay --verify over the meeting projections on %s", (engine) => {
  it("names a tampered meeting row and a meeting stream holding an event its lifecycle does not allow", async () => {
    const handle = await createTestDatabase(engine);
    try {
      const associationId = randomUUID();
      const actor = { userId: randomUUID(), mayManage: true };
      const scheduled = await scheduleMeeting(handle.db, {
        associationId,
        actor,
        fields: {
          title: "Verified meeting",
          description: null,
          meeting_type: "regular",
          start_time: "2026-12-01T23:00:00.000Z",
          end_time: "2026-12-02T01:00:00.000Z",
          location: null,
          meeting_url: null,
        },
        guestEmails: ["a@example.com"],
      });
      if (!scheduled.ok) throw new Error(scheduled.error.message);
      const meetingId = scheduled.result.meetingId;
      expect((await replay(handle.db, { verify: true })).differences).toEqual([]);

      await handle.db.execute(sql`update meetings set title = 'Tampered' where id = ${meetingId}`);
      const tampered = await replay(handle.db, { verify: true });
      expect(tampered.differences.map((d) => [d.table, d.side])).toEqual([
        ["meetings", "only_live"],
        ["meetings", "only_replayed"],
      ]);
      await handle.db.execute(sql`update meetings set title = 'Verified meeting' where id = ${meetingId}`);

      // A completion recorded straight after scheduling (written around the store): corrupt.
      await handle.db.execute(sql`insert into events (event_id, stream_id, stream_type, stream_version, event_type, data)
        values (${randomUUID()}, ${`meeting-${meetingId}`}, 'meeting', 2, 'MeetingCompleted',
          ${JSON.stringify({ meetingId, completedBy: actor.userId, completedAt: "2026-12-02T01:00:00.000Z" })}::jsonb)`);
      await handle.db.execute(
        sql`update streams set version = 2, snapshot = null where stream_id = ${`meeting-${meetingId}`}`,
      );
      const corrupt = await replay(handle.db, { verify: true });
      expect(corrupt.corruptStreams).toEqual([
        {
          streamId: `meeting-${meetingId}`,
          version: 2,
          message: "MeetingCompleted is not allowed in a meeting stream that is scheduled",
        },
      ]);
    } finally {
      await handle.close();
    }
  });
});
