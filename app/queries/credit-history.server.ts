import type { Queryable } from "@db/client";
import { userProfessionalRoles, userProfiles, users, vendorCreditTransactions } from "@db/schema";
import type { HistorySort, HistoryTypeFilter } from "@domain/credits/history";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { CREDIT_HISTORY_LIMIT } from "~/queries/credits.server";

/** Most rows a CSV export holds. */
export const CREDIT_EXPORT_LIMIT = 10_000;

/**
 * The vendor's credit transactions for the history dialog and the export: filtered by type, newest or
 * oldest first over the whole history, 50 per call by default (spec 001 section 9).
 */
export async function listCreditTransactions(
  db: Queryable,
  vendorId: string,
  options: { type?: HistoryTypeFilter; sort?: HistorySort; limit?: number } = {},
) {
  const t = vendorCreditTransactions;
  const rows = await db
    .select({
      id: t.id,
      type: t.type,
      amount: t.amount,
      description: t.description,
      reference_id: t.referenceId,
      reference_type: t.referenceType,
      created_at: t.createdAt,
    })
    .from(t)
    .where(
      and(
        eq(t.vendorId, vendorId),
        options.type && options.type !== "all" ? eq(t.type, options.type) : undefined,
      ),
    )
    .orderBy(options.sort === "oldest" ? asc(t.position) : desc(t.position))
    .limit(options.limit ?? CREDIT_HISTORY_LIMIT);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

/** A person with a vendor role, found by e-mail (case-insensitive), for the admin bonus grant. */
export async function findVendorByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: userProfiles.fullName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(
      and(
        sql`lower(${users.email}) = lower(${email.trim()})`,
        sql`exists (select 1 from ${userProfessionalRoles} r where r.user_id = ${users.id} and r.role_type = 'vendor')`,
      ),
    )
    .limit(1);
  return row ?? null;
}
