import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Queryable } from "@db/client";
import {
  documentVersions,
  meetingDocuments,
  proposalDocuments,
  rfpDocuments,
  verificationDocuments,
} from "@db/schema";
import { inArray } from "drizzle-orm";
import { env } from "~/env.server";

/**
 * The sweep of orphaned uploads (issue 11, part 2.4): a stored file that no row names (a process that
 * died between writing a file and committing its row, a failed cleanup) is removed once it is older
 * than `minAgeMs`, so an upload still on its way to its row is never touched. Run by the background
 * jobs (app/jobs.server.ts); every app server may run it.
 */

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

const AREAS = [
  { area: "rfp-documents", table: rfpDocuments },
  { area: "proposal-documents", table: proposalDocuments },
  { area: "verification", table: verificationDocuments },
  { area: "association-documents", table: documentVersions },
  // The board packet's uploads (a library document linked to a meeting keeps its library key).
  { area: "meeting-documents", table: meetingDocuments },
] as const;

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
  for (const { area, table } of AREAS) {
    const old: string[] = [];
    for (const shard of (await list(path.join(root, area))).filter((s) => SHARD.test(s))) {
      for (const name of (await list(path.join(root, area, shard))).filter((n) => NAME.test(n))) {
        const info = await stat(path.join(root, area, shard, name)).catch(() => null);
        if (info?.isFile() && info.mtimeMs < cutoff) old.push(`${area}/${shard}/${name}`);
      }
    }
    for (let i = 0; i < old.length; i += BATCH) {
      const batch = old.slice(i, i + BATCH);
      const rows = await db
        .select({ key: table.storageKey })
        .from(table)
        .where(inArray(table.storageKey, batch));
      const named = new Set(rows.map((r) => r.key));
      for (const key of batch) {
        if (named.has(key)) continue;
        await rm(path.join(root, ...key.split("/")), { force: true });
        removed.push(key);
      }
    }
  }
  return { removed };
}
