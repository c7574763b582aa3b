import { type Queryable, queryRows } from "@db/client";
import { type SQL, sql } from "drizzle-orm";

/**
 * What moderation takes away from read paths (issue 29, part 10; decision 069): an item that
 * moderators hid or removed (a moderated_content row) is left out for everyone but its author and
 * platform administrators. One SQL fragment for lists and one check for single items, shared by every
 * kind of content (posts now; comments and live messages join with their own kind).
 */

/** Whether `viewer` (SQL uuid) is a platform administrator: holds a current admin role. */
export const isPlatformAdmin = (viewer: SQL) =>
  sql`exists (select 1 from user_professional_roles adm
      where adm.user_id = ${viewer} and adm.role_type = 'admin' and adm.is_current)`;

/** True unless the item (kind, id SQL) is hidden or removed and `viewer` is neither `author` nor an admin. */
export function notModeratedFor(kind: string, id: SQL, author: SQL, viewer: SQL): SQL {
  return sql`(${author} = ${viewer}
    or not exists (select 1 from moderated_content mc where mc.target_kind = ${kind} and mc.target_id = ${id})
    or ${isPlatformAdmin(viewer)})`;
}

/** notModeratedFor, for one item. */
export async function moderationAllows(
  db: Queryable,
  kind: string,
  targetId: string,
  authorId: string,
  viewerId: string,
): Promise<boolean> {
  if (authorId === viewerId) return true;
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select ${notModeratedFor(kind, sql`${targetId}::uuid`, sql`${authorId}::uuid`, sql`${viewerId}::uuid`)} as ok`,
  );
  return Boolean(row?.ok);
}
