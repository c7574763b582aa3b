import { formatMemberCount } from "@domain/community/forums";
import { Form, Link } from "@remix-run/react";
import type { CategoryCard, CategoryModerator } from "~/queries/community-forums.server";

/** Spec 002: members with role moderator or admin get a Mod badge. */
export function ModBadge() {
  return (
    <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
      Mod
    </span>
  );
}

export function ModeratorList({ moderators }: { moderators: CategoryModerator[] }) {
  if (moderators.length === 0) return null;
  return (
    <div className="text-sm">
      <span className="text-slate-600 dark:text-slate-400">Moderators: </span>
      <ul className="inline" aria-label="Moderators">
        {moderators.map((m) => (
          <li key={m.userId} className="inline-flex items-center gap-1 pr-2">
            {m.username ? (
              <Link to={`/professional/${m.username}`} className="hover:underline">
                {m.name}
              </Link>
            ) : (
              <span>{m.name}</span>
            )}
            <ModBadge />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Join, Request to join, Cancel request, or Leave: one small form (posts without JavaScript). */
export function MembershipButton({ category, redirectTo }: { category: CategoryCard; redirectTo: string }) {
  const joined = category.myStatus === "active";
  const pending = category.myStatus === "pending";
  const asks = category.isPrivate || category.requiresApproval;
  // An archived category takes no joins (decision 085); its members may still leave.
  if (category.isArchived && !joined && !pending) return null;
  return (
    <Form method="post" action="/common-area/forums?index" preventScrollReset>
      <input type="hidden" name="intent" value={joined || pending ? "leave" : "join"} />
      <input type="hidden" name="categoryId" value={category.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        className={joined || pending ? "btn btn-secondary" : "btn btn-primary"}
        aria-label={`${joined ? "Leave" : pending ? "Cancel request to join" : asks ? "Request to join" : "Join"} ${category.name}`}
      >
        {joined ? "Leave" : pending ? "Cancel request" : asks ? "Request to join" : "Join"}
      </button>
    </Form>
  );
}

export function CategoryBadges({ category }: { category: CategoryCard }) {
  return (
    <>
      {category.isDefault ? (
        <span className="rounded bg-blue-100 px-1.5 py-0.5 text-xs text-blue-900 dark:bg-blue-900 dark:text-blue-100">
          Default
        </span>
      ) : null}
      {category.isPrivate ? (
        <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-700 dark:text-slate-100">
          Private
        </span>
      ) : null}
      {category.requiresApproval && !category.isPrivate ? (
        <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-700 dark:text-slate-100">
          Approval required
        </span>
      ) : null}
      {category.isArchived ? (
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
          Archived
        </span>
      ) : null}
      {category.myStatus === "pending" ? (
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
          Request pending
        </span>
      ) : null}
    </>
  );
}

export function CategoryCounts({ category }: { category: CategoryCard }) {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      <span data-testid="member-count">
        {formatMemberCount(category.memberCount)} {category.memberCount === 1 ? "member" : "members"}
      </span>
      {" · "}
      <span data-testid="post-count">
        {category.postCount} {category.postCount === 1 ? "post" : "posts"}
      </span>
    </p>
  );
}

/** A category in the grid (spec 002 "Forum categories grid"). */
export function CategoryCardView({ category, redirectTo }: { category: CategoryCard; redirectTo: string }) {
  return (
    <article
      className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      aria-labelledby={`category-${category.id}`}
      data-testid="category-card"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={`category-${category.id}`} className="text-lg font-semibold">
          <Link to={`/common-area/forums/${category.slug}`} className="hover:underline">
            {category.name}
          </Link>
        </h2>
        <CategoryBadges category={category} />
      </header>
      <p className="text-sm">{category.description}</p>
      <CategoryCounts category={category} />
      <ModeratorList moderators={category.moderators} />
      {category.rules.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Rules</summary>
          <ol className="mt-1 list-decimal pl-5">
            {category.rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ol>
        </details>
      ) : null}
      <div className="mt-auto pt-2">
        <MembershipButton category={category} redirectTo={redirectTo} />
      </div>
    </article>
  );
}
