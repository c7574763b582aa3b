import type { Queryable } from "@db/client";
import { skillEndorsements, skills } from "@db/schema";
import { moveInOrder, normalizeSkillName, SKILL_MESSAGES } from "@domain/network/skills";
import { and, asc, eq, sql } from "drizzle-orm";
import { isBlockedBetween } from "~/queries/network-access.server";

/**
 * Skills and their +1s (issue 28, part 4). Every command is scoped to the skill's owner (another
 * person's skill is "not found"); a +1 is once per person (skill_endorsements' key), never on one's own,
 * never on a private skill, never across a block, and skills.endorsements_count moves with it in the
 * same transaction.
 */

export type SkillError =
  | { kind: "validation"; message: string; fieldErrors?: Record<string, string[]> }
  | { kind: "not_found"; message: string }
  | { kind: "authorization"; message: string }
  | { kind: "stale"; message: string; current: SkillValues & { version: number } };
export type SkillResult<T> = { ok: true; value: T } | { ok: false; error: SkillError };

export interface SkillValues {
  skillName: string;
  skillCategory: string;
  skillSubcategory: string | null;
  proficiencyLevel: string;
  yearsExperience: number | null;
  isCertified: boolean;
  certificationDetails: string | null;
  isPublic: boolean;
  isFeatured: boolean;
}

const fail = (error: SkillError) => ({ ok: false as const, error });
const notFound = () => fail({ kind: "not_found", message: SKILL_MESSAGES.notFound });
const duplicate = () =>
  fail({
    kind: "validation",
    message: SKILL_MESSAGES.duplicate,
    fieldErrors: { skillName: [SKILL_MESSAGES.duplicate] },
  });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function nameTaken(db: Queryable, userId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: skills.id })
    .from(skills)
    .where(
      and(
        eq(skills.userId, userId),
        sql`lower(${skills.skillName}) = lower(${name})`,
        exceptId ? sql`${skills.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Adds a skill at the end of the person's list. */
export async function addSkill(
  db: Queryable,
  userId: string,
  input: SkillValues,
): Promise<SkillResult<{ id: string }>> {
  const name = normalizeSkillName(input.skillName);
  if (await nameTaken(db, userId, name)) return duplicate();
  const [created] = await db
    .insert(skills)
    .values({
      ...input,
      skillName: name,
      userId,
      displayOrder: sql`coalesce((select max(${skills.displayOrder}) + 1 from ${skills} where ${skills.userId} = ${userId}), 0)`,
    })
    .onConflictDoNothing()
    .returning({ id: skills.id });
  if (!created) return duplicate();
  return { ok: true, value: { id: created.id } };
}

const currentValues = {
  skillName: skills.skillName,
  skillCategory: skills.skillCategory,
  skillSubcategory: skills.skillSubcategory,
  proficiencyLevel: skills.proficiencyLevel,
  yearsExperience: skills.yearsExperience,
  isCertified: skills.isCertified,
  certificationDetails: skills.certificationDetails,
  isPublic: skills.isPublic,
  isFeatured: skills.isFeatured,
  version: skills.version,
};

/** Saves an edit made from `version`; a stale version is refused with the current values (409). */
export async function updateSkill(
  db: Queryable,
  userId: string,
  skillId: string,
  version: number,
  input: SkillValues,
): Promise<SkillResult<{ id: string }>> {
  if (!UUID.test(skillId)) return notFound();
  const name = normalizeSkillName(input.skillName);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(currentValues)
      .from(skills)
      .where(and(eq(skills.id, skillId), eq(skills.userId, userId)))
      .for("update");
    if (!current) return notFound();
    if (current.version !== version) {
      return fail({ kind: "stale", message: SKILL_MESSAGES.stale, current });
    }
    if (await nameTaken(tx, userId, name, skillId)) return duplicate();
    await tx
      .update(skills)
      .set({ ...input, skillName: name, version: sql`${skills.version} + 1`, updatedAt: sql`now()` })
      .where(eq(skills.id, skillId));
    return { ok: true as const, value: { id: skillId } };
  });
}

export async function deleteSkill(
  db: Queryable,
  userId: string,
  skillId: string,
): Promise<SkillResult<null>> {
  if (!UUID.test(skillId)) return notFound();
  const rows = await db
    .delete(skills)
    .where(and(eq(skills.id, skillId), eq(skills.userId, userId)))
    .returning({ id: skills.id });
  return rows.length > 0 ? { ok: true, value: null } : notFound();
}

export async function setSkillFeatured(
  db: Queryable,
  userId: string,
  skillId: string,
  featured: boolean,
): Promise<SkillResult<null>> {
  if (!UUID.test(skillId)) return notFound();
  const rows = await db
    .update(skills)
    .set({ isFeatured: featured, version: sql`${skills.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(skills.id, skillId), eq(skills.userId, userId)))
    .returning({ id: skills.id });
  return rows.length > 0 ? { ok: true, value: null } : notFound();
}

/** Moves a skill one place up or down in the person's order (the whole list renumbered 0, 1, 2...). */
export async function moveSkill(
  db: Queryable,
  userId: string,
  skillId: string,
  direction: "up" | "down",
): Promise<SkillResult<null>> {
  if (!UUID.test(skillId)) return notFound();
  return db.transaction(async (tx) => {
    const list = await tx
      .select({ id: skills.id, displayOrder: skills.displayOrder })
      .from(skills)
      .where(eq(skills.userId, userId))
      .orderBy(asc(skills.displayOrder), asc(skills.createdAt), asc(skills.id))
      .for("update");
    if (!list.some((s) => s.id === skillId)) return notFound();
    // Ties (equal orders) are broken by the order read, so the list is first made 0, 1, 2...
    const moved = moveInOrder(
      list.map((s, index) => ({ id: s.id, displayOrder: index })),
      skillId,
      direction,
    );
    if (!moved) return { ok: true as const, value: null };
    for (const s of moved) {
      const before = list.find((l) => l.id === s.id);
      if (before?.displayOrder !== s.displayOrder) {
        await tx.update(skills).set({ displayOrder: s.displayOrder }).where(eq(skills.id, s.id));
      }
    }
    return { ok: true as const, value: null };
  });
}

/** The skill another member may +1: public, not their own, no block between them. */
async function endorsableSkill(db: Queryable, endorserId: string, skillId: string) {
  if (!UUID.test(skillId)) return notFound();
  const [skill] = await db
    .select({ id: skills.id, userId: skills.userId, isPublic: skills.isPublic })
    .from(skills)
    .where(eq(skills.id, skillId));
  if (!skill) return notFound();
  if (skill.userId === endorserId) return fail({ kind: "authorization", message: SKILL_MESSAGES.ownSkill });
  if (!skill.isPublic || (await isBlockedBetween(db, endorserId, skill.userId))) return notFound();
  return { ok: true as const, value: skill };
}

/** +1 on another member's skill: once per person (a repeat changes nothing). Returns the new count. */
export async function endorseSkill(
  db: Queryable,
  endorserId: string,
  skillId: string,
): Promise<SkillResult<{ count: number; ownerId: string }>> {
  return db.transaction(async (tx) => {
    const found = await endorsableSkill(tx, endorserId, skillId);
    if (!found.ok) return found;
    const inserted = await tx
      .insert(skillEndorsements)
      .values({ skillId, endorserId })
      .onConflictDoNothing()
      .returning({ skillId: skillEndorsements.skillId });
    const [row] =
      inserted.length > 0
        ? await tx
            .update(skills)
            .set({ endorsementsCount: sql`${skills.endorsementsCount} + 1` })
            .where(eq(skills.id, skillId))
            .returning({ count: skills.endorsementsCount })
        : await tx.select({ count: skills.endorsementsCount }).from(skills).where(eq(skills.id, skillId));
    return { ok: true as const, value: { count: row?.count ?? 0, ownerId: found.value.userId } };
  });
}

/** Takes one's +1 back (nothing to take back changes nothing). */
export async function unendorseSkill(
  db: Queryable,
  endorserId: string,
  skillId: string,
): Promise<SkillResult<{ count: number }>> {
  if (!UUID.test(skillId)) return notFound();
  return db.transaction(async (tx) => {
    const [skill] = await tx
      .select({ id: skills.id, userId: skills.userId })
      .from(skills)
      .where(eq(skills.id, skillId));
    if (!skill || skill.userId === endorserId) return notFound();
    const removed = await tx
      .delete(skillEndorsements)
      .where(and(eq(skillEndorsements.skillId, skillId), eq(skillEndorsements.endorserId, endorserId)))
      .returning({ skillId: skillEndorsements.skillId });
    const [row] =
      removed.length > 0
        ? await tx
            .update(skills)
            .set({ endorsementsCount: sql`greatest(${skills.endorsementsCount} - 1, 0)` })
            .where(eq(skills.id, skillId))
            .returning({ count: skills.endorsementsCount })
        : await tx.select({ count: skills.endorsementsCount }).from(skills).where(eq(skills.id, skillId));
    return { ok: true as const, value: { count: row?.count ?? 0 } };
  });
}
