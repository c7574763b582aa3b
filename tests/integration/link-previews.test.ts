/**
 * Link previews on posts (issue 29, part 1; decision 071): the SSRF-safe fetcher against a real local
 * server (refused by default as a private address, reachable only through the test-only allow list),
 * its deadline, size cap, content-type and redirect rules; and the flow: a post's write only queues the
 * fetch, the job stores the preview with the post, the post's readers (and only they) see it, an edit
 * to another URL replaces it, and hostile page text stays text.
 */
import { once as onceEvent } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { queryRows } from "@db/client";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchLinkPreviews } from "~/commands/link-previews.server";
import { LinkPreviewCard } from "~/components/community/link-preview-card";
import { resetEnvForTests } from "~/env.server";
import { fetchHtmlPage, type SafeFetchOptions } from "~/outbound/safe-fetch.server";
import * as feedRoute from "~/routes/_app.common-area._index";
import * as postRoute from "~/routes/_app.posts.$id";
import { thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const HOSTILE_TITLE = "<script>alert('owned')</script><img src=x onerror=alert(1)>";

/** A local web server with one page per path; it records every request it gets. */
function pageServer() {
  const requests: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  const big = { finished: false, closedEarly: false };
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ path, headers: req.headers });
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { "Content-Type": type, "Set-Cookie": "tracker=1" });
      res.end(body);
    };
    const html = (body: string, type = "text/html; charset=utf-8") => send(200, type, body);
    if (path === "/page")
      return html(`<!doctype html><html><head>
        <title>Fallback title</title>
        <meta property="og:title" content="Reserve study guide">
        <meta property="og:description" content="How much to keep in reserve &amp; why.">
        <meta property="og:site_name" content="HOA Weekly">
        <meta property="og:image" content="/cover.png">
        </head><body>Hello</body></html>`);
    if (path === "/hostile")
      return html(
        `<head><title>${HOSTILE_TITLE}</title><meta name="description" content="&lt;b onmouseover=alert(2)&gt;hi"></head>`,
      );
    if (path === "/other") return html("<title>The other page</title>");
    if (path === "/latin1")
      return send(
        200,
        "text/html; charset=windows-1252",
        Buffer.from("<title>Caf\xe9 cr\xe8me</title>", "latin1"),
      );
    if (path === "/json") return html('{"title":"no"}', "application/json");
    if (path === "/image") return html("<title>not html</title>", "image/png");
    if (path === "/missing") return send(404, "text/html", "<title>404</title>");
    if (path === "/slow") {
      // Never answers.
      open.add(res);
      return;
    }
    if (path === "/drip") {
      // Headers at once, then one byte now and then, forever.
      res.writeHead(200, { "Content-Type": "text/html" });
      res.write("<title>");
      open.add(res);
      const timer = setInterval(() => res.write("a"), 50);
      res.on("close", () => clearInterval(timer));
      return;
    }
    if (path === "/big") {
      // 8 MB: a title first, another one after the cap.
      res.writeHead(200, { "Content-Type": "text/html" });
      res.on("close", () => {
        if (!big.finished) big.closedEarly = true;
      });
      res.write("<html><head><title>Early title</title></head><body>");
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, "x");
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end('<meta property="og:title" content="Late title"></body></html>', () => {
          big.finished = true;
        });
      };
      pump();
      return;
    }
    if (path === "/late-meta") {
      res.writeHead(200, { "Content-Type": "text/html" });
      return res.end(`<html><body>${"y".repeat(600 * 1024)}<title>Too late</title></body></html>`);
    }
    const redirect = (to: string, status = 302) => {
      res.writeHead(status, { Location: to });
      res.end();
    };
    if (path === "/to-page") return redirect("/page", 301);
    if (path === "/to-metadata") return redirect("http://169.254.169.254/latest/meta-data/");
    if (path === "/to-loopback-80") return redirect("http://127.0.0.1/admin");
    if (path === "/to-localhost") return redirect("http://localhost/admin", 307);
    if (path === "/to-file") return redirect("file:///etc/passwd");
    const hop = /^\/hop\/(\d+)$/u.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      return n === 0 ? html("<title>End of the chain</title>") : redirect(`/hop/${n - 1}`);
    }
    res.writeHead(404);
    res.end();
  });
  return {
    server,
    requests,
    big,
    start: async () => {
      server.listen(0, "127.0.0.1");
      await onceEvent(server, "listening");
      return (server.address() as AddressInfo).port;
    },
    stop: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("the link preview fetcher", () => {
  const site = pageServer();
  let origin: string;
  let allowed: SafeFetchOptions;
  const hits = (path: string) => site.requests.filter((r) => r.path === path).length;

  beforeAll(async () => {
    const port = await site.start();
    origin = `http://127.0.0.1:${port}`;
    allowed = { allowHosts: [`127.0.0.1:${port}`] };
  });
  afterAll(() => site.stop());

  it("refuses the local server by default: private address (or odd port), no request sent", async () => {
    expect(await fetchHtmlPage(`${origin}/page`)).toMatchObject({ ok: false });
    expect(await fetchHtmlPage("http://127.0.0.1/page")).toMatchObject({
      ok: false,
      reason: "refused_address",
    });
    expect(await fetchHtmlPage("http://[::1]/page")).toMatchObject({ ok: false, reason: "refused_address" });
    expect(await fetchHtmlPage("http://[::ffff:127.0.0.1]/page")).toMatchObject({
      ok: false,
      reason: "refused_address",
    });
    expect(await fetchHtmlPage("http://localhost/page")).toMatchObject({
      ok: false,
      reason: "refused_address",
    });
    expect(await fetchHtmlPage("http://169.254.169.254/latest/meta-data/")).toMatchObject({
      ok: false,
      reason: "refused_address",
    });
    expect(await fetchHtmlPage("http://0x7f.1/")).toMatchObject({ ok: false, reason: "refused_address" });
    expect(hits("/page")).toBe(0);
  });

  it("refuses other schemes, other ports and names that resolve to a private address", async () => {
    expect(await fetchHtmlPage("file:///etc/passwd")).toMatchObject({ ok: false, reason: "invalid_url" });
    expect(await fetchHtmlPage("http://93.184.216.34:8080/")).toMatchObject({
      ok: false,
      reason: "refused_port",
    });
    expect(await fetchHtmlPage("http://93.184.216.34:22/")).toMatchObject({
      ok: false,
      reason: "refused_port",
    });
    const resolve = async (host: string) =>
      host === "mixed.test"
        ? [
            { address: "93.184.216.34", family: 4 as const },
            { address: "10.0.0.7", family: 4 as const },
          ]
        : [{ address: "fd00::1", family: 6 as const }];
    expect(await fetchHtmlPage("http://mixed.test/", { resolve })).toMatchObject({
      ok: false,
      reason: "refused_address",
    });
    expect(await fetchHtmlPage("https://ula.test/", { resolve })).toMatchObject({
      ok: false,
      reason: "refused_address",
    });
  });

  it("with the test-only allow list: reads the page, sends no cookie or credentials", async () => {
    const page = await fetchHtmlPage(`${origin}/page`, allowed);
    expect(page).toMatchObject({ ok: true, url: `${origin}/page`, truncated: false });
    expect(page.ok && page.html).toContain("Reserve study guide");
    const last = site.requests.at(-1);
    expect(last?.headers.cookie).toBeUndefined();
    expect(last?.headers.authorization).toBeUndefined();
    expect(last?.headers["accept-encoding"]).toBe("identity");
  });

  it("connects to the address it checked (pinned), whatever the name would resolve to later", async () => {
    const port = new URL(origin).port;
    const page = await fetchHtmlPage(`http://preview.test:${port}/other`, {
      allowHosts: [`preview.test:${port}`],
      resolve: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(page).toMatchObject({ ok: true });
    expect(site.requests.at(-1)?.headers.host).toBe(`preview.test:${port}`);
  });

  it("gives up at the deadline: no answer, or an answer that never ends", async () => {
    expect(await fetchHtmlPage(`${origin}/slow`, { ...allowed, timeoutMs: 300 })).toMatchObject({
      ok: false,
      reason: "timeout",
    });
    expect(await fetchHtmlPage(`${origin}/drip`, { ...allowed, timeoutMs: 300 })).toMatchObject({
      ok: false,
      reason: "timeout",
    });
    // A resolver that never answers is cut off too.
    expect(
      await fetchHtmlPage("http://hang.test/", { timeoutMs: 300, resolve: () => new Promise(() => {}) }),
    ).toMatchObject({ ok: false, reason: "timeout" });
  });

  it("reads at most 512 KB and closes the connection; what is past the cap is not seen", async () => {
    const page = await fetchHtmlPage(`${origin}/big`, allowed);
    expect(page).toMatchObject({ ok: true, truncated: true });
    expect(page.ok && Buffer.byteLength(page.html, "latin1")).toBeLessThanOrEqual(512 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(site.big.closedEarly).toBe(true);
    expect(site.big.finished).toBe(false);
    const late = await fetchHtmlPage(`${origin}/late-meta`, allowed);
    expect(late.ok && late.html.includes("Too late")).toBe(false);
  });

  it("reads only HTML, and a failed status is no page", async () => {
    expect(await fetchHtmlPage(`${origin}/json`, allowed)).toMatchObject({ ok: false, reason: "not_html" });
    expect(await fetchHtmlPage(`${origin}/image`, allowed)).toMatchObject({ ok: false, reason: "not_html" });
    expect(await fetchHtmlPage(`${origin}/missing`, allowed)).toMatchObject({
      ok: false,
      reason: "http_status",
    });
  });

  it("decodes the declared character set", async () => {
    const page = await fetchHtmlPage(`${origin}/latin1`, allowed);
    expect(page.ok && page.html).toBe("<title>Café crème</title>");
  });

  it("follows up to 3 redirects, checking every hop; a hop to a private address is refused", async () => {
    expect(await fetchHtmlPage(`${origin}/to-page`, allowed)).toMatchObject({
      ok: true,
      url: `${origin}/page`,
    });
    expect(await fetchHtmlPage(`${origin}/hop/3`, allowed)).toMatchObject({
      ok: true,
      url: `${origin}/hop/0`,
    });
    expect(await fetchHtmlPage(`${origin}/hop/4`, allowed)).toMatchObject({
      ok: false,
      reason: "too_many_redirects",
    });
    expect(await fetchHtmlPage(`${origin}/to-metadata`, allowed)).toMatchObject({
      ok: false,
      reason: "refused_address",
      url: "http://169.254.169.254/latest/meta-data/",
    });
    expect(await fetchHtmlPage(`${origin}/to-loopback-80`, allowed)).toMatchObject({
      ok: false,
      reason: "refused_address",
    });
    expect(await fetchHtmlPage(`${origin}/to-localhost`, allowed)).toMatchObject({
      ok: false,
      reason: "refused_address",
    });
    expect(await fetchHtmlPage(`${origin}/to-file`, allowed)).toMatchObject({
      ok: false,
      reason: "invalid_url",
    });
  });
});

describe("the preview card", () => {
  it("shows hostile page text as text", () => {
    const html = renderToStaticMarkup(
      createElement(LinkPreviewCard, {
        preview: {
          url: "https://example.com/x",
          domain: "example.com",
          title: HOSTILE_TITLE,
          description: '"><script>alert(3)</script>',
          siteName: null,
          imageUrl: null,
        },
      }),
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&#x27;owned&#x27;)&lt;/script&gt;");
    expect(html).toContain('rel="nofollow ugc noopener noreferrer"');
  });
});

const get = (url: string, who: Person) =>
  new Request(`http://localhost${url}`, { headers: { Cookie: who.cookie } });
const post = (url: string, who: Person, fields: Record<string, string>) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
  });

describe.each(engines)("link previews on posts on %s", (engine) => {
  const t = useTestDatabase(engine);
  const site = pageServer();
  let origin: string;
  let allowed: SafeFetchOptions;
  let ann: Person; // the author
  let bob: Person; // a reader of public posts
  let dan: Person; // not connected to Ann: cannot read her connections_only post

  const act = (who: Person, fields: Record<string, string>) =>
    thrown(() =>
      feedRoute.action({ request: post("/common-area?index", who, fields), params: {}, context: {} }),
    );
  const postPage = (who: Person, id: string) =>
    thrown(() => postRoute.loader({ request: get(`/posts/${id}`, who), params: { id }, context: {} }));
  const card = async (who: Person, id: string): Promise<Loose> => {
    const r = await postPage(who, id);
    expect(r.status).toBe(200);
    return ((await r.json()) as Loose).post;
  };
  const idOf = async (content: string) => {
    const [row] = await queryRows<{ id: string }>(t.db, sql`select id from posts where content = ${content}`);
    if (!row) throw new Error(`no post ${content}`);
    return row.id;
  };
  const queued = async (postId: string) =>
    (
      await queryRows<{ url: string }>(
        t.db,
        sql`select url from link_preview_requests where post_id = ${postId}`,
      )
    ).map((r) => r.url);
  const write = async (who: Person, content: string, visibility = "public") => {
    const r = await act(who, { intent: "create", content, visibility, postType: "link" });
    expect(r.status).toBe(302);
    return idOf(content);
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    const port = await site.start();
    origin = `http://127.0.0.1:${port}`;
    allowed = { allowHosts: [`127.0.0.1:${port}`] };
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    dan = await personWithRole(t.db, "attorney", { label: "dan" });
  });
  afterAll(async () => {
    await site.stop();
    delete process.env.LINK_PREVIEW_ALLOW_HOSTS;
    resetEnvForTests();
  });

  it("a post's write only queues the fetch; the job stores the preview and readers see it", async () => {
    const content = `Worth a read: ${origin}/page.`;
    const id = await write(ann, content);
    // Nothing was fetched while the post was written.
    expect(await queued(id)).toEqual([`${origin}/page`]);
    expect(site.requests.filter((r) => r.path === "/page")).toHaveLength(0);
    expect((await card(bob, id)).linkPreview).toBeNull();

    expect(await fetchLinkPreviews(t.db, allowed)).toEqual({ stored: 1, none: 0 });
    expect(await queued(id)).toEqual([]);
    expect((await card(bob, id)).linkPreview).toEqual({
      url: `${origin}/page`,
      domain: "127.0.0.1",
      title: "Reserve study guide",
      description: "How much to keep in reserve & why.",
      siteName: "HOA Weekly",
      // The page's /cover.png is missing here: a preview without a picture (decision 087).
      imageUrl: null,
    });
    const [row] = await queryRows<{ link_image_url: string }>(
      t.db,
      sql`select link_image_url from posts where id = ${id}`,
    );
    expect(row?.link_image_url).toBe(`${origin}/cover.png`);
    // The feed's card carries it too.
    const feed = (await (
      await thrown(() => feedRoute.loader({ request: get("/common-area", bob), params: {}, context: {} }))
    ).json()) as Loose;
    expect(feed.posts.find((p: Loose) => p.id === id)?.linkPreview?.title).toBe("Reserve study guide");
  });

  it("by default (no allow list) the local server is refused: no preview, nothing fetched, the row gone", async () => {
    delete process.env.LINK_PREVIEW_ALLOW_HOSTS;
    resetEnvForTests();
    const before = site.requests.length;
    const id = await write(ann, `Local page ${origin}/other`);
    expect(await fetchLinkPreviews(t.db)).toEqual({ stored: 0, none: 1 });
    expect(site.requests.length).toBe(before);
    expect((await card(ann, id)).linkPreview).toBeNull();
    expect(await queued(id)).toEqual([]);
  });

  it("the allow list comes from LINK_PREVIEW_ALLOW_HOSTS (test only)", async () => {
    process.env.LINK_PREVIEW_ALLOW_HOSTS = ` other.test:1, ${new URL(origin).host} `;
    resetEnvForTests();
    const id = await write(ann, `Through the setting ${origin}/other`);
    expect(await fetchLinkPreviews(t.db)).toEqual({ stored: 1, none: 0 });
    expect((await card(ann, id)).linkPreview?.title).toBe("The other page");
    delete process.env.LINK_PREVIEW_ALLOW_HOSTS;
    resetEnvForTests();
  });

  it("hostile page text is stored as text and rendered escaped", async () => {
    const id = await write(ann, `Look ${origin}/hostile`);
    await fetchLinkPreviews(t.db, allowed);
    const preview = (await card(bob, id)).linkPreview;
    expect(preview.title).toBe(HOSTILE_TITLE);
    expect(preview.description).toBe("<b onmouseover=alert(2)>hi");
    const html = renderToStaticMarkup(createElement(LinkPreviewCard, { preview }));
    expect(html).not.toMatch(/<script|<img|<b /u);
  });

  it("non-HTML, slow and redirected-to-private pages give no preview", async () => {
    const ids = [
      await write(ann, `A JSON file ${origin}/json`),
      await write(ann, `A metadata trick ${origin}/to-metadata`),
      await write(ann, `Slow ${origin}/slow`),
    ];
    expect(await fetchLinkPreviews(t.db, { ...allowed, timeoutMs: 300 })).toEqual({ stored: 0, none: 3 });
    for (const id of ids) expect((await card(ann, id)).linkPreview).toBeNull();
  });

  it("the preview is shown to exactly whoever can read the post", async () => {
    // Bob is a connection of nobody here: a connections_only post is Ann's alone.
    const id = await write(ann, `Private note ${origin}/page`, "connections_only");
    await fetchLinkPreviews(t.db, allowed);
    expect((await card(ann, id)).linkPreview?.title).toBe("Reserve study guide");
    expect((await postPage(dan, id)).status).toBe(404);
    const feed = (await (
      await thrown(() => feedRoute.loader({ request: get("/common-area", dan), params: {}, context: {} }))
    ).json()) as Loose;
    expect(feed.posts.some((p: Loose) => p.id === id)).toBe(false);
    expect(JSON.stringify(feed)).not.toContain(id);
  });

  it("an edit to another URL replaces the preview; an edit keeping it does not fetch again; a late fetch of the old URL is dropped", async () => {
    const id = await write(ann, `Edit me ${origin}/page`);
    await fetchLinkPreviews(t.db, allowed);
    const version = async () => Number((await card(ann, id)).version);
    const edit = async (content: string) => {
      const r = await act(ann, {
        intent: "edit",
        postId: id,
        version: String(await version()),
        content,
        postType: "link",
        visibility: "public",
      });
      expect(r.status).toBe(302);
    };
    await edit(`Edit me, same link ${origin}/page`);
    expect(await queued(id)).toEqual([]);
    expect((await card(ann, id)).linkPreview?.title).toBe("Reserve study guide");

    await edit(`Edit me, new link ${origin}/other`);
    expect((await card(ann, id)).linkPreview).toBeNull();
    expect(await queued(id)).toEqual([`${origin}/other`]);
    // A fetch of the old URL that was under way when the edit landed: not stored.
    await t.db.execute(
      sql`insert into link_preview_requests (post_id, url) values (${id}, ${`${origin}/page`})`,
    );
    await fetchLinkPreviews(t.db, allowed);
    expect((await card(ann, id)).linkPreview?.title).toBe("The other page");

    await edit("Edit me, no link any more");
    expect((await card(ann, id)).linkPreview).toBeNull();
    expect(await queued(id)).toEqual([]);
  });

  it("a deleted post's queued fetch stores nothing", async () => {
    const id = await write(ann, `Soon gone ${origin}/page`);
    expect((await act(ann, { intent: "delete", postId: id })).status).toBe(302);
    expect(await fetchLinkPreviews(t.db, allowed)).toEqual({ stored: 0, none: 1 });
    const [row] = await queryRows<{ link_title: string | null }>(
      t.db,
      sql`select link_title from posts where id = ${id}`,
    );
    expect(row?.link_title).toBeNull();
  });
});
