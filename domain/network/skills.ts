/**
 * Skills (spec 002 sections 3, 5, 6 and 9; issue 28 part 4): categories, proficiency, limits and the
 * messages of the skill dialog. Pure: no I/O.
 */

export const SKILL_CATEGORIES = [
  "technical",
  "management",
  "legal",
  "financial",
  "communication",
  "industry_specific",
  "software",
  "certification",
] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

export const SKILL_CATEGORY_LABELS: Record<SkillCategory, string> = {
  technical: "Technical",
  management: "Management",
  legal: "Legal",
  financial: "Financial",
  communication: "Communication",
  industry_specific: "Industry Specific",
  software: "Software",
  certification: "Certification",
};

export const PROFICIENCY_LEVELS = ["beginner", "intermediate", "advanced", "expert"] as const;
export type ProficiencyLevel = (typeof PROFICIENCY_LEVELS)[number];

export const PROFICIENCY_LABELS: Record<ProficiencyLevel, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
  expert: "Expert",
};

/** Spec 002 section 9. */
export const SKILL_LIMITS = {
  /** Years of experience 0 to 50. */
  yearsMin: 0,
  yearsMax: 50,
  /** The full list shows at most 20. */
  shownMax: 20,
  /** The compact variant shows 8 chips. */
  compactChips: 8,
  nameMax: 100,
  subcategoryMax: 100,
  certificationDetailsMax: 500,
} as const;

export const SKILL_MESSAGES = {
  /** Spec 002 section 5: "Skill name must be non-empty after trimming." */
  nameRequired: "Skill name is required",
  nameTooLong: `Skill name must be at most ${SKILL_LIMITS.nameMax} characters`,
  duplicate: "You already have a skill with this name",
  category: "Choose a category",
  proficiency: "Choose a proficiency level",
  years: `Years of experience must be between ${SKILL_LIMITS.yearsMin} and ${SKILL_LIMITS.yearsMax}`,
  stale: "This skill was changed since you opened it. Review the current values and save again.",
  notFound: "Skill not found",
  ownSkill: "You cannot endorse your own skill",
  empty: "No skills added yet",
  added: "Skill added",
  updated: "Skill updated",
  deleted: "Skill deleted",
  featured: "Skill featured",
  unfeatured: "Skill no longer featured",
  moved: "Order saved",
  endorsed: "Skill endorsed",
  unendorsed: "Endorsement removed",
} as const;

export const categoryLabel = (category: string) =>
  SKILL_CATEGORY_LABELS[category as SkillCategory] ?? category.replace(/_/g, " ");

export const proficiencyLabel = (level: string) => PROFICIENCY_LABELS[level as ProficiencyLevel] ?? level;

/** A skill name as stored: trimmed, inner runs of white space made one space. */
export const normalizeSkillName = (name: string) => name.trim().replace(/\s+/g, " ");

export interface OrderedSkill {
  id: string;
  displayOrder: number;
}

/**
 * The new display orders after moving one skill up or down one place (0, 1, 2... in the new order), or
 * null when it cannot move (first moved up, last moved down, or not in the list).
 */
export function moveInOrder<T extends OrderedSkill>(
  list: readonly T[],
  id: string,
  direction: "up" | "down",
): { id: string; displayOrder: number }[] | null {
  const sorted = [...list].sort((a, b) => a.displayOrder - b.displayOrder);
  const at = sorted.findIndex((s) => s.id === id);
  if (at < 0) return null;
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= sorted.length) return null;
  const moved = sorted[at] as T;
  sorted[at] = sorted[to] as T;
  sorted[to] = moved;
  return sorted.map((s, index) => ({ id: s.id, displayOrder: index }));
}
