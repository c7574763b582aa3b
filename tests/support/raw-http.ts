/**
 * A bare HTTP/1.1 client over a TCP socket, for what fetch hides: whether an answer's status and body
 * actually arrive while the client is still sending a body the server refused, and whether the
 * connection is reset. It reads one answer (Content-Length or chunked), then can send another request
 * on the same connection.
 */
import net from "node:net";

/** Not a timing under test: only how long to wait before calling a silent server hung. */
const NO_ANSWER_MS = 30_000;

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  /** Sends a request (head and body chunks; `chunked` adds the chunk framing) and reads its answer. */
  request(
    head: string,
    chunks?: Buffer[],
    options?: { chunked?: boolean },
  ): Promise<RawAnswer | { error: string; received: string }>;
  /** Writes more bytes of the body a request began. */
  write(bytes: Buffer): void;
  close(): void;
}

export function rawConnection(port: number, host = "127.0.0.1"): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    let buffer = Buffer.alloc(0);
    let error: string | null = null;
    let closed = false;
    let wake: (() => void) | null = null;
    const poke = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    socket.on("data", (d) => {
      buffer = Buffer.concat([buffer, d]);
      poke();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message;
      poke();
    });
    socket.on("close", () => {
      closed = true;
      poke();
    });
    socket.once("connect", () => {
      socket.removeListener("error", reject);
      resolve({ request, write: (bytes) => socket.write(bytes), close: () => socket.destroy() });
    });
    socket.once("error", reject);

    /** One complete answer at the start of the buffer, or null. */
    function parse(): RawAnswer | null {
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return null;
      const lines = buffer.subarray(0, end).toString("latin1").split("\r\n");
      const status = Number(lines[0]?.split(" ")[1]);
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const i = line.indexOf(":");
        const name = line.slice(0, i).trim().toLowerCase();
        headers[name] =
          headers[name] === undefined
            ? line.slice(i + 1).trim()
            : `${headers[name]}, ${line.slice(i + 1).trim()}`;
      }
      let rest = buffer.subarray(end + 4);
      if (headers["transfer-encoding"]?.includes("chunked")) {
        const parts: Buffer[] = [];
        for (;;) {
          const lineEnd = rest.indexOf("\r\n");
          if (lineEnd < 0) return null;
          const size = Number.parseInt(rest.subarray(0, lineEnd).toString(), 16);
          if (rest.length < lineEnd + 2 + size + 2) return null;
          if (size === 0) {
            rest = rest.subarray(lineEnd + 4);
            break;
          }
          parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
          rest = rest.subarray(lineEnd + 2 + size + 2);
        }
        buffer = rest;
        return { status, headers, body: Buffer.concat(parts).toString() };
      }
      const length = Number(headers["content-length"] ?? 0);
      if (rest.length < length) return null;
      buffer = rest.subarray(length);
      return { status, headers, body: rest.subarray(0, length).toString() };
    }

    async function request(head: string, chunks: Buffer[] = [], options: { chunked?: boolean } = {}) {
      const sending = (async () => {
        socket.write(head);
        for (const chunk of chunks) {
          if (closed || error) return;
          const framed = options.chunked
            ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
            : chunk;
          if (!socket.write(framed)) {
            await new Promise<void>((r) => {
              socket.once("drain", r);
              socket.once("close", r);
            });
          }
        }
        if (options.chunked && !closed && !error) socket.write("0\r\n\r\n");
      })();
      for (;;) {
        const answer = parse();
        if (answer) {
          await sending;
          return answer;
        }
        if (error || closed) return { error: error ?? "closed", received: buffer.toString().slice(0, 200) };
        // A server that never answers fails the request instead of hanging the test.
        const answered = await new Promise<boolean>((r) => {
          const timer = setTimeout(() => r(false), NO_ANSWER_MS);
          wake = () => {
            clearTimeout(timer);
            r(true);
          };
        });
        if (!answered) return { error: "no answer", received: buffer.toString().slice(0, 200) };
      }
    }
  });
}

/** The head of a POST with a body of `contentType`, chunked or of `length` bytes. */
export function postHead(
  path: string,
  contentType: string,
  body: { chunked: true } | { length: number },
  extra: Record<string, string> = {},
): string {
  const lines = [
    `POST ${path} HTTP/1.1`,
    "Host: 127.0.0.1",
    `Content-Type: ${contentType}`,
    "chunked" in body ? "Transfer-Encoding: chunked" : `Content-Length: ${body.length}`,
    ...Object.entries(extra).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n`;
}
