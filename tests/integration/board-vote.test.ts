/**
 * "Award per board vote" (issue 12) through the minutes page and the RFP's proposals page, with real
 * sessions, on both engines: a motion may name an RFP of the meeting's association and one of its
 * proposals (another association's RFP, or a proposal of another RFP, is refused on the server); a
 * passed motion shows the author an "Award per board vote" action citing it, a failed or tabled one
 * does not; the award closes the RFP as awarded and the acceptance cites the motion. The cited motion
 * links to its minutes only for a viewer the board room of the RFP's association admits: an
 * administrator outside its board reviews the proposals with the motion quoted and no link. The block ends
 * with replay --verify (tests/support/db.ts), so the new projection columns rebuild from the events.
 */

import { readStream } from "@db/event-store";
import { MEETING_MESSAGES } from "@domain/meeting";
import { BOARD_VOTE_MESSAGES, ProposalFieldsSchema, proposalStreamId } from "@domain/proposal";
import type { RfpFields } from "@domain/rfp";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/commands/associations.server";
import { executeCreditsCommand } from "~/commands/credits.server";
import { changeMeeting, loadMeeting, scheduleMeeting } from "~/commands/meetings.server";
import { createRfp, executeRfpCommand, proposalIdFor, submitProposalCommand } from "~/commands/rfps.server";
import * as minutesPage from "~/routes/_app.board-room_.meetings.$id_.minutes";
import * as proposalsPage from "~/routes/_app.rfps.$id_.proposals";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";
import { rfpFields } from "../support/rfps";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const get = (path: string, who: Person) =>
  new Request(`http://localhost${path}`, { headers: { Cookie: who.cookie } });
const post = (path: string, who: Person, body: Record<string, string>) =>
  formRequest(path, body, { Cookie: who.cookie });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
async function read(response: unknown): Promise<{ status: number; data: Loose }> {
  const r = response as Response;
  const type = r.headers.get("Content-Type") ?? "";
  return { status: r.status, data: type.includes("json") ? await r.json() : null };
}
const outcome = async (fn: () => Promise<unknown>) => read(await thrown(fn));

const bid = ProposalFieldsSchema.parse({
  total_price: 24_000,
  timeline_days: 14,
  cover_letter: "We have resurfaced more than forty community pools in the county since 2012.",
});

describe.each(engines)("award per board vote on %s", (engine) => {
  const t = useTestDatabase(engine);
  let president: Person;
  let outsider: Person;
  /** Platform administrators who may review any RFP's proposals: one on its board, two outside it. */
  let boardAdmin: Person;
  let admin: Person;
  let strangerAdmin: Person;
  let associationId: string;
  let meetingId: string;
  let rfpId: string;
  let foreignRfpId: string;
  let winner: string;
  let runnerUp: string;
  let foreignProposal: string;

  async function publishedRfp(author: Person, patch: Partial<RfpFields>) {
    const actor = { userId: author.id, isAdmin: false };
    const created = await createRfp(t.db, {
      actor,
      mayCreate: true,
      authorContextId: null,
      fields: rfpFields(patch),
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const published = await executeRfpCommand(t.db, created.result.rfpId, { type: "PublishRfp", actor });
    if (!published.ok) throw new Error(JSON.stringify(published.error));
    return created.result.rfpId;
  }
  async function bidOn(id: string) {
    const vendor = await personWithRole(t.db, "vendor");
    const granted = await executeCreditsCommand(t.db, {
      type: "GrantBonusCredits",
      vendorId: vendor.id,
      amount: 5,
      reason: "test",
      grantedBy: null,
    });
    if (!granted.ok) throw new Error("grant");
    const submitted = await submitProposalCommand(t.db, {
      rfpId: id,
      vendor: { userId: vendor.id, verifiedVendor: true },
      fields: bid,
    });
    if (!submitted.ok) throw new Error(JSON.stringify(submitted.error));
    return proposalIdFor(id, vendor.id);
  }

  beforeAll(async () => {
    useAppDatabase(t.handle);
    president = await personWithRole(t.db, "board_member");
    outsider = await personWithRole(t.db, "board_member");
    ({ id: associationId } = await associationWith(t.db, { id: president.id }, [], { quorumMinimum: 1 }));
    const { id: otherAssociation } = await associationWith(t.db, { id: outsider.id });
    rfpId = await publishedRfp(president, { title: "Pool resurfacing", association_id: associationId });
    foreignRfpId = await publishedRfp(outsider, {
      title: "Roof repair elsewhere",
      association_id: otherAssociation,
    });
    winner = await bidOn(rfpId);
    runnerUp = await bidOn(rfpId);
    foreignProposal = await bidOn(foreignRfpId);
    boardAdmin = await personWithRole(t.db, "admin");
    await addMember(t.db, associationId, {
      userId: boardAdmin.id,
      memberRole: "board_member",
      boardOffice: null,
      unit: null,
      invitedBy: president.id,
    });
    admin = await personWithRole(t.db, "admin");
    strangerAdmin = await personWithRole(t.db, "admin");
    await associationWith(t.db, { id: strangerAdmin.id });

    const actor = { userId: president.id, mayManage: true };
    const scheduled = await scheduleMeeting(t.db, {
      associationId,
      actor,
      fields: {
        title: "Pool committee vote",
        description: null,
        meeting_type: "regular",
        start_time: "2026-12-01T23:00:00.000Z",
        end_time: "2026-12-02T01:00:00.000Z",
        location: null,
        meeting_url: null,
      },
    });
    if (!scheduled.ok) throw new Error(scheduled.error.message);
    meetingId = scheduled.result.meetingId;
    const change = async (c: Parameters<typeof changeMeeting>[1]["change"]) => {
      // On the meeting's day (a meeting starts on its day).
      const r = await changeMeeting(
        t.db,
        { meetingId, associationId, actor, change: c },
        { now: () => new Date("2026-12-01T23:00:00.000Z") },
      );
      if (!r.ok) throw new Error(r.error.message);
    };
    await change({ type: "StartMeeting" });
    const attendee = (await loadMeeting(t.db, meetingId)).attendees.find((a) => a.userId === president.id);
    await change({
      type: "RecordAttendance",
      attendeeId: attendee?.attendeeId as string,
      attendance: "present",
    });
  });

  const minutesAct = (body: Record<string, string>) =>
    outcome(() =>
      minutesPage.action(
        args(post(`/board-room/meetings/${meetingId}/minutes`, president, body), { id: meetingId }),
      ),
    );
  const minutes = async () =>
    (
      await read(
        await minutesPage.loader(
          args(get(`/board-room/meetings/${meetingId}/minutes`, president), { id: meetingId }),
        ),
      )
    ).data;
  const review = async (who: Person = president) =>
    (await read(await proposalsPage.loader(args(get(`/rfps/${rfpId}/proposals`, who), { id: rfpId })))).data;
  const minutesUrl = () => `/board-room/meetings/${meetingId}/minutes`;
  const motion = (text: string, result: string, proposalId: string, rfp = rfpId) => ({
    intent: "add-motion",
    motion: text,
    moved_by: "Pat",
    seconded_by: "Tia",
    vote_result: result,
    // The president is the one board member present: one vote.
    votes_for: "1",
    votes_against: "0",
    votes_abstain: "0",
    rfp_id: rfp,
    proposal_id: proposalId,
  });

  it("the motion form offers the association's open RFPs and their proposals only", async () => {
    const data = await minutes();
    expect(data.rfpChoices.map((c: Loose) => c.id)).toEqual([rfpId]);
    expect(data.rfpChoices[0].title).toBe("Pool resurfacing");
    expect(data.rfpChoices[0].proposals.map((p: Loose) => p.id).sort()).toEqual([winner, runnerUp].sort());
  });

  it("a motion naming another association's RFP, or a proposal of another RFP, is refused", async () => {
    const foreign = await minutesAct(motion("Award the roof", "passed", winner, foreignRfpId));
    expect(foreign.status).toBe(400);
    expect(foreign.data.result.error).toEqual({ rfp_id: [MEETING_MESSAGES.motionRfpNotFound] });
    const mismatch = await minutesAct(motion("Award it", "passed", foreignProposal));
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.result.error).toEqual({ proposal_id: [MEETING_MESSAGES.motionProposalNotFound] });
    expect((await minutes()).motions).toEqual([]);
  });

  it("failed and tabled motions show no award action", async () => {
    expect((await minutesAct(motion("Award to the runner-up", "failed", runnerUp))).status).toBe(302);
    expect((await minutesAct(motion("Award to the winner now", "tabled", winner))).status).toBe(302);
    const data = await review();
    for (const p of data.proposals) expect(p.boardVotes).toEqual([]);
    const listed = (await minutes()).motions;
    expect(listed.map((m: Loose) => m.reference)).toEqual([
      { rfpId, rfpTitle: "Pool resurfacing", proposal: expect.stringMatching(/'s proposal$/) },
      { rfpId, rfpTitle: "Pool resurfacing", proposal: expect.stringMatching(/'s proposal$/) },
    ]);
  });

  it("a passed motion shows the author an award action citing the motion; a failed one cannot award", async () => {
    expect(
      (await minutesAct(motion("Award the pool resurfacing to the winner", "passed", winner))).status,
    ).toBe(302);
    const data = await review();
    const target = data.proposals.find((p: Loose) => p.id === winner);
    const other = data.proposals.find((p: Loose) => p.id === runnerUp);
    expect(other.boardVotes).toEqual([]);
    expect(target.boardVotes).toHaveLength(1);
    expect(target.boardVotes[0]).toMatchObject({
      motion: "Award the pool resurfacing to the winner",
      meeting: "Pool committee vote",
      meetingDate: expect.stringContaining("2026"),
      votes: "For 1, against 0, abstain 0",
      minutesUrl: `/board-room/meetings/${meetingId}/minutes`,
    });
    // The failed motion (for the runner-up) cannot be used to award, whatever the form posts.
    const failed = (await minutes()).motions.find((m: Loose) => m.voteResult === "failed");
    const refused = await outcome(() =>
      proposalsPage.action(
        args(
          post(`/rfps/${rfpId}/proposals`, president, {
            intent: "award-board-vote",
            proposal_id: runnerUp,
            motion_id: failed.id,
          }),
          { id: rfpId },
        ),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(BOARD_VOTE_MESSAGES.notPassed);
    // Nor a passed motion for another proposal.
    const wrong = await outcome(() =>
      proposalsPage.action(
        args(
          post(`/rfps/${rfpId}/proposals`, president, {
            intent: "award-board-vote",
            proposal_id: runnerUp,
            motion_id: target.boardVotes[0].motionId,
          }),
          { id: rfpId },
        ),
      ),
    );
    expect(wrong.data.error).toBe(BOARD_VOTE_MESSAGES.otherProposal);
  });

  it("the board vote links to its minutes only for a reviewer the board room admits", async () => {
    // The board room's own answer, which the link would follow.
    const opens = async (who: Person) =>
      (await outcome(() => minutesPage.loader(args(get(minutesUrl(), who), { id: meetingId })))).status;
    expect(await opens(president)).toBe(200);
    expect(await opens(boardAdmin)).toBe(200);
    expect(await opens(admin)).toBe(302); // in no association: sent to /properties
    expect(await opens(strangerAdmin)).toBe(404);

    const vote = async (who: Person) => {
      const data = await review(who);
      return data.proposals.find((p: Loose) => p.id === winner).boardVotes;
    };
    const cited = {
      motion: "Award the pool resurfacing to the winner",
      meeting: "Pool committee vote",
      votes: "For 1, against 0, abstain 0",
    };
    for (const who of [president, boardAdmin])
      expect(await vote(who)).toEqual([expect.objectContaining({ ...cited, minutesUrl: minutesUrl() })]);
    // Administrators outside the board review the bids and may award: the motion quoted, no link.
    for (const who of [admin, strangerAdmin]) {
      const votes = await vote(who);
      expect(votes).toEqual([expect.objectContaining({ ...cited, minutesUrl: null })]);
      expect(JSON.stringify(votes)).not.toContain("/board-room/");
    }
  });

  it("awarding per board vote closes the RFP as awarded, and the acceptance cites the motion", async () => {
    const vote = (await review()).proposals.find((p: Loose) => p.id === winner).boardVotes[0];
    const done = await thrown(() =>
      proposalsPage.action(
        args(
          post(`/rfps/${rfpId}/proposals`, president, {
            intent: "award-board-vote",
            proposal_id: winner,
            motion_id: vote.motionId,
          }),
          { id: rfpId },
        ),
      ),
    );
    expect(done.status).toBe(302);
    const data = await review();
    expect(data.rfp.status).toBe("closed");
    const target = data.proposals.find((p: Loose) => p.id === winner);
    expect(target.status).toBe("accepted");
    expect(target.boardVotes).toEqual([]);
    expect(target.awardedPerBoardVote).toMatchObject({
      motion: "Award the pool resurfacing to the winner",
      votes: "For 1, against 0, abstain 0",
      minutesUrl: `/board-room/meetings/${meetingId}/minutes`,
    });
    expect(data.proposals.find((p: Loose) => p.id === runnerUp).status).toBe("rejected");
    // The award cites the motion for every reviewer, linked to the minutes only for the board room's own.
    const award = async (who: Person) =>
      (await review(who)).proposals.find((p: Loose) => p.id === winner).awardedPerBoardVote;
    expect(await award(boardAdmin)).toMatchObject({ minutesUrl: minutesUrl() });
    for (const who of [admin, strangerAdmin])
      expect(await award(who)).toMatchObject({
        motion: "Award the pool resurfacing to the winner",
        votes: "For 1, against 0, abstain 0",
        minutesUrl: null,
      });
    const events = await readStream(t.db, proposalStreamId(winner));
    expect(events.at(-1)).toMatchObject({
      type: "ProposalAccepted",
      data: { boardVote: { meetingId, motionId: vote.motionId } },
    });
  });
});
