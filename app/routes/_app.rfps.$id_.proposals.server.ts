import type { SubmissionResult } from "@conform-to/react";
import { meetingMinutesUrl } from "@domain/meeting/links";
import {
  isActiveProposal,
  PROPOSAL_AUTHOR_LABELS,
  PROPOSAL_MESSAGES,
  type ProposalStatus,
  priceAgainstBudget,
  requirementsMet,
} from "@domain/proposal";
import { formatFileSize } from "@domain/rfp/documents";
import { json } from "@remix-run/node";
import { z } from "zod";
import { rfpActor, viewableRfp, viewerTimeZone } from "~/auth/actors.server";
import { mayOpenBoardRoom } from "~/auth/board-room.server";
import { forbidden, requireContext } from "~/auth/guards.server";
import { awardPerBoardVote, reviewProposalCommand } from "~/commands/rfps.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, parseSubmission } from "~/forms.server";
import { boardMotionsForRfp, boardVoteAwards } from "~/queries/board-votes.server";
import { pairStates } from "~/queries/connections.server";
import { documentsOfProposals, listRfpProposals } from "~/queries/rfp-detail.server";
import { budgetLabel, dateLabel } from "~/queries/rfp-present.server";

/** Only the RFP's author (or an admin) reviews its proposals. */
async function reviewer(request: Request, rfpId: string) {
  const viewer = await requireContext(request);
  const rfp = await viewableRfp(viewer, rfpId);
  const actor = rfpActor(viewer);
  if (rfp.authorId !== viewer.user.id && !actor.isAdmin) forbidden(PROPOSAL_MESSAGES.reviewAuthorOnly);
  return { viewer, rfp, actor };
}

const PRICE_POSITION = {
  below: "Below budget",
  within: "Within budget",
  above: "Above budget",
  unknown: "No budget to compare",
} as const;

/**
 * /rfps/{id}/proposals: the author's review (spec 001 section 4; issue 4 part 5). Every bid side by side
 * (price against the budget, timeline, requirements met), and shortlist, accept or reject, each a plain
 * form post. `?compare=` narrows the comparison to the chosen bids.
 */
export async function proposalsLoader(request: Request, rfpId: string) {
  const { viewer, rfp } = await reviewer(request, rfpId);
  const tz = viewerTimeZone(viewer);
  const db = await getDb();
  const proposals = await listRfpProposals(db, rfp.id);
  const documents = await documentsOfProposals(
    db,
    proposals.map((p) => p.id),
  );
  const compare = new URL(request.url).searchParams.getAll("compare");
  // Connect / Message with each vendor (issue 28 part 10), never across a block.
  const pairs = await pairStates(
    db,
    viewer.user.id,
    proposals.map((p) => p.vendorId),
  );
  const reviewable = rfp.status === "published";
  // Award per board vote (issue 12): passed motions of the RFP's association naming its proposals.
  const association = rfp.associationId;
  const passed = association && reviewable ? await boardMotionsForRfp(db, rfp.id, association) : [];
  const awards = await boardVoteAwards(db, rfp.id);
  const cited =
    association && awards.length > 0
      ? await boardMotionsForRfp(db, rfp.id, association, { motionIds: awards.map((a) => a.motionId) })
      : [];
  // A cited motion links to its minutes only for a viewer the board room of the RFP's association
  // admits (not every admin, nor an author outside its board): anyone else would follow it to a 404.
  const mayReadMinutes =
    association !== null && (passed.length > 0 || awards.length > 0)
      ? await mayOpenBoardRoom(viewer, association)
      : false;
  const minutesUrl = (meetingId: string): string | null =>
    mayReadMinutes ? meetingMinutesUrl(meetingId) : null;
  const cite = (m: (typeof passed)[number]) => ({
    motionId: m.motionId,
    motion: m.motion,
    meeting: m.meetingTitle,
    meetingDate: dateLabel(m.meetingStart, m.timeZone),
    votes: `For ${m.votesFor}, against ${m.votesAgainst}, abstain ${m.votesAbstain}`,
    minutesUrl: minutesUrl(m.meetingId),
  });
  return json({
    viewerId: viewer.user.id,
    rfp: {
      id: rfp.id,
      title: rfp.title,
      status: rfp.status,
      budget: budgetLabel(rfp),
      hourly: rfp.budgetType === "hourly",
    },
    reviewable,
    compare,
    proposals: proposals.map((p) => {
      const met = requirementsMet(p.fields, rfp.fields);
      return {
        id: p.id,
        vendor: p.vendorName?.trim() || p.vendorEmail,
        vendorId: p.vendorId,
        connection: pairs[p.vendorId] ?? null,
        organization: p.vendorOrganization,
        status: p.status as ProposalStatus,
        label: PROPOSAL_AUTHOR_LABELS[p.status],
        price:
          p.totalPrice === null
            ? null
            : `$${p.totalPrice.toLocaleString("en-US")}${rfp.budgetType === "hourly" ? "/hr" : ""}`,
        pricePosition:
          p.totalPrice === null ? null : PRICE_POSITION[priceAgainstBudget(p.totalPrice, rfp.fields)],
        priceAbove: p.totalPrice !== null && priceAgainstBudget(p.totalPrice, rfp.fields) === "above",
        timelineDays: p.timelineDays,
        startDate: p.proposedStartDate,
        met,
        coverLetter: p.coverLetter,
        insuranceCarrier: p.fields.insurance_carrier ?? null,
        licenseNumber: p.fields.license_number
          ? `${p.fields.license_number}${p.fields.license_state ? ` (${p.fields.license_state})` : ""}`
          : null,
        references: p.fields.references,
        documents: (documents.get(p.id) ?? []).map((d) => ({ ...d, size: formatFileSize(d.fileSize) })),
        submittedAt: dateLabel(p.submittedAt, tz),
        rejectionReason: p.rejectionReason,
        canShortlist: reviewable && p.status === "submitted",
        canDecide: reviewable && isActiveProposal(p.status),
        boardVotes:
          reviewable && isActiveProposal(p.status)
            ? passed.filter((m) => m.proposalId === p.id).map(cite)
            : [],
        awardedPerBoardVote: (() => {
          const award = awards.find((a) => a.proposalId === p.id);
          if (!award) return null;
          const motion = cited.find((m) => m.motionId === award.motionId);
          return motion ? cite(motion) : { minutesUrl: minutesUrl(award.meetingId), motion: null };
        })(),
      };
    }),
  });
}

/** The review forms of the page: one schema, told apart by their hidden intent. */
const ReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("shortlist"), proposal_id: z.string().uuid() }),
  z.object({ intent: z.literal("accept"), proposal_id: z.string().uuid() }),
  z.object({
    intent: z.literal("award-board-vote"),
    proposal_id: z.string().uuid(),
    motion_id: z.string().uuid(),
  }),
  z.object({
    intent: z.literal("reject"),
    proposal_id: z.string().uuid(),
    reason: z
      .string()
      .trim()
      .max(1000, "The reason can be at most 1000 characters")
      .transform((v) => v || undefined)
      .optional(),
  }),
]);

const REVIEW_INTENTS = ["shortlist", "accept", "award-board-vote", "reject"] as const;

/** What a refused review form gets back: which proposal's form, its intent, and Conform's answer. */
export interface ReviewActionData {
  proposalId: string;
  intent: (typeof REVIEW_INTENTS)[number] | null;
  error?: string;
  result?: SubmissionResult<string[]>;
}

export async function proposalsAction(request: Request, rfpId: string) {
  const { rfp, actor } = await reviewer(request, rfpId);
  const { submission } = await parseSubmission(request, ReviewSchema);
  if (submission.status !== "success") {
    const asked = submission.payload.proposal_id;
    const intent = intentOf(submission.payload, REVIEW_INTENTS);
    const reasonError = submission.error?.reason?.[0];
    return json<ReviewActionData>(
      {
        proposalId: typeof asked === "string" ? asked : "",
        intent,
        // A reason too long is told at the reason; anything else on the page.
        error: reasonError ? undefined : PROPOSAL_MESSAGES.notReviewable,
        result: submission.reply(),
      },
      { status: 400 },
    );
  }
  const value = submission.value;
  const { intent, proposal_id: proposalId } = value;
  const db = await getDb();
  const outcome =
    value.intent === "award-board-vote"
      ? await awardPerBoardVote(db, { rfpId: rfp.id, reviewer: actor, proposalId, motionId: value.motion_id })
      : await reviewProposalCommand(db, {
          rfpId: rfp.id,
          reviewer: actor,
          command:
            value.intent === "reject"
              ? { type: "Reject", proposalId, reason: value.reason ?? null }
              : { type: value.intent === "accept" ? "Accept" : "Shortlist", proposalId },
        });
  if (!outcome.ok) {
    return json<ReviewActionData>(
      { proposalId, intent, error: outcome.error.message },
      { status: domainErrorStatus(outcome.error.kind) },
    );
  }
  const message =
    intent === "award-board-vote"
      ? "Proposal awarded per board vote. The RFP is closed as awarded and the other bidders were told."
      : intent === "accept"
        ? "Proposal accepted. The RFP is closed as awarded and the other bidders were told."
        : intent === "shortlist"
          ? "Proposal shortlisted"
          : "Proposal rejected";
  return redirectWithFlash(`/rfps/${rfp.id}/proposals`, { tone: "success", message });
}
