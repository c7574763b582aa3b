import { AsyncLocalStorage } from "node:async_hooks";

declare global {
  // One instance for server.js (which opens a scope per GET request) and the app build (which reads it).
  var __requestScope: AsyncLocalStorage<Map<string, Promise<unknown>>> | undefined;
}

/**
 * The per-request scope server.js runs every GET (and HEAD) request in: Remix runs the loaders of a page
 * (root, the app layout, the page) in parallel, and each guards itself by loading the signed-in person;
 * inside one scope they share that one load instead of asking the database three times. Never opened for
 * other methods: an action may change the person (sign out, switch context) before the loaders run
 * again in the same request.
 */
export function requestScope(): AsyncLocalStorage<Map<string, Promise<unknown>>> {
  globalThis.__requestScope ??= new AsyncLocalStorage();
  return globalThis.__requestScope;
}

/** Runs `fn` inside a fresh request scope (server.js does this per GET request; tests and benchmarks may). */
export function withRequestScope<T>(fn: () => T): T {
  return requestScope().run(new Map(), fn);
}

/** Runs `fn` outside any request scope: what it loads is read afresh, not shared with the page's loaders. */
export function outsideRequestScope<T>(fn: () => T): T {
  return requestScope().exit(fn);
}

/** What this request scope has loaded (or is loading) under `key`; undefined outside a scope or before. */
export function loadedInRequest<T>(key: string): Promise<T> | undefined {
  return globalThis.__requestScope?.getStore()?.get(key) as Promise<T> | undefined;
}

/**
 * `load()` once per request scope and `key` (the loaders of one request share its promise); outside a
 * scope (actions, tests calling a loader directly) it simply runs `load()`.
 */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const store = globalThis.__requestScope?.getStore();
  if (!store) return load();
  let pending = store.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    store.set(key, pending);
  }
  return pending;
}
