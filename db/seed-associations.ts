import { addMember, createAssociation, findAssociationByName } from "../app/commands/associations.server";
import type { BoardOffice, MemberRole } from "../domain/associations";
import type { Database } from "./client";

/**
 * The demo associations (README, "Demo accounts"), written by the app's own commands. Matched by name,
 * so seeding twice changes nothing. Later seeds (meetings, calendar, documents, finance) look the
 * associations up by these names.
 */
export const DEMO_ASSOCIATIONS = {
  bayview: "Bayview Towers Condominium Association",
  oakHollow: "Oak Hollow Homeowners Association",
} as const;

interface DemoMember {
  email: string;
  memberRole: MemberRole;
  boardOffice?: BoardOffice;
  unit?: string;
}

const DEMO: {
  name: string;
  propertyType: string;
  addressLine: string;
  city: string;
  state: string;
  zip: string;
  unitCount: number;
  timeZone: string;
  fiscalYearStartMonth: number;
  boardSeats: number;
  creator: DemoMember;
  members: DemoMember[];
}[] = [
  {
    name: DEMO_ASSOCIATIONS.bayview,
    propertyType: "condominium",
    addressLine: "1200 Bayshore Boulevard",
    city: "Tampa",
    state: "FL",
    zip: "33606",
    unitCount: 148,
    timeZone: "America/New_York",
    fiscalYearStartMonth: 1,
    boardSeats: 5,
    creator: { email: "board@demo.test", memberRole: "board_member", boardOffice: "president" },
    members: [
      { email: "treasurer@demo.test", memberRole: "board_member", boardOffice: "treasurer" },
      { email: "secretary@demo.test", memberRole: "board_member", boardOffice: "secretary" },
      { email: "director@demo.test", memberRole: "board_member", boardOffice: "director" },
      { email: "manager@demo.test", memberRole: "property_manager" },
      { email: "homeowner@demo.test", memberRole: "homeowner", unit: "4B" },
      { email: "other@demo.test", memberRole: "homeowner", unit: "11C" },
    ],
  },
  {
    name: DEMO_ASSOCIATIONS.oakHollow,
    propertyType: "single_family_hoa",
    addressLine: "40 Oak Hollow Drive",
    city: "Orlando",
    state: "FL",
    zip: "32828",
    unitCount: 212,
    timeZone: "America/New_York",
    fiscalYearStartMonth: 7,
    boardSeats: 3,
    creator: { email: "manager@demo.test", memberRole: "property_manager" },
    members: [
      { email: "director@demo.test", memberRole: "board_member", boardOffice: "president" },
      { email: "board@demo.test", memberRole: "board_member", boardOffice: "treasurer" },
      { email: "homeowner@demo.test", memberRole: "homeowner", unit: "17 Acorn Lane" },
    ],
  },
];

export async function seedAssociations(db: Database, ids: Map<string, string>): Promise<Map<string, string>> {
  const byName = new Map<string, string>();
  for (const demo of DEMO) {
    const creatorId = ids.get(demo.creator.email);
    if (!creatorId) continue;
    let associationId = await findAssociationByName(db, demo.name);
    if (!associationId) {
      const { creator, members: _members, ...fields } = demo;
      const created = await createAssociation(db, fields, {
        userId: creatorId,
        memberRole: creator.memberRole,
        boardOffice: creator.boardOffice ?? null,
      });
      associationId = created.id;
      for (const member of demo.members) {
        const userId = ids.get(member.email);
        if (!userId) continue;
        await addMember(db, associationId, {
          userId,
          memberRole: member.memberRole,
          boardOffice: member.boardOffice ?? null,
          unit: member.unit ?? null,
          invitedBy: creatorId,
        });
      }
    }
    byName.set(demo.name, associationId);
  }
  return byName;
}
