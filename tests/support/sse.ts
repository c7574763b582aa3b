// biome-ignore lint/suspicious/noExplicitAny: event data, read loosely by the assertions
type Loose = any;

/** Reads a server-sent events response as it arrives (the live stream's tests). */
export function sseReader(response: Response) {
  const events: { event: string; id?: string; data: Loose }[] = [];
  let raw = "";
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      raw += decoder.decode(chunk.value, { stream: true });
      let cut = raw.indexOf("\n\n");
      while (cut >= 0) {
        const block = raw.slice(0, cut);
        raw = raw.slice(cut + 2);
        const fields = Object.fromEntries(
          block
            .split("\n")
            .filter((l) => l && !l.startsWith(":"))
            .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]),
        );
        if (fields.event)
          events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data ?? "null") });
        cut = raw.indexOf("\n\n");
      }
    }
  })();
  return {
    events,
    done,
    async waitFor(predicate: (e: (typeof events)[number]) => boolean, timeoutMs = 2000) {
      const start = Date.now();
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (Date.now() - start > timeoutMs) throw new Error(`no such event within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}
