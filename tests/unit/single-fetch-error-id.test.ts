import { serverErrorIdFromStack } from "@domain/errors/classify";
// The browser's own decoder of single-fetch answers (what useLoaderData and the error boundary get).
import { decodeViaTurboStream } from "@remix-run/react/dist/single-fetch.js";
import { encode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { withErrorIdInSingleFetch } from "~/monitoring/single-fetch-error-id.server";

/**
 * A loader that failed on a client-side navigation reaches the browser as Remix's sanitized error
 * ("Unexpected Server Error", no stack) inside a turbo-stream; entry.server's handleDataRequest puts
 * the stored error id into its stack so the error screen shows the id the server stored (decision 049).
 */
function sanitized() {
  const error = new Error("Unexpected Server Error");
  error.stack = undefined;
  return error;
}

/** Encodes as @remix-run/server-runtime's encodeViaTurboStream does in production. */
function singleFetchAnswer(data: unknown) {
  const body = encode(data, {
    plugins: [
      (value: unknown) =>
        value instanceof Error ? ["SanitizedError", value.name, value.message, value.stack] : undefined,
    ],
  });
  return new Response(body, { status: 500, headers: { "Content-Type": "text/x-script", "X-Other": "kept" } });
}

async function decoded(response: Response) {
  if (!response.body) throw new Error("no body");
  const { done, value } = await decodeViaTurboStream(response.body, globalThis as unknown as Window);
  await done;
  return value as Record<string, { error?: Error; data?: unknown }>;
}

describe("the stored error id in a single-fetch answer", () => {
  it("is put in the stack of each sanitized error, the rest of the answer unchanged", async () => {
    const answer = singleFetchAnswer({
      root: { data: { note: "Unexpected Server Error", at: new Date(0) } },
      "routes/_app.rfps": { error: sanitized() },
    });
    const out = await withErrorIdInSingleFetch(answer, "20261128-abc123ef");
    expect(out.status).toBe(500);
    expect(out.headers.get("X-Other")).toBe("kept");
    const value = await decoded(out);
    const error = value["routes/_app.rfps"]?.error;
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe("Unexpected Server Error");
    expect(serverErrorIdFromStack(error?.stack)).toBe("20261128-abc123ef");
    expect(value.root?.data).toEqual({ note: "Unexpected Server Error", at: new Date(0) });
  });

  it("leaves an answer without a sanitized error, or not a turbo-stream, as it was", async () => {
    const plain = await withErrorIdInSingleFetch(singleFetchAnswer({ root: { data: { a: 1 } } }), "x1y2z3w4");
    expect((await decoded(plain)).root?.data).toEqual({ a: 1 });
    const json = Response.json({ error: "nope" }, { status: 500 });
    expect(await withErrorIdInSingleFetch(json, "x1y2z3w4")).toBe(json);
  });
});
