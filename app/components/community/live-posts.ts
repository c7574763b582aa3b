import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { onLive } from "~/live/live-source";
import type { PostCard, PostUpdate } from "~/queries/community-posts.server";

/** How long the page waits for more changes before it reloads an edited post (one reload per burst). */
const RELOAD_AFTER_MS = 500;

/**
 * The latest update of each post this page heard of on the live stream (decision 075), since `data`
 * (the page's loader data) arrived: data loaded later is at least as fresh as what was heard before it,
 * so a reload starts the overlay again.
 */
function usePostUpdates(data: unknown): Record<string, PostUpdate> {
  const current = useRef(data);
  current.current = data;
  const [heard, setHeard] = useState<{ data: unknown; updates: Record<string, PostUpdate> }>({
    data,
    updates: {},
  });
  useEffect(
    () =>
      onLive<{ posts?: unknown }>("post-update", ({ posts }) => {
        if (!Array.isArray(posts)) return;
        setHeard((prev) => {
          const updates = prev.data === current.current ? { ...prev.updates } : {};
          for (const u of posts as PostUpdate[]) if (u && typeof u.id === "string") updates[u.id] = u;
          return { data: current.current, updates };
        });
      }),
    [],
  );
  return heard.data === data ? heard.updates : {};
}

/** Reloads the page's data once after a burst of `wanted` changes, when nothing else is under way. */
function useReloadWhen(wanted: string | null) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const done = useRef<string | null>(null);
  const idle = revalidator.state === "idle" && navigation.state === "idle";
  useEffect(() => {
    if (!wanted || wanted === done.current || !idle) return;
    const timer = setTimeout(() => {
      done.current = wanted;
      revalidator.revalidate();
    }, RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [wanted, idle, revalidator]);
}

/**
 * The feed's cards as they are now (decision 075): the live stream's numbers (votes, comments, shares,
 * saves, the accepted answer, a link preview stored after it was shown) laid over each card, a deleted or moderated post dropped, and an edited
 * post of the page's own data reloaded. Without JavaScript the page shows what it loaded.
 */
export function useLivePosts(posts: PostCard[], page: readonly PostCard[]): PostCard[] {
  const updates = usePostUpdates(page);
  // A vote of this reader's still on its way: its card shows the vote's own optimistic numbers.
  const voting = new Set(
    useFetchers()
      .filter((f) => f.state !== "idle")
      .map((f) => f.formData?.get("postId")),
  );
  const shown: PostCard[] = [];
  let stale: string | null = null;
  for (const post of posts) {
    const u = voting.has(post.id) ? undefined : updates[post.id];
    if (!u) {
      shown.push(post);
      continue;
    }
    if (u.gone) continue;
    if (u.version > post.version && page.some((p) => p.id === post.id)) stale ??= `${post.id}@${u.version}`;
    shown.push({
      ...post,
      upvotes: u.upvotes,
      downvotes: u.downvotes,
      score: u.score,
      commentsCount: u.commentsCount,
      sharesCount: u.sharesCount,
      bookmarksCount: u.bookmarksCount,
      acceptedCommentId: u.acceptedCommentId,
      linkPreview: u.linkPreview,
    });
  }
  useReloadWhen(stale);
  return shown;
}

/**
 * The post page follows its post (decision 075): any change to it (a comment, a vote, an edit, an
 * award) reloads the page's data once per burst, and a post that went shows the page's not-found.
 */
export function useLivePost(postId: string, data: unknown): void {
  const updates = usePostUpdates(data);
  const u = updates[postId];
  const key = u ? JSON.stringify(u) : null;
  useReloadWhen(key);
}
