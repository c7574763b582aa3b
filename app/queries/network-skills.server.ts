import type { Queryable } from "@db/client";
import { skillEndorsements, skills } from "@db/schema";
import { categoryLabel, proficiencyLabel, SKILL_LIMITS } from "@domain/network/skills";
import { escapeLike } from "@domain/shared";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { isBlockedBetween } from "./network-access.server";

/**
 * Skills as pages show them (issue 28, part 4): the owner's full list (search and category filter on
 * the server), and a person's skills as a visitor sees them (public ones only, with the visitor's own
 * +1s marked) for the profile page's compact and public variants.
 */

export interface ShownSkill {
  id: string;
  skillName: string;
  skillCategory: string;
  categoryLabel: string;
  skillSubcategory: string | null;
  proficiencyLevel: string;
  proficiencyLabel: string;
  yearsExperience: number | null;
  isCertified: boolean;
  certificationDetails: string | null;
  endorsementsCount: number;
  isFeatured: boolean;
  isPublic: boolean;
  displayOrder: number;
  version: number;
  /** The viewer gave it a +1. */
  endorsedByViewer: boolean;
}

const columns = {
  id: skills.id,
  skillName: skills.skillName,
  skillCategory: skills.skillCategory,
  skillSubcategory: skills.skillSubcategory,
  proficiencyLevel: skills.proficiencyLevel,
  yearsExperience: skills.yearsExperience,
  isCertified: skills.isCertified,
  certificationDetails: skills.certificationDetails,
  endorsementsCount: skills.endorsementsCount,
  isFeatured: skills.isFeatured,
  isPublic: skills.isPublic,
  displayOrder: skills.displayOrder,
  version: skills.version,
};

type Row = Omit<ShownSkill, "categoryLabel" | "proficiencyLabel" | "endorsedByViewer">;

async function present(db: Queryable, rows: Row[], viewerId: string | null): Promise<ShownSkill[]> {
  const ids = rows.map((r) => r.id);
  const mine =
    viewerId && ids.length > 0
      ? new Set(
          (
            await db
              .select({ id: skillEndorsements.skillId })
              .from(skillEndorsements)
              .where(and(eq(skillEndorsements.endorserId, viewerId), inArray(skillEndorsements.skillId, ids)))
          ).map((r) => r.id),
        )
      : new Set<string>();
  return rows.map((r) => ({
    ...r,
    categoryLabel: categoryLabel(r.skillCategory),
    proficiencyLabel: proficiencyLabel(r.proficiencyLevel),
    endorsedByViewer: mine.has(r.id),
  }));
}

/** The owner's skills in their order, filtered by a search (name or subcategory) and a category. */
export async function listOwnSkills(
  db: Queryable,
  userId: string,
  filters: { q?: string; category?: string } = {},
): Promise<{ skills: ShownSkill[]; total: number }> {
  const q = filters.q?.trim();
  const where = and(
    eq(skills.userId, userId),
    q
      ? sql`(${skills.skillName} ilike ${`%${escapeLike(q)}%`} or coalesce(${skills.skillSubcategory}, '') ilike ${`%${escapeLike(q)}%`})`
      : undefined,
    filters.category ? eq(skills.skillCategory, filters.category) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(skills)
      .where(where)
      .orderBy(asc(skills.displayOrder), asc(skills.createdAt), asc(skills.id))
      .limit(SKILL_LIMITS.shownMax),
    db.select({ n: sql<number>`count(*)::int` }).from(skills).where(where),
  ]);
  return { skills: await present(db, rows, userId), total: total?.n ?? 0 };
}

/** One skill of its owner (for the edit dialog), or null. */
export async function ownSkill(db: Queryable, userId: string, skillId: string): Promise<ShownSkill | null> {
  if (!/^[0-9a-f-]{36}$/i.test(skillId)) return null;
  const rows = await db
    .select(columns)
    .from(skills)
    .where(and(eq(skills.id, skillId), eq(skills.userId, userId)));
  const [shown] = await present(db, rows, userId);
  return shown ?? null;
}

export interface ProfileSkills {
  isOwner: boolean;
  /** Featured first, then the owner's order; at most 20 (the compact variant shows the first 8). */
  skills: ShownSkill[];
  total: number;
}

/**
 * A person's skills as `viewerId` sees them on their profile: all of them for the owner, the public
 * ones for everyone else, none across a block. (Whether the profile itself may be seen is the
 * profile page's rule.)
 */
export async function profileSkills(
  db: Queryable,
  ownerId: string,
  viewerId: string | null,
): Promise<ProfileSkills> {
  const isOwner = viewerId === ownerId;
  if (!isOwner && viewerId && (await isBlockedBetween(db, ownerId, viewerId))) {
    return { isOwner, skills: [], total: 0 };
  }
  const where = and(eq(skills.userId, ownerId), isOwner ? undefined : eq(skills.isPublic, true));
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(skills)
      .where(where)
      .orderBy(desc(skills.isFeatured), asc(skills.displayOrder), asc(skills.createdAt), asc(skills.id))
      .limit(SKILL_LIMITS.shownMax),
    db.select({ n: sql<number>`count(*)::int` }).from(skills).where(where),
  ]);
  return { isOwner, skills: await present(db, rows, viewerId), total: total?.n ?? 0 };
}

/** The names of a person's skills (the endorsement form suggests them). */
export async function skillNamesOf(db: Queryable, userId: string, publicOnly: boolean): Promise<string[]> {
  const rows = await db
    .select({ name: skills.skillName })
    .from(skills)
    .where(and(eq(skills.userId, userId), publicOnly ? eq(skills.isPublic, true) : undefined))
    .orderBy(asc(skills.displayOrder), asc(skills.skillName));
  return rows.map((r) => r.name);
}
