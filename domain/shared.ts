import { z } from "zod";

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

/** Two form values are the same when equal, with undefined and null both meaning "empty". */
export const sameEditValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * The three-way merge of an edit form (DESIGN "Commands carry only what the person changed"): of the
 * fields the form posted (`submitted`), a change is one that differs from what the form showed (`base`,
 * the values at the version it was rendered from) and from what is there now (`current`, the locked
 * state). A change to a field that someone else changed since the form was rendered is a conflict; a
 * field nobody else touched merges. A field already at the posted value is neither.
 */
export function mergeEdit<F extends object>(
  current: F,
  submitted: Partial<F>,
  base: Partial<F>,
  same: (key: keyof F, a: unknown, b: unknown) => boolean = (_key, a, b) => sameEditValue(a, b),
): { changes: Partial<F>; conflicts: (keyof F)[] } {
  const changes: Partial<F> = {};
  const conflicts: (keyof F)[] = [];
  for (const key of Object.keys(submitted) as (keyof F)[]) {
    const mine = submitted[key];
    // Not touched (as shown), or already so (someone made the same change): nothing to do.
    if (same(key, mine, base[key]) || same(key, current[key], mine)) continue;
    if (!same(key, current[key], base[key])) conflicts.push(key);
    changes[key] = mine;
  }
  return { changes, conflicts };
}

/** The message for an edit form posted without the version it was rendered from (a 400). */
export const EDIT_VERSION_REQUIRED =
  "This form did not say which version of the record it was opened from. Reload the page and try again.";

/**
 * The hidden `version` field of every edit form of an event-sourced stream: the stream version the form
 * was rendered from. Required: a form without it is refused (400), never saved as a last write.
 */
export const renderedVersionField = z
  .number({ required_error: EDIT_VERSION_REQUIRED, invalid_type_error: EDIT_VERSION_REQUIRED })
  .int(EDIT_VERSION_REQUIRED)
  .min(1, EDIT_VERSION_REQUIRED);
