import type { AppLoadContext } from "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's address, set by server.js (undefined when a test calls a route directly). */
    clientIp?: string;
  }
}

export function clientIp(context: AppLoadContext | undefined): string {
  return context?.clientIp ?? "unknown";
}
