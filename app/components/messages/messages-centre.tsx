import {
  CONVERSATION_FILTER_LABELS,
  CONVERSATION_FILTERS,
  readReceipt,
  THREAD_HEIGHT_PX,
  threadItems,
} from "@domain/messages";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLocation,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Archive, ArrowLeft, BellOff, Plus, Search, Star } from "~/components/ui/icons";
import { onLive } from "~/live/live-source";
import type { ConversationSummary, MessageView, Participant } from "~/queries/messages.server";
import type { action, loader } from "~/routes/_app.messages";
import { Composer } from "./composer";
import { GroupForm } from "./group-form";
import { GroupMembers } from "./group-members";
import { MessageBubble } from "./message-bubble";

type LoaderData = Awaited<ReturnType<Awaited<ReturnType<typeof loader>>["json"]>>;
type ActionData = Awaited<ReturnType<Awaited<ReturnType<typeof action>>["json"]>>;

/** The messages centre, full variant (spec 002): the list on a third of the width and the thread. */
export function MessagesCentre({ data }: { data: LoaderData }) {
  const { params, conversations, thread, target, candidates } = data;
  const location = useLocation();
  const newGroup = new URLSearchParams(location.search).get("new") === "group";
  const showThread = Boolean(thread || target || newGroup);
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-4 text-2xl font-bold">Messages</h1>
      <div className="grid gap-4 md:grid-cols-3">
        <section aria-label="Conversations" className={`md:col-span-1 ${showThread ? "max-md:hidden" : ""}`}>
          <ConversationList
            params={params}
            conversations={conversations}
            currentId={thread?.conversation.id}
          />
        </section>
        <section aria-label="Thread" className={`md:col-span-2 ${showThread ? "" : "max-md:hidden"}`}>
          {showThread ? (
            <Link
              to={listHref(params)}
              className="mb-2 inline-flex items-center gap-1 text-sm text-blue-700 underline dark:text-blue-300 md:hidden"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All conversations
            </Link>
          ) : null}
          {thread ? (
            <Thread key={thread.conversation.id} data={data} thread={thread} />
          ) : target ? (
            <NewConversation data={data} target={target} />
          ) : newGroup ? (
            <GroupForm candidates={candidates ?? []} />
          ) : (
            <div className="flex h-40 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
              Select a conversation to start messaging
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function listHref(params: { filter: string; q: string }) {
  const s = new URLSearchParams();
  if (params.filter !== "all") s.set("filter", params.filter);
  if (params.q) s.set("q", params.q);
  const q = s.toString();
  return q ? `/messages?${q}` : "/messages";
}

function ConversationList({
  params,
  conversations,
  currentId,
}: {
  params: LoaderData["params"];
  conversations: ConversationSummary[];
  currentId?: string;
}) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const navigating = useRef(false);
  navigating.current = navigation.state !== "idle";
  // A message in any conversation refreshes the list (its order, previews and counts), unless a
  // navigation is loading it anyway (one's own send, leave or archive: it would race the redirect).
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const stop = onLive("message", () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (!navigating.current) revalidator.revalidate();
      }, 300);
    });
    return () => {
      stop();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [revalidator]);
  return (
    <div className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <Form
        method="get"
        action="/messages"
        role="search"
        className="flex gap-2 border-b border-slate-200 p-3 dark:border-slate-800"
      >
        {params.filter !== "all" ? <input type="hidden" name="filter" value={params.filter} /> : null}
        <label htmlFor="messages-search" className="sr-only">
          Search conversations
        </label>
        <input
          id="messages-search"
          name="q"
          type="search"
          defaultValue={params.q}
          placeholder="Search people and messages"
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-800"
        />
        <button
          type="submit"
          aria-label="Search"
          className="rounded-md border border-slate-300 px-2 dark:border-slate-700"
        >
          <Search aria-hidden="true" className="h-4 w-4" />
        </button>
      </Form>
      <nav
        aria-label="Conversation filters"
        className="flex flex-wrap gap-1 border-b border-slate-200 p-2 dark:border-slate-800"
      >
        {CONVERSATION_FILTERS.map((f) => {
          const s = new URLSearchParams();
          if (f !== "all") s.set("filter", f);
          if (params.q) s.set("q", params.q);
          const href = s.toString() ? `/messages?${s}` : "/messages";
          return (
            <Link
              key={f}
              to={href}
              aria-current={params.filter === f ? "page" : undefined}
              className={`rounded-full px-3 py-1 text-sm ${
                params.filter === f
                  ? "bg-blue-700 text-white"
                  : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
              }`}
            >
              {CONVERSATION_FILTER_LABELS[f]}
            </Link>
          );
        })}
        <Link
          to="/messages?new=group"
          className="ml-auto inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm text-blue-700 hover:bg-slate-100 dark:text-blue-300 dark:hover:bg-slate-800"
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> New group
        </Link>
      </nav>
      {conversations.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          {params.q ? "No conversations match your search" : "No conversations yet"}
        </p>
      ) : (
        <ul
          className="max-h-[600px] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800"
          data-testid="conversation-list"
        >
          {conversations.map((c) => (
            <li key={c.id}>
              <Link
                to={conversationHref(c.id, params)}
                aria-current={c.id === currentId ? "page" : undefined}
                className={`block px-3 py-2 hover:bg-slate-50 dark:hover:bg-slate-800 ${
                  c.id === currentId ? "bg-blue-50 dark:bg-slate-800" : ""
                }`}
              >
                <span className="flex items-center gap-2">
                  <span
                    className={`min-w-0 flex-1 truncate text-sm ${c.unread > 0 ? "font-bold" : "font-medium"}`}
                  >
                    {c.title}
                  </span>
                  {c.isStarred ? <Star aria-label="Starred" className="h-4 w-4 text-amber-600" /> : null}
                  {c.isMuted ? <BellOff aria-label="Muted" className="h-4 w-4 text-slate-500" /> : null}
                  {c.unread > 0 ? (
                    <span className="rounded-full bg-blue-700 px-2 text-xs font-bold text-white">
                      {c.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
                <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
                  {c.lastMessagePreview ?? "No messages yet"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function conversationHref(id: string, params: { filter: string; q: string }) {
  const s = new URLSearchParams({ c: id });
  if (params.filter !== "all") s.set("filter", params.filter);
  if (params.q) s.set("q", params.q);
  return `/messages?${s}`;
}

function NewConversation({ data, target }: { data: LoaderData; target: NonNullable<LoaderData["target"]> }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <header className="border-b border-slate-200 p-3 dark:border-slate-800">
        <h2 className="font-semibold">
          {target.name ? `New conversation with ${target.name}` : "New conversation"}
        </h2>
      </header>
      {target.allowed ? (
        <>
          <div className="p-4 text-sm text-slate-600 dark:text-slate-300" style={{ minHeight: 200 }}>
            Say hello: your first message starts the conversation.
          </div>
          <Composer
            action={`/messages?user=${target.id}`}
            conversationId={null}
            remainingHint={data.remainingHint}
          />
        </>
      ) : (
        <p role="alert" className="p-4 text-sm text-red-800 dark:text-red-300">
          {target.reason}
        </p>
      )}
    </div>
  );
}

type ThreadData = NonNullable<LoaderData["thread"]>;

/**
 * A message from the loader, replaced by a newer one from the live stream (by its version); new live
 * messages join the end unless the page shows an earlier stretch of the thread (`appendNew` false).
 */
function merge(loaded: MessageView[], live: Record<string, MessageView>, appendNew = true): MessageView[] {
  const byId = new Map(loaded.map((m) => [m.id, m]));
  for (const m of Object.values(live)) {
    const had = byId.get(m.id);
    if (had ? had.version < m.version : appendNew) byId.set(m.id, m);
  }
  return [...byId.values()].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1,
  );
}

function Thread({ data, thread }: { data: LoaderData; thread: ThreadData }) {
  const { conversation } = thread;
  const me = data.me;
  const actionData = useActionData<ActionData>();
  const [live, setLive] = useState<Record<string, MessageView>>({});
  const [readAt, setReadAt] = useState<Record<string, string>>({});
  const [typing, setTyping] = useState<Record<string, number>>({});
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const read = () =>
      void fetch("/api/messages/live", {
        method: "POST",
        body: new URLSearchParams({ intent: "read", conversationId: conversation.id }),
      }).catch(() => {});
    const stops = [
      onLive<MessageView>("message", (m) => {
        if (m.conversationId !== conversation.id) return;
        setLive((s) => ({ ...s, [m.id]: m }));
        if (m.senderId !== me) {
          setTyping((t) => {
            const { [m.senderId]: _, ...rest } = t;
            return rest;
          });
          if (document.visibilityState === "visible") read();
        }
      }),
      onLive<{ conversationId: string; userId: string; at: string }>("read", (r) => {
        if (r.conversationId === conversation.id) setReadAt((s) => ({ ...s, [r.userId]: r.at }));
      }),
      onLive<{ conversationId: string; userId: string; typing: boolean }>("typing", (t) => {
        if (t.conversationId !== conversation.id || t.userId === me) return;
        setTyping((s) => {
          const { [t.userId]: _, ...rest } = s;
          // Shown until it stops, or (a lost "stopped") a little after the sender's 3 s.
          return t.typing ? { ...rest, [t.userId]: Date.now() + 5000 } : rest;
        });
      }),
    ];
    const onVisible = () => document.visibilityState === "visible" && read();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      for (const stop of stops) stop();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [conversation.id, me]);

  // Expire typing indicators whose "stopped" never came.
  useEffect(() => {
    const ids = Object.keys(typing);
    if (ids.length === 0) return;
    const timer = setTimeout(() => {
      const now = Date.now();
      setTyping((s) => Object.fromEntries(Object.entries(s).filter(([, until]) => until > now)));
    }, 1000);
    return () => clearTimeout(timer);
  }, [typing]);

  // "Load earlier messages": with JavaScript the earlier pages are fetched and put above (the link is
  // the no-JavaScript way: a page of the 200 before).
  const earlierFetcher = useFetcher<typeof loader>();
  const [earlierPages, setEarlierPages] = useState<{ messages: MessageView[]; earlier: boolean } | null>(
    null,
  );
  useEffect(() => {
    const page = earlierFetcher.data?.thread;
    if (!page || page.conversation.id !== conversation.id) return;
    setEarlierPages((had) => ({
      messages: [...page.messages, ...(had?.messages ?? [])],
      earlier: page.earlier,
    }));
  }, [earlierFetcher.data, conversation.id]);
  // Every message the page has loaded stays (a refresh of the latest 200 after new ones arrive would
  // otherwise leave a gap below the earlier pages); the newest version of each wins in merge().
  const seen = useRef(new Map<string, MessageView>());
  for (const m of thread.messages) seen.current.set(m.id, m);
  const loaded = useMemo(
    () => (earlierPages ? [...earlierPages.messages, ...seen.current.values()] : thread.messages),
    [earlierPages, thread.messages],
  );
  const hasEarlier = earlierPages ? earlierPages.earlier : thread.earlier;
  const messages = useMemo(() => merge(loaded, live, !thread.paged), [loaded, live, thread.paged]);
  const oldest = messages[0];
  const earlierHref = oldest ? `${conversationHref(conversation.id, data.params)}&before=${oldest.id}` : null;
  const now = new Date(data.now);
  const items = threadItems(messages, now, data.timeZone);
  const others: (Participant & { lastReadAt: string | null })[] = conversation.participants.map((p) => {
    const liveAt = readAt[p.id];
    return { ...p, lastReadAt: liveAt && (!p.lastReadAt || liveAt > p.lastReadAt) ? liveAt : p.lastReadAt };
  });
  const last = messages.filter((m) => !m.isDeleted && !m.system).at(-1) ?? null;
  const receipt = readReceipt(last, me, others, conversation.type === "group");
  const typers = Object.keys(typing)
    .map((id) => others.find((o) => o.id === id)?.name)
    .filter(Boolean) as string[];

  // Scrolls when a message arrives at the end (not when earlier ones are put above).
  const lastId = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the thread's end changes
  useEffect(() => {
    if (!thread.paged) bottom.current?.scrollIntoView({ block: "end" });
  }, [lastId, thread.paged]);

  const flagAction = conversationHref(conversation.id, data.params);
  return (
    <div className="flex flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{conversation.title}</h2>
          <p className="truncate text-xs text-slate-600 dark:text-slate-300">
            {conversation.type === "group"
              ? `${conversation.participants.length + 1} participants: You, ${conversation.participants.map((p) => p.name).join(", ")}`
              : "Direct message"}
          </p>
        </div>
        <FlagButton
          action={flagAction}
          conversationId={conversation.id}
          flag="starred"
          on={conversation.isStarred}
          label={["Star", "Unstar"]}
          icon={<Star aria-hidden="true" className="h-4 w-4" />}
        />
        <FlagButton
          action={flagAction}
          conversationId={conversation.id}
          flag="muted"
          on={conversation.isMuted}
          label={["Mute", "Unmute"]}
          icon={<BellOff aria-hidden="true" className="h-4 w-4" />}
        />
        <FlagButton
          action={flagAction}
          conversationId={conversation.id}
          flag="archived"
          on={conversation.isArchived}
          label={["Archive", "Unarchive"]}
          icon={<Archive aria-hidden="true" className="h-4 w-4" />}
        />
        {conversation.type === "group" ? (
          <GroupMembers
            action={flagAction}
            conversationId={conversation.id}
            me={me}
            adminId={conversation.adminId}
            participants={conversation.participants}
            candidates={thread.addCandidates ?? []}
          />
        ) : null}
      </header>
      <div
        className="overflow-y-auto p-3"
        style={{ height: THREAD_HEIGHT_PX }}
        data-testid="thread"
        aria-live="polite"
        aria-relevant="additions"
      >
        {hasEarlier && earlierHref ? (
          <p className="mb-2 text-center text-sm">
            <Link
              to={earlierHref}
              className="text-blue-700 underline dark:text-blue-300"
              data-testid="load-earlier"
              onClick={(event) => {
                // With JavaScript: fetched and put above; without, the link opens the earlier page.
                event.preventDefault();
                if (earlierFetcher.state === "idle") earlierFetcher.load(earlierHref);
              }}
            >
              {earlierFetcher.state === "idle" ? "Load earlier messages" : "Loading earlier messages…"}
            </Link>
          </p>
        ) : null}
        {items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No messages yet</p>
        ) : (
          <ol className="flex flex-col gap-1">
            {items.map((item) =>
              item.kind === "message" && item.message.system ? (
                <li
                  key={item.key}
                  className="my-1 text-center text-xs text-slate-600 dark:text-slate-300"
                  data-testid="system-line"
                >
                  {item.message.system.line}
                </li>
              ) : item.kind === "message" ? (
                <li key={item.key}>
                  <MessageBubble
                    message={item.message}
                    mine={item.message.senderId === me}
                    showSender={conversation.type === "group"}
                    timeZone={data.timeZone}
                    now={now}
                    action={flagAction}
                    refusal={
                      actionData && "messageId" in actionData && actionData.messageId === item.message.id
                        ? actionData
                        : null
                    }
                  />
                  {receipt && last && item.message.id === last.id ? (
                    <p
                      className="mt-0.5 text-right text-xs text-slate-600 dark:text-slate-300"
                      data-testid="read-receipt"
                    >
                      {receipt}
                    </p>
                  ) : null}
                </li>
              ) : (
                <li
                  key={item.key}
                  className={`my-2 text-center text-xs ${item.kind === "day" ? "font-semibold text-slate-700 dark:text-slate-200" : "text-slate-500 dark:text-slate-400"}`}
                  data-separator={item.kind}
                >
                  {item.label}
                </li>
              ),
            )}
          </ol>
        )}
        {thread.paged ? (
          <p className="mt-2 text-center text-sm">
            <Link
              to={conversationHref(conversation.id, data.params)}
              className="text-blue-700 underline dark:text-blue-300"
            >
              Show the latest messages
            </Link>
          </p>
        ) : null}
        <div ref={bottom} />
      </div>
      <p
        className="min-h-5 px-3 text-xs italic text-slate-600 dark:text-slate-300"
        data-testid="typing-indicator"
        aria-live="polite"
      >
        {typers.length > 0 ? `${typers.join(", ")} ${typers.length === 1 ? "is" : "are"} typing…` : ""}
      </p>
      {thread.blockedReason ? (
        <p
          role="alert"
          className="border-t border-slate-200 p-3 text-sm text-red-800 dark:border-slate-800 dark:text-red-300"
        >
          {thread.blockedReason}
        </p>
      ) : (
        <Composer action={flagAction} conversationId={conversation.id} remainingHint={data.remainingHint} />
      )}
    </div>
  );
}

function FlagButton({
  action,
  conversationId,
  flag,
  on,
  label,
  icon,
}: {
  action: string;
  conversationId: string;
  flag: "starred" | "muted" | "archived";
  on: boolean;
  label: [string, string];
  icon: React.ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="flag" />
      <input type="hidden" name="conversationId" value={conversationId} />
      <input type="hidden" name="flag" value={flag} />
      <input type="hidden" name="value" value={String(!on)} />
      <button
        type="submit"
        aria-pressed={on}
        className={`inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs ${
          on
            ? "border-blue-700 bg-blue-50 text-blue-800 dark:bg-slate-800 dark:text-blue-300"
            : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
        }`}
      >
        {icon}
        {on ? label[1] : label[0]}
      </button>
    </Form>
  );
}
