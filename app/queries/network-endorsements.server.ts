import { type Queryable, queryRows } from "@db/client";
import {
  ENDORSEMENT_LIMITS,
  type EndorsementFilter,
  type EndorsementSort,
  relationshipLabel,
} from "@domain/network/endorsements";
import { escapeLike } from "@domain/shared";
import { type SQL, sql } from "drizzle-orm";
import { isBlockedBetween } from "./network-access.server";

/**
 * Written endorsements as pages show them (issue 28, part 5). Received: the subject is the endorsee;
 * Given: the subject is the endorser. The subject sees all of their own (hidden ones marked); anyone
 * else sees only public ones the endorsee has not hidden, and nothing across a block. Search (skill,
 * endorser name, text; case-insensitive) and sort run in the database.
 */

export interface ShownEndorsement {
  id: string;
  skillName: string;
  endorsementText: string;
  relationshipType: string;
  relationshipLabel: string;
  workingRelationshipContext: string | null;
  isPublic: boolean;
  hiddenByEndorsee: boolean;
  helpfulCount: number;
  responseText: string | null;
  respondedAt: string | null;
  version: number;
  createdAt: string;
  endorserId: string;
  endorserName: string;
  endorserUsername: string | null;
  endorserSummary: string | null;
  endorseeId: string;
  endorseeName: string;
  endorseeUsername: string | null;
  /** The viewer marked it Helpful. */
  helpfulByViewer: boolean;
}

const ORDER: Record<EndorsementSort, SQL> = {
  newest: sql`e.created_at desc, e.id`,
  oldest: sql`e.created_at asc, e.id`,
  helpful: sql`e.helpful_count desc, e.created_at desc, e.id`,
  skill: sql`lower(e.skill_name) asc, e.created_at desc, e.id`,
};

export async function listEndorsements(
  db: Queryable,
  subjectId: string,
  viewerId: string,
  options: { filter?: EndorsementFilter; q?: string; sort?: EndorsementSort; limit?: number } = {},
): Promise<ShownEndorsement[]> {
  const filter = options.filter ?? "all";
  const isSubject = subjectId === viewerId;
  if (!isSubject && (await isBlockedBetween(db, subjectId, viewerId))) return [];
  const side =
    filter === "received"
      ? sql`e.endorsee_id = ${subjectId}`
      : filter === "given"
        ? sql`e.endorser_id = ${subjectId}`
        : sql`(e.endorsee_id = ${subjectId} or e.endorser_id = ${subjectId})`;
  const visible = isSubject
    ? sql`true`
    : sql`(e.is_public and not e.hidden_by_endorsee) or e.endorser_id = ${viewerId} or e.endorsee_id = ${viewerId}`;
  const q = options.q?.trim();
  const pattern = q ? `%${escapeLike(q)}%` : null;
  const search = pattern
    ? sql`(e.skill_name ilike ${pattern} or coalesce(er.full_name, '') ilike ${pattern} or e.endorsement_text ilike ${pattern})`
    : sql`true`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select e.id, e.skill_name, e.endorsement_text, e.relationship_type, e.working_relationship_context,
          e.is_public, e.hidden_by_endorsee, e.helpful_count, e.response_text, e.responded_at, e.version,
          e.created_at, e.endorser_id, er.full_name as endorser_name, er.username as endorser_username,
          er.professional_summary as endorser_summary, e.endorsee_id, ee.full_name as endorsee_name,
          ee.username as endorsee_username,
          exists (select 1 from endorsement_helpful h where h.endorsement_id = e.id and h.user_id = ${viewerId}) as helpful_by_viewer
        from endorsements e
        join user_profiles er on er.id = e.endorser_id
        join user_profiles ee on ee.id = e.endorsee_id
        where ${side} and (${visible}) and ${search}
        order by ${ORDER[options.sort ?? "newest"]}
        limit ${options.limit ?? 100}`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    skillName: String(r.skill_name),
    endorsementText: String(r.endorsement_text),
    relationshipType: String(r.relationship_type),
    relationshipLabel: relationshipLabel(String(r.relationship_type)),
    workingRelationshipContext: (r.working_relationship_context as string | null) ?? null,
    isPublic: Boolean(r.is_public),
    hiddenByEndorsee: Boolean(r.hidden_by_endorsee),
    helpfulCount: Number(r.helpful_count),
    responseText: (r.response_text as string | null) ?? null,
    respondedAt: r.responded_at ? new Date(r.responded_at as string).toISOString() : null,
    version: Number(r.version),
    createdAt: new Date(r.created_at as string).toISOString(),
    endorserId: String(r.endorser_id),
    endorserName: (r.endorser_name as string | null)?.trim() || "Anonymous User",
    endorserUsername: (r.endorser_username as string | null) ?? null,
    endorserSummary: (r.endorser_summary as string | null) ?? null,
    endorseeId: String(r.endorsee_id),
    endorseeName: (r.endorsee_name as string | null)?.trim() || "Anonymous User",
    endorseeUsername: (r.endorsee_username as string | null) ?? null,
    helpfulByViewer: Boolean(r.helpful_by_viewer),
  }));
}

/** One endorsement its endorser may edit, or null. */
export async function ownGivenEndorsement(db: Queryable, endorserId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await listEndorsements(db, endorserId, endorserId, { filter: "given", limit: 1000 });
  return rows.find((r) => r.id === id) ?? null;
}

/**
 * The profile page's compact list: the first 3 received (public and not hidden for others; the owner
 * sees theirs all), and how many there are.
 */
export async function profileEndorsements(db: Queryable, ownerId: string, viewerId: string) {
  const all = await listEndorsements(db, ownerId, viewerId, { filter: "received", limit: 1000 });
  const shown = ownerId === viewerId ? all : all.filter((e) => e.isPublic && !e.hiddenByEndorsee);
  return {
    isOwner: ownerId === viewerId,
    endorsements: shown.slice(0, ENDORSEMENT_LIMITS.compact),
    total: shown.length,
  };
}

export interface EndorsementRequestRow {
  id: string;
  skillName: string;
  message: string | null;
  relationshipType: string;
  workingRelationshipContext: string | null;
  isPublic: boolean;
  createdAt: string;
  otherId: string;
  otherName: string;
}

/** Requests to the person (incoming, pending) or from them (sent, pending). */
export async function endorsementRequestsOf(
  db: Queryable,
  userId: string,
  side: "incoming" | "sent",
): Promise<EndorsementRequestRow[]> {
  const mine = side === "incoming" ? sql`r.endorser_id` : sql`r.requester_id`;
  const other = side === "incoming" ? sql`r.requester_id` : sql`r.endorser_id`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select r.id, r.skill_name, r.message, r.relationship_type, r.working_relationship_context, r.is_public, r.created_at, p.id as other_id, p.full_name
        from endorsement_requests r join user_profiles p on p.id = ${other}
        where ${mine} = ${userId} and r.status = 'pending'
        order by r.created_at desc limit 50`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    skillName: String(r.skill_name),
    message: (r.message as string | null) ?? null,
    relationshipType: String(r.relationship_type),
    workingRelationshipContext: (r.working_relationship_context as string | null) ?? null,
    isPublic: Boolean(r.is_public),
    createdAt: new Date(r.created_at as string).toISOString(),
    otherId: String(r.other_id),
    otherName: (r.full_name as string | null)?.trim() || "Anonymous User",
  }));
}

/** The person's accepted connections (id and name), for the forms' "who" select. */
export async function connectionChoices(db: Queryable, userId: string) {
  const rows = await queryRows<{ id: string; full_name: string | null; email: string }>(
    db,
    sql`select p.id, p.full_name, p.email from connections c
        join user_profiles p on p.id = case when c.requester_id = ${userId} then c.addressee_id else c.requester_id end
        where (c.requester_id = ${userId} or c.addressee_id = ${userId}) and c.status = 'accepted'
        order by lower(coalesce(p.full_name, p.email)) limit 500`,
  );
  return rows.map((r) => ({ id: String(r.id), name: r.full_name?.trim() || "Anonymous User" }));
}
