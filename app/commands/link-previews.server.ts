import { Readable } from "node:stream";
import type { Database, Queryable } from "@db/client";
import { queryRows } from "@db/client";
import {
  extractPreview,
  firstHttpUrl,
  isPreviewImageType,
  LINK_PREVIEW_IMAGE_BOX,
  LINK_PREVIEW_IMAGE_MAX_PIXELS,
  LINK_PREVIEW_IMAGE_QUALITY,
  type LinkPreview,
} from "@domain/community/link-preview";
import { sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { signalPostChanged } from "~/live/post-signals.server";
import { type Outbox, oneRoundAtATime, runOutboxRound } from "~/mail/outbox.server";
import {
  fetchHtmlPage,
  fetchImage,
  parseAllowHosts,
  type SafeFetchOptions,
} from "~/outbound/safe-fetch.server";
import { removeStoredFiles, storeStream } from "~/storage/files.server";

/**
 * Link previews on posts (issue 29, part 1; decision 071). A post's write only queues its first http(s)
 * URL (queueLinkPreview, in the post's transaction); the page is fetched after commit by the background
 * job through the shared outbox round (app/mail/outbox.server.ts: claimed with FOR UPDATE SKIP LOCKED,
 * so app servers never fetch one twice at once), with no transaction open while the network is used
 * (app/outbound/safe-fetch.server.ts: 3 s, 512 KB, public addresses only). The preview is then written
 * on the post in a short transaction, only if the post still links to that URL (an edit in between
 * wins). A page that cannot be read leaves the post without a preview; it is not tried again.
 * The page's picture (og:image) is fetched the same way, checked by its content, downscaled and kept in
 * private storage, and served from this site to the post's readers (decision 087); a picture that
 * cannot be read leaves the preview without one.
 */

const LINK_PREVIEW_OUTBOX: Outbox = {
  table: "link_preview_requests",
  columns: ["post_id", "url"],
  label: "Link preview",
  deleteWhenDone: true,
};

/**
 * In a post's write (create or edit): queues the preview of the content's first URL when it differs
 * from the one the post previewed before (`previous`: the old content's), and clears the old preview.
 * Returns whether a fetch was queued (call wakeLinkPreviews after commit).
 */
export async function queueLinkPreview(
  tx: Queryable,
  postId: string,
  content: string,
  previous: string | null = null,
): Promise<boolean> {
  const url = firstHttpUrl(content);
  if (previous !== null && url === firstHttpUrl(previous)) return false;
  if (previous !== null) {
    // The old picture's file is left to the storage sweep (app/storage/sweep.server.ts).
    await tx.execute(
      sql`update posts set link_url = null, link_title = null, link_description = null, link_site_name = null,
            link_image_url = null, link_image_key = null where id = ${postId}`,
    );
    await tx.execute(sql`delete from link_preview_requests where post_id = ${postId} and state = 'pending'`);
  }
  if (!url) return false;
  await tx.execute(sql`insert into link_preview_requests (post_id, url) values (${postId}, ${url})`);
  return true;
}

/**
 * Stores what was read of `url` on the post, if the post still exists and its content's first URL is
 * still `url`; no preview (nothing readable) stores nothing. `imageKey` is the stored picture, if any:
 * removed when the preview is not stored. Returns whether a preview was stored.
 */
export async function storeLinkPreview(
  db: Database,
  postId: string,
  url: string,
  preview: LinkPreview | null,
  imageKey: string | null = null,
): Promise<boolean> {
  if (!preview) {
    if (imageKey) await removeStoredFiles([imageKey]);
    return false;
  }
  const outcome = await db.transaction(async (tx) => {
    const [post] = await queryRows<{ content: string; link_image_key: string | null }>(
      tx,
      sql`select content, link_image_key from posts where id = ${postId} and deleted_at is null for update`,
    );
    if (!post || firstHttpUrl(post.content) !== url) return { stored: false, unused: imageKey };
    await tx.execute(
      sql`update posts set link_url = ${url}, link_title = ${preview.title}, link_description = ${preview.description},
            link_site_name = ${preview.siteName}, link_image_url = ${preview.imageUrl}, link_image_key = ${imageKey}
          where id = ${postId}`,
    );
    // Open feeds show the preview without a reload (decision 075).
    await signalPostChanged(tx, postId);
    return { stored: true, unused: post.link_image_key !== imageKey ? post.link_image_key : null };
  });
  // After commit: the picture nobody names any more (a sweep catches any a crash leaves behind).
  if (outcome.unused) await removeStoredFiles([outcome.unused]);
  return outcome.stored;
}

/**
 * The picture a page named, fetched under the fetcher's rules (5 s, 5 MB, public addresses only),
 * checked by its content (JPEG, PNG, WebP, GIF or AVIF; never SVG or a page calling itself a picture),
 * turned upright, downscaled to fit 600x315 (never enlarged) and re-encoded as WebP without metadata
 * (sharp writes none unless asked: no EXIF, GPS or comments), then written to private storage.
 * Returns its storage key, or null when it could not be read (the preview then has no picture).
 */
export async function fetchPreviewImage(imageUrl: string, options: SafeFetchOptions): Promise<string | null> {
  const image = await fetchImage(imageUrl, options);
  if (!image.ok) return null;
  const sniffed = await fileTypeFromBuffer(image.bytes);
  if (!isPreviewImageType(sniffed?.mime)) return null;
  let fitted: Buffer;
  try {
    fitted = await sharp(image.bytes, { limitInputPixels: LINK_PREVIEW_IMAGE_MAX_PIXELS, animated: false })
      .rotate()
      .resize({ ...LINK_PREVIEW_IMAGE_BOX, fit: "inside", withoutEnlargement: true })
      .webp({ quality: LINK_PREVIEW_IMAGE_QUALITY })
      .toBuffer();
  } catch {
    return null;
  }
  const stored = await storeStream("link-preview-images", Readable.from([fitted]), fitted.byteLength);
  return stored.key;
}

let warned = false;

/** The fetch options of this deployment (the allow list is for tests only: README, decision 071). */
export function linkPreviewFetchOptions(): SafeFetchOptions {
  const allowHosts = parseAllowHosts(env().LINK_PREVIEW_ALLOW_HOSTS);
  if (allowHosts.length > 0 && !warned) {
    warned = true;
    console.warn(
      `LINK_PREVIEW_ALLOW_HOSTS is set (${allowHosts.join(", ")}): link previews may reach these origins although they are private. For tests only.`,
    );
  }
  return { allowHosts };
}

/** Fetches and stores every waiting preview; returns how many were stored and how many had none. */
export async function fetchLinkPreviews(
  db: Database,
  options: SafeFetchOptions = linkPreviewFetchOptions(),
  now = new Date(),
): Promise<{ stored: number; none: number }> {
  const round = await runOutboxRound<{ post_id: string; url: string }>(
    db,
    LINK_PREVIEW_OUTBOX,
    async (row) => {
      const page = await fetchHtmlPage(row.url, options);
      const preview = page.ok ? extractPreview(page.html, page.url) : null;
      // Still with no transaction open: the picture too is fetched before the short write.
      const imageKey = preview?.imageUrl ? await fetchPreviewImage(preview.imageUrl, options) : null;
      return (await storeLinkPreview(db, row.post_id, row.url, preview, imageKey)) ? "sent" : "skipped";
    },
    now,
  );
  return { stored: round.sent, none: round.skipped };
}

declare global {
  // Set by the background jobs (app/jobs.server.ts): whether a queued preview is fetched at once.
  var __linkPreviewsNudge: boolean | undefined;
}

/** One round at a time in this process; a nudge during a round runs one more after it. */
export const runLinkPreviewRound = oneRoundAtATime(fetchLinkPreviews);

/**
 * After a post's write committed: where the background jobs run, its preview is fetched right away
 * rather than on the next beat (the request does not wait for it).
 */
export function wakeLinkPreviews() {
  if (!globalThis.__linkPreviewsNudge) return;
  setImmediate(() => {
    getDb()
      .then(runLinkPreviewRound)
      .catch((error) => console.error("Link previews failed", error));
  });
}
