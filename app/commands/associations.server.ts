import type { Queryable } from "@db/client";
import { associationMembers, associations, userProfiles } from "@db/schema";
import { type BoardOffice, DEFAULT_BOARD_SEATS, type MemberRole } from "@domain/associations";
import { and, eq } from "drizzle-orm";

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
