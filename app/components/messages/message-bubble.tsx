import { formatBytes } from "@domain/files/uploads";
import { SHARED_POST_UNAVAILABLE, timeLabel, withinEditWindow } from "@domain/messages";
import { Form, Link } from "@remix-run/react";
import { Paperclip } from "~/components/ui/icons";
import type { MessageView, SharedPostView } from "~/queries/messages.server";

/**
 * A post sent in a message (decision 072): the author, an excerpt and a link to /posts/{id} for a
 * reader the post's visibility admits; for anyone else the server sent no content, only "unavailable".
 */
function SharedPostCard({ post, mine }: { post: SharedPostView; mine: boolean }) {
  const box = `mt-1 block rounded-md border px-3 py-2 text-left ${
    mine
      ? "border-blue-300 bg-white text-slate-900"
      : "border-slate-300 bg-white text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
  }`;
  if (!post.available)
    return (
      <p className={`${box} italic`} data-testid="shared-post-unavailable">
        {SHARED_POST_UNAVAILABLE}
      </p>
    );
  return (
    <div className={box} data-testid="shared-post">
      <p className="text-xs font-semibold">{post.authorName}</p>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm">{post.excerpt}</p>
      <Link to={`/posts/${post.id}`} className="mt-1 inline-block text-xs text-blue-800 underline">
        View post<span className="sr-only"> by {post.authorName}</span>
      </Link>
    </div>
  );
}

interface Refusal {
  result?: { error?: Record<string, string[] | null> } | null;
  current?: { content: string; version: string } | null;
  intent?: string | null;
}

/**
 * One message: text, attachments, time, "edited" (opening it shows the earlier versions: the
 * conversation's participants see what a message said before its edits); the sender's edit
 * (15 minutes) and delete.
 */
export function MessageBubble({
  message,
  mine,
  showSender,
  timeZone,
  now,
  action,
  refusal,
}: {
  message: MessageView;
  mine: boolean;
  showSender: boolean;
  timeZone: string;
  now: Date;
  action: string;
  refusal: Refusal | null;
}) {
  const error = refusal
    ? Object.values(refusal.result?.error ?? {})
        .flat()
        .filter(Boolean)[0]
    : null;
  const editable = mine && !message.isDeleted && withinEditWindow(message.createdAt, now);
  return (
    <div
      className={`flex flex-col ${mine ? "items-end" : "items-start"}`}
      data-testid="message"
      data-message-id={message.id}
    >
      {showSender && !mine ? (
        <span className="text-xs text-slate-600 dark:text-slate-300">{message.senderName}</span>
      ) : null}
      <div
        className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${
          mine
            ? "bg-blue-700 text-white"
            : "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        }`}
      >
        {message.isDeleted ? (
          <em className="opacity-80">This message was deleted</em>
        ) : (
          <>
            {message.content ? <p className="whitespace-pre-wrap break-words">{message.content}</p> : null}
            {message.sharedPost ? <SharedPostCard post={message.sharedPost} mine={mine} /> : null}
            {message.attachments.length > 0 ? (
              <ul className="mt-1 space-y-0.5">
                {message.attachments.map((a) => (
                  <li key={a.id}>
                    <a
                      href={`/messages/attachments/${a.id}`}
                      className="inline-flex items-center gap-1 underline"
                    >
                      <Paperclip aria-hidden="true" className="h-3 w-3" />
                      {a.fileName} <span className="text-xs opacity-80">({formatBytes(a.fileSize)})</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </div>
      <span className="text-[11px] text-slate-500 dark:text-slate-400">
        <time dateTime={message.createdAt}>{timeLabel(new Date(message.createdAt), timeZone)}</time>
        {message.isEdited && !message.isDeleted && message.edits.length === 0 ? " · edited" : ""}
      </span>
      {message.isEdited && !message.isDeleted && message.edits.length > 0 ? (
        <details className={`max-w-[80%] text-xs ${mine ? "text-right" : ""}`} data-testid="edit-history">
          <summary className="cursor-pointer text-slate-600 underline dark:text-slate-300">
            edited<span className="sr-only">: show earlier versions</span>
          </summary>
          <ol className="mt-1 space-y-1 text-left" aria-label="Earlier versions">
            {message.edits.map((e) => (
              <li
                key={e.editedAt + e.content}
                className="rounded border border-slate-200 px-2 py-1 dark:border-slate-700"
              >
                <span className="block text-[11px] text-slate-500 dark:text-slate-400">
                  Before the edit at{" "}
                  <time dateTime={e.editedAt}>{timeLabel(new Date(e.editedAt), timeZone)}</time>
                </span>
                <p className="whitespace-pre-wrap break-words">{e.content}</p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {mine && !message.isDeleted ? (
        <div className="flex items-start gap-2 text-xs">
          {editable ? (
            <details>
              <summary className="cursor-pointer text-blue-700 underline dark:text-blue-300">Edit</summary>
              <Form method="post" action={action} className="mt-1 flex flex-col gap-1">
                <input type="hidden" name="intent" value="edit" />
                <input type="hidden" name="messageId" value={message.id} />
                <input type="hidden" name="version" value={refusal?.current?.version ?? message.version} />
                <label className="sr-only" htmlFor={`edit-${message.id}`}>
                  Edit message
                </label>
                <textarea
                  id={`edit-${message.id}`}
                  name="content"
                  rows={2}
                  defaultValue={refusal?.current?.content ?? message.content}
                  className="w-64 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
                />
                <button type="submit" className="btn btn-secondary self-end px-2 py-1 text-xs">
                  Save
                </button>
              </Form>
            </details>
          ) : null}
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="messageId" value={message.id} />
            <button type="submit" className="text-red-700 underline dark:text-red-300">
              Delete
            </button>
          </Form>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
