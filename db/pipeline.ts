/**
 * Runs independent statements of one transaction together, so postgres-js pipelines them into one
 * round trip (PGlite runs them one after another). If any fails, the first failure in statement order
 * is thrown: later statements then only report that the transaction was aborted.
 */
export async function pipeline<T extends readonly unknown[]>(
  statements: readonly [...{ [K in keyof T]: () => PromiseLike<T[K]> }],
): Promise<T> {
  // Started one after another, in order. A Drizzle query is sent when its `then` is called and an
  // async function runs when it is called, so each statement is a thunk, called and subscribed to
  // right away: the statements reach the connection in the caller's order, nested pipelines included.
  const started: Promise<unknown>[] = [];
  for (const start of statements)
    started.push(new Promise((resolve, reject) => start().then(resolve, reject)));
  const settled = await Promise.allSettled(started);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** The PostgreSQL error code of an error, looking through driver wrappers. */
export function pgErrorCode(error: unknown): { code?: string; constraint?: string } {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const candidate = e as {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      const constraint = candidate.constraint_name ?? candidate.constraint;
      return { code: candidate.code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    e = candidate.cause;
  }
  return {};
}
