import type { Database } from "@db/client";
import type { BoardOffice, MemberRole } from "@domain/associations";
import { addMember, createAssociation } from "~/commands/associations.server";

let counter = 0;

/** A new association created by `creator` (its first member), with the given members added. */
export async function associationWith(
  db: Database,
  creator: { id: string; memberRole?: MemberRole; boardOffice?: BoardOffice },
  members: { id: string; memberRole: MemberRole; boardOffice?: BoardOffice; unit?: string }[] = [],
  options: { name?: string; boardSeats?: number; quorumMinimum?: number | null } = {},
) {
  counter += 1;
  const { id } = await createAssociation(
    db,
    {
      name: options.name ?? `Test Association ${counter}-${Date.now()}`,
      propertyType: "condominium",
      unitCount: 40,
      timeZone: "America/New_York",
      fiscalYearStartMonth: 1,
      boardSeats: options.boardSeats ?? 5,
      quorumMinimum: options.quorumMinimum ?? null,
    },
    {
      userId: creator.id,
      memberRole: creator.memberRole ?? "board_member",
      boardOffice: creator.boardOffice ?? "president",
    },
  );
  for (const m of members) {
    await addMember(db, id, {
      userId: m.id,
      memberRole: m.memberRole,
      boardOffice: m.boardOffice ?? null,
      unit: m.unit ?? null,
      invitedBy: creator.id,
    });
  }
  return { id };
}
