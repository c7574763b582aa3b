import type { AppLoadContext } from "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's address, set by server.js (undefined when a test calls a route directly). */
    clientIp?: string;
    /** This response's Content-Security-Policy nonce, set by server/security.js through server.js. */
    cspNonce?: string;
    /**
     * Aborted when the client's connection closes, set by server/app.js: what a lasting answer (a live
     * stream) listens to, since a loader's request.signal may stop following the connection (see there).
     */
    connectionClosed?: AbortSignal;
  }
}

export function clientIp(context: AppLoadContext | undefined): string {
  return context?.clientIp ?? "unknown";
}
