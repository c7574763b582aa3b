import { eq, sql } from "drizzle-orm";
import { pgSchema, pgTable } from "drizzle-orm/pg-core";
import { PROPOSAL_EVENT_TYPES, type ProposalEvent } from "../../domain/proposal";
import { RFP_EVENT_TYPES, type RfpEvent, type RfpFields } from "../../domain/rfp";
import { assertNever } from "../../domain/shared";
import type { Queryable } from "../client";
import { type RfpProjectionTables, rfpProjectionTables } from "../schema/rfps";
import type { Projection, ProjectionInput } from "./types";

const live = rfpProjectionTables(pgTable);

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** The columns an RFP's fields fill (one mapping, used by every event that carries fields). */
export function rfpFieldColumns(f: RfpFields) {
  return {
    title: f.title ?? "",
    category: orNull(f.category),
    shortDescription: orNull(f.short_description),
    description: orNull(f.description),
    scopeOfWork: orNull(f.scope_of_work),
    technicalSpecifications: orNull(f.technical_specifications),
    organizationName: orNull(f.organization_name),
    propertyName: orNull(f.property_name),
    propertyType: orNull(f.property_type),
    associationId: orNull(f.association_id),
    locationAddress: orNull(f.location_address),
    locationCity: orNull(f.location_city),
    locationState: orNull(f.location_state),
    locationZip: orNull(f.location_zip),
    proposalDeadline: orNull(f.proposal_deadline),
    projectStartDate: orNull(f.project_start_date),
    projectEndDate: orNull(f.project_end_date),
    estimatedDurationDays: orNull(f.estimated_duration_days),
    budgetType: f.budget_type,
    budgetMin: orNull(f.budget_min),
    budgetMax: orNull(f.budget_max),
    budgetHourlyRate: orNull(f.budget_hourly_rate),
    budgetDescription: orNull(f.budget_description),
    requireInsurance: f.require_insurance,
    requireLicense: f.require_license,
    requireReferences: f.require_references,
    insuranceRequirements: f.insurance_requirements,
    visibility: orNull(f.visibility),
    invitedVendorIds: f.invited_vendor_ids,
    maxProposals: f.max_proposals,
    allowQuestions: f.allow_questions,
    autoCloseEnabled: f.auto_close_enabled,
    evaluationPeriodDays: f.evaluation_period_days,
    fields: f,
  };
}

async function applyRfpEvent(db: Queryable, e: RfpEvent, { rfps: r }: RfpProjectionTables) {
  switch (e.type) {
    case "RfpDrafted":
      await db.insert(r).values({
        id: e.data.rfpId,
        authorId: e.data.authorId,
        authorContextId: e.data.authorContextId,
        status: "draft",
        ...rfpFieldColumns(e.data.fields),
        proposalCount: 0,
        createdAt: e.data.draftedAt,
        updatedAt: e.data.draftedAt,
      });
      return;
    case "RfpDraftUpdated":
      await db
        .update(r)
        .set({ ...rfpFieldColumns(e.data.fields), updatedAt: e.data.updatedAt })
        .where(eq(r.id, e.data.rfpId));
      return;
    case "RfpPublished":
      await db
        .update(r)
        .set({
          ...rfpFieldColumns(e.data.fields),
          status: "published",
          publishedAt: e.data.publishedAt,
          updatedAt: e.data.publishedAt,
        })
        .where(eq(r.id, e.data.rfpId));
      return;
    case "RfpDetailsUpdated": {
      const c = e.data.changes;
      const set: Partial<typeof r.$inferInsert> = { updatedAt: e.data.updatedAt };
      if ("description" in c) set.description = orNull(c.description);
      if ("scope_of_work" in c) set.scopeOfWork = orNull(c.scope_of_work);
      if ("project_start_date" in c) set.projectStartDate = orNull(c.project_start_date);
      if ("project_end_date" in c) set.projectEndDate = orNull(c.project_end_date);
      await db
        .update(r)
        .set({ ...set, fields: sql`${r.fields} || ${JSON.stringify(c)}::jsonb` })
        .where(eq(r.id, e.data.rfpId));
      return;
    }
    case "RfpProposalReceived":
      await db
        .update(r)
        .set({ proposalCount: sql`${r.proposalCount} + 1` })
        .where(eq(r.id, e.data.rfpId));
      return;
    case "RfpClosed":
      await db
        .update(r)
        .set({
          status: "closed",
          closeReason: e.data.reason,
          awardedProposalId: e.data.awardedProposalId,
          closedAt: e.data.closedAt,
          updatedAt: e.data.closedAt,
        })
        .where(eq(r.id, e.data.rfpId));
      return;
    case "RfpCancelled":
      await db
        .update(r)
        .set({
          status: "cancelled",
          cancelReason: e.data.reason,
          cancelledAt: e.data.cancelledAt,
          updatedAt: e.data.cancelledAt,
        })
        .where(eq(r.id, e.data.rfpId));
      return;
    case "RfpDeleted":
      await db
        .update(r)
        .set({ deletedAt: e.data.deletedAt, updatedAt: e.data.deletedAt })
        .where(eq(r.id, e.data.rfpId));
      return;
    default:
      return assertNever(e);
  }
}

async function applyProposalEvent(db: Queryable, e: ProposalEvent, { rfpProposals: p }: RfpProjectionTables) {
  switch (e.type) {
    case "ProposalDrafted":
    case "ProposalSubmitted": {
      const f = e.data.fields;
      const at = e.type === "ProposalDrafted" ? e.data.draftedAt : e.data.submittedAt;
      const values = {
        status: e.type === "ProposalDrafted" ? ("draft" as const) : ("submitted" as const),
        totalPrice: orNull(f.total_price),
        timelineDays: orNull(f.timeline_days),
        proposedStartDate: orNull(f.proposed_start_date),
        coverLetter: orNull(f.cover_letter),
        fields: f,
        creditCost: e.type === "ProposalSubmitted" ? e.data.creditCost : 0,
        submittedAt: e.type === "ProposalSubmitted" ? e.data.submittedAt : null,
        updatedAt: at,
      };
      await db
        .insert(p)
        .values({
          id: e.data.proposalId,
          rfpId: e.data.rfpId,
          vendorId: e.data.vendorId,
          createdAt: at,
          ...values,
        })
        .onConflictDoUpdate({ target: p.id, set: values });
      return;
    }
    case "ProposalDraftUpdated": {
      const f = e.data.fields;
      await db
        .update(p)
        .set({
          totalPrice: orNull(f.total_price),
          timelineDays: orNull(f.timeline_days),
          proposedStartDate: orNull(f.proposed_start_date),
          coverLetter: orNull(f.cover_letter),
          fields: f,
          updatedAt: e.data.updatedAt,
        })
        .where(eq(p.id, e.data.proposalId));
      return;
    }
    case "ProposalShortlisted":
      await db
        .update(p)
        .set({ status: "under_review", shortlistedAt: e.data.shortlistedAt, updatedAt: e.data.shortlistedAt })
        .where(eq(p.id, e.data.proposalId));
      return;
    case "ProposalAccepted":
      await db
        .update(p)
        .set({
          status: "accepted",
          decidedAt: e.data.acceptedAt,
          updatedAt: e.data.acceptedAt,
          awardMeetingId: e.data.boardVote?.meetingId ?? null,
          awardMotionId: e.data.boardVote?.motionId ?? null,
        })
        .where(eq(p.id, e.data.proposalId));
      return;
    case "ProposalRejected":
      await db
        .update(p)
        .set({
          status: "rejected",
          rejectionCause: e.data.cause,
          rejectionReason: e.data.reason,
          decidedAt: e.data.rejectedAt,
          updatedAt: e.data.rejectedAt,
        })
        .where(eq(p.id, e.data.proposalId));
      return;
    case "ProposalWithdrawn":
      await db
        .update(p)
        .set({ status: "withdrawn", withdrawnAt: e.data.withdrawnAt, updatedAt: e.data.withdrawnAt })
        .where(eq(p.id, e.data.proposalId));
      return;
    default:
      return assertNever(e);
  }
}

const rfpTypes = new Set<string>(RFP_EVENT_TYPES);

/**
 * The RFP and proposal read models: `rfps` (with the proposal count) and `rfp_proposals`. Events are
 * applied one by one in order; times come from the events.
 */
export const rfpsProjection: Projection<RfpProjectionTables> = {
  name: "rfps",
  eventTypes: new Set<string>([...RFP_EVENT_TYPES, ...PROPOSAL_EVENT_TYPES]),
  tableNames: ["rfps", "rfp_proposals"],
  upsertTables: ["rfps", "rfp_proposals"],
  tables: (schema) =>
    schema ? rfpProjectionTables(pgSchema(schema).table as unknown as typeof pgTable, `${schema}_`) : live,
  async apply(db, events, tables) {
    for (const e of events as readonly ProjectionInput[]) {
      const event = { type: e.type, data: e.data };
      if (rfpTypes.has(e.type)) await applyRfpEvent(db, event as RfpEvent, tables);
      else await applyProposalEvent(db, event as ProposalEvent, tables);
    }
  },
};
