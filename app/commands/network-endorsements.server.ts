import type { Queryable } from "@db/client";
import { endorsementHelpful, endorsementRequests, endorsements, skills, userProfiles } from "@db/schema";
import { ENDORSEMENT_MESSAGES, relationshipLabel } from "@domain/network/endorsements";
import { normalizeSkillName } from "@domain/network/skills";
import { and, eq, sql } from "drizzle-orm";
import { notify } from "~/commands/notifications.server";
import { areConnected, isBlockedBetween } from "~/queries/network-access.server";

/**
 * Written endorsements and endorsement requests (issue 28, part 5). The rules, all here on the server:
 * - an endorsement is written to, and requested from, a connection only (an accepted connection, so never
 *   across a block), never for oneself; one per endorser, endorsee and skill (a unique index);
 * - only its endorser edits (from the version shown: 409 when stale) or deletes it; anyone else gets 404;
 * - only its endorsee hides it from the profile (and shows it again) and writes the one response;
 * - "Helpful" is once per person (endorsement_helpful's key), a toggle, its count kept with it;
 * - the notification (endorsement received, endorsement requested) is written in the same transaction.
 */

export type EndorsementError =
  | { kind: "validation"; message: string; fieldErrors?: Record<string, string[]> }
  | { kind: "not_found"; message: string }
  | { kind: "authorization"; message: string }
  | { kind: "conflict"; message: string; fieldErrors?: Record<string, string[]> }
  | { kind: "stale"; message: string; current: EndorsementValues & { version: number } };
export type EndorsementResult<T> = { ok: true; value: T } | { ok: false; error: EndorsementError };

export interface EndorsementValues {
  skillName: string;
  endorsementText: string;
  relationshipType: string;
  workingRelationshipContext: string | null;
  isPublic: boolean;
}

const fail = (error: EndorsementError) => ({ ok: false as const, error });
const notFound = () => fail({ kind: "not_found", message: ENDORSEMENT_MESSAGES.notFound });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notConnected = () => fail({ kind: "authorization", message: ENDORSEMENT_MESSAGES.notConnected });

async function nameOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ name: userProfiles.fullName, email: userProfiles.email })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row?.name?.trim() || "A connection";
}

/** The endorsee's skill of that name (its id is kept with the endorsement), if they have one. */
async function skillIdOf(db: Queryable, userId: string, skillName: string) {
  const [row] = await db
    .select({ id: skills.id })
    .from(skills)
    .where(and(eq(skills.userId, userId), sql`lower(${skills.skillName}) = lower(${skillName})`))
    .limit(1);
  return row?.id ?? null;
}

/** Asks a connection to write an endorsement (the rate limit is counted by the caller). */
export async function requestEndorsement(
  db: Queryable,
  requesterId: string,
  input: {
    endorserId: string;
    skillName: string;
    message: string | null;
    relationshipType: string;
    workingRelationshipContext: string | null;
    isPublic: boolean;
  },
): Promise<EndorsementResult<{ id: string }>> {
  if (!UUID.test(input.endorserId)) return notConnected();
  if (input.endorserId === requesterId)
    return fail({ kind: "authorization", message: ENDORSEMENT_MESSAGES.self });
  const skillName = normalizeSkillName(input.skillName);
  return db.transaction(async (tx) => {
    if (!(await areConnected(tx, requesterId, input.endorserId))) return notConnected();
    const [open] = await tx
      .select({ id: endorsementRequests.id })
      .from(endorsementRequests)
      .where(
        and(
          eq(endorsementRequests.requesterId, requesterId),
          eq(endorsementRequests.endorserId, input.endorserId),
          eq(endorsementRequests.status, "pending"),
          sql`lower(${endorsementRequests.skillName}) = lower(${skillName})`,
        ),
      )
      .limit(1);
    if (open) {
      return fail({
        kind: "conflict",
        message: ENDORSEMENT_MESSAGES.requestPending,
        fieldErrors: { skillName: [ENDORSEMENT_MESSAGES.requestPending] },
      });
    }
    const [created] = await tx
      .insert(endorsementRequests)
      .values({
        requesterId,
        endorserId: input.endorserId,
        skillName,
        message: input.message,
        relationshipType: input.relationshipType,
        workingRelationshipContext: input.workingRelationshipContext,
        isPublic: input.isPublic,
      })
      .returning({ id: endorsementRequests.id });
    const id = created?.id as string;
    await notify(tx, {
      userId: input.endorserId,
      type: "endorsement_requested",
      title: `${await nameOf(tx, requesterId)} asked you for an endorsement`,
      body: `Skill: ${skillName}${input.message ? `. "${input.message}"` : ""}`,
      actionUrl: `/professional/endorsements?answer=${id}`,
      metadata: { requestId: id, requesterId },
    });
    return { ok: true as const, value: { id } };
  });
}

/** Declines a request one was asked (only its endorser; anyone else: not found). */
export async function declineEndorsementRequest(
  db: Queryable,
  endorserId: string,
  requestId: string,
): Promise<EndorsementResult<null>> {
  if (!UUID.test(requestId)) return notFound();
  const rows = await db
    .update(endorsementRequests)
    .set({ status: "declined", answeredAt: sql`now()` })
    .where(
      and(
        eq(endorsementRequests.id, requestId),
        eq(endorsementRequests.endorserId, endorserId),
        eq(endorsementRequests.status, "pending"),
      ),
    )
    .returning({ id: endorsementRequests.id });
  return rows.length > 0 ? { ok: true, value: null } : notFound();
}

/** Writes an endorsement of a connection (or answers a request they sent). */
export async function writeEndorsement(
  db: Queryable,
  endorserId: string,
  input: EndorsementValues & {
    endorseeId: string;
    requestId: string | null;
    endorserContextId: string | null;
  },
): Promise<EndorsementResult<{ id: string }>> {
  if (!UUID.test(input.endorseeId)) return notConnected();
  if (input.endorseeId === endorserId)
    return fail({ kind: "authorization", message: ENDORSEMENT_MESSAGES.self });
  const skillName = normalizeSkillName(input.skillName);
  return db.transaction(async (tx) => {
    if (!(await areConnected(tx, endorserId, input.endorseeId))) return notConnected();
    let requestId: string | null = null;
    if (input.requestId) {
      if (!UUID.test(input.requestId)) return notFound();
      const [request] = await tx
        .select({ id: endorsementRequests.id })
        .from(endorsementRequests)
        .where(
          and(
            eq(endorsementRequests.id, input.requestId),
            eq(endorsementRequests.endorserId, endorserId),
            eq(endorsementRequests.requesterId, input.endorseeId),
            eq(endorsementRequests.status, "pending"),
          ),
        )
        .for("update");
      if (!request) return notFound();
      requestId = request.id;
    }
    const [created] = await tx
      .insert(endorsements)
      .values({
        skillId: await skillIdOf(tx, input.endorseeId, skillName),
        skillName,
        endorserId,
        endorseeId: input.endorseeId,
        endorserContextId: input.endorserContextId,
        endorsementText: input.endorsementText,
        relationshipType: input.relationshipType,
        workingRelationshipContext: input.workingRelationshipContext,
        isPublic: input.isPublic,
        requestId,
      })
      .onConflictDoNothing()
      .returning({ id: endorsements.id });
    if (!created) {
      return fail({
        kind: "conflict",
        message: ENDORSEMENT_MESSAGES.duplicate,
        fieldErrors: { skillName: [ENDORSEMENT_MESSAGES.duplicate] },
      });
    }
    if (requestId) {
      await tx
        .update(endorsementRequests)
        .set({ status: "fulfilled", answeredAt: sql`now()` })
        .where(eq(endorsementRequests.id, requestId));
    }
    await notify(tx, {
      userId: input.endorseeId,
      type: "endorsement_received",
      title: `${await nameOf(tx, endorserId)} endorsed you for ${skillName}`,
      body: `As ${relationshipLabel(input.relationshipType).toLowerCase()}`,
      actionUrl: "/professional/endorsements?filter=received",
      metadata: { endorsementId: created.id, endorserId },
    });
    return { ok: true as const, value: { id: created.id } };
  });
}

const editable = {
  skillName: endorsements.skillName,
  endorsementText: endorsements.endorsementText,
  relationshipType: endorsements.relationshipType,
  workingRelationshipContext: endorsements.workingRelationshipContext,
  isPublic: endorsements.isPublic,
  version: endorsements.version,
  endorseeId: endorsements.endorseeId,
};

/** Its endorser's edit, from the version the form showed (409 with the current values when stale). */
export async function updateEndorsement(
  db: Queryable,
  endorserId: string,
  id: string,
  version: number,
  input: EndorsementValues,
): Promise<EndorsementResult<{ id: string }>> {
  if (!UUID.test(id)) return notFound();
  const skillName = normalizeSkillName(input.skillName);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(editable)
      .from(endorsements)
      .where(and(eq(endorsements.id, id), eq(endorsements.endorserId, endorserId)))
      .for("update");
    if (!current) return notFound();
    const { endorseeId, ...values } = current;
    if (current.version !== version)
      return fail({ kind: "stale", message: ENDORSEMENT_MESSAGES.stale, current: values });
    const [other] = await tx
      .select({ id: endorsements.id })
      .from(endorsements)
      .where(
        and(
          eq(endorsements.endorserId, endorserId),
          eq(endorsements.endorseeId, endorseeId),
          sql`lower(${endorsements.skillName}) = lower(${skillName})`,
          sql`${endorsements.id} <> ${id}`,
        ),
      );
    if (other) {
      return fail({
        kind: "conflict",
        message: ENDORSEMENT_MESSAGES.duplicate,
        fieldErrors: { skillName: [ENDORSEMENT_MESSAGES.duplicate] },
      });
    }
    await tx
      .update(endorsements)
      .set({
        ...input,
        skillName,
        skillId: await skillIdOf(tx, endorseeId, skillName),
        version: sql`${endorsements.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(endorsements.id, id));
    return { ok: true as const, value: { id } };
  });
}

export async function deleteEndorsement(
  db: Queryable,
  endorserId: string,
  id: string,
): Promise<EndorsementResult<null>> {
  if (!UUID.test(id)) return notFound();
  const rows = await db
    .delete(endorsements)
    .where(and(eq(endorsements.id, id), eq(endorsements.endorserId, endorserId)))
    .returning({ id: endorsements.id });
  return rows.length > 0 ? { ok: true, value: null } : notFound();
}

/** The endorsee hides an endorsement from their profile, or shows it again. */
export async function setEndorsementHidden(
  db: Queryable,
  endorseeId: string,
  id: string,
  hidden: boolean,
): Promise<EndorsementResult<null>> {
  if (!UUID.test(id)) return notFound();
  const rows = await db
    .update(endorsements)
    .set({ hiddenByEndorsee: hidden, version: sql`${endorsements.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(endorsements.id, id), eq(endorsements.endorseeId, endorseeId)))
    .returning({ id: endorsements.id });
  return rows.length > 0 ? { ok: true, value: null } : notFound();
}

/** The endorsee's one response (written again, it replaces the earlier one). */
export async function respondToEndorsement(
  db: Queryable,
  endorseeId: string,
  id: string,
  text: string,
): Promise<EndorsementResult<null>> {
  if (!UUID.test(id)) return notFound();
  const rows = await db
    .update(endorsements)
    .set({ responseText: text, respondedAt: sql`now()` })
    .where(and(eq(endorsements.id, id), eq(endorsements.endorseeId, endorseeId)))
    .returning({ id: endorsements.id });
  return rows.length > 0 ? { ok: true, value: null } : notFound();
}

/**
 * "Helpful": on when the person has not marked it yet, off when they have. Only on an endorsement they
 * may see (its endorser or endorsee, or a public one not hidden, with no block between them).
 */
export async function toggleHelpful(
  db: Queryable,
  userId: string,
  id: string,
): Promise<EndorsementResult<{ helpful: boolean; count: number }>> {
  if (!UUID.test(id)) return notFound();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        endorserId: endorsements.endorserId,
        endorseeId: endorsements.endorseeId,
        isPublic: endorsements.isPublic,
        hidden: endorsements.hiddenByEndorsee,
      })
      .from(endorsements)
      .where(eq(endorsements.id, id))
      .for("update");
    if (!row) return notFound();
    const party = row.endorserId === userId || row.endorseeId === userId;
    if (!party && (!row.isPublic || row.hidden || (await isBlockedBetween(tx, userId, row.endorseeId)))) {
      return notFound();
    }
    const added = await tx
      .insert(endorsementHelpful)
      .values({ endorsementId: id, userId })
      .onConflictDoNothing()
      .returning({ id: endorsementHelpful.endorsementId });
    if (added.length === 0) {
      await tx
        .delete(endorsementHelpful)
        .where(and(eq(endorsementHelpful.endorsementId, id), eq(endorsementHelpful.userId, userId)));
    }
    const [counted] = await tx
      .update(endorsements)
      .set({
        helpfulCount: sql`greatest(${endorsements.helpfulCount} + ${added.length > 0 ? 1 : -1}, 0)`,
      })
      .where(eq(endorsements.id, id))
      .returning({ count: endorsements.helpfulCount });
    return { ok: true as const, value: { helpful: added.length > 0, count: counted?.count ?? 0 } };
  });
}
