import type { Queryable } from "@db/client";
import { proposalDocuments, rfpProposals, rfps, rfpViews, userProfiles, users } from "@db/schema";
import { type ProposalFields, ProposalFieldsSchema, type ProposalStatus } from "@domain/proposal";
import { type RfpFields, RfpFieldsSchema } from "@domain/rfp";
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";

/** Reads for the RFP detail page and the proposal review (issue 4). */

export async function getRfpDetail(db: Queryable, rfpId: string) {
  const [row] = await db
    .select({
      rfp: rfps,
      viewCount: sql<number>`coalesce(${rfpViews.viewCount}, 0)`.mapWith(Number),
      authorName: userProfiles.fullName,
    })
    .from(rfps)
    .leftJoin(rfpViews, eq(rfpViews.rfpId, rfps.id))
    .leftJoin(userProfiles, eq(userProfiles.id, rfps.authorId))
    .where(eq(rfps.id, rfpId));
  if (!row) return null;
  return {
    ...row.rfp,
    fields: RfpFieldsSchema.parse(row.rfp.fields) as RfpFields,
    viewCount: row.viewCount,
    authorName: row.authorName,
  };
}
export type RfpDetail = NonNullable<Awaited<ReturnType<typeof getRfpDetail>>>;

export interface ProposalRow {
  id: string;
  rfpId: string;
  vendorId: string;
  status: ProposalStatus;
  totalPrice: number | null;
  timelineDays: number | null;
  proposedStartDate: string | null;
  coverLetter: string | null;
  fields: ProposalFields;
  creditCost: number;
  rejectionReason: string | null;
  submittedAt: string | null;
  shortlistedAt: string | null;
  decidedAt: string | null;
  withdrawnAt: string | null;
  updatedAt: string;
}

const proposalColumns = {
  id: rfpProposals.id,
  rfpId: rfpProposals.rfpId,
  vendorId: rfpProposals.vendorId,
  status: rfpProposals.status,
  totalPrice: rfpProposals.totalPrice,
  timelineDays: rfpProposals.timelineDays,
  proposedStartDate: rfpProposals.proposedStartDate,
  coverLetter: rfpProposals.coverLetter,
  fields: rfpProposals.fields,
  creditCost: rfpProposals.creditCost,
  rejectionReason: rfpProposals.rejectionReason,
  submittedAt: rfpProposals.submittedAt,
  shortlistedAt: rfpProposals.shortlistedAt,
  decidedAt: rfpProposals.decidedAt,
  withdrawnAt: rfpProposals.withdrawnAt,
  updatedAt: rfpProposals.updatedAt,
};

const toProposal = <T extends { fields: unknown }>(r: T) => ({
  ...r,
  fields: ProposalFieldsSchema.parse(r.fields),
});

export async function getProposal(db: Queryable, proposalId: string): Promise<ProposalRow | null> {
  const [row] = await db.select(proposalColumns).from(rfpProposals).where(eq(rfpProposals.id, proposalId));
  return row ? (toProposal(row) as ProposalRow) : null;
}

/** The bids an author reviews: every proposal but drafts, with the vendor's name and organization. */
export async function listRfpProposals(db: Queryable, rfpId: string) {
  const rows = await db
    .select({
      ...proposalColumns,
      vendorName: userProfiles.fullName,
      vendorEmail: users.email,
      vendorOrganization: sql<string | null>`(
        select r.organization_name from user_professional_roles r
        where r.user_id = ${rfpProposals.vendorId} and r.role_type = 'vendor'
        order by r.is_primary desc, r.created_at asc limit 1)`,
    })
    .from(rfpProposals)
    .innerJoin(users, eq(users.id, rfpProposals.vendorId))
    .leftJoin(userProfiles, eq(userProfiles.id, rfpProposals.vendorId))
    .where(and(eq(rfpProposals.rfpId, rfpId), ne(rfpProposals.status, "draft")))
    .orderBy(asc(rfpProposals.submittedAt), asc(rfpProposals.id));
  return rows.map(
    (r) =>
      toProposal(r) as ProposalRow & {
        vendorName: string | null;
        vendorEmail: string;
        vendorOrganization: string | null;
      },
  );
}

/** The documents of several proposals, by proposal id (for the author's review). */
export async function documentsOfProposals(db: Queryable, proposalIds: readonly string[]) {
  const byProposal = new Map<string, { id: string; fileName: string; fileSize: number }[]>();
  if (proposalIds.length === 0) return byProposal;
  const rows = await db
    .select({
      id: proposalDocuments.id,
      proposalId: proposalDocuments.proposalId,
      fileName: proposalDocuments.fileName,
      fileSize: proposalDocuments.fileSize,
    })
    .from(proposalDocuments)
    .where(and(inArray(proposalDocuments.proposalId, [...proposalIds]), isNull(proposalDocuments.deletedAt)))
    .orderBy(asc(proposalDocuments.createdAt), asc(proposalDocuments.fileName));
  for (const { proposalId, ...d } of rows)
    byProposal.set(proposalId, [...(byProposal.get(proposalId) ?? []), d]);
  return byProposal;
}

/** Every bid on the author's RFPs (spec 001 section 2: /dashboard/proposals), newest first. */
export async function listAuthorProposals(
  db: Queryable,
  authorId: string,
  options: { status: ProposalStatus | null; limit: number; offset: number },
) {
  const rows = await db
    .select({
      id: rfpProposals.id,
      rfpId: rfpProposals.rfpId,
      rfpTitle: rfps.title,
      rfpStatus: rfps.status,
      budgetType: rfps.budgetType,
      status: rfpProposals.status,
      totalPrice: rfpProposals.totalPrice,
      timelineDays: rfpProposals.timelineDays,
      submittedAt: rfpProposals.submittedAt,
      vendorName: userProfiles.fullName,
      vendorEmail: users.email,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(rfpProposals)
    .innerJoin(rfps, eq(rfps.id, rfpProposals.rfpId))
    .innerJoin(users, eq(users.id, rfpProposals.vendorId))
    .leftJoin(userProfiles, eq(userProfiles.id, rfpProposals.vendorId))
    .where(
      and(
        eq(rfps.authorId, authorId),
        isNull(rfps.deletedAt),
        ne(rfpProposals.status, "draft"),
        options.status ? eq(rfpProposals.status, options.status) : undefined,
      ),
    )
    .orderBy(sql`${rfpProposals.submittedAt} desc nulls last`, asc(rfpProposals.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows, total: rows[0]?.total ?? 0 };
}
