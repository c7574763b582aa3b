import { type Queryable, queryRows } from "@db/client";
import {
  PROFICIENCY_LEVELS,
  SKILL_CATEGORIES,
  SKILL_CATEGORY_LABELS,
  SKILL_LIMITS,
  SKILL_MESSAGES,
} from "@domain/network/skills";
import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { safeRedirect } from "~/auth/safe-redirect";
import {
  addSkill,
  deleteSkill,
  endorseSkill,
  moveSkill,
  type SkillValues,
  setSkillFeatured,
  unendorseSkill,
  updateSkill,
} from "~/commands/network-skills.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorReply, domainErrorStatus, intentOf, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { areConnected, isBlockedBetween } from "~/queries/network-access.server";
import { listOwnSkills, ownSkill, profileSkills } from "~/queries/network-skills.server";

/**
 * /professional/skills (issue 28, part 4): the owner's full skills list (search, category filter, the
 * add/edit dialog), and with ?user= another member's public skills to +1. Its action also takes the +1s
 * posted from the profile page's skills (they come back to `redirectTo`, a safe same-site path).
 */

export const SKILLS_PATH = "/professional/skills";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalText = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());

const skillFields = {
  skillName: z
    .string({ required_error: SKILL_MESSAGES.nameRequired })
    .trim()
    .min(1, SKILL_MESSAGES.nameRequired)
    .max(SKILL_LIMITS.nameMax, SKILL_MESSAGES.nameTooLong),
  skillCategory: z.enum(SKILL_CATEGORIES, { errorMap: () => ({ message: SKILL_MESSAGES.category }) }),
  skillSubcategory: optionalText(SKILL_LIMITS.subcategoryMax),
  proficiencyLevel: z.enum(PROFICIENCY_LEVELS, { errorMap: () => ({ message: SKILL_MESSAGES.proficiency }) }),
  yearsExperience: z.preprocess(
    blank,
    z.coerce
      .number({ invalid_type_error: SKILL_MESSAGES.years })
      .int(SKILL_MESSAGES.years)
      .min(SKILL_LIMITS.yearsMin, SKILL_MESSAGES.years)
      .max(SKILL_LIMITS.yearsMax, SKILL_MESSAGES.years)
      .optional(),
  ),
  isCertified: z.boolean().default(false),
  certificationDetails: optionalText(SKILL_LIMITS.certificationDetailsMax),
  isPublic: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
};

const skillId = z.string().uuid();
const redirectTo = z.string().max(2000).optional();

/** The page's forms, told apart by their hidden intent. */
export const SkillsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), ...skillFields }),
  z.object({ intent: z.literal("update"), skillId, version: z.coerce.number().int().min(1), ...skillFields }),
  z.object({ intent: z.literal("delete"), skillId }),
  z.object({ intent: z.literal("feature"), skillId, featured: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("move"), skillId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("endorse"), skillId, redirectTo }),
  z.object({ intent: z.literal("unendorse"), skillId, redirectTo }),
]);
const INTENTS = ["add", "update", "delete", "feature", "move", "endorse", "unendorse"] as const;

const toValues = (v: z.infer<z.ZodObject<typeof skillFields>>): SkillValues => ({
  skillName: v.skillName,
  skillCategory: v.skillCategory,
  skillSubcategory: v.skillSubcategory ?? null,
  proficiencyLevel: v.proficiencyLevel,
  yearsExperience: v.yearsExperience ?? null,
  isCertified: v.isCertified,
  certificationDetails: v.isCertified ? (v.certificationDetails ?? null) : null,
  isPublic: v.isPublic,
  isFeatured: v.isFeatured,
});

/** Whether `viewerId` may see `userId`'s profile: public, or their own, or a connection; never across a block. */
export async function mayViewProfile(db: Queryable, userId: string, viewerId: string) {
  if (userId === viewerId) return true;
  const [row] = await queryRows<{ is_public: boolean }>(
    db,
    sql`select is_public from user_profiles where id = ${userId}`,
  );
  if (!row) return false;
  if (await isBlockedBetween(db, userId, viewerId)) return false;
  return row.is_public || (await areConnected(db, userId, viewerId));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function skillsLoader(request: Request) {
  const viewer = await requireViewer(request);
  const db = await getDb();
  const url = new URL(request.url);
  const other = url.searchParams.get("user");
  if (other && other !== viewer.user.id) {
    // Another member's public skills (the public variant), to +1.
    if (!UUID.test(other) || !(await mayViewProfile(db, other, viewer.user.id))) pageNotFound();
    const [person] = await queryRows<{ full_name: string | null; username: string | null }>(
      db,
      sql`select full_name, username from user_profiles where id = ${other}`,
    );
    return json({
      mode: "public" as const,
      person: {
        id: other,
        name: person?.full_name?.trim() || "Anonymous User",
        username: person?.username ?? null,
      },
      profile: await profileSkills(db, other, viewer.user.id),
      redirectTo: `${SKILLS_PATH}?user=${other}`,
    });
  }
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const rawCategory = url.searchParams.get("category") ?? "";
  const category = (SKILL_CATEGORIES as readonly string[]).includes(rawCategory) ? rawCategory : "";
  const editId = url.searchParams.get("edit");
  const editing = editId ? await ownSkill(db, viewer.user.id, editId) : null;
  const list = await listOwnSkills(db, viewer.user.id, { q, category: category || undefined });
  const [all] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from skills where user_id = ${viewer.user.id}`,
  );
  return json({
    mode: "owner" as const,
    q,
    category,
    categories: SKILL_CATEGORIES.map((c) => ({ value: c, label: SKILL_CATEGORY_LABELS[c] })),
    skills: list.skills,
    matching: list.total,
    total: Number(all?.n ?? 0),
    dialog: editing ? ("edit" as const) : url.searchParams.get("dialog") === "add" ? ("add" as const) : null,
    editing,
  });
}

export type SkillsLoaderData = Awaited<ReturnType<typeof skillsLoader>>;

export async function skillsAction(request: Request) {
  const viewer = await requireViewer(request);
  const me = viewer.user.id;
  const db = await getDb();
  const { submission } = await parseSubmission(request, SkillsActionSchema);
  if (submission.status !== "success") {
    const intent = intentOf(submission.payload, INTENTS);
    if (intent === "add" || intent === "update") {
      return json(
        { intent, skillId: submission.payload.skillId ?? null, result: submission.reply(), current: null },
        { status: 400 },
      );
    }
    return json(
      { intent, error: "Unknown action", result: submission.reply(), current: null },
      { status: 400 },
    );
  }
  const input = submission.value;
  const done = (message: string, to = SKILLS_PATH) => redirectWithFlash(to, { tone: "success", message });
  switch (input.intent) {
    case "add": {
      const added = await once(request, me, submission.payload, (tx) => addSkill(tx, me, toValues(input)));
      if (!added.ok) {
        return json(
          {
            intent: "add" as const,
            skillId: null,
            result: domainErrorReply(submission, added.error),
            current: null,
          },
          { status: added.error.kind === "validation" ? 409 : domainErrorStatus(added.error.kind) },
        );
      }
      return done(SKILL_MESSAGES.added);
    }
    case "update": {
      const saved = await updateSkill(db, me, input.skillId, input.version, toValues(input));
      if (!saved.ok) {
        if (saved.error.kind === "not_found") pageNotFound();
        const current = saved.error.kind === "stale" ? saved.error.current : null;
        return json(
          {
            intent: "update" as const,
            skillId: input.skillId,
            result: domainErrorReply(submission, saved.error),
            current,
          },
          { status: saved.error.kind === "validation" ? 409 : domainErrorStatus(saved.error.kind) },
        );
      }
      return done(SKILL_MESSAGES.updated);
    }
    case "delete": {
      const deleted = await deleteSkill(db, me, input.skillId);
      if (!deleted.ok) pageNotFound();
      return done(SKILL_MESSAGES.deleted);
    }
    case "feature": {
      const featured = input.featured === "true";
      const changed = await setSkillFeatured(db, me, input.skillId, featured);
      if (!changed.ok) pageNotFound();
      return done(featured ? SKILL_MESSAGES.featured : SKILL_MESSAGES.unfeatured);
    }
    case "move": {
      const moved = await moveSkill(db, me, input.skillId, input.direction);
      if (!moved.ok) pageNotFound();
      return done(SKILL_MESSAGES.moved);
    }
    case "endorse":
    case "unendorse": {
      const result =
        input.intent === "endorse"
          ? await endorseSkill(db, me, input.skillId)
          : await unendorseSkill(db, me, input.skillId);
      if (!result.ok) {
        if (result.error.kind === "not_found") pageNotFound();
        return json(
          { intent: input.intent, error: result.error.message, result: null, current: null },
          { status: domainErrorStatus(result.error.kind) },
        );
      }
      return done(
        input.intent === "endorse" ? SKILL_MESSAGES.endorsed : SKILL_MESSAGES.unendorsed,
        safeRedirect(input.redirectTo, SKILLS_PATH),
      );
    }
  }
}
