import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * A local web page for the browser tests' link previews (decision 071): /article has OpenGraph tags
 * and a title with markup in it (shown as text), and names /cover.jpg, a real 1200x630 photo, as its
 * picture (decision 087: the servers fetch it and serve it from their own origin). The app servers reach it only because the test
 * server sets LINK_PREVIEW_ALLOW_HOSTS to its origin; without that, 127.0.0.1 is refused.
 */
export const LINK_PREVIEW_SITE = {
  title: "Reserve studies, <b>explained</b>",
  description: "What a reserve study covers & how often to update it.",
  siteName: "Condo Digest",
};

export async function startLinkPreviewSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#2f6f4f" } })
    .jpeg()
    .toBuffer();
  const server = http.createServer((req, res) => {
    if (req.url === "/cover.jpg") {
      res.writeHead(200, { "Content-Type": "image/jpeg" });
      res.end(cover);
      return;
    }
    if (!req.url?.startsWith("/article")) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head>
      <title>Fallback</title>
      <meta property="og:title" content="Reserve studies, &lt;b&gt;explained&lt;/b&gt;">
      <meta property="og:description" content="What a reserve study covers &amp; how often to update it.">
      <meta property="og:site_name" content="Condo Digest">
      <meta property="og:image" content="/cover.jpg">
      </head><body><h1>Reserve studies</h1></body></html>`);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
