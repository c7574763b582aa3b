/**
 * The browser's one live stream per tab (/api/notifications/stream, server-sent events), shared by
 * everything on the page that follows it: the bell, the messages badge, an open thread. Each listens
 * to the events it cares for; the EventSource reconnects by itself and sends the last event id.
 */
type Handler = (data: unknown) => void;

let source: EventSource | null = null;
const handlers = new Map<string, Set<Handler>>();
const attached = new Set<string>();

export const LIVE_STREAM_URL = "/api/notifications/stream";

/** Calls `handler` with each `event`'s data (parsed JSON); returns the function that stops it. */
export function onLive<T = unknown>(event: string, handler: (data: T) => void): () => void {
  if (typeof EventSource === "undefined") return () => {};
  source ??= new EventSource(LIVE_STREAM_URL);
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  const h = handler as Handler;
  set.add(h);
  if (!attached.has(event)) {
    attached.add(event);
    source.addEventListener(event, (e) => {
      let data: unknown;
      try {
        data = JSON.parse((e as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const fn of [...(handlers.get(event) ?? [])]) fn(data);
    });
  }
  return () => {
    handlers.get(event)?.delete(h);
  };
}
