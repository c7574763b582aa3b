/** Shared shapes for every event-sourced lifecycle. Pure: no I/O, no clock, no randomness. */

/** What a decision needs from the outside world, passed in so the domain stays pure. */
export interface DecideContext {
  /** The moment the command is decided, as an ISO-8601 string. */
  now: string;
}

/** A domain decision either yields new events or a typed domain error. */
export type Decision<E, Err> = { ok: true; events: E[] } | { ok: false; error: Err };

export const accept = <E>(events: E[]): Decision<E, never> => ({ ok: true, events });
export const reject = <Err>(error: Err): { ok: false; error: Err } => ({ ok: false, error });

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
