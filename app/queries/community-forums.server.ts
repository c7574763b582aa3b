import { type Queryable, queryRows } from "@db/client";
import type { CategoryParams, ForumRole } from "@domain/community/forums";
import { type SQL, sql } from "drizzle-orm";

/**
 * Forums' reads (issue 29, part 5; decision 067): the categories grid (search, sort and filter in SQL),
 * one category with the reader's membership, its moderators (the Mod badge) and, for its moderators,
 * the pending join requests. A private category lists its name and description to everyone (so people
 * can ask to join); its posts are read only by members (visibleTo in community-posts.server.ts).
 */

export interface CategoryModerator {
  userId: string;
  name: string;
  username: string | null;
  role: ForumRole;
}

export interface CategoryCard {
  id: string;
  slug: string;
  name: string;
  description: string;
  rules: string[];
  color: string | null;
  isPrivate: boolean;
  requiresApproval: boolean;
  isDefault: boolean;
  isFeatured: boolean;
  /** Read-only, and left out of the grid unless the Archived filter asks for it (decision 085). */
  isArchived: boolean;
  memberCount: number;
  postCount: number;
  moderators: CategoryModerator[];
  /** The reader's membership: null, or its role and status. */
  myRole: ForumRole | null;
  myStatus: "active" | "pending" | null;
}

interface CategoryRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  rules: string[];
  color: string | null;
  is_private: boolean;
  requires_approval: boolean;
  is_default: boolean;
  is_featured: boolean;
  is_archived: boolean;
  member_count: number;
  post_count: number;
  moderators: CategoryModerator[] | null;
  my_role: ForumRole | null;
  my_status: "active" | "pending" | null;
}

const personName = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.display_name), ''), nullif(trim(${alias}.full_name), ''), 'Anonymous User')`,
  );

const categoryColumns = sql`
  c.id, c.slug, c.name, c.description, c.rules, c.color, c.is_private, c.requires_approval, c.is_default,
  c.is_featured, c.is_archived, c.member_count, c.post_count,
  (select coalesce(json_agg(json_build_object('userId', u.id, 'name', ${personName("u")}, 'username', u.username, 'role', fm.role)
      order by (fm.role = 'admin') desc, fm.created_at), '[]'::json)
    from forum_memberships fm join user_profiles u on u.id = fm.user_id
    where fm.category_id = c.id and fm.status = 'active' and fm.role in ('moderator', 'admin')) as moderators,
  me.role as my_role, me.status as my_status`;

const categoryFrom = (viewerId: string) => sql`from forum_categories c
  left join forum_memberships me on me.category_id = c.id and me.user_id = ${viewerId}::uuid`;

function toCard(r: CategoryRow): CategoryCard {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    rules: r.rules ?? [],
    color: r.color,
    isPrivate: Boolean(r.is_private),
    requiresApproval: Boolean(r.requires_approval),
    isDefault: Boolean(r.is_default),
    isFeatured: Boolean(r.is_featured),
    isArchived: Boolean(r.is_archived),
    memberCount: Number(r.member_count),
    postCount: Number(r.post_count),
    moderators: r.moderators ?? [],
    myRole: r.my_status === "active" ? r.my_role : null,
    myStatus: r.my_status,
  };
}

const ORDER: Record<CategoryParams["sort"], string> = {
  alphabetical: "lower(c.name), c.id",
  members: "c.member_count desc, lower(c.name), c.id",
  posts: "c.post_count desc, lower(c.name), c.id",
  newest: "c.created_at desc, c.id",
};

/** The grid: the categories matching the search and filter, in the chosen order (all of them: few). */
export async function listCategories(
  db: Queryable,
  viewerId: string,
  params: CategoryParams,
): Promise<CategoryCard[]> {
  // Archived categories only under their own filter (decision 085).
  const where: SQL[] = [params.filter === "archived" ? sql`c.is_archived` : sql`not c.is_archived`];
  if (params.search) {
    const like = `%${params.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(sql`(c.name ilike ${like} or c.description ilike ${like})`);
  }
  if (params.filter === "joined") where.push(sql`me.status = 'active'`);
  if (params.filter === "not_joined") where.push(sql`(me.status is null or me.status <> 'active')`);
  if (params.filter === "featured") where.push(sql`c.is_featured`);
  const rows = await queryRows<CategoryRow>(
    db,
    sql`select ${categoryColumns} ${categoryFrom(viewerId)}
        where ${sql.join(where, sql` and `)}
        order by ${sql.raw(ORDER[params.sort])}
        limit 500`,
  );
  return rows.map(toCard);
}

/** One category by its address, for the reader, or null (an archived one too: its page is read-only). */
export async function getCategory(
  db: Queryable,
  viewerId: string,
  slug: string,
): Promise<CategoryCard | null> {
  const [row] = await queryRows<CategoryRow>(
    db,
    sql`select ${categoryColumns} ${categoryFrom(viewerId)}
        where c.slug = ${slug}`,
  );
  return row ? toCard(row) : null;
}

export interface JoinRequest {
  userId: string;
  name: string;
  requestedAt: string;
}

/** The pending join requests of a category, oldest first (for its moderators). */
export async function pendingRequests(db: Queryable, categoryId: string): Promise<JoinRequest[]> {
  const rows = await queryRows<{ user_id: string; name: string; requested_at: string }>(
    db,
    sql`select fm.user_id, ${personName("u")} as name,
          to_char(fm.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as requested_at
        from forum_memberships fm join user_profiles u on u.id = fm.user_id
        where fm.category_id = ${categoryId} and fm.status = 'pending'
        order by fm.created_at, fm.user_id
        limit 200`,
  );
  return rows.map((r) => ({ userId: r.user_id, name: r.name, requestedAt: r.requested_at }));
}

/** The active members of a category who are neither moderators nor admins (the admin's role form). */
export async function plainMembers(
  db: Queryable,
  categoryId: string,
): Promise<{ userId: string; name: string }[]> {
  const rows = await queryRows<{ user_id: string; name: string }>(
    db,
    sql`select fm.user_id, ${personName("u")} as name
        from forum_memberships fm join user_profiles u on u.id = fm.user_id
        where fm.category_id = ${categoryId} and fm.status = 'active' and fm.role = 'member'
        order by lower(${personName("u")}), fm.user_id
        limit 200`,
  );
  return rows.map((r) => ({ userId: r.user_id, name: r.name }));
}
