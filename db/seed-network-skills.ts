import { sql } from "drizzle-orm";
import type { Database } from "./client";
import {
  connections,
  endorsementRequests,
  endorsements,
  profileViews,
  skillEndorsements,
  skills,
} from "./schema";

/**
 * Demo data for skills, endorsements and the Professional Center (issue 28, parts 4-6): skills for every
 * demo account, written endorsements among the connections db/seed-network-connections.ts made (it runs
 * first), +1s, a pending endorsement request and some profile views.
 * Safe to run again: every insert skips what is there (the unique indexes), and the +1 counts are
 * recomputed from the +1s.
 */

type Skill = [name: string, category: string, proficiency: string, years: number, featured?: boolean];

const SKILLS: Record<string, Skill[]> = {
  "admin@demo.test": [
    ["Platform administration", "technical", "expert", 8, true],
    ["Member verification", "management", "advanced", 5],
    ["Data privacy", "legal", "intermediate", 4],
  ],
  "board@demo.test": [
    ["Board governance", "management", "expert", 10, true],
    ["Budget approval", "financial", "advanced", 7],
    ["Vendor selection", "industry_specific", "advanced", 6],
    ["Community outreach", "communication", "intermediate", 4],
  ],
  "manager@demo.test": [
    ["Property management", "management", "expert", 14, true],
    ["Reserve studies", "financial", "advanced", 9],
    ["Maintenance planning", "industry_specific", "expert", 12],
    ["AppFolio", "software", "advanced", 6],
    ["CAM license", "certification", "expert", 14],
  ],
  "vendor@demo.test": [
    ["Roofing", "technical", "expert", 18, true],
    ["Storm damage repair", "industry_specific", "advanced", 11],
    ["Project estimating", "financial", "advanced", 9],
  ],
  "vendor2@demo.test": [
    ["Landscaping", "technical", "expert", 12, true],
    ["Irrigation systems", "technical", "advanced", 8],
    ["Customer service", "communication", "advanced", 10],
  ],
  "homeowner@demo.test": [
    ["Neighborhood events", "communication", "intermediate", 3],
    ["Gardening", "industry_specific", "beginner", 2],
  ],
  "attorney@demo.test": [
    ["HOA law", "legal", "expert", 15, true],
    ["Covenant enforcement", "legal", "expert", 12],
    ["Contract review", "legal", "advanced", 10],
  ],
  "cpa@demo.test": [
    ["Association audits", "financial", "expert", 13, true],
    ["Tax returns (Form 1120-H)", "financial", "expert", 13],
    ["QuickBooks", "software", "advanced", 9],
  ],
  "treasurer@demo.test": [
    ["Financial reporting", "financial", "advanced", 6, true],
    ["Budget planning", "financial", "advanced", 5],
  ],
  "secretary@demo.test": [
    ["Meeting minutes", "communication", "advanced", 5, true],
    ["Records management", "management", "intermediate", 4],
  ],
  "director@demo.test": [
    ["Strategic planning", "management", "advanced", 8, true],
    ["Insurance review", "financial", "intermediate", 3],
  ],
  "other@demo.test": [
    ["Reserve engineering", "technical", "advanced", 7, true],
    ["Building inspections", "certification", "advanced", 6],
  ],
};

/** Written endorsements: endorser, endorsee, skill, relationship, text (one over 200 characters). */
const ENDORSEMENTS: [string, string, string, string, string][] = [
  [
    "board@demo.test",
    "manager@demo.test",
    "Property management",
    "client",
    "Morgan has managed our association for six years. Every board packet arrives on time, every vendor is vetted, and owners get answers within a day. When the roof failed in a storm, Morgan had three bids and an insurance claim filed before the rain stopped. We could not ask for a steadier partner.",
  ],
  [
    "manager@demo.test",
    "vendor@demo.test",
    "Roofing",
    "client",
    "Val's crew re-roofed two buildings on schedule and left the site spotless.",
  ],
  [
    "board@demo.test",
    "vendor@demo.test",
    "Storm damage repair",
    "client",
    "Fast, honest estimates after the hurricane; no surprises on the invoice.",
  ],
  [
    "manager@demo.test",
    "vendor2@demo.test",
    "Landscaping",
    "client",
    "The grounds have never looked better.",
  ],
  [
    "manager@demo.test",
    "attorney@demo.test",
    "HOA law",
    "colleague",
    "Clear, practical advice on covenant enforcement.",
  ],
  [
    "attorney@demo.test",
    "manager@demo.test",
    "Reserve studies",
    "colleague",
    "Knows reserve funding inside out.",
  ],
  [
    "cpa@demo.test",
    "board@demo.test",
    "Budget approval",
    "vendor",
    "Asks the right questions at every budget review.",
  ],
  [
    "board@demo.test",
    "cpa@demo.test",
    "Association audits",
    "client",
    "Our audits are clean and on time every year.",
  ],
  [
    "treasurer@demo.test",
    "cpa@demo.test",
    "Association audits",
    "client",
    "Explains the numbers so the whole board understands them.",
  ],
  [
    "vendor@demo.test",
    "manager@demo.test",
    "Maintenance planning",
    "vendor",
    "Work orders are clear and approvals come quickly.",
  ],
  [
    "director@demo.test",
    "manager@demo.test",
    "Property management",
    "board_member",
    "Reliable and well organized.",
  ],
  [
    "secretary@demo.test",
    "board@demo.test",
    "Board governance",
    "colleague",
    "Runs meetings by the book and keeps them short.",
  ],
];

/** +1s: who gives one to whose skill. */
const PLUS_ONES: [string, string, string][] = [
  ["board@demo.test", "manager@demo.test", "Property management"],
  ["vendor@demo.test", "manager@demo.test", "Property management"],
  ["attorney@demo.test", "manager@demo.test", "Property management"],
  ["director@demo.test", "manager@demo.test", "Reserve studies"],
  ["manager@demo.test", "vendor@demo.test", "Roofing"],
  ["board@demo.test", "vendor@demo.test", "Roofing"],
  ["manager@demo.test", "attorney@demo.test", "HOA law"],
  ["board@demo.test", "cpa@demo.test", "Association audits"],
  ["manager@demo.test", "board@demo.test", "Board governance"],
  ["manager@demo.test", "vendor2@demo.test", "Landscaping"],
];

export async function seedNetworkSkills(db: Database, ids: Map<string, string>): Promise<void> {
  const id = (email: string) => {
    const found = ids.get(email);
    if (!found) throw new Error(`Demo account ${email} is missing`);
    return found;
  };

  for (const [email, list] of Object.entries(SKILLS)) {
    await db
      .insert(skills)
      .values(
        list.map(([skillName, skillCategory, proficiencyLevel, yearsExperience, featured], order) => ({
          userId: id(email),
          skillName,
          skillCategory,
          proficiencyLevel,
          yearsExperience,
          isFeatured: Boolean(featured),
          isCertified: skillCategory === "certification",
          displayOrder: order,
        })),
      )
      .onConflictDoNothing();
  }

  let day = 0;
  for (const [from, to, skillName, relationshipType, text] of ENDORSEMENTS) {
    day += 2;
    // Endorsements are written between connections only (the connections seed, db/seed-network-connections.ts).
    const [pair] = await db
      .select({ status: connections.status })
      .from(connections)
      .where(
        sql`least(${connections.requesterId}, ${connections.addresseeId}) = least(${id(from)}::uuid, ${id(to)}::uuid)
            and greatest(${connections.requesterId}, ${connections.addresseeId}) = greatest(${id(from)}::uuid, ${id(to)}::uuid)`,
      );
    if (pair?.status !== "accepted") continue;
    const [skill] = await db
      .select({ id: skills.id })
      .from(skills)
      .where(sql`${skills.userId} = ${id(to)} and lower(${skills.skillName}) = lower(${skillName})`);
    await db
      .insert(endorsements)
      .values({
        skillId: skill?.id ?? null,
        skillName,
        endorserId: id(from),
        endorseeId: id(to),
        endorsementText: text,
        relationshipType,
        createdAt: sql`now() - make_interval(days => ${day})`,
      })
      .onConflictDoNothing();
  }

  for (const [from, to, skillName] of PLUS_ONES) {
    const [skill] = await db
      .select({ id: skills.id })
      .from(skills)
      .where(sql`${skills.userId} = ${id(to)} and lower(${skills.skillName}) = lower(${skillName})`);
    if (skill)
      await db
        .insert(skillEndorsements)
        .values({ skillId: skill.id, endorserId: id(from) })
        .onConflictDoNothing();
  }
  // The counts follow the +1s (also when this runs again).
  await db.execute(
    sql`update skills s set endorsements_count = (select count(*) from skill_endorsements e where e.skill_id = s.id)
        where s.user_id in (${sql.join(
          [...new Set(PLUS_ONES.map(([, to]) => id(to)))].map((u) => sql`${u}::uuid`),
          sql`, `,
        )})`,
  );

  // A pending request the demo vendor can answer (once).
  const [asked] = await db
    .select({ id: endorsementRequests.id })
    .from(endorsementRequests)
    .where(
      sql`${endorsementRequests.requesterId} = ${id("manager@demo.test")} and ${endorsementRequests.endorserId} = ${id("vendor@demo.test")}`,
    );
  if (!asked) {
    await db.insert(endorsementRequests).values({
      requesterId: id("manager@demo.test"),
      endorserId: id("vendor@demo.test"),
      skillName: "AppFolio",
      message: "Could you endorse how we handle work orders in AppFolio?",
      relationshipType: "client",
      workingRelationshipContext: "Roof replacements at Bayview, 2025",
    });
  }

  // Profile views of the demo manager, in this period and the one before.
  const viewers = [
    "board@demo.test",
    "vendor@demo.test",
    "attorney@demo.test",
    "cpa@demo.test",
    "director@demo.test",
  ];
  const views = viewers.flatMap((email, i) =>
    [i, i + 3, 35 + i].map((ago) => ({
      profileUserId: id("manager@demo.test"),
      viewerId: id(email),
      day: sql`current_date - ${ago}::int` as unknown as string,
    })),
  );
  await db.insert(profileViews).values(views).onConflictDoNothing();
}
