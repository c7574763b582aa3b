import { randomBytes } from "node:crypto";
import type { Database, Queryable } from "@db/client";
import { associationInvitations, associationMembers, associations, userProfiles, users } from "@db/schema";
import {
  ASSOCIATION_MESSAGES,
  type AssociationError,
  type AssociationResult,
  type BoardOffice,
  DEFAULT_BOARD_SEATS,
  INVITATION_STATE_MESSAGES,
  type InvitationState,
  invitationExpiry,
  invitationState,
  type MemberRole,
  mayLoseManager,
  membershipLabel,
} from "@domain/associations";
import { EMAIL_TOKEN_BYTES } from "@domain/rules/email-tokens";
import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { hashEmailToken } from "~/commands/email-tokens.server";
import { notify } from "~/commands/notifications.server";
import { associationInvitationMail } from "~/mail/association-mails.server";
import { sendMail } from "~/mail/mailer.server";

/**
 * Association writes (ordinary relational data: DESIGN.md, "Event sourcing"). Every caller has already
 * authorized the person through app/auth/association.server.ts; these functions only write.
 */

export interface NewAssociation {
  name: string;
  propertyType: string;
  addressLine?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  unitCount: number;
  timeZone: string;
  fiscalYearStartMonth: number;
  boardSeats?: number;
  quorumMinimum?: number | null;
}

export interface NewMember {
  userId: string;
  memberRole: MemberRole;
  boardOffice?: BoardOffice | null;
  unit?: string | null;
  invitedBy?: string | null;
}

/**
 * Creates an association; its creator is its first member (a board member or a property manager) and
 * it becomes the creator's active association.
 */
export async function createAssociation(
  db: Queryable,
  input: NewAssociation,
  creator: { userId: string; memberRole: MemberRole; boardOffice?: BoardOffice | null },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(associations)
      .values({
        name: input.name,
        propertyType: input.propertyType,
        addressLine: input.addressLine ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        zip: input.zip ?? null,
        unitCount: input.unitCount,
        timeZone: input.timeZone,
        fiscalYearStartMonth: input.fiscalYearStartMonth,
        boardSeats: input.boardSeats ?? DEFAULT_BOARD_SEATS,
        quorumMinimum: input.quorumMinimum ?? null,
        createdBy: creator.userId,
      })
      .returning({ id: associations.id });
    if (!row) throw new Error("association not stored");
    await addMember(tx, row.id, { ...creator });
    await tx
      .update(userProfiles)
      .set({ activeAssociationId: row.id })
      .where(eq(userProfiles.id, creator.userId));
    return row;
  });
}

/** Adds (or re-activates) an active member. */
export async function addMember(
  db: Queryable,
  associationId: string,
  member: NewMember,
): Promise<{ id: string }> {
  const now = new Date().toISOString();
  const [row] = await db
    .insert(associationMembers)
    .values({
      associationId,
      userId: member.userId,
      memberRole: member.memberRole,
      boardOffice: member.memberRole === "board_member" ? (member.boardOffice ?? "director") : null,
      unit: member.memberRole === "homeowner" ? (member.unit ?? null) : null,
      status: "active",
      invitedBy: member.invitedBy ?? null,
      joinedAt: now,
    })
    .onConflictDoUpdate({
      target: [associationMembers.associationId, associationMembers.userId],
      set: {
        memberRole: member.memberRole,
        boardOffice: member.memberRole === "board_member" ? (member.boardOffice ?? "director") : null,
        unit: member.memberRole === "homeowner" ? (member.unit ?? null) : null,
        status: "active",
        joinedAt: now,
        updatedAt: now,
      },
    })
    .returning({ id: associationMembers.id });
  if (!row) throw new Error("member not stored");
  return row;
}

/** The association with this name, if any (the demo seed matches by name to stay idempotent). */
export async function findAssociationByName(db: Queryable, name: string): Promise<string | null> {
  const [row] = await db
    .select({ id: associations.id })
    .from(associations)
    .where(eq(associations.name, name));
  return row?.id ?? null;
}

export async function isActiveMember(db: Queryable, associationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: associationMembers.id })
    .from(associationMembers)
    .where(
      and(
        eq(associationMembers.associationId, associationId),
        eq(associationMembers.userId, userId),
        eq(associationMembers.status, "active"),
      ),
    );
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------------
// Settings and members (issue 12, section 1). The route has found the association through
// requireAssociation (membership on the server) and checked that the person may manage it.

const fail = (kind: AssociationError["kind"], message: string) => ({
  ok: false as const,
  error: { kind, message },
});

export type AssociationDetails = Omit<NewAssociation, "boardSeats" | "quorumMinimum">;

/** Saves an association's details and settings (board size, quorum). */
export async function updateAssociationSettings(
  db: Queryable,
  associationId: string,
  input: AssociationDetails & { boardSeats: number; quorumMinimum: number | null },
): Promise<void> {
  await db
    .update(associations)
    .set({
      name: input.name,
      propertyType: input.propertyType,
      addressLine: input.addressLine ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      zip: input.zip ?? null,
      unitCount: input.unitCount,
      timeZone: input.timeZone,
      fiscalYearStartMonth: input.fiscalYearStartMonth,
      boardSeats: input.boardSeats,
      quorumMinimum: input.quorumMinimum,
      updatedAt: sql`now()`,
    })
    .where(eq(associations.id, associationId));
}

/** Locks the association row, so two removals or departures cannot both take its last manager. */
async function lockAssociation(tx: Queryable, associationId: string) {
  await tx.execute(sql`select id from associations where id = ${associationId} for update`);
}

async function activeManagers(tx: Queryable, associationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(associationMembers)
    .where(
      and(
        eq(associationMembers.associationId, associationId),
        eq(associationMembers.status, "active"),
        inArray(associationMembers.memberRole, ["board_member", "property_manager"]),
      ),
    );
  return Number(row?.n ?? 0);
}

async function memberOf(tx: Queryable, associationId: string, memberId: string) {
  const [row] = await tx
    .select({
      id: associationMembers.id,
      userId: associationMembers.userId,
      memberRole: associationMembers.memberRole,
      status: associationMembers.status,
    })
    .from(associationMembers)
    .where(and(eq(associationMembers.associationId, associationId), eq(associationMembers.id, memberId)));
  return row ? { ...row, memberRole: row.memberRole as MemberRole } : null;
}

/** A board member's office. */
export async function changeBoardOffice(
  db: Database,
  associationId: string,
  memberId: string,
  office: BoardOffice,
): Promise<AssociationResult> {
  const member = await memberOf(db, associationId, memberId);
  if (member?.status !== "active") return fail("not_found", ASSOCIATION_MESSAGES.memberNotFound);
  if (member.memberRole !== "board_member") return fail("validation", ASSOCIATION_MESSAGES.notABoardMember);
  await db
    .update(associationMembers)
    .set({ boardOffice: office, updatedAt: sql`now()` })
    .where(eq(associationMembers.id, memberId));
  return { ok: true };
}

/**
 * Removes an active member (`memberId`), or the member's own membership when they leave. The last
 * board member or property manager stays (mayLoseManager).
 */
export async function removeMember(
  db: Database,
  associationId: string,
  memberId: string,
): Promise<AssociationResult> {
  return db.transaction(async (tx) => {
    await lockAssociation(tx, associationId);
    const member = await memberOf(tx, associationId, memberId);
    if (member?.status !== "active") return fail("not_found", ASSOCIATION_MESSAGES.memberNotFound);
    const refusal = mayLoseManager(member, await activeManagers(tx, associationId));
    if (refusal) return { ok: false as const, error: refusal };
    await tx.delete(associationMembers).where(eq(associationMembers.id, memberId));
    await tx
      .update(userProfiles)
      .set({ activeAssociationId: null })
      .where(and(eq(userProfiles.id, member.userId), eq(userProfiles.activeAssociationId, associationId)));
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------------
// Invitations: a single-use link valid INVITATION_VALID_DAYS; only its SHA-256 is stored.

export async function createInvitation(
  db: Database,
  association: { id: string; name: string },
  invitedBy: { userId: string; name: string },
  input: { email: string; memberRole: MemberRole; boardOffice: BoardOffice | null; unit: string | null },
  now = new Date(),
): Promise<AssociationResult<{ invitationId: string }>> {
  const email = input.email.toLowerCase();
  const [existing] = await db
    .select({ id: associationMembers.id })
    .from(associationMembers)
    .innerJoin(users, eq(users.id, associationMembers.userId))
    .where(
      and(
        eq(associationMembers.associationId, association.id),
        eq(associationMembers.status, "active"),
        sql`lower(${users.email}) = ${email}`,
      ),
    );
  if (existing) return fail("conflict", ASSOCIATION_MESSAGES.alreadyMember);
  const token = randomBytes(EMAIL_TOKEN_BYTES).toString("base64url");
  const invitationId = await db.transaction(async (tx) => {
    // A new invitation replaces one still waiting for the same address.
    await tx
      .update(associationInvitations)
      .set({ revokedAt: now.toISOString() })
      .where(
        and(
          eq(associationInvitations.associationId, association.id),
          sql`lower(${associationInvitations.email}) = ${email}`,
          isNull(associationInvitations.acceptedAt),
          isNull(associationInvitations.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(associationInvitations)
      .values({
        associationId: association.id,
        email,
        memberRole: input.memberRole,
        boardOffice: input.memberRole === "board_member" ? input.boardOffice : null,
        unit: input.memberRole === "homeowner" ? input.unit : null,
        tokenHash: hashEmailToken(token),
        invitedBy: invitedBy.userId,
        expiresAt: invitationExpiry(now).toISOString(),
        createdAt: now.toISOString(),
      })
      .returning({ id: associationInvitations.id });
    if (!row) throw new Error("invitation not stored");
    return row.id;
  });
  await sendMail(
    associationInvitationMail(email, token, {
      associationName: association.name,
      inviterName: invitedBy.name,
      role: membershipLabel({
        memberRole: input.memberRole,
        boardOffice: input.boardOffice,
        unit: input.unit,
      }),
    }),
  );
  return { ok: true, invitationId };
}

/** Withdraws an invitation that is still waiting (of this association only). */
export async function revokeInvitation(
  db: Queryable,
  associationId: string,
  invitationId: string,
): Promise<AssociationResult> {
  const rows = await db
    .update(associationInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(associationInvitations.id, invitationId),
        eq(associationInvitations.associationId, associationId),
        isNull(associationInvitations.acceptedAt),
        isNull(associationInvitations.revokedAt),
      ),
    )
    .returning({ id: associationInvitations.id });
  if (rows.length === 0) return fail("not_found", ASSOCIATION_MESSAGES.invitationInvalid);
  return { ok: true };
}

export interface InvitationPreview {
  state: InvitationState | "invalid";
  associationName: string | null;
  email: string | null;
  role: string | null;
}

/** What an invitation link stands for, without using it. */
export async function previewInvitation(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<InvitationPreview> {
  const [row] = await db
    .select({
      email: associationInvitations.email,
      memberRole: associationInvitations.memberRole,
      boardOffice: associationInvitations.boardOffice,
      unit: associationInvitations.unit,
      expiresAt: associationInvitations.expiresAt,
      acceptedAt: associationInvitations.acceptedAt,
      revokedAt: associationInvitations.revokedAt,
      associationName: associations.name,
    })
    .from(associationInvitations)
    .innerJoin(associations, eq(associations.id, associationInvitations.associationId))
    .where(eq(associationInvitations.tokenHash, hashEmailToken(token)));
  if (!row) return { state: "invalid", associationName: null, email: null, role: null };
  return {
    state: invitationState(row, now),
    associationName: row.associationName,
    email: row.email,
    role: membershipLabel({
      memberRole: row.memberRole as MemberRole,
      boardOffice: row.boardOffice,
      unit: row.unit,
    }),
  };
}

/**
 * Accepts an invitation for the signed-in person: the link works once (one conditional UPDATE, so
 * two requests with the same link cannot both succeed), for the address it was sent to, until it
 * expires. The person becomes a member with the invitation's role and it becomes their active
 * association.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  user: { id: string; email: string },
  now = new Date(),
): Promise<AssociationResult<{ associationId: string }>> {
  const preview = await previewInvitation(db, token, now);
  if (preview.state !== "valid")
    return fail(
      preview.state === "invalid" ? "not_found" : "conflict",
      INVITATION_STATE_MESSAGES[preview.state],
    );
  if (preview.email?.toLowerCase() !== user.email.toLowerCase())
    return fail("authorization", ASSOCIATION_MESSAGES.invitationOtherEmail(preview.email ?? ""));
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(associationInvitations)
      .set({ acceptedAt: now.toISOString(), acceptedBy: user.id })
      .where(
        and(
          eq(associationInvitations.tokenHash, hashEmailToken(token)),
          isNull(associationInvitations.acceptedAt),
          isNull(associationInvitations.revokedAt),
          gt(associationInvitations.expiresAt, now.toISOString()),
        ),
      )
      .returning({
        associationId: associationInvitations.associationId,
        memberRole: associationInvitations.memberRole,
        boardOffice: associationInvitations.boardOffice,
        unit: associationInvitations.unit,
        invitedBy: associationInvitations.invitedBy,
      });
    if (!used) return fail("conflict", ASSOCIATION_MESSAGES.invitationUsed);
    await addMember(tx, used.associationId, {
      userId: user.id,
      memberRole: used.memberRole as MemberRole,
      boardOffice: used.boardOffice as BoardOffice | null,
      unit: used.unit,
      invitedBy: used.invitedBy,
    });
    await tx
      .update(userProfiles)
      .set({ activeAssociationId: used.associationId })
      .where(eq(userProfiles.id, user.id));
    return { ok: true as const, associationId: used.associationId };
  });
}

// ---------------------------------------------------------------------------------------------------
// Join requests: a homeowner asks with their unit; a board member or the manager approves or declines.

export async function requestToJoin(
  db: Queryable,
  associationId: string,
  userId: string,
  unit: string,
): Promise<AssociationResult> {
  const [association] = await db
    .select({ id: associations.id })
    .from(associations)
    .where(eq(associations.id, associationId));
  if (!association) return fail("not_found", "Association not found");
  const [existing] = await db
    .select({ status: associationMembers.status })
    .from(associationMembers)
    .where(and(eq(associationMembers.associationId, associationId), eq(associationMembers.userId, userId)));
  if (existing?.status === "active") return fail("conflict", "You are already a member of this association");
  if (existing?.status === "requested") return fail("conflict", ASSOCIATION_MESSAGES.requestPending);
  await db
    .insert(associationMembers)
    .values({ associationId, userId, memberRole: "homeowner", unit, status: "requested" })
    .onConflictDoNothing();
  return { ok: true };
}

/**
 * Approves or declines a waiting request of this association; the requester is told through notify()
 * (type organization_role_changed: spec 000's list has no association type, and this one says that the
 * person's standing in an organization changed).
 */
export async function decideJoinRequest(
  db: Database,
  association: { id: string; name: string },
  memberId: string,
  decision: "approve" | "decline",
): Promise<AssociationResult> {
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, association.id, memberId);
    if (member?.status !== "requested") return fail("not_found", ASSOCIATION_MESSAGES.requestNotFound);
    if (decision === "approve") {
      await tx
        .update(associationMembers)
        .set({ status: "active", joinedAt: new Date().toISOString(), updatedAt: sql`now()` })
        .where(eq(associationMembers.id, memberId));
    } else {
      await tx.delete(associationMembers).where(eq(associationMembers.id, memberId));
    }
    await notify(tx, {
      userId: member.userId,
      type: "organization_role_changed",
      title:
        decision === "approve"
          ? `You joined ${association.name}`
          : `Your request to join ${association.name} was declined`,
      body:
        decision === "approve"
          ? "A board member or the manager approved your request to join."
          : "A board member or the manager declined your request. You can ask them for an invitation.",
      actionUrl: decision === "approve" ? `/properties/${association.id}` : "/properties/join",
      metadata: { associationId: association.id },
    });
    return { ok: true as const };
  });
}

/** Makes one of the person's associations the active one; refused unless they are an active member. */
export async function setActiveAssociation(
  db: Queryable,
  userId: string,
  associationId: string,
): Promise<AssociationResult> {
  if (!(await isActiveMember(db, associationId, userId))) return fail("not_found", "Association not found");
  await db
    .update(userProfiles)
    .set({ activeAssociationId: associationId })
    .where(eq(userProfiles.id, userId));
  return { ok: true };
}
