import {
  POST_TYPE_LABELS,
  type PostVisibility,
  relativeTime,
  truncatePost,
  VISIBILITY_LABELS,
} from "@domain/community/posts";
import { SHARE_POST_TEXTS } from "@domain/messages";
import { Form, Link } from "@remix-run/react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { ProfileAvatar } from "~/components/profiles/profile-avatar";
import { Bookmark, Link as LinkIcon, MessageSquare, Send, Share2 } from "~/components/ui/icons";
import type { PostCard as PostCardData } from "~/queries/community-posts.server";
import { AwardChips, AwardMenu, type CommentAnswer } from "./comment-section";
import { ExpertBadge } from "./expert-badge";
import { LinkPreviewCard } from "./link-preview-card";
import { PostMediaList } from "./post-media";
import { ModerationNotice, ReportMenu } from "./post-moderation";
import { VoteWidget } from "./vote-widget";

const small =
  "inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

/** A small form of one hidden intent (Save, Share, Delete): a plain post without JavaScript. */
function ActionForm({
  intent,
  postId,
  redirectTo,
  fields = {},
  children,
  className = small,
  label,
  pressed,
}: {
  intent: string;
  postId: string;
  redirectTo: string;
  fields?: Record<string, string>;
  children: ReactNode;
  className?: string;
  label?: string;
  pressed?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="postId" value={postId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={className} aria-label={label} aria-pressed={pressed}>
        {children}
      </button>
    </Form>
  );
}

const ShareDialog = lazy(() => import("./share-dialog"));

/**
 * "Send in a message" (issue 29, part 1; decision 072): a link to /posts/{id}/share (the form's own
 * page, how it works without JavaScript); with JavaScript the same form opens in a dialog, its code
 * loaded on first open. A modified click (new tab) follows the link.
 */
function SendInMessage({ postId, redirectTo }: { postId: string; redirectTo: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={`/posts/${postId}/share?redirectTo=${encodeURIComponent(redirectTo)}`}
        className={small}
        aria-haspopup="dialog"
        data-testid="send-in-message"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Send className="h-4 w-4" />
        {SHARE_POST_TEXTS.action}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <ShareDialog postId={postId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Copy link (spec 002: goes to /posts/{id}): copies the address with JavaScript, else opens the post. */
function CopyLink({ postId }: { postId: string }) {
  const [copied, setCopied] = useState(false);
  const href = `/posts/${postId}`;
  return (
    <a
      href={href}
      className={small}
      onClick={(event) => {
        if (!navigator.clipboard) return;
        event.preventDefault();
        void navigator.clipboard.writeText(new URL(href, window.location.origin).toString()).then(
          () => setCopied(true),
          () => window.location.assign(href),
        );
      }}
    >
      <LinkIcon className="h-4 w-4" />
      <span aria-live="polite">{copied ? "Link copied" : "Copy link"}</span>
    </a>
  );
}

function VisibilityTag({ visibility }: { visibility: PostVisibility }) {
  return (
    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      {VISIBILITY_LABELS[visibility]}
    </span>
  );
}

/**
 * The post card (spec 002 section 2): author, role badge, content cut at 300 characters with a
 * show-more link to the post's page, hashtags, votes, Save, Share, Copy link, and Edit / Delete for
 * the author. `full` shows the whole text (the post's own page).
 */
export function PostCardView({
  post,
  redirectTo,
  now,
  full = false,
  editHref,
  editForm,
  mayAward = false,
  awardAnswer,
}: {
  post: PostCardData;
  redirectTo: string;
  now: string;
  full?: boolean;
  editHref: string;
  editForm?: ReactNode;
  /** The post page: the reader may give awards (decision 066). */
  mayAward?: boolean;
  awardAnswer?: CommentAnswer;
}) {
  const shown = full ? { text: post.content, truncated: false } : truncatePost(post.content);
  const profileHref = post.authorUsername ? `/professional/${post.authorUsername}` : null;
  return (
    <article
      id={`post-${post.id}`}
      data-testid="post-card"
      aria-labelledby={`post-${post.id}-author`}
      className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <VoteWidget
        postId={post.id}
        upvotes={post.upvotes}
        downvotes={post.downvotes}
        myVote={post.myVote}
        redirectTo={redirectTo}
      />
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center gap-2">
          <ProfileAvatar name={post.authorName} url={post.authorAvatarUrl} size="sm" />
          <div className="min-w-0">
            <p id={`post-${post.id}-author`} className="font-semibold">
              {profileHref ? (
                <Link to={profileHref} className="hover:underline">
                  {post.authorName}
                </Link>
              ) : (
                post.authorName
              )}
              {post.authorBadge ? (
                <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs font-medium text-blue-900 dark:bg-blue-900 dark:text-blue-100">
                  {post.authorBadge}
                </span>
              ) : null}
              {post.authorExpert ? <ExpertBadge /> : null}
            </p>
            <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
              <Link to={`/posts/${post.id}`} className="hover:underline">
                <time dateTime={post.createdAt}>{relativeTime(new Date(post.createdAt), new Date(now))}</time>
              </Link>
              {post.editedAt ? <span>(edited)</span> : null}
              <span>{POST_TYPE_LABELS[post.postType]}</span>
              <VisibilityTag visibility={post.visibility} />
              {post.category ? (
                <Link to={`/common-area/forums/${post.category.slug}`} className="hover:underline">
                  in {post.category.name}
                </Link>
              ) : null}
              {post.isAnnouncement ? (
                <span
                  className="rounded bg-blue-100 px-1.5 py-0.5 font-medium text-blue-900 dark:bg-blue-900 dark:text-blue-100"
                  data-testid="announcement-label"
                >
                  Announcement
                </span>
              ) : null}
              {post.isQuestion ? (
                <span className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                  Question
                </span>
              ) : null}
              {post.isQuestion && post.acceptedCommentId ? (
                <Link
                  to={`/posts/${post.id}#comment-${post.acceptedCommentId}`}
                  className="rounded bg-green-100 px-1.5 py-0.5 text-green-900 hover:underline dark:bg-green-900 dark:text-green-100"
                  data-testid="answered"
                >
                  Answered
                </Link>
              ) : null}
              {post.shared && !post.mine ? <span>You shared this</span> : null}
            </p>
          </div>
        </header>
        {post.moderation ? <ModerationNotice moderation={post.moderation} mine={post.mine} /> : null}
        {editForm ? (
          <div className="mt-3">{editForm}</div>
        ) : (
          <>
            <p className="mt-3 whitespace-pre-wrap break-words" data-testid="post-content">
              {shown.text}
            </p>
            {shown.truncated ? (
              <Link to={`/posts/${post.id}`} className="text-sm text-blue-700 underline dark:text-blue-300">
                Show more
              </Link>
            ) : null}
            {post.hashtags.length > 0 ? (
              <p className="mt-2 flex flex-wrap gap-2 text-sm text-blue-800 dark:text-blue-300">
                {post.hashtags.map((h) => (
                  <span key={h}>{h}</span>
                ))}
              </p>
            ) : null}
            <PostMediaList postId={post.id} media={post.media} />
            {post.linkPreview ? <LinkPreviewCard preview={post.linkPreview} /> : null}
            {post.tags.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-1" aria-label="Forum tags">
                {post.tags.map((t) => (
                  <li
                    key={t}
                    className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                  >
                    {t}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
        <AwardChips awards={post.awards} />
        <footer className="mt-3 flex flex-wrap items-center gap-1">
          <Link to={`/posts/${post.id}#comments`} className={small} data-testid="post-comments-link">
            <MessageSquare className="h-4 w-4" />
            Comments <span className="text-xs text-slate-500 dark:text-slate-400">{post.commentsCount}</span>
          </Link>
          <ActionForm
            intent="bookmark"
            postId={post.id}
            redirectTo={redirectTo}
            fields={{ on: post.bookmarked ? "false" : "true" }}
            pressed={post.bookmarked}
          >
            <Bookmark className="h-4 w-4" />
            {post.bookmarked ? "Saved" : "Save"}
            <span className="text-xs text-slate-500 dark:text-slate-400">{post.bookmarksCount}</span>
          </ActionForm>
          {post.mine ? (
            <span className={small}>
              <Share2 className="h-4 w-4" />
              Shares <span className="text-xs text-slate-500 dark:text-slate-400">{post.sharesCount}</span>
            </span>
          ) : (
            <ActionForm
              intent="share"
              postId={post.id}
              redirectTo={redirectTo}
              fields={{ on: post.shared ? "false" : "true" }}
              pressed={post.shared}
            >
              <Share2 className="h-4 w-4" />
              {post.shared ? "Shared" : "Share"}
              <span className="text-xs text-slate-500 dark:text-slate-400">{post.sharesCount}</span>
            </ActionForm>
          )}
          <SendInMessage postId={post.id} redirectTo={redirectTo} />
          <CopyLink postId={post.id} />
          {mayAward && !post.mine && !post.awardedByMe ? (
            <AwardMenu postId={post.id} answer={awardAnswer} what="post" />
          ) : null}
          {post.mine && !editForm ? (
            <>
              <Link to={editHref} className={small} preventScrollReset>
                Edit
              </Link>
              <ActionForm
                intent="delete"
                postId={post.id}
                redirectTo={redirectTo}
                className={`${small} text-red-700 dark:text-red-400`}
              >
                Delete
              </ActionForm>
            </>
          ) : null}
          {post.mine ? null : (
            <ReportMenu postId={post.id} redirectTo={redirectTo} reported={post.reportedByMe} />
          )}
        </footer>
      </div>
    </article>
  );
}
