import { useFetcher, useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
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

/**
 * Reloads the page's data once after a burst of `wanted` changes, when nothing else is under way: not
 * while a fetcher's submission is sent or reloads the page after it either, since a reload started
 * then cancels that reload, whose answer carried the action's flash message ("Comment deleted"), read
 * once on the server: the message was lost (CI met it).
 */
function useReloadWhen(wanted: string | null) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const submitting = useFetchers().some((f) => f.state !== "idle");
  const done = useRef<string | null>(null);
  const idle = revalidator.state === "idle" && navigation.state === "idle" && !submitting;
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
export function useLivePosts(
  posts: PostCard[],
  page: readonly PostCard[],
  /**
   * Cards that are not the page's own (added by Load More Posts) and were edited: the page's reload
   * would not bring them back, so the caller fetches them again (called once per card and version).
   */
  refresh?: (ids: string[]) => void,
): PostCard[] {
  const updates = usePostUpdates(page);
  // A vote of this reader's still on its way: its card shows the vote's own optimistic numbers.
  const voting = new Set(
    useFetchers()
      .filter((f) => f.state !== "idle")
      .map((f) => f.formData?.get("postId")),
  );
  const shown: PostCard[] = [];
  let stale: string | null = null;
  const staleMore: string[] = [];
  for (const post of posts) {
    const u = voting.has(post.id) ? undefined : updates[post.id];
    if (!u) {
      shown.push(post);
      continue;
    }
    if (u.gone) continue;
    if (u.version > post.version) {
      if (page.some((p) => p.id === post.id)) stale ??= `${post.id}@${u.version}`;
      else staleMore.push(`${post.id}@${u.version}`);
    }
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
  const staleKey = staleMore.join(",");
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!staleKey || !refresh) return;
    const fresh = staleKey.split(",").filter((k) => !asked.current.has(k));
    for (const k of fresh) asked.current.add(k);
    if (fresh.length > 0) refresh(fresh.map((k) => k.split("@")[0] as string));
  }, [staleKey, refresh]);
  return shown;
}

/**
 * Cards added by Load More Posts, fetched again one at a time when `useLivePosts` says they were edited
 * (the feed's loader with ?card={id} answers the one card, or null when the reader may no longer read
 * it): returns the function to pass to `useLivePosts` and calls `replace` with each fresh card.
 */
export function useRefreshedCards(
  href: (id: string) => string,
  replace: (id: string, post: PostCard | null) => void,
): (ids: string[]) => void {
  const fetcher = useFetcher<{ refreshed?: { id: string; post: PostCard | null } | null }>();
  const [queue, setQueue] = useState<string[]>([]);
  // "asked": load() was called; "loading": the fetcher took it; then its idle data is the answer.
  const phase = useRef<{ id: string; step: "asked" | "loading" } | null>(null);
  const current = useRef({ href, replace });
  current.current = { href, replace };
  useEffect(() => {
    const now = phase.current;
    if (now && fetcher.state !== "idle") {
      now.step = "loading";
      return;
    }
    if (now?.step === "loading") {
      phase.current = null;
      const answer = fetcher.data?.refreshed;
      if (answer && answer.id === now.id) current.current.replace(now.id, answer.post);
      setQueue((q) => q.filter((id) => id !== now.id));
      return;
    }
    const next = queue[0];
    if (!now && next && fetcher.state === "idle") {
      phase.current = { id: next, step: "asked" };
      fetcher.load(current.current.href(next));
    }
  }, [fetcher.state, fetcher.data, fetcher.load, queue]);
  return useCallback((ids: string[]) => setQueue((q) => [...q, ...ids.filter((id) => !q.includes(id))]), []);
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
