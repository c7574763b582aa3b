import type { DatabaseHandle } from "@db/client";
import { users } from "@db/schema";
import {
  decodeCursor,
  encodeCursor,
  isExpired,
  type LiveSignal,
  NOTIFICATIONS_CHANNEL,
  parseLiveSignal,
  STREAM_HEARTBEAT_MS,
  type StreamCursor,
} from "@domain/notifications";
import { eq } from "drizzle-orm";
import { env } from "~/env.server";

const MIN_UUID = "00000000-0000-0000-0000-000000000000";
/** How long a changed post waits for others before the batch is sent (decision 075). */
const POST_UPDATE_BATCH_MS = 200;

import {
  type NewPostSignal,
  type PostUpdate,
  postUpdatesFor,
  readersOfPost,
} from "~/queries/community-posts.server";
import { getMessageFor, type MessageView, unreadMessagesCount } from "~/queries/messages.server";
import { presentNotification } from "~/queries/notification-present.server";
import {
  getNotification,
  getUnreadCount,
  type NotificationRow,
  notificationsSince,
} from "~/queries/notifications.server";

/**
 * What a person's streams read for one signal, read once and shared by all of them: a person with many
 * open tabs (or the benchmark's thousand streams) costs one query per signal, not one per stream.
 */
export interface SignalReads {
  unreadCount(): Promise<number>;
  notification(id: string): Promise<NotificationRow | null>;
  /** A message of one of the person's conversations (null when they are not a participant). */
  message(id: string): Promise<MessageView | null>;
  /** The shell's unread messages badge. */
  unreadMessages(): Promise<number>;
}

function signalReads(db: DatabaseHandle["db"], userId: string): SignalReads {
  let unread: Promise<number> | undefined;
  let unreadMessages: Promise<number> | undefined;
  const rows = new Map<string, Promise<NotificationRow | null>>();
  let message: { id: string; row: Promise<MessageView | null> } | undefined;
  return {
    message: (id) => {
      if (message?.id !== id) message = { id, row: getMessageFor(db, userId, id) };
      return message.row;
    },
    unreadMessages: () => {
      unreadMessages ??= unreadMessagesCount(db, userId);
      return unreadMessages;
    },
    unreadCount: () => {
      unread ??= getUnreadCount(db, userId);
      return unread;
    },
    notification: (id) => {
      let row = rows.get(id);
      if (!row) {
        row = getNotification(db, userId, id);
        rows.set(id, row);
      }
      return row;
    },
  };
}

/**
 * A signal from the channel, "resync" (the LISTEN connection dropped and came back), or a new post the
 * person may read (the hub asked once for all its streams).
 */
type Subscriber = (
  signal:
    | Exclude<LiveSignal, { kind: "post" | "post-update" }>
    | { kind: "resync" }
    | { kind: "new-post"; post: NewPostSignal }
    | { kind: "post-updates"; posts: PostUpdate[] },
  reads: SignalReads,
) => void;

/**
 * One LISTEN per app process (per database handle), fanned out in process to the open streams of each
 * person: a thousand open browsers cost a thousand callbacks, not a thousand database connections.
 */
export class NotificationHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private listening: Promise<unknown> | null = null;
  /** Changed posts waiting for the next batch (decision 075): a burst of votes is one query. */
  private readonly changedPosts = new Set<string>();
  private changedTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly handle: DatabaseHandle) {}

  async subscribe(userId: string, subscriber: Subscriber): Promise<() => void> {
    this.listening ??= this.handle
      .listen(
        NOTIFICATIONS_CHANNEL,
        (payload) => this.dispatch(payload),
        () => this.resyncAll(),
      )
      .catch((error) => {
        this.listening = null;
        throw error;
      });
    await this.listening;
    let set = this.subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(userId, set);
    }
    set.add(subscriber);
    return () => {
      const current = this.subscribers.get(userId);
      if (!current) return;
      current.delete(subscriber);
      if (current.size === 0) this.subscribers.delete(userId);
    };
  }

  /** How many streams are open (for tests and the benchmark). */
  get size(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /** After a reconnect every stream reads what it may have missed from the table. */
  private resyncAll() {
    for (const [userId, set] of this.subscribers) {
      const reads = signalReads(this.handle.db, userId);
      for (const subscriber of set) {
        try {
          subscriber({ kind: "resync" }, reads);
        } catch (error) {
          console.error("Live notification subscriber failed", error);
        }
      }
    }
  }

  private dispatch(payload: string) {
    const signal = parseLiveSignal(payload);
    if (!signal) return;
    if (signal.kind === "post") {
      void this.broadcastPost(signal.id).catch((error) => console.error("Live post broadcast failed", error));
      return;
    }
    if (signal.kind === "post-update") {
      this.changedPosts.add(signal.id);
      if (!this.changedTimer) {
        this.changedTimer = setTimeout(() => {
          this.changedTimer = null;
          void this.broadcastPostUpdates().catch((error) => console.error("Live post updates failed", error));
        }, POST_UPDATE_BATCH_MS);
        this.changedTimer.unref?.();
      }
      return;
    }
    const set = this.subscribers.get(signal.user);
    if (!set) return;
    const reads = signalReads(this.handle.db, signal.user);
    for (const subscriber of set) {
      try {
        subscriber(signal, reads);
      } catch (error) {
        console.error("Live notification subscriber failed", error);
      }
    }
  }

  /**
   * The posts changed in the last moment: each person of this process's streams who may read one (or
   * could before it went) hears its new numbers, in one query for the whole batch.
   */
  private async broadcastPostUpdates() {
    const ids = [...this.changedPosts];
    this.changedPosts.clear();
    const updates = await postUpdatesFor(this.handle.db, ids, [...this.subscribers.keys()]);
    for (const [userId, posts] of updates) {
      const set = this.subscribers.get(userId);
      if (!set) continue;
      const reads = signalReads(this.handle.db, userId);
      for (const subscriber of set) {
        try {
          subscriber({ kind: "post-updates", posts }, reads);
        } catch (error) {
          console.error("Live notification subscriber failed", error);
        }
      }
    }
  }

  /** A new post: the people of this process's streams who may read it, in one query, hear of it. */
  private async broadcastPost(postId: string) {
    const { post, readers } = await readersOfPost(this.handle.db, postId, [...this.subscribers.keys()]);
    if (!post) return;
    for (const { id: userId, fromConnection } of readers) {
      const set = this.subscribers.get(userId);
      if (!set) continue;
      const reads = signalReads(this.handle.db, userId);
      for (const subscriber of set) {
        try {
          subscriber({ kind: "new-post", post: { ...post, fromConnection } }, reads);
        } catch (error) {
          console.error("Live notification subscriber failed", error);
        }
      }
    }
  }
}

declare global {
  // Survives module reloads in development: still one LISTEN per process.
  var __notificationHubs: WeakMap<DatabaseHandle, NotificationHub> | undefined;
}

export function hubFor(handle: DatabaseHandle): NotificationHub {
  globalThis.__notificationHubs ??= new WeakMap();
  let hub = globalThis.__notificationHubs.get(handle);
  if (!hub) {
    hub = new NotificationHub(handle);
    globalThis.__notificationHubs.set(handle, hub);
  }
  return hub;
}

/** Whether the person's account is disabled (or gone). */
async function accountDisabled(db: DatabaseHandle["db"], userId: string): Promise<boolean> {
  const [row] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
  return !row || row.disabledAt !== null;
}

/**
 * A reconnecting browser may have missed a notification whose transaction began before the last one
 * it saw but committed after it (created_at is the transaction's start): look back this far. The
 * browser drops ids it already has.
 */
export const RESUME_LOOK_BACK_MS = 30_000;

/** The close functions of the streams open in this process, for a graceful shutdown. */
const openStreams = new Set<() => void>();
/**
 * Each person's open streams in this process, oldest first: past LIVE_STREAMS_PER_PERSON, opening one
 * closes their oldest (its tab reconnects, as after any close), so one signed-in client cannot make the
 * server hold streams without bound (decision 096).
 */
const streamsByPerson = new Map<string, Set<() => void>>();

/**
 * Ends every open live stream (server.js, on shutdown): the browsers reconnect to another server.
 * Answers how many were open.
 */
export function closeLiveStreams(): number {
  const open = [...openStreams];
  for (const close of open) close();
  return open.length;
}

/**
 * The live stream of one person (server-sent events): `unread` with the count, `notification` with
 * each new one (its event id is its creation time and id, so a reconnect resumes after it), and
 * `context` when their roles or contexts changed. A comment every 25 s keeps proxies from closing it;
 * the browser going away releases everything. Disabling the account ("ended", or found on a resync)
 * closes it at once; the browser's reconnect then gets a 401 and stops.
 */
export function notificationStream(options: {
  handle: DatabaseHandle;
  userId: string;
  lastEventId: string | null;
  signal: AbortSignal;
  timeZone?: string;
}): Response {
  const { handle, userId, signal } = options;
  const db = handle.db;
  const cursor = decodeCursor(options.lastEventId);
  const encoder = new TextEncoder();
  const sent: string[] = [];
  // Where a catch-up starts: the last notification sent, else what the browser had, else now.
  let lastSeen: StreamCursor = cursor ?? { createdAt: new Date().toISOString(), id: MIN_UUID };
  let closed = false;
  let unsubscribe: (() => void) | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let chain: Promise<void> = Promise.resolve();
  let close = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      close = () => {
        if (closed) return;
        closed = true;
        openStreams.delete(close);
        const own = streamsByPerson.get(userId);
        own?.delete(close);
        if (own?.size === 0) streamsByPerson.delete(userId);
        if (heartbeat) clearInterval(heartbeat);
        unsubscribe?.();
        signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {}
      };
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const send = (event: string, data: unknown, id?: string) =>
        write(`${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const sendNotification = (row: NotificationRow) => {
        if (sent.includes(row.id)) return;
        sent.push(row.id);
        if (sent.length > 200) sent.shift();
        if (row.cursorAt > lastSeen.createdAt) lastSeen = { createdAt: row.cursorAt, id: row.id };
        send(
          "notification",
          presentNotification(row, new Date(), options.timeZone),
          encodeCursor({ createdAt: row.cursorAt, id: row.id }),
        );
      };
      const catchUp = async (from: StreamCursor) => {
        const since = new Date(Date.parse(from.createdAt) - RESUME_LOOK_BACK_MS).toISOString();
        for (const row of await notificationsSince(db, userId, { createdAt: since, id: from.id }))
          sendNotification(row);
      };
      const sendUnread = async () => send("unread", { count: await getUnreadCount(db, userId) });
      // One at a time, in order: a signal's reads finish before the next signal's begin.
      const run = (task: () => Promise<void>) => {
        chain = chain
          .then(() => (closed ? undefined : task()))
          .catch((error) => {
            console.error("Live notification stream failed", error);
          });
      };

      if (signal.aborted) return close();
      openStreams.add(close);
      let own = streamsByPerson.get(userId);
      if (!own) {
        own = new Set();
        streamsByPerson.set(userId, own);
      }
      own.add(close);
      const most = env().LIVE_STREAMS_PER_PERSON;
      for (const oldest of own) {
        if (own.size <= most) break;
        oldest();
      }
      signal.addEventListener("abort", close, { once: true });
      write("retry: 3000\n\n");
      const sendSharedUnread = async (reads: SignalReads) =>
        send("unread", { count: await reads.unreadCount() });
      unsubscribe = await hubFor(handle).subscribe(userId, (s, reads) =>
        run(async () => {
          if (s.kind === "notification") {
            const row = await reads.notification(s.id);
            if (row && !row.isArchived && !isExpired(row, new Date())) sendNotification(row);
            await sendSharedUnread(reads);
          } else if (s.kind === "unread") {
            await sendSharedUnread(reads);
          } else if (s.kind === "resync") {
            // The LISTEN connection dropped: an "ended" may have been missed meanwhile.
            if (await accountDisabled(db, userId)) return close();
            await catchUp(lastSeen);
            await sendSharedUnread(reads);
          } else if (s.kind === "ended") {
            close();
          } else if (s.kind === "message") {
            // Messages (issue 28): the message as its participant sees it, and the badge's count.
            const message = await reads.message(s.id);
            if (message) send("message", message);
            send("messages", { unread: await reads.unreadMessages() });
          } else if (s.kind === "read") {
            if (s.reader === userId) send("messages", { unread: await reads.unreadMessages() });
            else send("read", { conversationId: s.conversation, userId: s.reader, at: s.at });
          } else if (s.kind === "typing") {
            send("typing", { conversationId: s.conversation, userId: s.from, typing: s.typing });
          } else if (s.kind === "live") {
            // Live discussions (issue 29, part 6): the open room reloads its own view.
            send("live", { discussionId: s.discussion });
          } else if (s.kind === "messages") {
            send("messages", { unread: await reads.unreadMessages() });
          } else if (s.kind === "new-post") {
            send("post", s.post);
          } else if (s.kind === "post-updates") {
            send("post-update", { posts: s.posts });
          } else {
            send("context", {});
          }
        }),
      );
      if (closed) return unsubscribe();
      // Subscribed first, then caught up: nothing falls between the two (duplicates are dropped).
      run(async () => {
        if (cursor) await catchUp(cursor);
        await sendUnread();
      });
      heartbeat = setInterval(() => write(": heartbeat\n\n"), STREAM_HEARTBEAT_MS);
      heartbeat.unref?.();
    },
    cancel() {
      close();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
