import { transition } from "xstate";
import { decide as decideCredits } from "../credits/decide";
import type { CreditsEvent } from "../credits/events";
import { type CreditsState, initialCreditsState } from "../credits/machine";
import { DEFAULT_PROPOSAL_CREDIT_COST } from "../credits/status";
import { initialMeetingState, type MeetingState } from "../meeting/machine";
import { mayViewRfp } from "../rfp/access";
import type { RfpEvent } from "../rfp/events";
import { type RfpState, receiveRefusal } from "../rfp/machine";
import {
  accept,
  assertNever,
  type DecideContext,
  type Decision,
  LifecycleViolation,
  reject,
} from "../shared";
import { type BoardVote, boardVoteRefusal } from "./board-vote";
import type { ProposalEvent } from "./events";
import type { ProposalFields } from "./fields";
import {
  initialProposalState,
  isActiveProposal,
  type ProposalState,
  proposalMachine,
  proposalSnapshot,
} from "./machine";
import { PROPOSAL_MESSAGES, type ProposalFieldErrors, proposalFieldErrors } from "./rules";

export type ProposalError =
  | { kind: "authorization"; message: string }
  | { kind: "not_found"; message: string }
  | { kind: "validation"; message: string; fieldErrors?: ProposalFieldErrors }
  | { kind: "business_rule"; message: string }
  | { kind: "credit"; message: string; balance: number; required: number };

/**
 * Folds one recorded event; the machine owns the transition. Total: an event the machine does not allow
 * from this state throws LifecycleViolation (the stream is corrupt), it is never ignored.
 */
export function evolve(state: ProposalState, event: ProposalEvent): ProposalState {
  const snapshot = proposalSnapshot(state);
  if (!snapshot.can(event)) throw new LifecycleViolation("proposal", event.type, state.status);
  const [next] = transition(proposalMachine, snapshot, event);
  return { ...next.context, status: next.value as ProposalState["status"] };
}

export function fold(
  events: readonly ProposalEvent[],
  state: ProposalState = initialProposalState,
): ProposalState {
  return events.reduce(evolve, state);
}

/** Events for each stream a multi-stream decision writes. */
export interface ProposalAppends {
  rfp: RfpEvent[];
  proposals: Map<string, ProposalEvent[]>;
  /** By vendor id. */
  credits: Map<string, CreditsEvent[]>;
}

/** The vendor, as the server established them. */
export interface VendorActor {
  userId: string;
  /** Holds a verified vendor role. */
  verifiedVendor: boolean;
}

const notFound = () => reject({ kind: "not_found" as const, message: PROPOSAL_MESSAGES.notFound });
const refuse = (message: string) => reject({ kind: "business_rule" as const, message });

/** Saves a draft bid (not yet submitted: no credits move). */
export function saveProposalDraft(
  input: {
    proposalId: string;
    vendor: VendorActor;
    rfp: RfpState;
    proposal: ProposalState;
    fields: ProposalFields;
  },
  ctx: DecideContext,
): Decision<ProposalEvent, ProposalError> {
  const { rfp, proposal, vendor } = input;
  if (!vendor.verifiedVendor)
    return reject({ kind: "authorization", message: PROPOSAL_MESSAGES.verifiedVendorsOnly });
  if (rfp.status === "new" || rfp.deleted || !rfp.rfpId) return notFound();
  if (proposal.status === "new") {
    return accept([
      {
        type: "ProposalDrafted",
        data: {
          proposalId: input.proposalId,
          rfpId: rfp.rfpId,
          vendorId: vendor.userId,
          fields: input.fields,
          draftedAt: ctx.now,
        },
      },
    ]);
  }
  if (proposal.vendorId !== vendor.userId) return notFound();
  if (proposal.status !== "draft") return refuse(PROPOSAL_MESSAGES.duplicate);
  return accept([
    {
      type: "ProposalDraftUpdated",
      data: { proposalId: input.proposalId, fields: input.fields, updatedAt: ctx.now },
    },
  ]);
}

/**
 * Submits a bid (spec 001 sections 5 and 8): a verified vendor, a published RFP before its deadline,
 * not their own, one they may see, one proposal per vendor, below max_proposals, a complete bid, and
 * enough credits. Yields the proposal's ProposalSubmitted, the RFP's RfpProposalReceived and the
 * vendor's CreditsSpent, which the store appends atomically.
 */
export function submitProposal(
  input: {
    proposalId: string;
    vendor: VendorActor;
    rfp: RfpState;
    proposal: ProposalState;
    credits: CreditsState;
    fields: ProposalFields;
    creditCost?: number;
    rfpTitle?: string;
  },
  ctx: DecideContext,
): MultiDecision {
  const { rfp, proposal, vendor, fields } = input;
  const creditCost = input.creditCost ?? DEFAULT_PROPOSAL_CREDIT_COST;
  if (!vendor.verifiedVendor)
    return reject({ kind: "authorization", message: PROPOSAL_MESSAGES.verifiedVendorsOnly });
  if (rfp.status === "new" || rfp.deleted || !rfp.rfpId || !rfp.authorId) return notFound();
  if (rfp.status !== "published") return refuse(PROPOSAL_MESSAGES.notAccepting);
  if (receiveRefusal(rfp, vendor.userId, ctx.now) === "deadline_passed")
    return refuse(PROPOSAL_MESSAGES.deadlinePassed);
  if (rfp.authorId === vendor.userId) return refuse(PROPOSAL_MESSAGES.ownRfp);
  const visible = mayViewRfp(
    {
      status: rfp.status,
      visibility: rfp.fields.visibility,
      authorId: rfp.authorId,
      invitedVendorIds: rfp.fields.invited_vendor_ids,
      deleted: rfp.deleted,
    },
    { userId: vendor.userId, isAdmin: false, hasVerifiedRole: vendor.verifiedVendor },
  );
  if (!visible) return reject({ kind: "authorization", message: PROPOSAL_MESSAGES.notAuthorized });
  const refusal = receiveRefusal(rfp, vendor.userId, ctx.now);
  if (refusal === "duplicate") return refuse(PROPOSAL_MESSAGES.duplicate);
  if (refusal === "max_reached") return refuse(PROPOSAL_MESSAGES.maxReached);
  if (proposal.status !== "new" && (proposal.status !== "draft" || proposal.vendorId !== vendor.userId)) {
    return refuse(PROPOSAL_MESSAGES.duplicate);
  }
  const fieldErrors = proposalFieldErrors(fields, rfp.fields);
  if (Object.keys(fieldErrors).length > 0) {
    return reject({ kind: "validation", message: PROPOSAL_MESSAGES.submitFailed, fieldErrors });
  }
  const spend = decideCredits(
    input.credits,
    {
      type: "SpendCredits",
      vendorId: vendor.userId,
      amount: creditCost,
      referenceId: input.proposalId,
      description: `Proposal submitted: ${input.rfpTitle ?? rfp.fields.title ?? "RFP"}`,
    },
    ctx,
  );
  if (!spend.ok) {
    if (spend.error.kind === "insufficient_credits") {
      return reject({
        kind: "credit",
        message: PROPOSAL_MESSAGES.insufficientCredits,
        balance: spend.error.balance,
        required: spend.error.required,
      });
    }
    return refuse(spend.error.message);
  }
  const rfpId = rfp.rfpId;
  return appends({
    rfp: [
      {
        type: "RfpProposalReceived",
        data: { rfpId, proposalId: input.proposalId, vendorId: vendor.userId, receivedAt: ctx.now },
      },
    ],
    proposals: new Map([
      [
        input.proposalId,
        [
          {
            type: "ProposalSubmitted",
            data: {
              proposalId: input.proposalId,
              rfpId,
              vendorId: vendor.userId,
              fields,
              creditCost,
              submittedAt: ctx.now,
            },
          },
        ],
      ],
    ]),
    credits: new Map([[vendor.userId, spend.events]]),
  });
}

/** The vendor withdraws their own submitted or shortlisted proposal (no refund: the bid was made). */
export function withdrawProposal(
  input: { vendorId: string; proposal: ProposalState },
  ctx: DecideContext,
): Decision<ProposalEvent, ProposalError> {
  const { proposal } = input;
  if (proposal.status === "new" || !proposal.proposalId || !proposal.rfpId) return notFound();
  if (proposal.vendorId !== input.vendorId)
    return reject({ kind: "authorization", message: PROPOSAL_MESSAGES.withdrawOwnOnly });
  const withdrawn: ProposalEvent = {
    type: "ProposalWithdrawn",
    data: {
      proposalId: proposal.proposalId,
      rfpId: proposal.rfpId,
      vendorId: input.vendorId,
      withdrawnAt: ctx.now,
    },
  };
  // The machine owns which states may be withdrawn from.
  return proposalSnapshot(proposal).can(withdrawn)
    ? accept([withdrawn])
    : refuse(PROPOSAL_MESSAGES.notWithdrawable);
}

export type ReviewCommand =
  | { type: "Shortlist"; proposalId: string }
  | { type: "Reject"; proposalId: string; reason: string | null }
  /** With `boardVote`: awarded per board vote, citing a passed motion that names this proposal. */
  | { type: "Accept"; proposalId: string; boardVote?: BoardVote };

/** Whether the reviewer may review this RFP's proposals: its author, or an admin. */
export interface Reviewer {
  userId: string;
  isAdmin: boolean;
}

/**
 * The author reviews a proposal of their published RFP: shortlist it, reject it, or accept it. Accepting
 * closes the RFP as awarded and rejects every other proposal still in the running, in one append.
 * `proposals` holds the state of every proposal the RFP received.
 */
export function reviewProposal(
  input: {
    reviewer: Reviewer;
    rfp: RfpState;
    proposals: ReadonlyMap<string, ProposalState>;
    command: ReviewCommand;
    /** The meeting whose motion an award per board vote cites. */
    boardMeeting?: MeetingState;
  },
  ctx: DecideContext,
): MultiDecision {
  const { rfp, reviewer, command } = input;
  if (rfp.status === "new" || rfp.deleted || !rfp.rfpId) return notFound();
  if (!reviewer.isAdmin && rfp.authorId !== reviewer.userId) {
    return reject({ kind: "authorization", message: PROPOSAL_MESSAGES.reviewAuthorOnly });
  }
  const target = input.proposals.get(command.proposalId);
  if (!target || target.rfpId !== rfp.rfpId) return notFound();
  if (rfp.status !== "published" || !isActiveProposal(target.status))
    return refuse(PROPOSAL_MESSAGES.notReviewable);
  const rfpId = rfp.rfpId;
  const by = reviewer.userId;
  switch (command.type) {
    case "Shortlist":
      if (target.status === "under_review")
        return appends({ rfp: [], proposals: new Map(), credits: new Map() });
      return appends({
        rfp: [],
        proposals: new Map([
          [
            command.proposalId,
            [
              {
                type: "ProposalShortlisted",
                data: { proposalId: command.proposalId, rfpId, by, shortlistedAt: ctx.now },
              },
            ],
          ],
        ]),
        credits: new Map(),
      });
    case "Reject":
      return appends({
        rfp: [],
        proposals: new Map([
          [
            command.proposalId,
            [
              {
                type: "ProposalRejected",
                data: {
                  proposalId: command.proposalId,
                  rfpId,
                  by,
                  cause: "rejected_by_author",
                  reason: command.reason?.trim() || null,
                  rejectedAt: ctx.now,
                },
              },
            ],
          ],
        ]),
        credits: new Map(),
      });
    case "Accept": {
      const vote = command.boardVote;
      if (vote) {
        const refusal = boardVoteRefusal(
          input.boardMeeting ?? initialMeetingState,
          vote,
          rfp,
          command.proposalId,
        );
        if (refusal) return refuse(refusal);
      }
      const proposals = new Map<string, ProposalEvent[]>();
      proposals.set(command.proposalId, [
        {
          type: "ProposalAccepted",
          data: {
            proposalId: command.proposalId,
            rfpId,
            by,
            acceptedAt: ctx.now,
            ...(vote ? { boardVote: { meetingId: vote.meetingId, motionId: vote.motionId } } : {}),
          },
        },
      ]);
      for (const [id, other] of input.proposals) {
        if (id === command.proposalId || !isActiveProposal(other.status)) continue;
        proposals.set(id, [
          {
            type: "ProposalRejected",
            data: { proposalId: id, rfpId, by, cause: "another_awarded", reason: null, rejectedAt: ctx.now },
          },
        ]);
      }
      return appends({
        rfp: [
          {
            type: "RfpClosed",
            data: {
              rfpId,
              reason: "awarded",
              awardedProposalId: command.proposalId,
              closedBy: by,
              closedAt: ctx.now,
            },
          },
        ],
        proposals,
        credits: new Map(),
      });
    }
    default:
      return assertNever(command);
  }
}

/**
 * The author (or an admin) cancels a published RFP: every proposal still in the running is rejected
 * as "rfp_cancelled" and its credits are refunded to its vendor, in the same append as RfpCancelled.
 */
export function cancelRfpWithRefunds(
  input: {
    rfpCancelled: RfpEvent[];
    rfp: RfpState;
    proposals: ReadonlyMap<string, ProposalState>;
    credits: ReadonlyMap<string, CreditsState>;
    by: string;
  },
  ctx: DecideContext,
): MultiDecision {
  const rfpId = input.rfp.rfpId as string;
  const proposals = new Map<string, ProposalEvent[]>();
  const credits = new Map<string, CreditsEvent[]>();
  for (const [id, p] of input.proposals) {
    if (!isActiveProposal(p.status) || !p.vendorId) continue;
    proposals.set(id, [
      {
        type: "ProposalRejected",
        data: {
          proposalId: id,
          rfpId,
          by: input.by,
          cause: "rfp_cancelled",
          reason: "The RFP was cancelled",
          rejectedAt: ctx.now,
        },
      },
    ]);
    const state = input.credits.get(p.vendorId);
    if (!state) return refuse(`Credit account of vendor ${p.vendorId} was not loaded`);
    const refund = decideCredits(
      state,
      {
        type: "RefundCredits",
        vendorId: p.vendorId,
        amount: p.creditCost,
        referenceId: id,
        reason: "RFP cancelled",
      },
      ctx,
    );
    if (!refund.ok) return refuse(refund.error.message);
    credits.set(p.vendorId, [...(credits.get(p.vendorId) ?? []), ...refund.events]);
  }
  return appends({ rfp: input.rfpCancelled, proposals, credits });
}

export type MultiDecision = { ok: true; appends: ProposalAppends } | { ok: false; error: ProposalError };

const appends = (a: ProposalAppends): MultiDecision => ({ ok: true, appends: a });

/**
 * What a proposal command decides against: the RFP, the proposals it concerns (by id), and the credit
 * accounts it may touch (by vendor id). The store loads and locks exactly these streams.
 */
export interface ProposalWorld {
  rfp: RfpState;
  proposals: ReadonlyMap<string, ProposalState>;
  credits: ReadonlyMap<string, CreditsState>;
}

export type ProposalCommand =
  | { type: "SaveProposalDraft"; proposalId: string; vendor: VendorActor; fields: ProposalFields }
  | {
      type: "SubmitProposal";
      proposalId: string;
      vendor: VendorActor;
      fields: ProposalFields;
      creditCost?: number;
    }
  | { type: "WithdrawProposal"; proposalId: string; vendorId: string }
  | { type: "ReviewProposal"; reviewer: Reviewer; review: ReviewCommand; boardMeeting?: MeetingState }
  /** The proposals' side of an RFP's cancellation: the RFP's own events come from the RFP's decide. */
  | { type: "RejectAndRefundAll"; rfpCancelled: RfpEvent[]; by: string };

const none = (): ProposalAppends => ({ rfp: [], proposals: new Map(), credits: new Map() });

/** A single-proposal decision as the appends of a multi-stream one. */
function onProposal(proposalId: string, decision: Decision<ProposalEvent, ProposalError>): MultiDecision {
  if (!decision.ok) return decision;
  return appends({ ...none(), proposals: new Map([[proposalId, decision.events]]) });
}

/**
 * The proposal lifecycle's one decide (Emmett style): given the loaded streams and a command, the
 * events for each stream, or a typed error. Pure; the clock comes in through `ctx`.
 */
export function decide(state: ProposalWorld, command: ProposalCommand, ctx: DecideContext): MultiDecision {
  const proposal = (id: string) => state.proposals.get(id) ?? initialProposalState;
  switch (command.type) {
    case "SaveProposalDraft":
      return onProposal(
        command.proposalId,
        saveProposalDraft(
          {
            proposalId: command.proposalId,
            vendor: command.vendor,
            rfp: state.rfp,
            proposal: proposal(command.proposalId),
            fields: command.fields,
          },
          ctx,
        ),
      );
    case "SubmitProposal":
      return submitProposal(
        {
          proposalId: command.proposalId,
          vendor: command.vendor,
          rfp: state.rfp,
          proposal: proposal(command.proposalId),
          credits: state.credits.get(command.vendor.userId) ?? initialCreditsState,
          fields: command.fields,
          creditCost: command.creditCost,
        },
        ctx,
      );
    case "WithdrawProposal":
      return onProposal(
        command.proposalId,
        withdrawProposal({ vendorId: command.vendorId, proposal: proposal(command.proposalId) }, ctx),
      );
    case "ReviewProposal":
      return reviewProposal(
        {
          reviewer: command.reviewer,
          rfp: state.rfp,
          proposals: state.proposals,
          command: command.review,
          boardMeeting: command.boardMeeting,
        },
        ctx,
      );
    case "RejectAndRefundAll":
      return cancelRfpWithRefunds(
        {
          rfpCancelled: command.rfpCancelled,
          rfp: state.rfp,
          proposals: state.proposals,
          credits: state.credits,
          by: command.by,
        },
        ctx,
      );
    default:
      return assertNever(command);
  }
}
