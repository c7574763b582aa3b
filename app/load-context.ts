import type { AppLoadContext } from "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's address, set by server.js (undefined when a test calls a route directly). */
    clientIp?: string;
    /** This response's Content-Security-Policy nonce, set by server/security.js through server.js. */
    cspNonce?: string;
  }
}

export function clientIp(context: AppLoadContext | undefined): string {
  return context?.clientIp ?? "unknown";
}
