import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Queryable, queryRows } from "@db/client";
import {
  documentVersions,
  meetingDocuments,
  messageAttachments,
  proposalDocuments,
  rfpDocuments,
  verificationDocuments,
} from "@db/schema";
import { inArray, sql } from "drizzle-orm";
import { env } from "~/env.server";

/**
 * The sweep of orphaned uploads (issue 11, part 2.4): a stored file that no row names (a process that
 * died between writing a file and committing its row, a failed cleanup) is removed once it is older
 * than `minAgeMs`, so an upload still on its way to its row is never touched. Run by the background
 * jobs (app/jobs.server.ts); every app server may run it.
 */

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

type KeyTable =
  | typeof rfpDocuments
  | typeof proposalDocuments
  | typeof verificationDocuments
  | typeof documentVersions
  | typeof meetingDocuments
  | typeof messageAttachments;

/** The keys of `batch` that a row of the table names. */
const namedIn =
  (table: KeyTable) =>
  async (db: Queryable, batch: string[]): Promise<Set<string>> => {
    const rows = await db
      .select({ key: table.storageKey })
      .from(table)
      .where(inArray(table.storageKey, batch));
    return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
  };

/** A post's media are named in its `media` list (deleting a post removes its files at once). */
async function namedByPosts(db: Queryable, batch: string[]): Promise<Set<string>> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select m->>'key' as key from posts p, jsonb_array_elements(p.media) m
        where p.media <> '[]'::jsonb
          and m->>'key' in (select jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.key));
}

/**
 * A link preview's picture is named by its post (decision 087); a replaced one (the post was edited to
 * another link) is left to this sweep.
 */
async function namedByPreviews(db: Queryable, batch: string[]): Promise<Set<string>> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select link_image_key as key from posts
        where link_image_key in (select jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.key));
}

const AREAS: { area: string; named: (db: Queryable, batch: string[]) => Promise<Set<string>> }[] = [
  { area: "rfp-documents", named: namedIn(rfpDocuments) },
  { area: "proposal-documents", named: namedIn(proposalDocuments) },
  { area: "verification", named: namedIn(verificationDocuments) },
  { area: "association-documents", named: namedIn(documentVersions) },
  // The board packet's uploads (a library document linked to a meeting keeps its library key).
  { area: "meeting-documents", named: namedIn(meetingDocuments) },
  { area: "message-attachments", named: namedIn(messageAttachments) },
  { area: "post-media", named: namedByPosts },
  { area: "link-preview-images", named: namedByPreviews },
];

const SHARD = /^[a-f0-9]{2}$/;
const NAME = /^[a-f0-9]{32}$/;
/** Keys asked about in one query. */
const BATCH = 500;

async function list(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

export async function sweepOrphanedFiles(
  db: Queryable,
  options: { minAgeMs?: number; now?: number } = {},
): Promise<{ removed: string[] }> {
  const root = env().UPLOAD_DIR;
  const cutoff = (options.now ?? Date.now()) - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  const removed: string[] = [];
  for (const { area, named: namedKeys } of AREAS) {
    const old: string[] = [];
    for (const shard of (await list(path.join(root, area))).filter((s) => SHARD.test(s))) {
      for (const name of (await list(path.join(root, area, shard))).filter((n) => NAME.test(n))) {
        const info = await stat(path.join(root, area, shard, name)).catch(() => null);
        if (info?.isFile() && info.mtimeMs < cutoff) old.push(`${area}/${shard}/${name}`);
      }
    }
    for (let i = 0; i < old.length; i += BATCH) {
      const batch = old.slice(i, i + BATCH);
      const named = await namedKeys(db, batch);
      for (const key of batch) {
        if (named.has(key)) continue;
        await rm(path.join(root, ...key.split("/")), { force: true });
        removed.push(key);
      }
    }
  }
  return { removed };
}
