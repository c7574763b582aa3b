import { PostCardView } from "~/components/community/post-card";
import { PostEditForm, type PostFormAnswer } from "~/components/community/post-composer";
import type { PostCard } from "~/queries/community-posts.server";

/**
 * A list of post cards (the feed, a forum category): each card's Edit opens its form in place
 * (`?edit={id}` on the page's own address), and every form comes back to `here`.
 */
export function PostCardList({
  posts,
  here,
  now,
  editing,
  answer,
  organizationName,
}: {
  posts: PostCard[];
  here: string;
  now: string;
  /** The post being edited (the reader's own), from ?edit=. */
  editing: PostCard | null;
  answer: PostFormAnswer | undefined;
  organizationName: string | null;
}) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Posts">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCardView
            post={post}
            redirectTo={here}
            now={now}
            editHref={`${here}${here.includes("?") ? "&" : "?"}edit=${post.id}#post-${post.id}`}
            editForm={
              editing && editing.id === post.id ? (
                <PostEditForm
                  post={editing}
                  answer={answer}
                  redirectTo={here}
                  cancelHref={here.replace(/([?&])edit=[^&]*&?/, "$1").replace(/[?&]$/, "")}
                  organizationName={organizationName}
                />
              ) : undefined
            }
          />
        </li>
      ))}
    </ol>
  );
}
