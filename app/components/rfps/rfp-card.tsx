import { SCOPE_SHOW_MORE_AT, URGENCY_LABELS } from "@domain/rfp";
import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import type { RfpCardData } from "~/queries/rfp-present.server";
import { CategoryIcon } from "./category-icon";

const URGENCY_STYLE = {
  urgent: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  hot: "bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200",
  new: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
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

/** An RFP in the list (spec 001 section 2.4): grid or detailed list layout. */
export function RfpCard({ rfp, layout }: { rfp: RfpCardData; layout: "grid" | "list" }) {
  const deletable = rfp.status !== "published";
  const conversion = rfp.viewCount > 0 ? `${Math.round((rfp.proposalCount / rfp.viewCount) * 100)}%` : "—";
  return (
    <article
      aria-labelledby={`rfp-${rfp.id}-title`}
      data-testid="rfp-card"
      className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <CategoryIcon category={rfp.category} />
          {` ${rfp.categoryLabel}`}
        </span>
        {rfp.urgency ? (
          <span
            data-testid="urgency"
            className={`rounded-full px-2 py-0.5 font-semibold ${URGENCY_STYLE[rfp.urgency]}`}
          >
            {URGENCY_LABELS[rfp.urgency]}
          </span>
        ) : (
          <span className={`rounded-full px-2 py-0.5 font-semibold ${STATUS_STYLE[rfp.status]}`}>
            {STATUS_LABEL[rfp.status]}
          </span>
        )}
        {rfp.myProposalLabel ? (
          <span className="rounded-full bg-violet-100 px-2 py-0.5 font-semibold text-violet-800 dark:bg-violet-950 dark:text-violet-200">
            {`Your proposal: ${rfp.myProposalLabel}`}
          </span>
        ) : null}
      </div>
      <h3 id={`rfp-${rfp.id}-title`} className="mt-2 text-base font-semibold [overflow-wrap:anywhere]">
        <Link to={`/rfps/${rfp.id}`} className="hover:underline">
          {rfp.title}
        </Link>
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {/* One text node (no separator comments between parts): the card is drawn 20 times a page. */}
        {`${[rfp.organizationName, rfp.propertyName].filter(Boolean).join(" · ") || "Organization not given"}${rfp.place ? ` · ${rfp.place}` : ""}`}
      </p>
      {rfp.summary ? <p className="mt-2 text-sm">{rfp.summary}</p> : null}
      {rfp.scope ? (
        <ScopeText text={rfp.scope} className="mt-2 text-sm text-slate-700 dark:text-slate-300" />
      ) : null}
      <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Budget</dt>
          <dd className="font-semibold">{rfp.budgetLabel}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Deadline</dt>
          <dd className="font-semibold">{rfp.dueLabel ?? "Not set"}</dd>
          {rfp.daysLeftLabel ? (
            <dd className="text-slate-500 dark:text-slate-400">{rfp.daysLeftLabel}</dd>
          ) : null}
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Proposals</dt>
          <dd className="font-semibold">{rfp.proposalCount}</dd>
        </div>
        {rfp.isAuthor && layout === "list" ? (
          <>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Views</dt>
              <dd className="font-semibold">{rfp.viewCount}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Conversion</dt>
              <dd className="font-semibold">{conversion}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {rfp.isAuthor ? (
          <>
            <Link to={`/rfps/${rfp.id}/edit`} className={buttonClass("secondary", "px-3 py-1.5")}>
              Edit<span className="sr-only">{` ${rfp.title}`}</span>
            </Link>
            {rfp.status !== "draft" ? (
              <Link to={`/rfps/${rfp.id}/proposals`} className={buttonClass("secondary", "px-3 py-1.5")}>
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
                <button
                  type="submit"
                  className={buttonClass("ghost", "px-3 py-1.5 text-red-700 dark:text-red-400")}
                >
                  Delete<span className="sr-only">{` ${rfp.title}`}</span>
                </button>
              </Form>
            ) : null}
          </>
        ) : rfp.canPropose ? (
          <Link to={`/rfps/${rfp.id}#proposal`} className={buttonClass("primary", "px-3 py-1.5")}>
            Submit Proposal<span className="sr-only">{` for ${rfp.title}`}</span>
          </Link>
        ) : (
          <Link to={`/rfps/${rfp.id}`} className={buttonClass("secondary", "px-3 py-1.5")}>
            View details<span className="sr-only">{` of ${rfp.title}`}</span>
          </Link>
        )}
      </div>
    </article>
  );
}
