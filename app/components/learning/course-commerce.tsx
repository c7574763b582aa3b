import { formatPrice } from "@domain/learning/courses";
import { formatRating, formatReviewCount } from "@domain/learning/reviews";
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import type { CourseRatingView, Offer } from "~/queries/learning-commerce.server";

/**
 * Paid enrolment and ratings on the learning pages (issue 30; decision 078): the rating line of a card
 * or page, Enroll Now for a priced course or path, and a course's reviews.
 */

/** "★ 4.5 · 12 reviews", or "No ratings yet" (spec 002: rating with one decimal). */
export function RatingLabel({ average, count }: { average: number | null; count: number }) {
  return (
    <span className="text-xs text-slate-700 dark:text-slate-300" data-testid="rating">
      {average === null ? (
        formatRating(null)
      ) : (
        <>
          <span aria-hidden className="text-amber-600 dark:text-amber-400">
            ★{" "}
          </span>
          <span className="sr-only">Rated </span>
          {formatRating(average)}
          <span className="sr-only"> out of 5</span> · {formatReviewCount(count)}
        </>
      )}
    </span>
  );
}

/**
 * Enroll Now: a plain form to the checkout route, which answers with a 303 to Stripe's Checkout (or
 * enrols at once when the person's price is 0). A purchase waiting for its webhook links to its page.
 */
export function EnrollNow({
  action,
  offer,
  note,
}: {
  action: string;
  offer: Offer;
  /** Why the person's price differs (a path discount), shown under the button. */
  note?: string;
}) {
  const discounted = offer.yourPriceCents !== offer.priceCents;
  return (
    <div className="flex flex-col gap-2">
      <Form method="post" action={action} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="checkout" />
        <IdempotencyKey />
        <Button>Enroll Now</Button>
        <span className="text-sm" data-testid="your-price">
          {discounted ? (
            <>
              <s className="text-slate-500">{formatPrice(offer.priceCents)}</s>{" "}
              <strong>{formatPrice(offer.yourPriceCents)}</strong>
            </>
          ) : (
            <strong>{formatPrice(offer.priceCents)}</strong>
          )}{" "}
          · paid securely with Stripe
        </span>
      </Form>
      {discounted && note ? <p className="text-sm text-slate-600 dark:text-slate-400">{note}</p> : null}
      {offer.pendingSessionId ? (
        <p className="text-sm">
          <Link
            to={`/learning-hub/purchases/${offer.pendingSessionId}`}
            className="text-blue-700 underline dark:text-blue-300"
          >
            Already paid? See your purchase
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** A course's rating, its recent reviews, and Rate this course / Edit your review. */
export function CourseReviews({ slug, rating }: { slug: string; rating: CourseRatingView }) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="flex flex-col gap-3">
      <h2 id="reviews-heading" className="text-lg font-semibold">
        Ratings and reviews
      </h2>
      <p className="flex flex-wrap items-center gap-3">
        <RatingLabel average={rating.average} count={rating.count} />
        {rating.canRate ? (
          <Link
            to={`/learning-hub/courses/${slug}/review`}
            className="text-sm text-blue-700 underline dark:text-blue-300"
          >
            {rating.mine ? "Edit your review" : "Rate this course"}
          </Link>
        ) : null}
      </p>
      {rating.mine ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          You rated this course {rating.mine.rating} of 5.
        </p>
      ) : null}
      {rating.recent.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="Recent reviews">
          {rating.recent.map((r) => (
            <li
              key={`${r.author}-${r.updatedAt}`}
              className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
            >
              <p className="text-sm font-medium">
                {r.author}
                {r.mine ? " (you)" : ""} · {r.rating} of 5
              </p>
              <p className="mt-1 whitespace-pre-line text-sm text-slate-800 dark:text-slate-200">{r.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
