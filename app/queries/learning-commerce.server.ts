import { type Queryable, queryRows } from "@db/client";
import { coursePriceFor, pathPriceFor } from "@domain/learning/commerce";
import { averageRating, RECENT_REVIEWS } from "@domain/learning/reviews";
import { sql } from "drizzle-orm";

/**
 * Paid enrolment and ratings, read (issue 30; decision 078): who may open a priced course, what a
 * course or a path costs this person, a purchase's state for its success page, and a course's reviews.
 */

/**
 * Whether a priced course is open to the person without buying it again: a paid purchase of it, or an
 * enrolment in a paid path that holds it (the path's price bought its courses).
 */
export async function courseOpenTo(db: Queryable, userId: string, courseId: string): Promise<boolean> {
  const [row] = await queryRows<{ open: boolean }>(
    db,
    sql`select exists (
          select 1 from learning_purchases
          where user_id = ${userId} and course_id = ${courseId} and item_type = 'course' and status = 'paid'
        ) or exists (
          select 1 from path_enrollments pe
          join learning_paths lp on lp.id = pe.path_id and lp.price_cents > 0
          join learning_path_courses lpc on lpc.path_id = pe.path_id and lpc.course_id = ${courseId}
          where pe.user_id = ${userId}
        ) as open`,
  );
  return Boolean(row?.open);
}

/** Whether the person bought the path (a paid purchase of it, not refunded). */
export async function pathPaidBy(db: Queryable, userId: string, pathId: string): Promise<boolean> {
  const [row] = await queryRows<{ paid: boolean }>(
    db,
    sql`select exists (select 1 from learning_purchases where user_id = ${userId} and path_id = ${pathId}
          and item_type = 'path' and status = 'paid') as paid`,
  );
  return Boolean(row?.paid);
}

export interface Offer {
  /** The list price (0: Free). */
  priceCents: number;
  /** What this person would pay now (after the path discounts that apply to them). */
  yourPriceCents: number;
  /** Open to them without paying (free, bought, or through a paid path). */
  open: boolean;
  /** Their latest purchase still waiting for its webhook (the success page shows it). */
  pendingSessionId: string | null;
}

/** What a course costs the person: list price, their price on the free paths they are on, and access. */
export async function courseOffer(db: Queryable, userId: string, courseId: string): Promise<Offer> {
  const [row] = await queryRows<{ price_cents: number; discounts: number[] | null; pending: string | null }>(
    db,
    sql`select c.price_cents,
          (select coalesce(json_agg(lp.individual_course_discount_percent), '[]'::json)
             from path_enrollments pe
             join learning_paths lp on lp.id = pe.path_id and lp.price_cents = 0
             join learning_path_courses lpc on lpc.path_id = lp.id and lpc.course_id = c.id
             where pe.user_id = ${userId}) as discounts,
          (select p.checkout_session_id from learning_purchases p
             where p.user_id = ${userId} and p.course_id = c.id and p.item_type = 'course' and p.status = 'pending'
               and p.created_at > now() - interval '1 day'
             order by p.created_at desc limit 1) as pending
        from courses c where c.id = ${courseId}`,
  );
  const price = Number(row?.price_cents ?? 0);
  const open = price <= 0 || (await courseOpenTo(db, userId, courseId));
  return {
    priceCents: price,
    yourPriceCents: open ? 0 : coursePriceFor(price, (row?.discounts ?? []).map(Number)),
    open,
    pendingSessionId: row?.pending ?? null,
  };
}

/** What a path costs the person: its price less the in-path worth of the courses they already own. */
export async function pathOffer(
  db: Queryable,
  userId: string,
  pathId: string,
): Promise<Offer & { discountPercent: number }> {
  const [row] = await queryRows<{
    price_cents: number;
    discount: number;
    owned: number[] | null;
    pending: string | null;
  }>(
    db,
    sql`select lp.price_cents, lp.individual_course_discount_percent as discount,
          (select coalesce(json_agg(c.price_cents), '[]'::json)
             from learning_path_courses lpc join courses c on c.id = lpc.course_id
             where lpc.path_id = lp.id and c.price_cents > 0 and exists (
               select 1 from learning_purchases p where p.user_id = ${userId} and p.course_id = c.id
                 and p.item_type = 'course' and p.status = 'paid')) as owned,
          (select p.checkout_session_id from learning_purchases p
             where p.user_id = ${userId} and p.path_id = lp.id and p.item_type = 'path' and p.status = 'pending'
               and p.created_at > now() - interval '1 day'
             order by p.created_at desc limit 1) as pending
        from learning_paths lp where lp.id = ${pathId}`,
  );
  const price = Number(row?.price_cents ?? 0);
  const discountPercent = Number(row?.discount ?? 0);
  const open = price <= 0 || (await pathPaidBy(db, userId, pathId));
  return {
    priceCents: price,
    discountPercent,
    yourPriceCents: open
      ? 0
      : pathPriceFor({ priceCents: price, discountPercent }, (row?.owned ?? []).map(Number)),
    open,
    pendingSessionId: row?.pending ?? null,
  };
}

export interface PurchaseView {
  status: "pending" | "paid" | "failed" | "refunded" | "duplicate";
  itemType: "course" | "path";
  amountCents: number;
  title: string;
  slug: string;
  /** Where to go once enrolled: the course, or the path's first course. */
  startHref: string;
}

/** A purchase of the person's own, by Checkout Session id (null: none of theirs). */
export async function purchaseView(
  db: Queryable,
  userId: string,
  sessionId: string,
): Promise<PurchaseView | null> {
  const [row] = await queryRows<{
    status: PurchaseView["status"];
    item_type: "course" | "path";
    amount_cents: number;
    title: string | null;
    slug: string | null;
  }>(
    db,
    sql`select p.status, p.item_type, p.amount_cents, coalesce(c.title, lp.title) as title, coalesce(c.slug, lp.slug) as slug
        from learning_purchases p
        left join courses c on c.id = p.course_id and p.item_type = 'course'
        left join learning_paths lp on lp.id = p.path_id and p.item_type = 'path'
        where p.checkout_session_id = ${sessionId} and p.user_id = ${userId}`,
  );
  if (!row?.title || !row.slug) return null;
  return {
    status: row.status,
    itemType: row.item_type,
    amountCents: Number(row.amount_cents),
    title: row.title,
    slug: row.slug,
    startHref:
      row.item_type === "course" ? `/learning-hub/courses/${row.slug}` : `/learning-hub/paths/${row.slug}`,
  };
}

export interface ReviewEntry {
  author: string;
  rating: number;
  body: string;
  updatedAt: string;
  mine: boolean;
}

export interface CourseRatingView {
  average: number | null;
  count: number;
  recent: ReviewEntry[];
  mine: { rating: number; body: string } | null;
  /** Whether the person may rate now (enrolled, a lesson done). */
  canRate: boolean;
}

/** A course's rating, its recent reviews (with text), and the person's own rating and right to rate. */
export async function courseRating(
  db: Queryable,
  userId: string,
  courseId: string,
): Promise<CourseRatingView> {
  const [totals, recent, mine, eligible] = await Promise.all([
    queryRows<{ rating_sum: number; review_count: number }>(
      db,
      sql`select rating_sum, review_count from course_rating_totals where course_id = ${courseId}`,
    ),
    queryRows<{
      full_name: string | null;
      rating: number;
      body: string;
      updated_at: string;
      user_id: string;
    }>(
      db,
      sql`select u.full_name, r.rating, r.body, r.updated_at, r.user_id
          from course_reviews r left join user_profiles u on u.id = r.user_id
          where r.course_id = ${courseId} and r.body <> ''
          order by r.updated_at desc limit ${RECENT_REVIEWS}`,
    ),
    queryRows<{ rating: number; body: string }>(
      db,
      sql`select rating, body from course_reviews where course_id = ${courseId} and user_id = ${userId}`,
    ),
    queryRows<{ ok: boolean }>(
      db,
      sql`select exists (select 1 from course_enrollments where user_id = ${userId} and course_id = ${courseId})
            and exists (select 1 from lesson_completions where user_id = ${userId} and course_id = ${courseId}) as ok`,
    ),
  ]);
  const t = totals[0];
  const count = Number(t?.review_count ?? 0);
  return {
    average: averageRating({ ratingSum: Number(t?.rating_sum ?? 0), reviewCount: count }),
    count,
    recent: recent.map((r) => ({
      author: r.full_name?.trim() || "Anonymous User",
      rating: Number(r.rating),
      body: r.body,
      updatedAt: new Date(r.updated_at).toISOString(),
      mine: r.user_id === userId,
    })),
    mine: mine[0] ? { rating: Number(mine[0].rating), body: mine[0].body } : null,
    canRate: Boolean(eligible[0]?.ok),
  };
}
