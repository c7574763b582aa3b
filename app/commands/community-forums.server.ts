import { type Database, type Queryable, queryRows } from "@db/client";
import {
  archivedRefusal,
  CREATE_COMMUNITY_MIN_KARMA,
  FORUM_LIMITS,
  FORUM_MESSAGES,
  type ForumRole,
  isForumModerator,
  mayAnnounce,
  slugOf,
} from "@domain/community/forums";
import { sql } from "drizzle-orm";
import { karmaOf } from "~/commands/community-comments.server";

/**
 * Forums' writes (issue 29, part 5; decision 067): join and leave a category, decide join requests,
 * give a member a role, create a community. Every change of a membership locks the category's row
 * first (`for update`) and moves member_count in the same transaction, so the count equals the active
 * memberships under concurrency (tests/integration/community-forums.test.ts, on PostgreSQL). Posting
 * in a category goes through createPost (app/commands/community-posts.server.ts), which calls
 * lockCategoryForPosting and keeps post_count the same way.
 */

export type ForumRefusal = {
  ok: false;
  kind: "validation" | "not_found" | "authorization" | "conflict";
  message: string;
  field?: "name" | "description" | "rules";
};

const refuse = (
  kind: ForumRefusal["kind"],
  message: string,
  field?: ForumRefusal["field"],
): ForumRefusal => ({
  ok: false,
  kind,
  message,
  ...(field ? { field } : {}),
});

/** A platform administrator: a current admin role. */
export async function isPlatformAdmin(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from user_professional_roles r
          where r.user_id = ${userId} and r.is_current and r.role_type = 'admin') as ok`,
  );
  return Boolean(row?.ok);
}

/** Whether the person may create a community: enough karma, or a platform administrator. */
export async function mayCreateCommunity(db: Queryable, userId: string): Promise<boolean> {
  return (await karmaOf(db, userId)) >= CREATE_COMMUNITY_MIN_KARMA || (await isPlatformAdmin(db, userId));
}

interface LockedCategory {
  id: string;
  is_private: boolean;
  requires_approval: boolean;
  is_archived: boolean;
}

/** The category's row, locked; an archived one too (it is read-only: the callers refuse writes). */
async function lockCategory(db: Queryable, categoryId: string): Promise<LockedCategory | null> {
  const [row] = await queryRows<LockedCategory>(
    db,
    sql`select id, is_private, requires_approval, is_archived from forum_categories
        where id = ${categoryId} for update`,
  );
  return row ?? null;
}

/** The refusal of a write to an archived category (a 409 with the message), or null. */
const archived = (category: LockedCategory) => {
  const message = archivedRefusal({ isArchived: category.is_archived });
  return message ? refuse("conflict", message) : null;
};

async function membershipOf(db: Queryable, categoryId: string, userId: string) {
  const [row] = await queryRows<{ role: ForumRole; status: "active" | "pending" }>(
    db,
    sql`select role, status from forum_memberships where category_id = ${categoryId} and user_id = ${userId}`,
  );
  return row ?? null;
}

/**
 * For createPost, inside its transaction: locks the category (its post_count moves with the post) and
 * checks that the author is an active member. The category's id, or the refusal.
 */
export async function lockCategoryForPosting(
  db: Queryable,
  categoryId: string,
  userId: string,
  options: { announcement?: boolean } = {},
): Promise<string | ForumRefusal> {
  const category = await lockCategory(db, categoryId);
  if (!category) return refuse("not_found", FORUM_MESSAGES.notFound);
  const member = await membershipOf(db, categoryId, userId);
  const admin = await isPlatformAdmin(db, userId);
  if (member?.status !== "active" && !(options.announcement && admin)) {
    // A private category's existence is not told to outsiders.
    if (category.is_private) return refuse("not_found", FORUM_MESSAGES.notFound);
    return refuse("authorization", FORUM_MESSAGES.membersOnly);
  }
  const readOnly = archived(category);
  if (readOnly) return readOnly;
  // Announcements (decision 085): the category's moderators and admins, or a platform administrator.
  if (options.announcement && !mayAnnounce(member?.status === "active" ? member.role : null, admin))
    return refuse("authorization", FORUM_MESSAGES.announcementModeratorsOnly);
  return category.id;
}

/**
 * A platform administrator archives or restores a category (decision 085): archived, it is read-only
 * (no posts, comments, joins or approvals) and left out of the forums list unless asked for. Doing
 * it twice changes nothing.
 */
export async function setCategoryArchived(
  db: Database,
  input: { actorId: string; categoryId: string; archived: boolean },
): Promise<{ ok: true; changed: boolean } | ForumRefusal> {
  return db.transaction(async (tx) => {
    const category = await lockCategory(tx, input.categoryId);
    if (!category) return refuse("not_found", FORUM_MESSAGES.notFound);
    if (!(await isPlatformAdmin(tx, input.actorId)))
      return refuse("authorization", FORUM_MESSAGES.archivedAdminsOnly);
    if (category.is_archived === input.archived) return { ok: true as const, changed: false };
    await tx.execute(
      sql`update forum_categories set is_archived = ${input.archived}, updated_at = now() where id = ${input.categoryId}`,
    );
    return { ok: true as const, changed: true };
  });
}

/** For deletePost, inside its transaction: one post fewer in the category (its row locked by the update). */
export async function uncountCategoryPost(db: Queryable, categoryId: string): Promise<void> {
  await db.execute(sql`update forum_categories set post_count = post_count - 1 where id = ${categoryId}`);
}

/**
 * Joins a category (spec 002 section 4: needs a signed-in person and an active context). An open
 * category makes the person a member at once; a private or approval-required one records a pending
 * request for its moderators. Joining again changes nothing.
 */
export async function joinCategory(
  db: Database,
  input: { userId: string; contextId: string | null; categoryId: string },
): Promise<{ ok: true; status: "active" | "pending"; changed: boolean } | ForumRefusal> {
  if (!input.contextId) return refuse("validation", FORUM_MESSAGES.needsContext);
  return db.transaction(async (tx) => {
    const category = await lockCategory(tx, input.categoryId);
    if (!category) return refuse("not_found", FORUM_MESSAGES.notFound);
    const existing = await membershipOf(tx, input.categoryId, input.userId);
    if (existing) return { ok: true as const, status: existing.status, changed: false };
    const readOnly = archived(category);
    if (readOnly) return readOnly;
    const status = category.is_private || category.requires_approval ? "pending" : "active";
    await tx.execute(
      sql`insert into forum_memberships (category_id, user_id, role, status, context_id)
          values (${input.categoryId}, ${input.userId}, 'member', ${status}, ${input.contextId})`,
    );
    if (status === "active")
      await tx.execute(
        sql`update forum_categories set member_count = member_count + 1, updated_at = now() where id = ${input.categoryId}`,
      );
    return { ok: true as const, status, changed: true };
  });
}

/**
 * Leaves a category (or withdraws a pending request). The last admin of a category that has other
 * members may not leave (someone must be able to decide requests).
 */
export async function leaveCategory(
  db: Database,
  input: { userId: string; categoryId: string },
): Promise<{ ok: true; changed: boolean } | ForumRefusal> {
  return db.transaction(async (tx) => {
    const category = await lockCategory(tx, input.categoryId);
    if (!category) return refuse("not_found", FORUM_MESSAGES.notFound);
    const existing = await membershipOf(tx, input.categoryId, input.userId);
    if (!existing) return { ok: true as const, changed: false };
    if (existing.status === "active" && existing.role === "admin") {
      const [others] = await queryRows<{ admins: number; members: number }>(
        tx,
        sql`select count(*) filter (where role = 'admin')::int as admins, count(*)::int as members
            from forum_memberships where category_id = ${input.categoryId} and status = 'active'
              and user_id <> ${input.userId}`,
      );
      if (Number(others?.members ?? 0) > 0 && Number(others?.admins ?? 0) === 0)
        return refuse("conflict", FORUM_MESSAGES.lastAdmin);
    }
    await tx.execute(
      sql`delete from forum_memberships where category_id = ${input.categoryId} and user_id = ${input.userId}`,
    );
    if (existing.status === "active")
      await tx.execute(
        sql`update forum_categories set member_count = member_count - 1, updated_at = now() where id = ${input.categoryId}`,
      );
    return { ok: true as const, changed: true };
  });
}

/** Whether the person moderates the category: an active moderator or admin of it, or a platform admin. */
export async function mayModerateCategory(
  db: Queryable,
  userId: string,
  categoryId: string,
): Promise<boolean> {
  const member = await membershipOf(db, categoryId, userId);
  if (member?.status === "active" && isForumModerator(member.role)) return true;
  return isPlatformAdmin(db, userId);
}

/** A moderator or admin of the category approves or declines a pending join request. */
export async function decideJoinRequest(
  db: Database,
  input: { actorId: string; categoryId: string; userId: string; approve: boolean },
): Promise<{ ok: true } | ForumRefusal> {
  return db.transaction(async (tx) => {
    const category = await lockCategory(tx, input.categoryId);
    if (!category) return refuse("not_found", FORUM_MESSAGES.notFound);
    if (!(await mayModerateCategory(tx, input.actorId, input.categoryId)))
      return refuse("authorization", FORUM_MESSAGES.moderatorsOnly);
    const request = await membershipOf(tx, input.categoryId, input.userId);
    if (request?.status !== "pending") return refuse("conflict", FORUM_MESSAGES.noRequest);
    const readOnly = input.approve ? archived(category) : null;
    if (readOnly) return readOnly;
    if (input.approve) {
      await tx.execute(
        sql`update forum_memberships set status = 'active' where category_id = ${input.categoryId} and user_id = ${input.userId}`,
      );
      await tx.execute(
        sql`update forum_categories set member_count = member_count + 1, updated_at = now() where id = ${input.categoryId}`,
      );
    } else {
      await tx.execute(
        sql`delete from forum_memberships where category_id = ${input.categoryId} and user_id = ${input.userId}`,
      );
    }
    return { ok: true as const };
  });
}

/** The category's admin (or a platform admin) makes an active member a member, moderator or admin. */
export async function setForumRole(
  db: Database,
  input: { actorId: string; categoryId: string; userId: string; role: ForumRole },
): Promise<{ ok: true } | ForumRefusal> {
  return db.transaction(async (tx) => {
    const category = await lockCategory(tx, input.categoryId);
    if (!category) return refuse("not_found", FORUM_MESSAGES.notFound);
    const actor = await membershipOf(tx, input.categoryId, input.actorId);
    const allowed =
      (actor?.status === "active" && actor.role === "admin") || (await isPlatformAdmin(tx, input.actorId));
    if (!allowed) return refuse("authorization", FORUM_MESSAGES.moderatorsOnly);
    const target = await membershipOf(tx, input.categoryId, input.userId);
    if (target?.status !== "active") return refuse("not_found", FORUM_MESSAGES.notFound);
    await tx.execute(
      sql`update forum_memberships set role = ${input.role} where category_id = ${input.categoryId} and user_id = ${input.userId}`,
    );
    return { ok: true as const };
  });
}

export interface NewCommunity {
  userId: string;
  contextId: string | null;
  name: string;
  description: string;
  rules: string;
  isPrivate: boolean;
  requiresApproval: boolean;
}

/**
 * Creates a community (issue 29, part 5): for people with enough karma (karmaOf) or platform
 * administrators. Its creator becomes its admin (and its first member). Call inside once().
 */
export async function createCommunity(
  db: Database,
  input: NewCommunity,
): Promise<{ ok: true; slug: string } | ForumRefusal> {
  if (!input.contextId) return refuse("validation", FORUM_MESSAGES.needsContext);
  if (!(await mayCreateCommunity(db, input.userId)))
    return refuse("authorization", FORUM_MESSAGES.createNotAllowed);
  const name = input.name.trim().replace(/\s+/g, " ");
  const length = Array.from(name).length;
  if (length < FORUM_LIMITS.nameMin || length > FORUM_LIMITS.nameMax)
    return refuse(
      "validation",
      `A community's name has ${FORUM_LIMITS.nameMin} to ${FORUM_LIMITS.nameMax} characters`,
      "name",
    );
  const slug = slugOf(name);
  if (!slug) return refuse("validation", "A community's name needs letters or digits", "name");
  const description = input.description.trim();
  if (Array.from(description).length > FORUM_LIMITS.descriptionMax)
    return refuse(
      "validation",
      `A description has at most ${FORUM_LIMITS.descriptionMax} characters`,
      "description",
    );
  const rules = input.rules
    .split(/\r?\n/)
    .map((r) => r.trim())
    .filter(Boolean);
  if (rules.length > FORUM_LIMITS.rulesMax || rules.some((r) => Array.from(r).length > FORUM_LIMITS.ruleMax))
    return refuse(
      "validation",
      `At most ${FORUM_LIMITS.rulesMax} rules of ${FORUM_LIMITS.ruleMax} characters each`,
      "rules",
    );
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into forum_categories (slug, name, description, rules, created_by, is_private, requires_approval, member_count)
          select ${slug}, ${name}, ${description}, ${JSON.stringify(rules)}::jsonb, ${input.userId},
            ${input.isPrivate}, ${input.isPrivate || input.requiresApproval}, 1
          where not exists (select 1 from forum_categories where lower(name) = lower(${name}))
          on conflict (slug) do nothing
          returning id`,
    );
    if (!row) return refuse("conflict", FORUM_MESSAGES.nameTaken, "name");
    await tx.execute(
      sql`insert into forum_memberships (category_id, user_id, role, status, context_id)
          values (${row.id}, ${input.userId}, 'admin', 'active', ${input.contextId})`,
    );
    return { ok: true as const, slug };
  });
}
