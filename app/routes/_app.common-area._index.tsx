import {
  countsAsNewPost,
  EMPTY_HINTS,
  FEED_VARIANT_LABELS,
  type FeedVariant,
  feedHref,
  POST_MESSAGES,
  POST_TYPE_LABELS,
  POST_TYPES,
  POST_VISIBILITIES,
  VISIBILITY_LABELS,
} from "@domain/community/posts";
import { FEED_SORT_LABELS, FEED_SORTS, TOP_WINDOW_LABELS, TOP_WINDOWS } from "@domain/community/sorts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useLivePosts, useRefreshedCards } from "~/components/community/live-posts";
import { PostComposer, type PostFormAnswer } from "~/components/community/post-composer";
import { PostCardList } from "~/components/community/post-list";
import { Button } from "~/components/ui/button";
import { onLive } from "~/live/live-source";
import type { NewPostSignal, PostCard } from "~/queries/community-posts.server";
import { feedLoader, postsAction } from "./_app.common-area._index.server";

export const meta: MetaFunction = () => [{ title: "Common Area · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => feedLoader(request);
export const action = ({ request }: ActionFunctionArgs) => postsAction(request);

const control =
  "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** The variants as tabs (links: they work without JavaScript). */
function FeedTabs({ data }: { data: Data }) {
  return (
    <nav aria-label="Feeds" className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
      {data.feeds.map((feed: FeedVariant) => {
        const current = data.params.feed === feed;
        return (
          <Link
            key={feed}
            to={feedHref({ ...data.params, feed })}
            aria-current={current ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              current
                ? "border-blue-700 text-blue-800 dark:border-blue-300 dark:text-blue-200"
                : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
            }`}
          >
            {FEED_VARIANT_LABELS[feed]}
          </Link>
        );
      })}
    </nav>
  );
}

/** Sort and filters: one GET form (Apply), and Clear Filters. */
function FeedControls({ data }: { data: Data }) {
  const { params } = data;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Sort and filters">
      {params.feed !== "global" ? <input type="hidden" name="feed" value={params.feed} /> : null}
      <div className="flex flex-col gap-1">
        <label htmlFor="feed-sort" className="text-sm font-medium">
          Sort
        </label>
        <select id="feed-sort" name="sort" defaultValue={params.sort} className={control}>
          {FEED_SORTS.map((s) => (
            <option key={s} value={s}>
              {FEED_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="feed-window" className="text-sm font-medium">
          Top of
        </label>
        <select id="feed-window" name="window" defaultValue={params.window} className={control}>
          {TOP_WINDOWS.map((w) => (
            <option key={w} value={w}>
              {TOP_WINDOW_LABELS[w]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">Filters</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor="feed-type" className="text-sm font-medium">
            Post Type
          </label>
          <select id="feed-type" name="type" defaultValue={params.type ?? ""} className={control}>
            <option value="">All types</option>
            {POST_TYPES.map((t) => (
              <option key={t} value={t}>
                {POST_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="feed-visibility" className="text-sm font-medium">
            Visibility
          </label>
          <select
            id="feed-visibility"
            name="visibility"
            defaultValue={params.visibility ?? ""}
            className={control}
          >
            <option value="">All</option>
            {POST_VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {VISIBILITY_LABELS[v]}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <Button variant="secondary">Apply</Button>
      {params.type || params.visibility ? (
        <Link
          to={feedHref({ ...params, type: null, visibility: null })}
          className="text-sm text-blue-700 underline dark:text-blue-300"
        >
          Clear Filters
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * The posts of this page and, with JavaScript, the pages Load More Posts fetched after it (live like the
 * page's own: numbers, edits, deletions); without JavaScript Load More Posts is a link to the next page.
 */
function PostList({ data, answer }: { data: Data; answer: PostFormAnswer | undefined }) {
  const more = useFetcher<typeof loader>();
  const [extra, setExtra] = useState<{ posts: PostCard[]; next: string | null; after: string | null }>({
    posts: [],
    next: null,
    after: null,
  });
  // A new first page (navigation, a post, a vote) starts the list again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the page's own posts change
  useEffect(() => setExtra({ posts: [], next: null, after: null }), [data.here, data.posts]);
  useEffect(() => {
    if (more.state === "idle" && more.data && "posts" in more.data) {
      const page = more.data;
      setExtra((prev) =>
        prev.after === page.here
          ? prev
          : {
              posts: [...prev.posts, ...(page.posts as PostCard[])],
              next: page.nextCursor,
              after: page.here,
            },
      );
    }
  }, [more.state, more.data]);
  // A card Load More Posts added that was edited is fetched again (the page's reload would not bring
  // it); one that went is dropped.
  const refresh = useRefreshedCards(
    (id) => `/common-area?card=${id}`,
    (id, post) =>
      setExtra((prev) => ({
        ...prev,
        posts: post ? prev.posts.map((p) => (p.id === id ? post : p)) : prev.posts.filter((p) => p.id !== id),
      })),
  );
  const page = data.posts as PostCard[];
  const posts = useLivePosts([...page, ...extra.posts], page, refresh);
  const nextCursor = extra.after ? extra.next : data.nextCursor;
  const nextHref = nextCursor ? feedHref(data.params, nextCursor) : null;
  if (posts.length === 0) {
    const filtered = Boolean(data.params.type || data.params.visibility);
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
        <p className="font-medium">{POST_MESSAGES.empty}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {filtered
            ? "No posts match these filters."
            : data.params.feed === "organization" && !data.organization
              ? "Join an association or add your company to a role to see your organization's posts."
              : EMPTY_HINTS[data.params.feed]}
        </p>
      </div>
    );
  }
  return (
    <>
      <PostCardList
        posts={posts}
        here={data.here}
        now={data.now}
        editing={data.editing}
        answer={answer}
        organizationName={data.organization?.name ?? null}
      />
      {nextHref ? (
        <div className="flex justify-center">
          <Link
            to={nextHref}
            className="btn btn-secondary"
            onClick={(event) => {
              event.preventDefault();
              if (more.state === "idle") more.load(nextHref);
            }}
          >
            {more.state === "loading" ? "Loading..." : "Load More Posts"}
          </Link>
        </div>
      ) : null}
    </>
  );
}

/**
 * "N new posts" (spec 002: new posts matching the filters are counted): the live stream tells this
 * page of each new post its reader may read (the server checks visibility, and whether its author is
 * their connection); on the newest posts of the Professional, Connections and Personal feeds, the ones
 * of that feed matching the type and visibility filters are counted, and the button shows them at the
 * top. Without JavaScript there is no stream: reloading shows them.
 */
function NewPostsButton({ data }: { data: Data }) {
  const revalidator = useRevalidator();
  const [arrived, setArrived] = useState<string[]>([]);
  const { feed, sort, type, visibility } = data.params;
  const firstPage = !data.morePage;
  const viewerId = data.viewerId;
  const { associationId, organizationId } = data.scope;
  const live = feed !== "saved" && sort === "recent" && firstPage;
  useEffect(() => {
    if (!live) return;
    const page = { feed, sort, type, visibility, firstPage, scope: { associationId, organizationId } };
    return onLive<NewPostSignal>("post", (post) => {
      if (!countsAsNewPost(page, post, viewerId)) return;
      setArrived((prev) => (prev.includes(post.id) ? prev : [...prev, post.id]));
    });
  }, [live, feed, sort, type, visibility, firstPage, viewerId, associationId, organizationId]);
  const shown = new Set((data.posts as PostCard[]).map((p) => p.id));
  const fresh = arrived.filter((id) => !shown.has(id));
  if (!live || fresh.length === 0) return null;
  return (
    <div className="sticky top-2 z-10 flex justify-center">
      <Button
        type="button"
        onClick={() => {
          setArrived([]);
          revalidator.revalidate();
          window.scrollTo({ top: 0, behavior: "smooth" });
        }}
        data-testid="new-posts"
      >
        {fresh.length === 1 ? "Show 1 new post" : `Show ${fresh.length} new posts`}
      </Button>
    </div>
  );
}

export default function CommonAreaPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PostFormAnswer | undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Common Area</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Share news, questions and updates with the community.
          </p>
        </div>
        <div className="flex flex-wrap gap-4">
          <Link
            to="/common-area/forums"
            className="text-sm font-medium text-blue-800 hover:underline dark:text-blue-300"
          >
            Forums
          </Link>
          <Link
            to="/common-area/events"
            className="text-sm font-medium text-blue-800 hover:underline dark:text-blue-300"
          >
            Community events
          </Link>
          <Link
            to="/common-area/live"
            className="text-sm font-medium text-blue-800 hover:underline dark:text-blue-300"
          >
            Live discussions
          </Link>
        </div>
      </div>
      {data.canPost ? (
        <PostComposer
          redirectTo={data.here}
          answer={answer}
          organizationName={data.organization?.name ?? null}
          remainingHint={data.postsRemainingHint}
          limited={data.postingLimited}
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Link to="/onboarding" className="text-blue-700 underline dark:text-blue-300">
            Add a professional role
          </Link>{" "}
          to post.
        </p>
      )}
      <FeedTabs data={data} />
      <FeedControls data={data} />
      {data.morePage ? (
        <p className="text-sm">
          <Link to={feedHref(data.params)} className="text-blue-700 underline dark:text-blue-300">
            Back to the newest posts
          </Link>
        </p>
      ) : null}
      <NewPostsButton data={data} />
      <PostList data={data} answer={answer} />
    </div>
  );
}
