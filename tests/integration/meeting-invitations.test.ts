/**
 * Board meeting invitations by e-mail (issue 12, board room part 2), on both engines: the meeting's
 * events write the mails into an outbox in their own transaction; the sender mails each attendee once
 * with an .ics (METHOD:REQUEST, a UID per meeting, SEQUENCE rising with changes, a VTIMEZONE) and
 * single-use answer links that work without signing in; the answer shows in the RSVP column beside
 * attendance; changes are updates and cancelling is METHOD:CANCEL; a token answers for its own
 * meeting and attendee only.
 */

import { queryRows } from "@db/client";
import { replay } from "@db/projections/replay";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { sendMeetingInvitations } from "~/mail/meeting-invitations.server";
import * as detailPage from "~/routes/_app.board-room_.meetings.$id";
import * as editPage from "~/routes/_app.board-room_.meetings.$id_.edit";
import * as newPage from "~/routes/_app.board-room_.new";
import * as answerRoute from "~/routes/calendar.invitations.$token";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { type IcsComponent, parseIcs } from "../support/ics";
import { useTempOutbox } from "../support/outbox";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON and outbox mails, read loosely by the assertions
type Loose = any;

const get = (path: string, who: Person | null) =>
  new Request(`http://localhost${path}`, { headers: who ? { Cookie: who.cookie } : {} });
const post = (path: string, who: Person, body: Record<string, string>) =>
  formRequest(path, body, { Cookie: who.cookie });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const body = async (r: unknown) => (r instanceof Response ? r.json() : r) as Promise<Loose>;

const FORM = {
  title: "January board meeting",
  description: "Budget",
  meeting_type: "regular",
  date: "2027-01-12",
  start_time: "18:00",
  end_time: "20:00",
  location: "Clubhouse",
  meeting_url: "",
  attendee_emails: "guest@example.com",
};

describe.each(engines)("meeting invitations on %s", (engine) => {
  const t = useTestDatabase(engine);
  const outbox = useTempOutbox();
  let president: Person;
  let treasurer: Person;
  let manager: Person;
  let otherBoard: Person;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    process.env.APP_URL = "http://localhost:3999";
    resetEnvForTests();
    president = await personWithRole(t.db, "board_member");
    treasurer = await personWithRole(t.db, "board_member");
    manager = await personWithRole(t.db, "manager");
    otherBoard = await personWithRole(t.db, "board_member");
    await associationWith(t.db, { id: president.id }, [
      { id: treasurer.id, memberRole: "board_member", boardOffice: "treasurer" },
      { id: manager.id, memberRole: "property_manager" },
    ]);
    await associationWith(t.db, { id: otherBoard.id });
  });

  async function schedule(who: Person, form: Record<string, string> = FORM) {
    const response = await thrown(() => newPage.action(args(post("/board-room/new", who, form))));
    expect(response.status).toBe(302);
    return (response.headers.get("Location") ?? "").split("/").at(-1) as string;
  }
  const detail = async (id: string, who: Person = president) =>
    body(await detailPage.loader(args(get(`/board-room/meetings/${id}`, who), { id })));
  const act = (id: string, form: Record<string, string>, who: Person = president) =>
    thrown(() => detailPage.action(args(post(`/board-room/meetings/${id}`, who, form), { id })));
  const dispatch = () => sendMeetingInvitations(t.db);
  const mailsFor = (meetingId: string): Loose[] =>
    outbox.mails().filter((m: Loose) => m.icalEvent?.content.includes(`UID:board-meeting-${meetingId}@`));
  const eventOf = (mail: Loose): IcsComponent => {
    const cal = parseIcs(mail.icalEvent.content);
    const event = cal.all("VEVENT")[0];
    if (!event) throw new Error("no VEVENT");
    return Object.assign(event, { calendar: cal });
  };
  const tokenOf = (mail: Loose) => {
    const match = (mail.text as string).match(
      /http:\/\/localhost:3999\/calendar\/invitations\/([A-Za-z0-9_-]+)\?answer=accepted/,
    );
    if (!match) throw new Error("no answer link");
    return match[1] as string;
  };
  const answer = async (token: string, value: string) =>
    answerRoute.action(args(formRequest(`/calendar/invitations/${token}`, { answer: value }), { token }));

  it("mails each attendee once, members and guests, with an .ics they can add (REQUEST, UID, VTIMEZONE)", async () => {
    const id = await schedule(president);
    // Nothing is sent in the request: the mails wait in the outbox the append wrote.
    expect(mailsFor(id)).toHaveLength(0);
    expect(await countPending(id)).toBe(4);
    expect((await dispatch()).sent).toBe(4);
    expect((await dispatch()).sent).toBe(0);
    const mails = mailsFor(id);
    expect(mails.map((m) => m.to).sort()).toEqual(
      [president.email, treasurer.email, manager.email, "guest@example.com"]
        .map((e) => e.toLowerCase())
        .sort(),
    );
    const mail = mails.find((m) => m.to === "guest@example.com");
    expect(mail.subject).toBe("Invitation: January board meeting");
    expect(mail.icalEvent.method).toBe("REQUEST");
    const event = eventOf(mail);
    const cal = (event as Loose).calendar as IcsComponent;
    expect(cal.get("METHOD")).toBe("REQUEST");
    expect(event.get("UID")).toBe(`board-meeting-${id}@association-commons`);
    expect(event.get("SUMMARY")).toBe("January board meeting");
    expect(event.get("LOCATION")).toBe("Clubhouse");
    expect(event.prop("DTSTART")?.params.TZID).toBe("America/New_York");
    expect(event.get("DTSTART")).toBe("20270112T180000");
    expect(cal.all("VTIMEZONE").map((z) => z.get("TZID"))).toEqual(["America/New_York"]);
    expect(event.properties.filter((p) => p.name === "ATTENDEE")).toHaveLength(4);
    // Every attendee's link is their own.
    expect(new Set(mails.map(tokenOf)).size).toBe(4);
  });

  async function countPending(id: string) {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from meeting_invitation_mails where meeting_id = ${id} and state = 'pending'`,
    );
    return Number(row?.n);
  }

  it("accept through the link without a session records it in the RSVP column, once; decline too", async () => {
    const id = await schedule(president);
    await dispatch();
    const guestMail = mailsFor(id).find((m) => m.to === "guest@example.com");
    const token = tokenOf(guestMail);
    // Opening the page (no cookie) shows the meeting and changes nothing.
    const page = await body(
      await answerRoute.loader(
        args(new Request(`http://localhost/calendar/invitations/${token}?answer=accepted`), { token }),
      ),
    );
    expect(page.invitation).toMatchObject({
      title: "January board meeting",
      email: "guest@example.com",
      status: "Pending",
    });
    let d = await detail(id);
    expect(d.attendees.find((a: Loose) => a.email === "guest@example.com").responseLabel).toBe("No answer");
    expect(await body(await answer(token, "accepted"))).toMatchObject({ ok: true, answer: "Accepted" });
    d = await detail(id);
    const guest = d.attendees.find((a: Loose) => a.email === "guest@example.com");
    expect(guest.responseLabel).toBe("Accepted");
    expect(guest.attendance).toBeNull();
    // The link is spent: a second use answers 404 and changes nothing.
    expect(((await answer(token, "declined")) as Response).status).toBe(404);
    expect(
      ((await answerRoute.loader(args(get(`/calendar/invitations/${token}`, null), { token }))) as Response)
        .status,
    ).toBe(404);
    d = await detail(id);
    expect(d.attendees.find((a: Loose) => a.email === "guest@example.com").responseLabel).toBe("Accepted");

    const treasurerToken = tokenOf(mailsFor(id).find((m) => m.to === treasurer.email.toLowerCase()));
    expect(await body(await answer(treasurerToken, "declined"))).toMatchObject({
      ok: true,
      answer: "Declined",
    });
    d = await detail(id);
    expect(d.attendees.find((a: Loose) => a.userId === treasurer.id).responseLabel).toBe("Declined");
    // The answer is an event of the meeting's stream: replay rebuilds the same RSVP column.
    expect((await replay(t.db, { verify: true })).differences).toEqual([]);
  });

  it("an edit of time or place mails an update with a higher SEQUENCE and new links; a new guest is invited", async () => {
    const id = await schedule(president);
    await dispatch();
    const first = mailsFor(id).find((m) => m.to === "guest@example.com");
    const firstSequence = Number(eventOf(first).get("SEQUENCE"));
    const oldToken = tokenOf(first);
    const edit = await body(
      await editPage.loader(args(get(`/board-room/meetings/${id}/edit`, president), { id })),
    );
    const saved = await thrown(() =>
      editPage.action(
        args(
          post(`/board-room/meetings/${id}/edit`, president, {
            ...edit.defaults,
            start_time: "19:00",
            end_time: "21:00",
            location: "Library",
            version: String(edit.version),
          }),
          { id },
        ),
      ),
    );
    expect(saved.status).toBe(302);
    expect((await dispatch()).sent).toBe(4);
    const update = mailsFor(id)
      .filter((m) => m.to === "guest@example.com")
      .at(-1);
    expect(update.subject).toBe("Updated invitation: January board meeting");
    const event = eventOf(update);
    expect(Number(event.get("SEQUENCE"))).toBe(firstSequence + 1);
    expect(event.get("UID")).toBe(`board-meeting-${id}@association-commons`);
    expect(event.get("DTSTART")).toBe("20270112T190000");
    expect(event.get("LOCATION")).toBe("Library");
    // The update's link replaces the invitation's.
    expect(((await answer(oldToken, "accepted")) as Response).status).toBe(404);
    expect(await body(await answer(tokenOf(update), "tentative"))).toMatchObject({ ok: true });

    // A guest added later gets their own invitation, and only they do.
    const before = mailsFor(id).length;
    expect((await act(id, { intent: "add-guest", email: "late@example.com" })).status).toBe(302);
    expect((await dispatch()).sent).toBe(1);
    const late = mailsFor(id).slice(before);
    expect(late.map((m) => m.to)).toEqual(["late@example.com"]);
    expect(late[0].subject).toBe("Invitation: January board meeting");
  });

  it("cancelling mails METHOD:CANCEL to every attendee; the links stop working", async () => {
    const id = await schedule(president);
    await dispatch();
    const token = tokenOf(mailsFor(id).find((m) => m.to === "guest@example.com"));
    const invitedSequence = Number(eventOf(mailsFor(id)[0]).get("SEQUENCE"));
    expect((await act(id, { intent: "cancel", reason: "Quorum not possible" })).status).toBe(302);
    expect((await dispatch()).sent).toBe(4);
    const cancels = mailsFor(id).filter((m) => m.icalEvent.method === "CANCEL");
    expect(cancels.map((m) => m.to).sort()).toEqual(
      [president.email, treasurer.email, manager.email, "guest@example.com"]
        .map((e) => e.toLowerCase())
        .sort(),
    );
    const cancel = cancels.find((m) => m.to === "guest@example.com");
    expect(cancel.subject).toBe("Cancelled: January board meeting");
    const event = eventOf(cancel);
    expect(((event as Loose).calendar as IcsComponent).get("METHOD")).toBe("CANCEL");
    expect(event.get("STATUS")).toBe("CANCELLED");
    expect(Number(event.get("SEQUENCE"))).toBeGreaterThan(invitedSequence);
    expect(((await answer(token, "accepted")) as Response).status).toBe(404);
  });

  it("a removed guest gets a cancellation; their link no longer answers", async () => {
    const id = await schedule(president);
    await dispatch();
    const token = tokenOf(mailsFor(id).find((m) => m.to === "guest@example.com"));
    const d = await detail(id);
    const guest = d.attendees.find((a: Loose) => a.email === "guest@example.com");
    expect((await act(id, { intent: "remove-attendee", attendee_id: guest.id })).status).toBe(302);
    expect((await dispatch()).sent).toBe(1);
    const last = mailsFor(id).at(-1);
    expect(last.to).toBe("guest@example.com");
    expect(last.icalEvent.method).toBe("CANCEL");
    expect(((await answer(token, "accepted")) as Response).status).toBe(404);
  });

  it("a token answers for its own meeting and attendee only: another association's meeting is untouched", async () => {
    const mine = await schedule(president);
    const theirs = await schedule(otherBoard, {
      ...FORM,
      title: "Other association meeting",
      attendee_emails: "guest@example.com",
    });
    await dispatch();
    const theirToken = tokenOf(mailsFor(theirs).find((m) => m.to === "guest@example.com"));
    const answered = await body(await answer(theirToken, "declined"));
    expect(answered).toMatchObject({ ok: true, title: "Other association meeting" });
    // The same address is a guest of both meetings: only the meeting whose token it was changed.
    expect(
      (await detail(mine)).attendees.find((a: Loose) => a.email === "guest@example.com").responseLabel,
    ).toBe("No answer");
    expect(
      (await detail(theirs, otherBoard)).attendees.find((a: Loose) => a.email === "guest@example.com")
        .responseLabel,
    ).toBe("Declined");
    // A forged token answers nothing.
    expect(((await answer(`${theirToken.slice(0, -4)}AAAA`, "accepted")) as Response).status).toBe(404);
    // The board of association A still cannot open B's meeting.
    expect(
      (
        await thrown(() =>
          detailPage.loader(args(get(`/board-room/meetings/${theirs}`, president), { id: theirs })),
        )
      ).status,
    ).toBe(404);
  });
});
