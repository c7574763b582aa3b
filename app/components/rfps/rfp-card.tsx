import { SCOPE_SHOW_MORE_AT } from "@domain/rfp/types";
import { URGENCY_LABELS } from "@domain/rfp/urgency";
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import type { RfpCardData } from "~/queries/rfp-present.server";
import { CategoryIcon } from "./category-icon";

/** The urgency tag's colours: `.urgency-<tag>` in app/tailwind.css. */
const URGENCY_CLASS = {
  urgent: "urgency-urgent",
  hot: "urgency-hot",
  new: "urgency-new",
} as const;

export const STATUS_STYLE = {
  published: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  draft: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  closed: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  cancelled: "bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200",
} as const;

export const STATUS_LABEL = {
  published: "Published",
  draft: "Draft",
  closed: "Closed",
  cancelled: "Cancelled",
} as const;

/** Scope text with a show-more control above 200 characters (spec 001 section 2.4); no script needed. */
export function ScopeText({ text, className = "" }: { text: string; className?: string }) {
  if (text.length <= SCOPE_SHOW_MORE_AT) return <p className={`whitespace-pre-line ${className}`}>{text}</p>;
  return (
    <details className={`group ${className}`}>
      <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        <span className="group-open:hidden">
          {text.slice(0, SCOPE_SHOW_MORE_AT).trimEnd()}…{" "}
          <span className="font-medium text-blue-700 underline dark:text-blue-400">Show more</span>
        </span>
        <span className="hidden font-medium text-blue-700 underline group-open:inline dark:text-blue-400">
          Show less
        </span>
      </summary>
      <p className="mt-1 whitespace-pre-line">{text}</p>
    </details>
  );
}

/**
 * An RFP in the list (spec 001 section 2.4): grid or detailed list layout. Drawn 20 times a page, so its
 * parts take their looks from the `.rfp-card` rules of app/tailwind.css rather than each a class list.
 */
export function RfpCard({ rfp, layout }: { rfp: RfpCardData; layout: "grid" | "list" }) {
  const deletable = rfp.status !== "published";
  const conversion = rfp.viewCount > 0 ? `${Math.round((rfp.proposalCount / rfp.viewCount) * 100)}%` : "—";
  return (
    <article aria-labelledby={`rfp-${rfp.id}-title`} data-testid="rfp-card" className="rfp-card">
      <div className="rfp-tags">
        <span className="rfp-category">
          <CategoryIcon category={rfp.category} className={null} />
          {` ${rfp.categoryLabel}`}
        </span>
        {rfp.urgency ? (
          <span data-testid="urgency" className={URGENCY_CLASS[rfp.urgency]}>
            {URGENCY_LABELS[rfp.urgency]}
          </span>
        ) : (
          <span className={STATUS_STYLE[rfp.status]}>{STATUS_LABEL[rfp.status]}</span>
        )}
        {rfp.myProposalLabel ? (
          <span className="bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200">
            {`Your proposal: ${rfp.myProposalLabel}`}
          </span>
        ) : null}
      </div>
      <h3 id={`rfp-${rfp.id}-title`}>
        <Link to={`/rfps/${rfp.id}`}>{rfp.title}</Link>
      </h3>
      <p className="rfp-org">
        {/* One text node (no separator comments between parts): the card is drawn 20 times a page. */}
        {`${[rfp.organizationName, rfp.propertyName].filter(Boolean).join(" · ") || "Organization not given"}${rfp.place ? ` · ${rfp.place}` : ""}`}
      </p>
      {rfp.summary ? <p className="mt-2 text-sm">{rfp.summary}</p> : null}
      {rfp.scope ? <ScopeText text={rfp.scope} className="rfp-scope" /> : null}
      <dl>
        <div>
          <dt>Budget</dt>
          <dd>{rfp.budgetLabel}</dd>
        </div>
        <div>
          <dt>Deadline</dt>
          <dd>{rfp.dueLabel ?? "Not set"}</dd>
          {rfp.daysLeftLabel ? <dd>{rfp.daysLeftLabel}</dd> : null}
        </div>
        <div>
          <dt>Proposals</dt>
          <dd>{rfp.proposalCount}</dd>
        </div>
        {rfp.isAuthor && layout === "list" ? (
          <>
            <div>
              <dt>Views</dt>
              <dd>{rfp.viewCount}</dd>
            </div>
            <div>
              <dt>Conversion</dt>
              <dd>{conversion}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <div className="rfp-actions">
        {rfp.isAuthor ? (
          <>
            <Link to={`/rfps/${rfp.id}/edit`} className={buttonClass("secondary")}>
              Edit<span className="sr-only">{` ${rfp.title}`}</span>
            </Link>
            {rfp.status !== "draft" ? (
              <Link to={`/rfps/${rfp.id}/proposals`} className={buttonClass("secondary")}>
                Proposals<span className="sr-only">{` for ${rfp.title}`}</span>
              </Link>
            ) : null}
            {deletable ? (
              <Form
                method="post"
                action={`/rfps/${rfp.id}`}
                onSubmit={(e) => {
                  if (!window.confirm(`Delete "${rfp.title}"? This cannot be undone.`)) e.preventDefault();
                }}
              >
                <input type="hidden" name="intent" value="delete" />
                <button type="submit" className={buttonClass("ghost", "text-red-700 dark:text-red-400")}>
                  Delete<span className="sr-only">{` ${rfp.title}`}</span>
                </button>
              </Form>
            ) : null}
          </>
        ) : rfp.canPropose ? (
          <Link to={`/rfps/${rfp.id}#proposal`} className={buttonClass("primary")}>
            Submit Proposal<span className="sr-only">{` for ${rfp.title}`}</span>
          </Link>
        ) : (
          <Link to={`/rfps/${rfp.id}`} className={buttonClass("secondary")}>
            View details<span className="sr-only">{` of ${rfp.title}`}</span>
          </Link>
        )}
      </div>
    </article>
  );
}
