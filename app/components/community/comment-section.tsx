import type { SubmissionResult } from "@conform-to/react";
import {
  AWARD_LABELS,
  AWARDS,
  type Award,
  COMMENT_LIMITS,
  COMMENT_MESSAGES,
  canReplyTo,
} from "@domain/community/comments";
import { checkContent, contentCounterTone } from "@domain/community/content-rules";
import { FORUM_MESSAGES } from "@domain/community/forums";
import { relativeTime } from "@domain/community/posts";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ProfileAvatar } from "~/components/profiles/profile-avatar";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import type { AwardCounts, CommentView } from "~/queries/community-comments.server";
import { ExpertBadge } from "./expert-badge";
import { ModerationNotice, ReportMenu } from "./post-moderation";
import { VoteWidget } from "./vote-widget";

/**
 * The comment section of a post (spec 002 "Comment section for a post"; issue 29, parts 3 and 4): a
 * write box and a Comment button, replies nested one level, a per-comment actions menu (Edit and
 * Delete for the author), votes, awards, "(edited)" with the edit history. Every form is a plain POST
 * without JavaScript (back to /posts/{id}#comment-{id}) and a fetcher with it (no full reload).
 */

export interface CommentAnswer {
  intent?: string | null;
  commentId?: string | null;
  parentCommentId?: string | null;
  result?: SubmissionResult<string[]> | null;
  current?: { content: string; version: number } | null;
}

const TONE_CLASS = {
  normal: "text-slate-600 dark:text-slate-300",
  warning: "text-amber-700 dark:text-amber-300",
  danger: "text-red-700 dark:text-red-300",
} as const;

const control =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const small =
  "inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";
const primary =
  "rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60";

const errorsOf = (answer: CommentAnswer | undefined) => {
  const error = answer?.result?.error;
  if (!error) return [];
  return Object.values(error).flatMap((v) => v ?? []);
};

/** The answer of this form, from the fetcher (JavaScript) or the action (no JavaScript). */
function useAnswer(
  fetcherData: unknown,
  actionAnswer: CommentAnswer | undefined,
  matches: (a: CommentAnswer) => boolean,
): CommentAnswer | undefined {
  const mine = (fetcherData as CommentAnswer | undefined) ?? undefined;
  if (mine?.result) return mine;
  return actionAnswer && matches(actionAnswer) ? actionAnswer : undefined;
}

/** The text box with the counter (N/1000, yellow above 800, red above 900) and the rules as typed. */
function CommentText({
  id,
  name = "content",
  defaultValue = "",
  label,
  errors,
  hint,
  resetKey,
}: {
  id: string;
  name?: string;
  defaultValue?: string;
  label: string;
  errors: string[];
  hint?: string | null;
  resetKey?: number;
}) {
  const [text, setText] = useState(defaultValue);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (a comment posted) empties the box
  useEffect(() => setText(defaultValue), [resetKey]);
  const length = text.trim().length;
  const check = length > 0 ? checkContent("comment", text) : { errors: [], warnings: [] };
  const shown = errors.length > 0 ? errors : check.errors;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={2}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder={label}
        aria-invalid={shown.length > 0 ? true : undefined}
        aria-describedby={`${id}-counter`}
        className={control}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
        <span
          id={`${id}-counter`}
          className={TONE_CLASS[contentCounterTone("comment", length)]}
          data-testid="comment-counter"
        >
          {length}/{COMMENT_LIMITS.maxLength}
        </span>
        {hint ? <span className="text-amber-700 dark:text-amber-300">{hint}</span> : null}
      </div>
      {shown.length > 0 ? (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {shown.join(" ")}
        </p>
      ) : null}
      {check.warnings.length > 0 ? (
        <p className="text-sm text-amber-700 dark:text-amber-300">{check.warnings.join(" ")}</p>
      ) : null}
    </div>
  );
}

/** A comment form (write box or reply): its box empties once the comment is posted. */
function WriteForm({
  postId,
  parentCommentId,
  answer,
  hint,
  limited,
  compact = false,
}: {
  postId: string;
  parentCommentId?: string;
  answer: CommentAnswer | undefined;
  hint: string | null;
  limited: boolean;
  compact?: boolean;
}) {
  const fetcher = useFetcher();
  const mine = useAnswer(
    fetcher.data,
    answer,
    (a) => a.intent === "comment" && (a.parentCommentId ?? undefined) === parentCommentId,
  );
  const [posted, setPosted] = useState(0);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if (!(fetcher.data as CommentAnswer | undefined)?.result) setPosted((n) => n + 1);
    }
  }, [fetcher.state, fetcher.data]);
  const id = parentCommentId ? `reply-${parentCommentId}` : `comment-box-${postId}`;
  return (
    <fetcher.Form
      method="post"
      action={`/posts/${postId}`}
      preventScrollReset
      className="flex flex-col gap-2"
      data-testid={parentCommentId ? "reply-form" : "comment-form"}
    >
      <input type="hidden" name="intent" value="comment" />
      {parentCommentId ? <input type="hidden" name="parentCommentId" value={parentCommentId} /> : null}
      <IdempotencyKey />
      <CommentText
        id={id}
        label={parentCommentId ? "Write a reply..." : "Write a comment..."}
        errors={errorsOf(mine)}
        hint={hint}
        resetKey={posted}
      />
      <div>
        <button type="submit" className={primary} disabled={limited || fetcher.state !== "idle"}>
          {parentCommentId ? "Reply" : compact ? "Post" : "Comment"}
        </button>
      </div>
    </fetcher.Form>
  );
}

function EditForm({ comment, answer }: { comment: CommentView; answer: CommentAnswer | undefined }) {
  const fetcher = useFetcher();
  const mine = useAnswer(
    fetcher.data,
    answer,
    (a) => a.intent === "editComment" && a.commentId === comment.id,
  );
  const base = mine?.current ?? comment;
  return (
    <fetcher.Form
      method="post"
      action={`/posts/${comment.postId}`}
      preventScrollReset
      className="mt-2 flex flex-col gap-2"
      data-testid="comment-edit-form"
      key={base.version}
    >
      <input type="hidden" name="intent" value="editComment" />
      <input type="hidden" name="commentId" value={comment.id} />
      <input type="hidden" name="version" value={base.version} />
      <CommentText
        id={`edit-${comment.id}`}
        label="Edit comment"
        defaultValue={base.content}
        errors={errorsOf(mine)}
      />
      <div className="flex gap-2">
        <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
          Save
        </button>
        <Link to={`/posts/${comment.postId}#comment-${comment.id}`} className={small} preventScrollReset>
          Cancel
        </Link>
      </div>
    </fetcher.Form>
  );
}

/** A small one-button form (Delete, an award): a fetcher with JavaScript, a plain POST without. */
function OneButton({
  postId,
  fields,
  children,
  className = small,
}: {
  postId: string;
  fields: Record<string, string>;
  children: React.ReactNode;
  className?: string;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={`/posts/${postId}`} preventScrollReset>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={className} disabled={fetcher.state !== "idle"}>
        {children}
      </button>
    </fetcher.Form>
  );
}

/** The awards an item received, as chips ("Helpful 2"). */
export function AwardChips({ awards }: { awards: AwardCounts }) {
  const given = AWARDS.filter((a) => (awards[a] ?? 0) > 0);
  if (given.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Awards" data-testid="award-chips">
      {given.map((a) => (
        <li
          key={a}
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
        >
          {AWARD_LABELS[a]} {awards[a]}
        </li>
      ))}
    </ul>
  );
}

/** The award menu (members with enough karma, administrators): one award per item per person. */
export function AwardMenu({
  postId,
  commentId,
  answer,
  what,
}: {
  postId: string;
  commentId?: string;
  answer?: CommentAnswer;
  what: string;
}) {
  const mine =
    answer?.intent === "award" && (answer.commentId ?? undefined) === commentId ? answer : undefined;
  return (
    <details className="relative">
      <summary className={`${small} cursor-pointer list-none`}>Give award</summary>
      <div className="absolute z-10 mt-1 flex min-w-44 flex-col rounded-md border border-slate-200 bg-white p-1 shadow-md dark:border-slate-700 dark:bg-slate-900">
        {AWARDS.map((a: Award) => (
          <OneButton
            key={a}
            postId={postId}
            fields={{ intent: "award", award: a, ...(commentId ? { commentId } : {}) }}
            className={`${small} w-full justify-start`}
          >
            {AWARD_LABELS[a]}
            <span className="sr-only"> for this {what}</span>
          </OneButton>
        ))}
      </div>
      {errorsOf(mine).length > 0 ? (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {errorsOf(mine).join(" ")}
        </p>
      ) : null}
    </details>
  );
}

/** A question's accepted answer (forums): who may choose it, and which comment it is. */
interface Accepting {
  acceptedCommentId: string | null;
  canAccept: boolean;
}

function CommentItem({
  comment,
  now,
  canComment,
  mayAward,
  editing,
  answer,
  hint,
  limited,
  accepting,
}: {
  comment: CommentView;
  now: string;
  canComment: boolean;
  mayAward: boolean;
  editing: string | null;
  answer: CommentAnswer | undefined;
  hint: string | null;
  limited: boolean;
  accepting: Accepting;
}) {
  const accepted = accepting.acceptedCommentId === comment.id;
  const profileHref = comment.authorUsername ? `/professional/${comment.authorUsername}` : null;
  const actionError =
    answer && answer.commentId === comment.id && answer.intent !== "editComment" && answer.intent !== "award"
      ? errorsOf(answer)
      : [];
  return (
    <li id={`comment-${comment.id}`} data-testid="comment" className="scroll-mt-20">
      {comment.deleted ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm italic text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {COMMENT_MESSAGES.deletedPlaceholder}
        </p>
      ) : (
        <div className="flex gap-2">
          <VoteWidget
            postId={comment.id}
            intent="voteComment"
            idField="commentId"
            label={` comment by ${comment.authorName}`}
            upvotes={comment.upvotes}
            downvotes={comment.downvotes}
            myVote={comment.myVote}
            redirectTo=""
          />
          <div className="min-w-0 flex-1">
            <header className="flex flex-wrap items-center gap-x-2 text-sm">
              <ProfileAvatar name={comment.authorName} url={comment.authorAvatarUrl} size="sm" />
              <span className="font-semibold">
                {profileHref ? (
                  <Link to={profileHref} className="hover:underline">
                    {comment.authorName}
                  </Link>
                ) : (
                  comment.authorName
                )}
                {comment.authorBadge ? (
                  <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs font-medium text-blue-900 dark:bg-blue-900 dark:text-blue-100">
                    {comment.authorBadge}
                  </span>
                ) : null}
                {comment.authorExpert ? <ExpertBadge /> : null}
              </span>
              <time dateTime={comment.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
                {relativeTime(new Date(comment.createdAt), new Date(now))}
              </time>
              {accepted ? (
                <span
                  className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-900 dark:bg-green-900 dark:text-green-100"
                  data-testid="accepted-answer"
                >
                  ✓ {FORUM_MESSAGES.acceptedLabel}
                </span>
              ) : null}
              {comment.editedAt ? (
                <details className="text-xs text-slate-600 dark:text-slate-400">
                  <summary className="cursor-pointer" data-testid="comment-edited">
                    {COMMENT_MESSAGES.edited}
                  </summary>
                  <ol className="mt-1 flex flex-col gap-1" aria-label="Edit history">
                    {comment.edits.map((e) => (
                      <li key={e.version} className="rounded bg-slate-50 px-2 py-1 dark:bg-slate-800">
                        <span className="block">
                          Before{" "}
                          <time dateTime={e.editedAt}>
                            {relativeTime(new Date(e.editedAt), new Date(now))}
                          </time>
                          :
                        </span>
                        <span className="whitespace-pre-wrap break-words">{e.content}</span>
                      </li>
                    ))}
                  </ol>
                </details>
              ) : null}
            </header>
            {editing === comment.id && comment.mine ? (
              <EditForm comment={comment} answer={answer} />
            ) : (
              <p className="mt-1 whitespace-pre-wrap break-words text-sm" data-testid="comment-content">
                {comment.content}
              </p>
            )}
            {comment.moderation ? (
              <ModerationNotice moderation={comment.moderation} mine={comment.mine} what="comment" />
            ) : null}
            <AwardChips awards={comment.awards} />
            <div className="mt-1 flex flex-wrap items-center gap-1">
              {canComment && canReplyTo(comment.threadDepth) ? (
                <details className="w-full sm:w-auto">
                  <summary className={`${small} cursor-pointer list-none`}>Reply</summary>
                  <div className="mt-2 min-w-72">
                    <WriteForm
                      postId={comment.postId}
                      parentCommentId={comment.id}
                      answer={answer}
                      hint={hint}
                      limited={limited}
                    />
                  </div>
                </details>
              ) : null}
              {accepting.canAccept ? (
                <OneButton
                  postId={comment.postId}
                  fields={
                    accepted ? { intent: "acceptAnswer" } : { intent: "acceptAnswer", commentId: comment.id }
                  }
                >
                  {accepted ? "Unaccept answer" : "Accept answer"}
                </OneButton>
              ) : null}
              {mayAward && !comment.mine && !comment.awardedByMe ? (
                <AwardMenu postId={comment.postId} commentId={comment.id} answer={answer} what="comment" />
              ) : null}
              {comment.mine ? null : (
                <ReportMenu
                  kind="comment"
                  postId={comment.id}
                  redirectTo={`/posts/${comment.postId}`}
                  reported={comment.reportedByMe}
                  what="comment"
                  label={`comment by ${comment.authorName}`}
                />
              )}
              {comment.mine ? (
                <details className="relative">
                  <summary
                    className={`${small} cursor-pointer list-none`}
                    aria-label={`Actions for your comment`}
                  >
                    ⋯ <span className="sr-only">More</span>
                  </summary>
                  <div className="absolute z-10 mt-1 flex min-w-32 flex-col rounded-md border border-slate-200 bg-white p-1 shadow-md dark:border-slate-700 dark:bg-slate-900">
                    <Link
                      to={`/posts/${comment.postId}?editComment=${comment.id}#comment-${comment.id}`}
                      className={small}
                      preventScrollReset
                    >
                      Edit
                    </Link>
                    <OneButton
                      postId={comment.postId}
                      fields={{ intent: "deleteComment", commentId: comment.id }}
                      className={`${small} w-full text-red-700 dark:text-red-400`}
                    >
                      Delete
                    </OneButton>
                  </div>
                </details>
              ) : null}
            </div>
            {actionError.length > 0 ? (
              <p className="text-sm text-red-700 dark:text-red-400" role="alert">
                {actionError.join(" ")}
              </p>
            ) : null}
          </div>
        </div>
      )}
      {comment.replies.length > 0 ? (
        <ul
          className="ml-8 mt-3 flex flex-col gap-3 border-l border-slate-200 pl-3 dark:border-slate-700"
          aria-label="Replies"
        >
          {comment.replies.map((r) => (
            <CommentItem
              key={r.id}
              comment={r}
              now={now}
              canComment={canComment}
              mayAward={mayAward}
              editing={editing}
              answer={answer}
              hint={hint}
              limited={limited}
              accepting={accepting}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function CommentSection({
  postId,
  commentsCount,
  comments,
  nextComments,
  morePage,
  canComment,
  hint,
  limited,
  mayAward,
  editing,
  now,
  answer,
  acceptedCommentId = null,
  canAccept = false,
  closed = null,
}: {
  postId: string;
  commentsCount: number;
  comments: CommentView[];
  nextComments: string | null;
  morePage: boolean;
  canComment: boolean;
  hint: string | null;
  limited: boolean;
  mayAward: boolean;
  editing: string | null;
  now: string;
  answer: CommentAnswer | undefined;
  /** A question's accepted answer, and whether the reader (its author) may choose it. */
  acceptedCommentId?: string | null;
  canAccept?: boolean;
  /** Why no one writes here (an archived category), shown instead of the form. */
  closed?: string | null;
}) {
  const accepting = { acceptedCommentId, canAccept };
  return (
    <section
      id="comments"
      aria-labelledby="comments-heading"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="comments-heading" className="text-lg font-semibold">
        Comments{" "}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">({commentsCount})</span>
      </h2>
      {canComment ? (
        <WriteForm postId={postId} answer={answer} hint={hint} limited={limited} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{closed ?? COMMENT_MESSAGES.needContext}</p>
      )}
      {morePage ? (
        <Link to={`/posts/${postId}#comments`} className="text-sm text-blue-700 underline dark:text-blue-300">
          First comments
        </Link>
      ) : null}
      {comments.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="comments-empty">
          {COMMENT_MESSAGES.empty}
        </p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Comments">
          {comments.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              now={now}
              canComment={canComment}
              mayAward={mayAward}
              editing={editing}
              answer={answer}
              hint={hint}
              limited={limited}
              accepting={accepting}
            />
          ))}
        </ul>
      )}
      {nextComments ? (
        <Form method="get" action={`/posts/${postId}`}>
          <input type="hidden" name="comments" value={nextComments} />
          <button type="submit" className={small}>
            More comments
          </button>
        </Form>
      ) : null}
    </section>
  );
}
