/**
 * A post's media (issue 29, part 1; spec 002 sections 5, 8 and 9) through /common-area's action and
 * /posts/media/{id}/{index}: up to 10 files of 10 MB, each judged by its content before any is kept
 * (per-file messages, word for word), pictures downscaled within 1920x1080 without their EXIF, served
 * to the post's readers only (404 for anyone else and once the post is deleted, its files gone), no
 * file kept by a refused post (other intents, the rate limit, a stranger's context), and the orphan
 * sweep knowing the area.
 */
import { mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { queryRows } from "@db/client";
import { contentMessage } from "@domain/community/content-rules";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import * as feedRoute from "~/routes/_app.common-area._index";
import * as mediaRoute from "~/routes/posts.media.$postId.$index";
import { storeStream } from "~/storage/files.server";
import { sweepOrphanedFiles } from "~/storage/sweep.server";
import { thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { filesUnder, TINY_PDF, TINY_PNG } from "../support/files";
import { useUpUserAction } from "../support/limits";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const BOUNDARY = "----postmediatestboundary";

function multipart(fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="media"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

describe.each(engines)("post media on %s", (engine) => {
  const t = useTestDatabase(engine);
  let uploadDir: string;
  let ann: Person; // the author
  let bob: Person; // reads public posts
  let dan: Person; // not connected: cannot read Ann's connections_only post

  const send = (who: Person, fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) =>
    thrown(() =>
      feedRoute.action({
        request: new Request("http://localhost/common-area?index", {
          method: "POST",
          body: multipart(fields, files),
          headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, Cookie: who.cookie },
        }),
        params: {},
        context: {},
      }),
    );
  const media = (who: Person, postId: string, index: number) =>
    thrown(() =>
      mediaRoute.loader({
        request: new Request(`http://localhost/posts/media/${postId}/${index}`, {
          headers: { Cookie: who.cookie },
        }),
        params: { postId, index: String(index) },
        context: {},
      }),
    );
  const idOf = async (content: string) => {
    const [row] = await queryRows<{ id: string }>(t.db, sql`select id from posts where content = ${content}`);
    if (!row) throw new Error(`no post ${content}`);
    return row.id;
  };
  const clearLimits = () => t.db.execute(sql`delete from rate_limit_counters`);
  /** A noisy photo (it does not compress away), with EXIF naming a camera. */
  const photo = (width: number, height: number) =>
    sharp({
      create: {
        width,
        height,
        channels: 3,
        background: "#336699",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Make: "SecretCam" } })
      .toBuffer();

  beforeAll(async () => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "post-media-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    dan = await personWithRole(t.db, "attorney", { label: "dan" });
  });
  afterAll(() => {
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  it("a post with a photo, a PNG and a PDF: stored, pictures fitted, served to its readers only", async () => {
    const original = await photo(3200, 2400);
    const r = await send(
      ann,
      { intent: "create", content: "Site photos from the roof", visibility: "public" },
      [
        // Named as text: the content decides.
        { name: "roof.txt", bytes: original },
        { name: "dot.png", bytes: TINY_PNG },
        { name: "scope.pdf", bytes: TINY_PDF },
      ],
    );
    expect(r.status).toBe(302);
    const id = await idOf("Site photos from the roof");
    const [row] = await queryRows<{ post_type: string; media: Loose[] }>(
      t.db,
      sql`select post_type, media from posts where id = ${id}`,
    );
    expect(row?.post_type).toBe("image");
    expect(row?.media.map((m) => [m.name, m.contentType])).toEqual([
      ["roof.txt", "image/jpeg"],
      ["dot.png", "image/png"],
      ["scope.pdf", "application/pdf"],
    ]);
    // Only the three stored files remain (the received photo was replaced by its fitted copy).
    expect(filesUnder(uploadDir).filter((f) => f.startsWith("post-media/"))).toHaveLength(3);

    const picture = await media(bob, id, 0);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("Content-Type")).toBe("image/jpeg");
    expect(picture.headers.get("Content-Disposition")).toMatch(/^inline;/);
    expect(picture.headers.get("Cache-Control")).toBe("private, max-age=3600");
    const bytes = Buffer.from(await picture.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1440, height: 1080 });
    expect(meta.exif).toBeUndefined();
    const pdf = await media(bob, id, 2);
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(Buffer.from(await pdf.arrayBuffer()).equals(TINY_PDF)).toBe(true);
    expect((await media(bob, id, 3)).status).toBe(404);
    expect((await media(bob, id, 99)).status).toBe(404);

    // The feed's card lists them (no storage key leaves the server).
    const feed = (await (
      await thrown(() =>
        feedRoute.loader({
          request: new Request("http://localhost/common-area", { headers: { Cookie: bob.cookie } }),
          params: {},
          context: {},
        }),
      )
    ).json()) as Loose;
    const card = feed.posts.find((p: Loose) => p.id === id);
    expect(card.media).toEqual([
      { name: "roof.txt", contentType: "image/jpeg", size: bytes.length },
      { name: "dot.png", contentType: "image/png", size: expect.any(Number) },
      { name: "scope.pdf", contentType: "application/pdf", size: TINY_PDF.length },
    ]);
    expect(JSON.stringify(card)).not.toContain("post-media/");

    // Deleted: 404 for everyone, the author too, and the files are gone.
    const deleted = await thrown(() =>
      feedRoute.action({
        request: new Request("http://localhost/common-area?index", {
          method: "POST",
          body: new URLSearchParams({ intent: "delete", postId: id }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: ann.cookie },
        }),
        params: {},
        context: {},
      }),
    );
    expect(deleted.status).toBe(302);
    expect((await media(ann, id, 0)).status).toBe(404);
    expect(filesUnder(uploadDir).filter((f) => f.startsWith("post-media/"))).toHaveLength(0);
  });

  it("a post one may not read: its media are 404 too", async () => {
    await clearLimits();
    const r = await send(
      ann,
      { intent: "create", content: "For my connections only", visibility: "connections_only" },
      [{ name: "dot.png", bytes: TINY_PNG }],
    );
    expect(r.status).toBe(302);
    const id = await idOf("For my connections only");
    expect((await media(ann, id, 0)).status).toBe(200);
    expect((await media(dan, id, 0)).status).toBe(404);
  });

  it("every file is checked before any is kept: per-file messages, nothing stored, no post", async () => {
    await clearLimits();
    const before = filesUnder(uploadDir);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const r = await send(ann, { intent: "create", content: "Refused files", visibility: "public" }, [
      { name: "ok.png", bytes: TINY_PNG },
      { name: "archive.zip", bytes: zip },
      { name: "big.png", bytes: big },
      { name: "notes.txt", bytes: Buffer.from([0, 1, 2, 3]) },
    ]);
    expect(r.status).toBe(400);
    const body = (await r.json()) as Loose;
    expect(body.result.error.media).toEqual([
      "archive.zip: File type application/zip is not allowed",
      `big.png: File size ${(big.length / 1048576).toFixed(2)} MB exceeds maximum allowed size of 10 MB`,
      "notes.txt: File type application/octet-stream is not allowed",
    ]);
    expect(filesUnder(uploadDir)).toEqual(before);
    const [none] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from posts where content = 'Refused files'`,
    );
    expect(none?.n).toBe(0);

    // A GIF and a video type are fine for posts; eleven files are not.
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: TINY_PNG }));
    const tooMany = await send(ann, { intent: "create", content: "Eleven", visibility: "public" }, eleven);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as Loose).result.error.media).toContain(
      contentMessage("post", "TOO_MANY_MEDIA_FILES"),
    );
    expect(filesUnder(uploadDir)).toEqual(before);
  });

  it("files sent with another intent, or over create_post's limit, are not kept", async () => {
    await clearLimits();
    const before = filesUnder(uploadDir);
    const vote = await send(ann, { intent: "vote", postId: crypto.randomUUID(), direction: "up" }, [
      { name: "dot.png", bytes: TINY_PNG },
    ]);
    expect([400, 404]).toContain(vote.status);
    expect(filesUnder(uploadDir)).toEqual(before);

    await useUpUserAction(t.db, ann.id, "create_post");
    const limited = await send(ann, { intent: "create", content: "Over the limit", visibility: "public" }, [
      { name: "dot.png", bytes: TINY_PNG },
    ]);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(filesUnder(uploadDir)).toEqual(before);
    await clearLimits();
  });

  it("the orphan sweep removes an old post-media file no post names, and keeps the named ones", async () => {
    const orphan = await storeStream("post-media", Readable.from([new Uint8Array(TINY_PNG)]), 1024);
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(uploadDir, ...orphan.key.split("/")), old, old);
    const named = filesUnder(uploadDir).filter((f) => f.startsWith("post-media/") && f !== orphan.key);
    expect(named.length).toBeGreaterThan(0);
    for (const f of named) utimesSync(path.join(uploadDir, f), old, old);
    const { removed } = await sweepOrphanedFiles(t.db);
    expect(removed).toEqual([orphan.key]);
    expect(filesUnder(uploadDir).filter((f) => f.startsWith("post-media/"))).toEqual(named);
  });
});
