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

/**
 * A recorded event its lifecycle does not allow from the state it is folded into (the machine has no
 * transition for it). Decide never produces one, so a stream holding one is corrupt: `evolve` throws
 * this instead of ignoring the event, and `replay --verify` reports the stream.
 */
export class LifecycleViolation extends Error {
  constructor(
    readonly lifecycle: "credits" | "rfp" | "proposal" | "meeting" | "subscription",
    readonly eventType: string,
    readonly fromState: string,
  ) {
    super(`${eventType} is not allowed in a ${lifecycle} stream that is ${fromState}`);
    this.name = "LifecycleViolation";
  }
}

/** `text` as a literal inside a LIKE/ILIKE pattern (the default escape character is the backslash). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
