import type { Queryable } from "@db/client";
import { rfpProposals, rfps, rfpViews } from "@db/schema";
import type { RfpViewer } from "@domain/rfp";
import { coveredCategories, type RfpSearchFilters, urgentBefore } from "@domain/rfp/search";
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";

/** The stored search_vector (db/schema/rfps.ts), which the GIN index covers. */
const searchDocument = rfps.searchVector;

/**
 * Who may see which RFP, in SQL: the same rule as `mayViewRfp` (domain/rfp/access.ts), so a list never
 * shows an RFP its detail page would refuse. Tests check the two agree on every combination.
 */
export function visibleTo(viewer: RfpViewer): SQL {
  const shared = and(
    sql`${rfps.status} <> 'draft'`,
    or(
      eq(rfps.visibility, "public"),
      viewer.hasVerifiedRole ? eq(rfps.visibility, "members_only") : undefined,
      and(
        eq(rfps.visibility, "private"),
        sql`${rfps.invitedVendorIds} @> ${JSON.stringify([viewer.userId])}::jsonb`,
      ),
    ),
  ) as SQL;
  const visible = viewer.isAdmin ? sql`true` : (or(eq(rfps.authorId, viewer.userId), shared) as SQL);
  return and(isNull(rfps.deletedAt), visible) as SQL;
}

export interface RfpListItem {
  id: string;
  title: string;
  status: "draft" | "published" | "closed" | "cancelled";
  category: string | null;
  shortDescription: string | null;
  scopeOfWork: string | null;
  organizationName: string | null;
  propertyName: string | null;
  locationCity: string | null;
  locationState: string | null;
  budgetType: string;
  budgetMin: number | null;
  budgetMax: number | null;
  budgetHourlyRate: number | null;
  proposalDeadline: string | null;
  proposalCount: number;
  authorId: string;
  visibility: string | null;
  publishedAt: string | null;
  viewCount: number;
  /** The viewer's own proposal's status on this RFP, if any. */
  myProposalStatus: string | null;
}

export interface RfpSearchResult {
  rfps: RfpListItem[];
  total: number;
  page: number;
  limit: number;
}

/** The filters as SQL conditions (visibility comes separately). */
function conditions(f: RfpSearchFilters, viewer: RfpViewer, now: string, timeZone: string): SQL[] {
  const where: SQL[] = [];
  if (f.statuses.length > 0) where.push(inArray(rfps.status, f.statuses));
  else where.push(eq(rfps.status, "published"), gt(rfps.proposalDeadline, now));
  if (f.q) where.push(sql`${searchDocument} @@ websearch_to_tsquery('english', ${f.q})`);
  if (f.categories.length > 0) {
    const covered = coveredCategories(f.categories);
    where.push(covered.length > 0 ? inArray(rfps.category, covered) : sql`false`);
  }
  if (f.propertyTypes.length > 0) where.push(inArray(rfps.propertyType, f.propertyTypes));
  if (f.state) where.push(eq(rfps.locationState, f.state));
  if (f.location) {
    const like = `%${f.location.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        sql`${rfps.locationCity} ilike ${like}`,
        sql`${rfps.locationZip} ilike ${like}`,
        sql`${rfps.locationAddress} ilike ${like}`,
        sql`${rfps.locationState} ilike ${like}`,
      ) as SQL,
    );
  }
  // An RFP matches a budget filter when its budget span overlaps the filter's; undisclosed never does.
  const low = sql`coalesce(${rfps.budgetMin}, ${rfps.budgetMax}, ${rfps.budgetHourlyRate})`;
  const high = sql`coalesce(${rfps.budgetMax}, ${rfps.budgetMin}, ${rfps.budgetHourlyRate})`;
  if (f.budgetMin !== null) where.push(sql`${high} >= ${f.budgetMin}`);
  if (f.budgetMax !== null) where.push(sql`${low} <= ${f.budgetMax}`);
  const deadlineDay = sql`(${rfps.proposalDeadline} at time zone ${timeZone})::date`;
  if (f.deadlineFrom) where.push(sql`${deadlineDay} >= ${f.deadlineFrom}::date`);
  if (f.deadlineTo) where.push(sql`${deadlineDay} <= ${f.deadlineTo}::date`);
  if (f.urgent) {
    where.push(
      eq(rfps.status, "published"),
      gt(rfps.proposalDeadline, now),
      lte(rfps.proposalDeadline, urgentBefore(now)),
    );
  }
  if (f.mine) where.push(eq(rfps.authorId, viewer.userId));
  return where;
}

function ordering(f: RfpSearchFilters): SQL[] {
  const dir = f.order === "asc" ? asc : desc;
  const nulls = sql.raw(f.order === "asc" ? "asc nulls last" : "desc nulls last");
  switch (f.sort) {
    case "deadline":
      return [sql`${rfps.proposalDeadline} ${nulls}`, asc(rfps.id)];
    case "budget":
      return [
        sql`coalesce(${rfps.budgetMax}, ${rfps.budgetMin}, ${rfps.budgetHourlyRate}) ${nulls}`,
        asc(rfps.id),
      ];
    case "proposals":
      return [dir(rfps.proposalCount), asc(rfps.id)];
    case "relevance":
      return [
        sql`ts_rank(${searchDocument}, websearch_to_tsquery('english', ${f.q})) ${nulls}`,
        desc(rfps.publishedAt),
        asc(rfps.id),
      ];
    default:
      return [sql`coalesce(${rfps.publishedAt}, ${rfps.createdAt}) ${nulls}`, asc(rfps.id)];
  }
}

/**
 * The page query (the RFPs and the window total, in one statement), unexecuted: the search benchmark
 * reads its SQL to give a bare handler exactly the same statement.
 */
export function searchRfpsQuery(
  db: Queryable,
  viewer: RfpViewer,
  f: RfpSearchFilters,
  now: string,
  timeZone: string,
  withTotal = true,
) {
  return db
    .select({
      id: rfps.id,
      title: rfps.title,
      status: rfps.status,
      category: rfps.category,
      shortDescription: rfps.shortDescription,
      scopeOfWork: rfps.scopeOfWork,
      organizationName: rfps.organizationName,
      propertyName: rfps.propertyName,
      locationCity: rfps.locationCity,
      locationState: rfps.locationState,
      budgetType: rfps.budgetType,
      budgetMin: rfps.budgetMin,
      budgetMax: rfps.budgetMax,
      budgetHourlyRate: rfps.budgetHourlyRate,
      proposalDeadline: rfps.proposalDeadline,
      proposalCount: rfps.proposalCount,
      authorId: rfps.authorId,
      visibility: rfps.visibility,
      publishedAt: rfps.publishedAt,
      viewCount: sql<number>`coalesce(${rfpViews.viewCount}, 0)`.mapWith(Number),
      myProposalStatus: rfpProposals.status,
      // The window total makes the database visit every matching row; lists without a pager skip it.
      total: (withTotal ? sql<number>`count(*) over ()` : sql<number>`0`).mapWith(Number),
    })
    .from(rfps)
    .leftJoin(rfpViews, eq(rfpViews.rfpId, rfps.id))
    .leftJoin(rfpProposals, and(eq(rfpProposals.rfpId, rfps.id), eq(rfpProposals.vendorId, viewer.userId)))
    .where(and(visibleTo(viewer), ...conditions(f, viewer, now, timeZone)))
    .orderBy(...ordering(f))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
}

/**
 * One page of the RFPs a viewer may see that match the filters, with the total, in one statement
 * (spec 001 section 7: page default 20, maximum 100, newest first by default).
 */
export async function searchRfps(
  db: Queryable,
  viewer: RfpViewer,
  f: RfpSearchFilters,
  options: { now?: string; timeZone?: string; withTotal?: boolean } = {},
): Promise<RfpSearchResult> {
  const now = options.now ?? new Date().toISOString();
  const timeZone = options.timeZone ?? "America/New_York";
  const withTotal = options.withTotal ?? true;
  const rows = await searchRfpsQuery(db, viewer, f, now, timeZone, withTotal);
  let total = withTotal ? (rows[0]?.total ?? 0) : rows.length;
  if (withTotal && rows.length === 0 && f.page > 1) {
    // Past the last page: the window count is not available, so count separately.
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(rfps)
      .where(and(visibleTo(viewer), ...conditions(f, viewer, now, timeZone)));
    total = row?.n ?? 0;
  }
  return {
    rfps: rows.map(({ total: _total, ...r }) => r as RfpListItem),
    total,
    page: f.page,
    limit: f.limit,
  };
}
