import type { Motion } from "../meeting/fields";
import type { MeetingState } from "../meeting/machine";
import type { RfpState } from "../rfp/machine";

/**
 * "Award per board vote" (issue 12): a motion in a meeting's minutes may name an RFP of the
 * association and one of its proposals; once the board passed it, the RFP's author may award that
 * proposal citing the motion. The acceptance records which motion it was (ProposalAccepted.boardVote).
 * Pure.
 */

/** The motion an award cites: the meeting and the motion in its minutes. */
export interface BoardVote {
  meetingId: string;
  motionId: string;
}

export const BOARD_VOTE_MESSAGES = {
  motionNotFound: "The board's motion was not found",
  notPassed: "Only a motion the board passed can award a proposal",
  otherProposal: "This motion does not award this proposal",
} as const;

/** Whether a motion awards `proposalId` of `rfpId`: it names both and the board passed it. */
export const motionAwards = (
  motion: Pick<Motion, "vote_result" | "rfp_id" | "proposal_id">,
  rfpId: string,
  proposalId: string,
) => motion.vote_result === "passed" && motion.rfp_id === rfpId && motion.proposal_id === proposalId;

/**
 * Why `vote` cannot award `proposalId` of `rfp` (null: it can): the meeting must be a live meeting of
 * the RFP's association, the motion in its minutes, naming this RFP and proposal, and passed.
 */
export function boardVoteRefusal(
  meeting: MeetingState,
  vote: BoardVote,
  rfp: RfpState,
  proposalId: string,
): string | null {
  const association = rfp.fields.association_id;
  if (
    meeting.status === "new" ||
    meeting.deleted ||
    meeting.meetingId !== vote.meetingId ||
    !association ||
    meeting.associationId !== association
  )
    return BOARD_VOTE_MESSAGES.motionNotFound;
  const motion = meeting.minutes.motions.find((m) => m.motionId === vote.motionId);
  if (!motion) return BOARD_VOTE_MESSAGES.motionNotFound;
  if (motion.rfp_id !== rfp.rfpId || motion.proposal_id !== proposalId)
    return BOARD_VOTE_MESSAGES.otherProposal;
  if (!motionAwards(motion, rfp.rfpId as string, proposalId)) return BOARD_VOTE_MESSAGES.notPassed;
  return null;
}
