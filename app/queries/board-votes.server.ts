import type { Queryable } from "@db/client";
import { associations, meetingMotions, meetings, rfpProposals, rfps, userProfiles, users } from "@db/schema";
import type { MotionRfpFacts } from "@domain/meeting";
import { and, asc, desc, eq, inArray, isNull, ne } from "drizzle-orm";

/**
 * "Award per board vote" reads (issue 12): the RFPs and proposals a motion may name, the facts the
 * server checks a motion's reference against, and the passed motions that name an RFP's proposals.
 */

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/**
 * The choices of the motion form: the association's RFPs open for review (published, not deleted) and
 * the proposals submitted to them that are still in the running.
 */
export async function motionRfpChoices(db: Queryable, associationId: string) {
  const rfpRows = await db
    .select({ id: rfps.id, title: rfps.title })
    .from(rfps)
    .where(and(eq(rfps.associationId, associationId), eq(rfps.status, "published"), isNull(rfps.deletedAt)))
    .orderBy(desc(rfps.publishedAt), asc(rfps.id))
    .limit(100);
  if (rfpRows.length === 0) return [];
  const proposals = await db
    .select({
      id: rfpProposals.id,
      rfpId: rfpProposals.rfpId,
      totalPrice: rfpProposals.totalPrice,
      vendorName: userProfiles.fullName,
      vendorEmail: users.email,
    })
    .from(rfpProposals)
    .innerJoin(users, eq(users.id, rfpProposals.vendorId))
    .leftJoin(userProfiles, eq(userProfiles.id, rfpProposals.vendorId))
    .where(
      and(
        inArray(
          rfpProposals.rfpId,
          rfpRows.map((r) => r.id),
        ),
        inArray(rfpProposals.status, ["submitted", "under_review"]),
      ),
    )
    .orderBy(asc(rfpProposals.submittedAt), asc(rfpProposals.id));
  return rfpRows.map((r) => ({
    id: r.id,
    title: r.title,
    proposals: proposals
      .filter((p) => p.rfpId === r.id)
      .map((p) => ({
        id: p.id,
        label: `${p.vendorName?.trim() || p.vendorEmail}${
          p.totalPrice === null ? "" : ` · $${p.totalPrice.toLocaleString("en-US")}`
        }`,
      })),
  }));
}
export type MotionRfpChoice = Awaited<ReturnType<typeof motionRfpChoices>>[number];

/**
 * What the minutes show of the RFPs and proposals their motions name, by "rfpId/proposalId" (the
 * proposal part empty when the motion names the RFP alone).
 */
export async function motionReferences(
  db: Queryable,
  pairs: readonly { rfpId: string; proposalId: string | null }[],
) {
  const out = new Map<string, { rfpId: string; rfpTitle: string; proposal: string | null }>();
  if (pairs.length === 0) return out;
  const titles = await db
    .select({ id: rfps.id, title: rfps.title })
    .from(rfps)
    .where(inArray(rfps.id, [...new Set(pairs.map((p) => p.rfpId))]));
  const proposalIds = [...new Set(pairs.flatMap((p) => (p.proposalId ? [p.proposalId] : [])))];
  const vendors =
    proposalIds.length === 0
      ? []
      : await db
          .select({ id: rfpProposals.id, vendorName: userProfiles.fullName, vendorEmail: users.email })
          .from(rfpProposals)
          .innerJoin(users, eq(users.id, rfpProposals.vendorId))
          .leftJoin(userProfiles, eq(userProfiles.id, rfpProposals.vendorId))
          .where(inArray(rfpProposals.id, proposalIds));
  for (const p of pairs) {
    const title = titles.find((t) => t.id === p.rfpId)?.title;
    if (!title) continue;
    const vendor = p.proposalId ? vendors.find((v) => v.id === p.proposalId) : undefined;
    out.set(`${p.rfpId}/${p.proposalId ?? ""}`, {
      rfpId: p.rfpId,
      rfpTitle: title,
      proposal: vendor ? `${vendor.vendorName?.trim() || vendor.vendorEmail}'s proposal` : null,
    });
  }
  return out;
}

/** An RFP as a motion's reference is checked against (null: no such RFP, or a draft or deleted one). */
export async function motionRfpFacts(db: Queryable, rfpId: string): Promise<MotionRfpFacts | null> {
  if (!isUuid(rfpId)) return null;
  const [rfp] = await db
    .select({ id: rfps.id, associationId: rfps.associationId })
    .from(rfps)
    .where(and(eq(rfps.id, rfpId), ne(rfps.status, "draft"), isNull(rfps.deletedAt)));
  if (!rfp) return null;
  const proposals = await db
    .select({ id: rfpProposals.id })
    .from(rfpProposals)
    .where(and(eq(rfpProposals.rfpId, rfpId), ne(rfpProposals.status, "draft")));
  return { rfpId: rfp.id, associationId: rfp.associationId, proposalIds: proposals.map((p) => p.id) };
}

/**
 * Motions of the association's live meetings that name this RFP and one of its proposals, with their
 * meeting (for the citation): the passed ones, or the ones of `motionIds` whatever their result.
 */
export async function boardMotionsForRfp(
  db: Queryable,
  rfpId: string,
  associationId: string,
  options: { motionIds?: readonly string[] } = {},
) {
  const conditions = [
    eq(meetingMotions.rfpId, rfpId),
    eq(meetings.associationId, associationId),
    isNull(meetings.deletedAt),
  ];
  if (options.motionIds) {
    if (options.motionIds.length === 0) return [];
    conditions.push(inArray(meetingMotions.id, [...options.motionIds]));
  } else conditions.push(eq(meetingMotions.voteResult, "passed"));
  return db
    .select({
      motionId: meetingMotions.id,
      meetingId: meetingMotions.meetingId,
      proposalId: meetingMotions.proposalId,
      motion: meetingMotions.motion,
      voteResult: meetingMotions.voteResult,
      votesFor: meetingMotions.votesFor,
      votesAgainst: meetingMotions.votesAgainst,
      votesAbstain: meetingMotions.votesAbstain,
      meetingTitle: meetings.title,
      meetingStart: meetings.startTime,
      timeZone: associations.timeZone,
    })
    .from(meetingMotions)
    .innerJoin(meetings, eq(meetings.id, meetingMotions.meetingId))
    .innerJoin(associations, eq(associations.id, meetings.associationId))
    .where(and(...conditions))
    .orderBy(asc(meetings.startTime), asc(meetingMotions.position));
}

/** The meeting a motion was recorded in (null: no such motion). */
export async function meetingOfMotion(db: Queryable, motionId: string): Promise<string | null> {
  if (!isUuid(motionId)) return null;
  const [row] = await db
    .select({ meetingId: meetingMotions.meetingId })
    .from(meetingMotions)
    .where(eq(meetingMotions.id, motionId));
  return row?.meetingId ?? null;
}

/** The RFP's proposals accepted per board vote, with the meeting and motion each acceptance cites. */
export async function boardVoteAwards(db: Queryable, rfpId: string) {
  const rows = await db
    .select({
      proposalId: rfpProposals.id,
      meetingId: rfpProposals.awardMeetingId,
      motionId: rfpProposals.awardMotionId,
    })
    .from(rfpProposals)
    .where(and(eq(rfpProposals.rfpId, rfpId), eq(rfpProposals.status, "accepted")));
  return rows.flatMap((r) =>
    r.meetingId && r.motionId
      ? [{ proposalId: r.proposalId, meetingId: r.meetingId, motionId: r.motionId }]
      : [],
  );
}
