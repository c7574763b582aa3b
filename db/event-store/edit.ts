import { mergeEdit } from "../../domain/shared";
import type { Database } from "../client";
import { type CommandOutcome, type Decided, runCommand } from "./command";
import { streamDefinition } from "./registry";
import { readStream } from "./store";
import type { EventMetadata } from "./types";

/**
 * An edit made from a version that is no longer current, of a field someone else changed since (or, for
 * an edit without fields such as a reorder, any change since). `current` holds the values as they are
 * now and `version` the stream's version now, so the route answers 409 and the form re-renders them.
 */
export interface EditConflict<V> {
  kind: "conflict";
  message: string;
  /** The posted fields someone else changed (every posted field when the rendered version is unknown). */
  fields: string[];
  /** The edited values now (null: the record is gone). */
  current: V | null;
  version: number;
}

export interface EditSpec<S, V extends object, R, Err> {
  stream: { streamId: string; streamType: string };
  /** The stream version the form was rendered from (a required field of every edit form). */
  renderedVersion: number;
  /**
   * Every field the form posted. Only those the person changed (against what the form showed) reach
   * `decide`. Omitted for an edit without fields (a reorder, a publish of what the page showed): then
   * any change to the stream since the form was rendered is a conflict.
   */
  posted?: Partial<V>;
  /** The values the form edits, as a state holds them; null when the record is not there. */
  valuesOf(state: S): V | null;
  /** Field equality (default: ===, with null and undefined alike). */
  same?: (key: keyof V, a: unknown, b: unknown) => boolean;
  conflictMessage: string;
  /** Refuses before any merge (a record of another association is not found, not a conflict). */
  guard?(state: S): Err | null;
  /** Pure: decides the person's changes against the locked state at `version`. */
  decide(state: S, changes: Partial<V>, version: number): Decided<R, Err>;
  metadata?: EventMetadata;
  idempotencyKey?: string;
}

/** The values a form showed: the stream folded up to the version it was rendered from (null: unknown). */
async function valuesShown<S, V>(
  db: Database,
  stream: { streamId: string; streamType: string },
  renderedVersion: number,
  valuesOf: (state: S) => V | null,
): Promise<V | null> {
  if (!Number.isInteger(renderedVersion) || renderedVersion < 1) return null;
  // Events up to a version never change, so they are read before the lock.
  const history = await readStream(db, stream.streamId);
  if (history.length < renderedVersion) return null;
  const def = streamDefinition(stream.streamType);
  const state = history
    .slice(0, renderedVersion)
    .reduce((s, e) => def.evolve(s, { type: e.type, data: e.data }), def.initialState);
  return valuesOf(state as S);
}

/**
 * The one read–fold–merge path of every edit of an event-sourced stream (RFP wizard and details,
 * publish, meeting details, agenda items, their order, minutes text): folds what the form showed at its
 * rendered version, locks and loads the stream, and when it moved on merges only what the person
 * changed against the locked state (a field someone else changed meanwhile is an EditConflict with the
 * current values, never a silent overwrite), then decides and appends at the locked version.
 */
export async function runEdit<S, V extends object, R, Err>(
  db: Database,
  spec: EditSpec<S, V, R, Err>,
): Promise<CommandOutcome<R, Err | EditConflict<V>>> {
  const shown = spec.posted
    ? await valuesShown<S, V>(db, spec.stream, spec.renderedVersion, spec.valuesOf)
    : null;
  return runCommand<R, Err | EditConflict<V>>(db, {
    streams: [spec.stream],
    metadata: spec.metadata,
    idempotencyKey: spec.idempotencyKey,
    decide(loaded): Decided<R, Err | EditConflict<V>> {
      const { state, version } = loaded.get(spec.stream.streamId) as { state: S; version: number };
      const refused = spec.guard?.(state);
      if (refused) return { ok: false, error: refused };
      const current = spec.valuesOf(state);
      const conflict = (fields: readonly (keyof V)[]) => ({
        ok: false as const,
        error: {
          kind: "conflict" as const,
          message: spec.conflictMessage,
          fields: fields.map(String),
          current,
          version,
        },
      });
      const stale = version !== spec.renderedVersion;
      if (!spec.posted) return stale ? conflict([]) : spec.decide(state, {}, version);
      // The record is gone: the domain answers (not found), whatever the version.
      if (current === null) return spec.decide(state, spec.posted, version);
      if (stale && shown === null) return conflict(Object.keys(spec.posted) as (keyof V)[]);
      const { changes, conflicts } = mergeEdit(current, spec.posted, shown ?? current, spec.same);
      if (stale && conflicts.length > 0) return conflict(conflicts);
      return spec.decide(state, changes, version);
    },
  });
}

/** Narrows a command's error to the edit conflict (a 409 with the current values). */
export const isEditConflict = <V>(error: unknown): error is EditConflict<V> =>
  typeof error === "object" &&
  error !== null &&
  (error as { kind?: unknown }).kind === "conflict" &&
  "current" in error &&
  "version" in error;
