import { formatCount, TRENDING_ABOVE, type VoteValue } from "@domain/community/votes";
import { useFetcher } from "@remix-run/react";
import { ArrowDown, ArrowUp, Zap } from "~/components/ui/icons";

/**
 * The vote widget (spec 002 sections 2 and 4): up and down, vertical or horizontal. With JavaScript the
 * count changes at once (the fetcher's pending vote), clicks are ignored while a vote is in progress,
 * and a failed vote goes back to the loader's counts; without it each button posts the form and the
 * page comes back to the post.
 */
export function VoteWidget({
  postId,
  upvotes,
  downvotes,
  myVote,
  redirectTo,
  layout = "vertical",
  intent = "vote",
  idField = "postId",
  label = "",
}: {
  postId: string;
  upvotes: number;
  downvotes: number;
  myVote: VoteValue | null;
  redirectTo: string;
  layout?: "vertical" | "horizontal";
  /** A comment's votes (decision 066): its own intent and id field; `label` names what is voted on. */
  intent?: string;
  idField?: string;
  label?: string;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.state !== "idle";
  let up = upvotes;
  let down = downvotes;
  let mine = myVote;
  const clicked = fetcher.formData?.get("direction");
  if (pending && (clicked === "up" || clicked === "down")) {
    const value: VoteValue = clicked === "up" ? 1 : -1;
    const next = mine === value ? null : value;
    if (mine === 1) up -= 1;
    if (mine === -1) down -= 1;
    if (next === 1) up += 1;
    if (next === -1) down += 1;
    mine = next;
  }
  const score = up - down;
  const button = (active: boolean, tone: "up" | "down") =>
    `inline-flex h-8 w-8 items-center justify-center rounded-md border text-sm ${
      active
        ? tone === "up"
          ? "border-emerald-600 bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
          : "border-red-600 bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"
        : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
    }`;
  return (
    <fetcher.Form
      method="post"
      data-testid="vote-widget"
      aria-busy={pending}
      className={`flex items-center gap-1 ${layout === "vertical" ? "flex-col" : "flex-row"}`}
      onSubmit={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idField} value={postId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="direction"
        value="up"
        aria-pressed={mine === 1}
        aria-label={`${mine === 1 ? "Remove upvote" : "Upvote"}${label}`}
        className={button(mine === 1, "up")}
      >
        <ArrowUp className="h-4 w-4" />
      </button>
      <span className="min-w-8 text-center text-sm font-semibold" data-testid="vote-score" aria-live="polite">
        <span className="sr-only">Score </span>
        {formatCount(score)}
        {up > TRENDING_ABOVE ? (
          <Zap className="ml-0.5 inline h-3 w-3 text-amber-600" aria-label="Trending" />
        ) : null}
      </span>
      <button
        type="submit"
        name="direction"
        value="down"
        aria-pressed={mine === -1}
        aria-label={`${mine === -1 ? "Remove downvote" : "Downvote"}${label}`}
        className={button(mine === -1, "down")}
      >
        <ArrowDown className="h-4 w-4" />
      </button>
      <span className="sr-only" data-testid="vote-counts">
        {up} up, {down} down
      </span>
    </fetcher.Form>
  );
}
