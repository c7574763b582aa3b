import {
  canEnd,
  canJoin,
  canPost,
  canRemoveMessage,
  canRemoveParticipant,
  canSetRole,
  durationLabel,
  LIVE_REACTIONS,
  LIVE_ROLE_LABELS,
  type LiveRole,
  type LiveSeat,
  PANEL_HEIGHT_PX,
  stripOf,
} from "@domain/community/live";
import { relativeTime } from "@domain/community/posts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ModerationNotice, ReportMenu } from "~/components/community/post-moderation";
import { ProfileAvatar } from "~/components/profiles/profile-avatar";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { onLive } from "~/live/live-source";
import { liveRoomAction, liveRoomLoader } from "./_app.common-area.live.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.discussion.title ?? "Live discussion"} · Live discussions · Association Commons` },
];

/**
 * One live discussion (issue 29, part 6; spec 002 "Live discussion panel"): the header, the
 * participants strip (8, then "+N more"), the 600 px panel of messages with replies and reactions, the
 * reply bar for people who joined, Join / Leave, the moderators' and the host's actions. Every action
 * is a plain form; with JavaScript, a change anyone makes reaches the page over the live stream and
 * the page reloads its view (without JavaScript, Refresh).
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => liveRoomLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => liveRoomAction(request, params.id);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const badge = "rounded-full px-2 py-0.5 text-xs font-medium";
const ROLE_BADGE: Record<LiveRole, string> = {
  owner: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  moderator: "bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100",
  member: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
};

function RoleBadge({ role }: { role: LiveRole | null }) {
  if (!role || role === "member") return null;
  return <span className={`${badge} ${ROLE_BADGE[role]}`}>{LIVE_ROLE_LABELS[role]}</span>;
}

/** Reloads the room's view when the live stream says it changed. */
function useLiveRoom(id: string) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(
    () =>
      onLive<{ discussionId: string }>("live", (d) => {
        if (d.discussionId === id) revalidate.current();
      }),
    [id],
  );
}

function Participants({ data, ended }: { data: Data; ended: boolean }) {
  const { shown, more } = stripOf(data.participants);
  const seat = data.seat as LiveSeat | null;
  return (
    <section aria-labelledby="participants-heading" className="space-y-2">
      <h2 id="participants-heading" className="text-sm font-semibold">
        {ended ? "Present at the end" : "In the room"} ({data.participants.length})
      </h2>
      <ul className="flex flex-wrap items-center gap-3" data-testid="participants-strip">
        {shown.map((p) => (
          <li key={p.userId} className="flex items-center gap-2 text-sm">
            <ProfileAvatar name={p.name} url={p.avatarUrl} size="sm" />
            <span>{p.name}</span>
            <RoleBadge role={p.role} />
          </li>
        ))}
        {more > 0 ? <li className="text-sm font-medium">+{more} more</li> : null}
      </ul>
      {data.participants.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-blue-800 dark:text-blue-300">
            All participants
          </summary>
          <ul
            className="mt-2 divide-y divide-slate-200 dark:divide-slate-800"
            data-testid="participants-list"
          >
            {data.participants.map((p) => {
              const target: LiveSeat = { role: p.role, joined: true, removed: false };
              return (
                <li key={p.userId} className="flex flex-wrap items-center gap-2 py-2">
                  <span className="font-medium">{p.name}</span>
                  <RoleBadge role={p.role} />
                  <span className="ml-auto flex gap-2">
                    {canSetRole(seat, target, ended) ? (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="set_role" />
                        <input type="hidden" name="user_id" value={p.userId} />
                        <input
                          type="hidden"
                          name="role"
                          value={p.role === "moderator" ? "member" : "moderator"}
                        />
                        <Button
                          type="submit"
                          variant="secondary"
                          aria-label={`${p.role === "moderator" ? "Make member" : "Make moderator"}: ${p.name}`}
                        >
                          {p.role === "moderator" ? "Make member" : "Make moderator"}
                        </Button>
                      </Form>
                    ) : null}
                    {canRemoveParticipant(seat, target, ended) ? (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="remove_participant" />
                        <input type="hidden" name="user_id" value={p.userId} />
                        <Button type="submit" variant="ghost" aria-label={`Remove ${p.name}`}>
                          Remove
                        </Button>
                      </Form>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function Message({ m, data, ended }: { m: Data["messages"][number]; data: Data; ended: boolean }) {
  const seat = data.seat as LiveSeat | null;
  if (m.messageType === "system") {
    return (
      <li id={`message-${m.id}`} className="py-2 text-center text-xs text-slate-600 dark:text-slate-400">
        {m.content}
      </li>
    );
  }
  const joined = canPost(seat, ended);
  return (
    <li id={`message-${m.id}`} data-testid="live-message" className="flex gap-3 py-2">
      <ProfileAvatar name={m.authorName} url={m.authorAvatarUrl} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold">{m.authorName}</span>
          <RoleBadge role={m.authorRole} />
          <time dateTime={m.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
            {relativeTime(new Date(m.createdAt), new Date(data.now))}
          </time>
        </p>
        {m.replyTo ? (
          <p className="mt-1 border-l-2 border-slate-300 pl-2 text-xs text-slate-600 dark:border-slate-600 dark:text-slate-400">
            Replying to {m.replyTo.authorName}: {m.replyTo.content ?? "Message removed"}
          </p>
        ) : null}
        {m.removed ? (
          <p className="mt-1 text-sm italic text-slate-600 dark:text-slate-400">
            This message was removed by a moderator
          </p>
        ) : (
          <p className="mt-1 whitespace-pre-wrap break-words text-sm">{m.content}</p>
        )}
        {m.moderation ? (
          <ModerationNotice moderation={m.moderation} mine={m.userId === data.viewerId} what="message" />
        ) : null}
        {!m.removed ? (
          <div className="mt-1 flex flex-wrap items-center gap-1">
            {m.reactions.map((r) => (
              <span key={r.emoji} className="sr-only">
                {r.emoji} {r.count}
              </span>
            ))}
            {(joined ? LIVE_REACTIONS : m.reactions.map((r) => r.emoji)).map((emoji) => {
              const r = m.reactions.find((x) => x.emoji === emoji);
              const label = `${emoji} ${r?.count ?? 0}`;
              return joined ? (
                <Form key={emoji} method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="react" />
                  <input type="hidden" name="message_id" value={m.id} />
                  <input type="hidden" name="emoji" value={emoji} />
                  <button
                    type="submit"
                    aria-pressed={r?.mine ?? false}
                    aria-label={`React ${emoji} ${r?.count ?? 0}`}
                    className={`rounded-full border px-2 py-0.5 text-xs ${
                      r?.mine
                        ? "border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950"
                        : "border-slate-300 dark:border-slate-700"
                    } ${r ? "" : "opacity-70"}`}
                  >
                    {r ? label : emoji}
                  </button>
                </Form>
              ) : (
                <span
                  key={emoji}
                  aria-hidden="true"
                  className="rounded-full border border-slate-300 px-2 py-0.5 text-xs dark:border-slate-700"
                >
                  {label}
                </span>
              );
            })}
            {joined ? (
              <Link
                to={`?reply=${m.id}#reply-bar`}
                preventScrollReset
                className="ml-1 text-xs font-medium text-blue-800 hover:underline dark:text-blue-300"
                aria-label={`Reply to ${m.authorName}`}
              >
                Reply
              </Link>
            ) : null}
            {m.userId !== data.viewerId ? (
              <ReportMenu
                kind="live_message"
                postId={m.id}
                redirectTo={`/common-area/live/${data.discussion.id}`}
                reported={m.reportedByMe}
                what="message"
                label={`message by ${m.authorName}`}
                inline
              />
            ) : null}
            {canRemoveMessage(seat, ended) ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="remove_message" />
                <input type="hidden" name="message_id" value={m.id} />
                <button
                  type="submit"
                  className="ml-1 text-xs font-medium text-red-800 hover:underline dark:text-red-300"
                  aria-label={`Remove message by ${m.authorName}`}
                >
                  Remove
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function ReplyBar({ data }: { data: Data }) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === "message") {
      sending.current = true;
    } else if (navigation.state === "idle" && sending.current) {
      sending.current = false;
      if (!answer?.error) form.current?.reset();
    }
  }, [navigation.state, navigation.formData, answer]);
  return (
    <Form method="post" ref={form} id="reply-bar" className="flex flex-col gap-2" preventScrollReset>
      <IdempotencyKey />
      <input type="hidden" name="intent" value="message" />
      {data.replyTo ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
          <input type="hidden" name="reply_to" value={data.replyTo.id} />
          <span>
            Replying to {data.replyTo.authorName}: {data.replyTo.content}
          </span>
          <Link
            to="."
            preventScrollReset
            className="font-medium text-blue-800 hover:underline dark:text-blue-300"
          >
            Cancel reply
          </Link>
        </p>
      ) : null}
      <div className="flex gap-2">
        <label htmlFor="live-message" className="sr-only">
          Message
        </label>
        <textarea
          id="live-message"
          name="content"
          rows={2}
          maxLength={2000}
          required
          placeholder="Type a message"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        />
        <Button type="submit" className="self-end">
          Send
        </Button>
      </div>
    </Form>
  );
}

export default function LiveRoom() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const d = data.discussion;
  const ended = d.endedAt !== null;
  const seat = data.seat as LiveSeat | null;
  useLiveRoom(d.id);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link to="/common-area/live" className="font-medium text-blue-800 hover:underline dark:text-blue-300">
          All live discussions
        </Link>
        <Link to="." reloadDocument className="font-medium text-blue-800 hover:underline dark:text-blue-300">
          Refresh
        </Link>
      </div>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`${badge} bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100`}>
            {d.category}
          </span>
          {ended ? (
            <span
              data-testid="room-status"
              className={`${badge} bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100`}
            >
              Ended
            </span>
          ) : (
            <span
              data-testid="room-status"
              className={`${badge} bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100`}
            >
              Live
            </span>
          )}
        </div>
        <h1 className="text-2xl font-bold">{d.title}</h1>
        {d.description ? <p className="text-slate-700 dark:text-slate-300">{d.description}</p> : null}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Hosted by {d.hostName} · started{" "}
          <time dateTime={d.startedAt}>{relativeTime(new Date(d.startedAt), new Date(data.now))}</time> ·
          about {durationLabel(d.estimatedMinutes)} ·{" "}
          <span data-testid="participant-count">
            {d.participantCount} {d.participantCount === 1 ? "participant" : "participants"}
          </span>{" "}
          · {d.messageCount} {d.messageCount === 1 ? "message" : "messages"}
        </p>
        {d.tags.length > 0 ? (
          <p className="flex flex-wrap gap-2 text-xs text-slate-600 dark:text-slate-400">
            {d.tags.map((t) => (
              <span key={t}>#{t}</span>
            ))}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {canJoin(seat, ended) ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="join" />
              <Button type="submit">Join</Button>
            </Form>
          ) : null}
          {!ended && seat?.joined && seat.role !== "owner" ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="leave" />
              <Button type="submit" variant="secondary">
                Leave
              </Button>
            </Form>
          ) : null}
          {canEnd(seat, ended) ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="end" />
              <Button type="submit" variant="secondary">
                End discussion
              </Button>
            </Form>
          ) : null}
        </div>
        {seat?.removed ? <Alert title="You were removed from this discussion" /> : null}
        {ended ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            This discussion has ended. Its transcript is read-only.
          </p>
        ) : null}
      </header>
      <Participants data={data} ended={ended} />
      {answer?.error ? <Alert title={answer.error} /> : null}
      <section
        aria-labelledby="chat-heading"
        className="flex flex-col rounded-xl border border-slate-200 dark:border-slate-800"
        style={{ height: PANEL_HEIGHT_PX }}
      >
        <h2
          id="chat-heading"
          className="border-b border-slate-200 px-4 py-2 text-sm font-semibold dark:border-slate-800"
        >
          {ended ? "Transcript" : "Chat"}
        </h2>
        {/* Reversed: the panel opens scrolled to the latest message, with or without JavaScript. */}
        <div
          className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto px-4"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled panel takes the keyboard's focus (axe scrollable-region-focusable)
          tabIndex={0}
          role="log"
          aria-label="Messages"
        >
          {data.messages.length === 0 ? (
            <p className="py-4 text-sm text-slate-600 dark:text-slate-400">No messages yet.</p>
          ) : (
            <ol className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="live-messages">
              {data.messages.map((m) => (
                <Message key={m.id} m={m} data={data} ended={ended} />
              ))}
            </ol>
          )}
        </div>
        <div className="border-t border-slate-200 p-3 dark:border-slate-800">
          {canPost(seat, ended) ? (
            <ReplyBar data={data} />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {ended
                ? "This discussion has ended."
                : seat?.removed
                  ? "You cannot rejoin this discussion."
                  : "Join the discussion to send a message."}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
