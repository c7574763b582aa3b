import { PassThrough } from "node:stream";
import { isDatabaseUnavailable } from "@db/faults";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { getSessionUser } from "./auth/session.server";
import { newErrorId, recordError } from "./commands/errors.server";
import { NonceProvider } from "./components/nonce";
import { databaseHandle, getDb } from "./db.server";
import { clientIp } from "./load-context";
import { withErrorIdInSingleFetch } from "./monitoring/single-fetch-error-id.server";

// Open the database when the server starts, so a locked embedded database stops it with a clear
// message instead of failing every request.
databaseHandle().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

/** The id under which a request's server error was stored, so the error screen shows the same id. */
const serverErrorIds = new WeakMap<Request, string>();
/**
 * The storing of that error. The answer that names the id waits for it, so the server's record is the
 * one the monitor keeps: the error screen's own report of the same id (sent as soon as it renders)
 * would otherwise be able to arrive first and be stored as a browser error.
 */
const serverErrorRecords = new WeakMap<Request, Promise<void>>();

/** Waits (at most 2 s, never failing) until the request's server error is stored. */
async function serverErrorStored(request: Request) {
  const stored = serverErrorRecords.get(request);
  if (!stored) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([stored, new Promise<void>((resolve) => (timer = setTimeout(resolve, 2_000)))]);
  clearTimeout(timer);
}

/**
 * Errors thrown by loaders and actions (not thrown responses) are logged and stored in the error
 * monitor (issue 5, part 5), classified like browser errors.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) return;
  // The database went away: answered 503 (app/db.server.ts), never stored as an error report.
  if (isDatabaseUnavailable(error)) return;
  console.error(error);
  const errorId = newErrorId();
  serverErrorIds.set(request, errorId);
  const message = error instanceof Error ? error.message || error.name : String(error);
  const stack = error instanceof Error ? (error.stack ?? null) : null;
  const url = new URL(request.url);
  const stored = (async () => {
    const user = await getSessionUser(request).catch(() => null);
    await recordError(await getDb(), {
      errorId,
      source: "server",
      message,
      stack,
      url: `${url.pathname}${url.search}`,
      userId: user?.id ?? null,
      ip: clientIp(context),
      status: 500,
      context: { method: request.method },
    });
  })().catch((e: unknown) => console.error("Could not store the error report:", e));
  serverErrorRecords.set(request, stored);
}

/**
 * A loader or action that failed on a client-side navigation or a fetcher reaches the browser in a
 * single-fetch answer (`/route.data`), where Remix sanitizes a thrown Error in production to "Unexpected
 * Server Error" without a stack. The stored id goes into that message's stack line (the same line the
 * error screen reads, app/components/errors/report.ts), so the error screen shows the same id as the
 * server's record. See `withErrorIdInSingleFetch`.
 */
export async function handleDataRequest(
  response: Response,
  { request }: LoaderFunctionArgs | ActionFunctionArgs,
) {
  const errorId = serverErrorIds.get(request);
  if (!errorId) return response;
  await serverErrorStored(request);
  return withErrorIdInSingleFetch(response, errorId);
}

/** Puts the stored id on the (sanitized) errors the error screens render on the server. */
function tagServerErrors(request: Request, remixContext: EntryContext) {
  const errorId = serverErrorIds.get(request);
  const errors = remixContext.staticHandlerContext.errors;
  if (!errorId || !errors) return;
  for (const error of Object.values(errors)) {
    if (error instanceof Error) (error as Error & { errorId?: string }).errorId = errorId;
  }
}

/**
 * How long a loader's or action's pending promises may stream before Remix rejects them (single
 * fetch); React's render is aborted a second later, so the rejections still reach the page.
 */
export const streamTimeout = 5_000;

/**
 * A document request: Remix's own entry (renderToPipeableStream; browsers get the page from its shell,
 * bots once all of it is ready), with the Content-Security-Policy nonce on React's and Remix's inline
 * scripts (the single-fetch data stream included).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  tagServerErrors(request, remixContext);
  if (serverErrorRecords.has(request)) {
    return serverErrorStored(request).then(() =>
      renderDocument(request, responseStatusCode, responseHeaders, remixContext, loadContext),
    );
  }
  return renderDocument(request, responseStatusCode, responseHeaders, remixContext, loadContext);
}

function renderDocument(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // The Content-Security-Policy nonce server/security.js made for this response (none in tests).
  const nonce = loadContext?.cspNonce;
  const ready = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [ready ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell reject above and are logged by Remix; these come later in the stream.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** server.js turns database outages into 503s on every route (see app/db.server.ts). */
export { guardDatabaseFaults } from "./db.server";
/** server.js starts the periodic jobs through the build (see app/jobs.server.ts). */
export { startBackgroundJobs } from "./jobs.server";
/** server.js ends the live event streams and closes the database when it shuts down. */
export { closeLiveStreams } from "./live/notification-hub.server";
export async function closeDatabase() {
  await (await globalThis.__dbHandle)?.close();
}
/** server.js times /api/* and data requests through the build (see app/monitoring/request-timing.server.ts). */
export { startRequestTiming } from "./monitoring/request-timing.server";
