import { FORUM_MESSAGES } from "@domain/community/forums";
import { FEED_SORT_LABELS, FEED_SORTS, TOP_WINDOW_LABELS, TOP_WINDOWS } from "@domain/community/sorts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  CategoryBadges,
  CategoryCounts,
  MembershipButton,
  ModeratorList,
} from "~/components/community/category-card";
import { useLivePosts } from "~/components/community/live-posts";
import { PostComposer, type PostFormAnswer } from "~/components/community/post-composer";
import { PostCardList } from "~/components/community/post-list";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { CategoryCard } from "~/queries/community-forums.server";
import type { PostCard } from "~/queries/community-posts.server";
import { categoryAction, categoryLoader, categoryPageHref } from "./_app.common-area.forums.$slug.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.category.name ?? "Community"} · Forums · Association Commons` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => categoryLoader(request, params.slug);
export const action = ({ request, params }: ActionFunctionArgs) => categoryAction(request, params.slug);

const control =
  "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** The moderators' panel: pending join requests, and (for the category's admin) members' roles. */
function ModeratorPanel({ data }: { data: Data }) {
  if (!data.moderator) return null;
  return (
    <section
      aria-labelledby="moderation-heading"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="moderation-heading" className="font-semibold">
        Join requests
      </h2>
      {data.requests.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No pending requests.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.requests.map((r) => (
            <li key={r.userId} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="flex-1">{r.name}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="userId" value={r.userId} />
                <Button aria-label={`Approve ${r.name}`}>Approve</Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="decline" />
                <input type="hidden" name="userId" value={r.userId} />
                <Button variant="secondary" aria-label={`Decline ${r.name}`}>
                  Decline
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {data.canGiveRoles && data.members.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="role" value="moderator" />
          <div className="flex flex-col gap-1">
            <label htmlFor="new-moderator" className="text-sm font-medium">
              Make a member moderator
            </label>
            <select id="new-moderator" name="userId" className={control}>
              {data.members.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary">Make moderator</Button>
        </Form>
      ) : null}
    </section>
  );
}

/** The feed's sorts, applied to the category's posts on the server (a GET form). */
function SortControls({ data }: { data: Data }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Sort">
      <div className="flex flex-col gap-1">
        <label htmlFor="category-sort" className="text-sm font-medium">
          Sort
        </label>
        <select id="category-sort" name="sort" defaultValue={data.params.sort} className={control}>
          {FEED_SORTS.map((s) => (
            <option key={s} value={s}>
              {FEED_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="category-window" className="text-sm font-medium">
          Top of
        </label>
        <select id="category-window" name="window" defaultValue={data.params.window} className={control}>
          {TOP_WINDOWS.map((w) => (
            <option key={w} value={w}>
              {TOP_WINDOW_LABELS[w]}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary">Apply</Button>
    </Form>
  );
}

export default function CategoryPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as (PostFormAnswer & { error?: string | null }) | undefined;
  const category = data.category as CategoryCard;
  const posts = useLivePosts(data.posts as PostCard[], data.posts as PostCard[]);
  const announcements = data.announcements as PostCard[];
  const nextHref = data.nextCursor ? categoryPageHref(category.slug, data.params, data.nextCursor) : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <p className="text-sm">
        <Link to="/common-area/forums" className="text-blue-800 hover:underline dark:text-blue-300">
          Forums
        </Link>
      </p>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold">{category.name}</h1>
          <CategoryBadges category={category} />
        </div>
        <p>{category.description}</p>
        <CategoryCounts category={category} />
        <ModeratorList moderators={category.moderators} />
        <div>
          <MembershipButton category={category} redirectTo={data.here} />
        </div>
      </header>
      {category.isArchived ? (
        <div
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {FORUM_MESSAGES.archived}. No new posts, comments or members.
        </div>
      ) : null}
      {answer?.error ? <Alert title={answer.error} /> : null}
      {data.canArchive ? (
        <Form method="post">
          <input type="hidden" name="intent" value={category.isArchived ? "unarchive" : "archive"} />
          <Button variant="secondary">
            {category.isArchived ? "Restore community" : "Archive community"}
          </Button>
        </Form>
      ) : null}
      {category.rules.length > 0 ? (
        <section aria-labelledby="rules-heading" className="text-sm">
          <h2 id="rules-heading" className="font-semibold">
            Rules
          </h2>
          <ol className="mt-1 list-decimal pl-5">
            {category.rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ol>
        </section>
      ) : null}
      <ModeratorPanel data={data} />
      {!data.readable ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">This community is private</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Only its members read its posts. Ask to join: a moderator decides.
          </p>
        </div>
      ) : (
        <>
          {data.canPost ? (
            <PostComposer
              redirectTo={data.here}
              answer={answer}
              organizationName={data.organization?.name ?? null}
              remainingHint={data.postsRemainingHint}
              limited={data.postingLimited}
              forum={{ categoryId: category.id, tags: true, question: true, announcement: data.canAnnounce }}
            />
          ) : category.isArchived ? null : (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {data.hasContext
                ? "Join the community to post in it."
                : "Add a professional role to join and post."}
            </p>
          )}
          {announcements.length > 0 ? (
            <section aria-labelledby="announcements-heading" className="flex flex-col gap-2">
              <h2 id="announcements-heading" className="font-semibold">
                Announcements
              </h2>
              <PostCardList
                posts={announcements}
                here={data.here}
                now={data.now}
                editing={data.editing}
                answer={answer}
                organizationName={data.organization?.name ?? null}
              />
            </section>
          ) : null}
          <SortControls data={data} />
          {data.morePage ? (
            <p className="text-sm">
              <Link
                to={categoryPageHref(category.slug, data.params)}
                className="text-blue-700 underline dark:text-blue-300"
              >
                Back to the first page
              </Link>
            </p>
          ) : null}
          {posts.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
              <p className="font-medium">No posts yet</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Start the first discussion in {category.name}.
              </p>
            </div>
          ) : (
            <PostCardList
              posts={posts}
              here={data.here}
              now={data.now}
              editing={data.editing}
              answer={answer}
              organizationName={data.organization?.name ?? null}
            />
          )}
          {nextHref ? (
            <div className="flex justify-center">
              <Link to={nextHref} className="btn btn-secondary">
                Load More Posts
              </Link>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
