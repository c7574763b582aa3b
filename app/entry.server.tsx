import { PassThrough } from "node:stream";
import { isDatabaseUnavailable } from "@db/faults";
import { withServerErrorId } from "@domain/errors/classify";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable, json } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { getSessionUser } from "./auth/session.server";
import { newErrorId, recordError } from "./commands/errors.server";
import { NonceProvider } from "./components/nonce";
import { databaseHandle, getDb } from "./db.server";
import { clientIp } from "./load-context";
import { renderDocument } from "./render-document.server";

const ABORT_DELAY = 5_000;

// Open the database when the server starts, so a locked embedded database stops it with a clear
// message instead of failing every request.
databaseHandle().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

/** The id under which a request's server error was stored, so the error screen shows the same id. */
const serverErrorIds = new WeakMap<Request, string>();

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
  void (async () => {
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
}

/**
 * A loader or action that failed on a client-side navigation answers `{ message, stack }` (X-Remix-Error),
 * and the browser rebuilds the error from those two fields only: the stored id goes into the stack, so
 * the error screen shows the same id as the server's record.
 */
export async function handleDataRequest(
  response: Response,
  { request }: LoaderFunctionArgs | ActionFunctionArgs,
) {
  const errorId = serverErrorIds.get(request);
  if (!errorId || !response.headers.has("X-Remix-Error")) return response;
  const body = (await response.json().catch(() => ({}))) as { message?: string; stack?: string };
  return json(
    { message: body.message ?? "Unexpected Server Error", stack: withServerErrorId(body.stack, errorId) },
    { status: response.status, headers: response.headers },
  );
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
 * A document request. A page without deferred data (every page today) is rendered as a string
 * (renderToString) and sent as one buffer with its Content-Length: nothing of such a page can come
 * later, so streaming gains nothing, and the streaming renderer pays per piece of markup (a typed-array
 * view and a TextEncoder call for each of some 10,000 pieces on the /rfps page): the string renderer
 * takes 16 % less CPU for that page (issue 11, part 6: the page benchmark). The markup comes in parts
 * that are encoded one by one (app/render-document.server.ts): one string of a whole page is a V8 large
 * object, and allocating it for each page cost /rfps about a tenth of its CPU (decision 040).
 * A page with deferred data streams as Remix's default does: from its shell, or for bots once all of
 * it is ready.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  tagServerErrors(request, remixContext);
  // The Content-Security-Policy nonce server/security.js made for this response (none in tests).
  const nonce = loadContext?.cspNonce;
  const deferred = Object.keys(remixContext.staticHandlerContext.activeDeferreds ?? {}).length > 0;
  const app = (
    <NonceProvider value={nonce ?? ""}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>
  );
  responseHeaders.set("Content-Type", "text/html");
  if (!deferred) {
    // A render error throws here, and Remix renders the page's error boundary instead.
    const html = renderDocument(app);
    responseHeaders.set("Content-Length", String(html.length));
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
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
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
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
