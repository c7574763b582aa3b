/**
 * Link preview pictures (decision 087): a page's og:image is fetched on the server by the same
 * SSRF-safe fetcher (deadline, size cap, public addresses only), checked by its content, downscaled to
 * fit 600x315 and re-encoded without EXIF, kept in private storage and served from our own origin
 * (/posts/link-image/{post}/{name}) to the post's readers only. A picture that cannot be read (not a
 * picture, too large, at a private address, missing) leaves the preview without one.
 */
import { once as onceEvent } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { queryRows } from "@db/client";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchLinkPreviews } from "~/commands/link-previews.server";
import { resetEnvForTests } from "~/env.server";
import { fetchImage, type SafeFetchOptions } from "~/outbound/safe-fetch.server";
import * as feedRoute from "~/routes/_app.common-area._index";
import * as postRoute from "~/routes/_app.posts.$id";
import * as imageRoute from "~/routes/posts.link-image.$postId.$name";
import { sweepOrphanedFiles } from "~/storage/sweep.server";
import { thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { filesUnder } from "../support/files";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

/** A 1200x900 photo whose EXIF names a camera. */
const PHOTO = await sharp({
  create: { width: 1200, height: 900, channels: 3, background: "#336699" },
})
  .jpeg({ quality: 90 })
  .withExif({ IFD0: { Make: "SecretCam", Copyright: "Where I live" } })
  .toBuffer();

/** Six megabytes of noise as PNG: a real picture past the 5 MB cap. */
const HUGE = await sharp({
  create: {
    width: 1800,
    height: 1800,
    channels: 3,
    background: "#000000",
    noise: { type: "gaussian", mean: 128, sigma: 120 },
  },
})
  .png({ compressionLevel: 0 })
  .toBuffer();

const page = (image: string) =>
  `<!doctype html><html><head><title>A page</title>
   <meta property="og:title" content="With a picture">
   <meta property="og:image" content="${image}"></head></html>`;

/** A local site: pages naming pictures, and the pictures (real, fake, huge, SVG). */
function site() {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const p = new URL(req.url ?? "/", "http://site.test").pathname;
    requests.push(p);
    const send = (type: string, body: string | Buffer) => {
      res.writeHead(200, { "Content-Type": type });
      res.end(body);
    };
    if (p === "/img/photo.jpg") return send("image/jpeg", PHOTO);
    if (p === "/img/text.png") return send("image/png", "<html><script>alert(1)</script></html>");
    if (p === "/img/logo.svg")
      return send("image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    if (p === "/img/huge.png") return send("image/png", HUGE);
    if (p === "/img/photo-as-html") return send("text/html", PHOTO);
    const named = /^\/page\/(.+)$/u.exec(p);
    if (named?.[1]) {
      // /page/photo.jpg names /img/photo.jpg; /page/http%3A... names that address.
      const image = decodeURIComponent(named[1]);
      return send("text/html; charset=utf-8", page(image.startsWith("http") ? image : `/img/${image}`));
    }
    res.writeHead(404);
    res.end();
  });
  return {
    requests,
    start: async () => {
      server.listen(0, "127.0.0.1");
      await onceEvent(server, "listening");
      return (server.address() as AddressInfo).port;
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("the picture fetcher", () => {
  const local = site();
  let origin: string;
  let allowed: SafeFetchOptions;

  beforeAll(async () => {
    const port = await local.start();
    origin = `http://127.0.0.1:${port}`;
    allowed = { allowHosts: [`127.0.0.1:${port}`] };
  });
  afterAll(() => local.stop());

  it("reads a picture whole; refuses private addresses, non-pictures and pictures past the cap", async () => {
    const photo = await fetchImage(`${origin}/img/photo.jpg`, allowed);
    expect(photo.ok && photo.bytes.equals(PHOTO)).toBe(true);
    const before = local.requests.length;
    expect(await fetchImage(`${origin}/img/photo.jpg`)).toMatchObject({ ok: false });
    expect(await fetchImage("http://127.0.0.1/img/photo.jpg")).toMatchObject({
      ok: false,
      reason: "refused_address",
    });
    expect(await fetchImage("http://169.254.169.254/latest/image.png")).toMatchObject({
      ok: false,
      reason: "refused_address",
    });
    expect(local.requests.length).toBe(before);
    expect(await fetchImage(`${origin}/img/photo-as-html`, allowed)).toMatchObject({
      ok: false,
      reason: "not_image",
    });
    expect(HUGE.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    expect(await fetchImage(`${origin}/img/huge.png`, allowed)).toMatchObject({
      ok: false,
      reason: "too_large",
    });
    // Exactly at the cap is whole; one byte less is too large.
    expect(
      await fetchImage(`${origin}/img/photo.jpg`, { ...allowed, maxBytes: PHOTO.byteLength }),
    ).toMatchObject({
      ok: true,
    });
    expect(
      await fetchImage(`${origin}/img/photo.jpg`, { ...allowed, maxBytes: PHOTO.byteLength - 1 }),
    ).toMatchObject({ ok: false, reason: "too_large" });
  });
});

const get = (url: string, who: Person) =>
  new Request(`http://localhost${url}`, { headers: { Cookie: who.cookie } });

describe.each(engines)("link preview pictures on %s", (engine) => {
  const t = useTestDatabase(engine);
  const local = site();
  let origin: string;
  let allowed: SafeFetchOptions;
  let uploadDir: string;
  let ann: Person; // the author
  let bob: Person; // reads public posts
  let dan: Person; // cannot read Ann's connections_only post

  const act = (who: Person, fields: Record<string, string>) =>
    thrown(() =>
      feedRoute.action({
        request: new Request("http://localhost/common-area?index", {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
        }),
        params: {},
        context: {},
      }),
    );
  const write = async (content: string, visibility = "public") => {
    await t.db.execute(sql`delete from rate_limit_counters`);
    const r = await act(ann, { intent: "create", content, visibility, postType: "link" });
    if (r.status !== 302) throw new Error(`${content}: ${r.status} ${await r.text()}`);
    const [row] = await queryRows<{ id: string }>(t.db, sql`select id from posts where content = ${content}`);
    if (!row) throw new Error(`no post ${content}`);
    return row.id;
  };
  const preview = async (who: Person, id: string): Promise<Loose> => {
    const r = await thrown(() =>
      postRoute.loader({ request: get(`/posts/${id}`, who), params: { id }, context: {} }),
    );
    expect(r.status).toBe(200);
    return ((await r.json()) as Loose).post.linkPreview;
  };
  const image = (who: Person, address: string) => {
    const [, , , postId = "", name = ""] = address.split("/");
    return thrown(() =>
      imageRoute.loader({ request: get(address, who), params: { postId, name }, context: {} }),
    );
  };
  const stored = () => filesUnder(path.join(uploadDir, "link-preview-images"));

  beforeAll(async () => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "link-images-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
    const port = await local.start();
    origin = `http://127.0.0.1:${port}`;
    allowed = { allowHosts: [`127.0.0.1:${port}`] };
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    dan = await personWithRole(t.db, "attorney", { label: "dan" });
  });
  afterAll(async () => {
    await local.stop();
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  it("a real picture is fetched, downscaled to fit 600x315 without EXIF, and served from our origin", async () => {
    const id = await write(`Pictured ${origin}/page/photo.jpg`);
    expect(await fetchLinkPreviews(t.db, allowed)).toEqual({ stored: 1, none: 0 });
    const shown = await preview(bob, id);
    expect(shown.title).toBe("With a picture");
    expect(shown.imageUrl).toMatch(new RegExp(`^/posts/link-image/${id}/[a-f0-9]{32}$`, "u"));
    // The reader is never sent the third party's address.
    const card = JSON.stringify(shown);
    expect(card).not.toContain("/img/");

    const r = await image(bob, shown.imageUrl);
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toBe("image/webp");
    expect(r.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = Buffer.from(await r.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([420, 315]);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("SecretCam"))).toBe(false);
    expect(stored()).toHaveLength(1);

    // The feed's card carries the same address.
    const feed = (await (
      await thrown(() => feedRoute.loader({ request: get("/common-area", bob), params: {}, context: {} }))
    ).json()) as Loose;
    expect(feed.posts.find((p: Loose) => p.id === id)?.linkPreview?.imageUrl).toBe(shown.imageUrl);
  });

  it("a non-picture, an SVG, a picture past the cap, a private address and a missing one: a preview without a picture", async () => {
    const before = stored().length;
    const ids = [
      await write(`Text as a picture ${origin}/page/text.png`),
      await write(`A vector ${origin}/page/logo.svg`),
      await write(`Too large ${origin}/page/huge.png`),
      await write(`Metadata ${origin}/page/${encodeURIComponent("http://169.254.169.254/latest/x.png")}`),
      await write(`Loopback ${origin}/page/${encodeURIComponent("http://127.0.0.1/x.png")}`),
      await write(`Not there ${origin}/page/nothing-here.png`),
    ];
    expect(await fetchLinkPreviews(t.db, allowed)).toEqual({ stored: 6, none: 0 });
    for (const id of ids) {
      const shown = await preview(ann, id);
      expect(shown.title).toBe("With a picture");
      expect(shown.imageUrl).toBeNull();
    }
    expect(stored()).toHaveLength(before);
  });

  it("only the post's readers get the picture; an edit to another link retires it; a deleted post's picture goes", async () => {
    const id = await write(`Just us ${origin}/page/photo.jpg`, "connections_only");
    await fetchLinkPreviews(t.db, allowed);
    const address = (await preview(ann, id)).imageUrl as string;
    expect((await image(ann, address)).status).toBe(200);
    expect((await image(dan, address)).status).toBe(404);
    // A name that is not the post's picture.
    expect((await image(ann, `/posts/link-image/${id}/${"0".repeat(32)}`)).status).toBe(404);
    expect((await image(ann, `/posts/link-image/${id}/..%2F..%2Fetc`)).status).toBe(404);

    const [{ version } = { version: 0 }] = await queryRows<{ version: number }>(
      t.db,
      sql`select version from posts where id = ${id}`,
    );
    const edited = await act(ann, {
      intent: "edit",
      postId: id,
      version: String(version),
      content: `Just us, another page ${origin}/page/photo.jpg?again`,
      postType: "link",
      visibility: "connections_only",
    });
    expect(edited.status).toBe(302);
    expect(await preview(ann, id)).toBeNull();
    expect((await image(ann, address)).status).toBe(404);
    // The retired file is the sweep's (no post names it any more).
    const swept = await sweepOrphanedFiles(t.db, { minAgeMs: 0 });
    expect(swept.removed.some((k) => address.endsWith(k.split("/").at(-1) ?? "-"))).toBe(true);

    await fetchLinkPreviews(t.db, allowed);
    const again = (await preview(ann, id)).imageUrl as string;
    expect(again).toMatch(/^\/posts\/link-image\//u);
    expect(again).not.toBe(address);
    const count = stored().length;
    expect((await act(ann, { intent: "delete", postId: id })).status).toBe(302);
    expect(stored()).toHaveLength(count - 1);
    expect((await image(ann, again)).status).toBe(404);
  });
});
