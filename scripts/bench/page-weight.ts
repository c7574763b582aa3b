// Page weight in the browser (issue 27, part 3): each page of the shell loaded cold in Chromium (a new
// browser context per load: empty cache, no service worker) from the production server (server.js, with
// its compression) on the demo data (db/seed) plus published RFPs, signed in as the demo personas.
// Per page: the JavaScript as served (the compressed bodies of every script the page fetched until the
// network was idle), the document's HTML (compressed as sent, and raw), and the largest contentful paint
// (PerformanceObserver, the median of BENCH_WEIGHT_RUNS cold loads). The baseline measured in the same
// run: a static HTML page (a heading and a paragraph, no script) from a bare Node server, loaded cold
// in the same browser. Budgets: JS <= 140 KB compressed per shell page, /rfps HTML with 20 cards <= 60 KB
// raw, LCP <= 0.5 s. Figures are printed, never asserted.
// BENCH_WEIGHT_RUNS (3), BENCH_WEIGHT_RFPS (40: published RFPs, so /rfps shows a full page of 20 cards),
// BENCH_WEIGHT_WIDTH (1280) x BENCH_WEIGHT_HEIGHT (800): the window; BENCH_WEIGHT_DUMP=dir: each page's
// HTML as served, saved there ({label}.html), to see what a page is made of.

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { users } from "../../db/schema";
import { DEMO_PASSWORD, seed } from "../../db/seed";
import { findBrowser } from "../browser";
import { seedPublishedRfps } from "./rfp-fixtures";
import {
  type Benchmark,
  type BenchResult,
  buildApp,
  envInt,
  log,
  serverEnv,
  stopChild,
  waitForHttp,
  withBenchDatabase,
} from "./support";

const NAME = "page-weight";
const KB = 1024;
export const BUDGET = { jsBytes: 140 * KB, rfpsHtmlBytes: 60 * KB, lcpMs: 500 } as const;

/** The pages measured: each page of the shell, as the persona who uses it. */
const PAGES: { label: string; path: string; as: string }[] = [
  { label: "dashboard", path: "/dashboard", as: "vendor@demo.test" },
  { label: "rfps (20 cards)", path: "/rfps", as: "vendor@demo.test" },
  { label: "board room", path: "/board-room", as: "board@demo.test" },
  { label: "meeting", path: "{meeting}", as: "board@demo.test" },
  { label: "calendar", path: "/calendar", as: "board@demo.test" },
  { label: "financials", path: "/financials", as: "board@demo.test" },
  { label: "documents", path: "/documents", as: "board@demo.test" },
  { label: "notifications", path: "/notifications", as: "board@demo.test" },
  { label: "settings", path: "/settings/account", as: "board@demo.test" },
];

const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Static</title></head><body><main><h1>Association Commons</h1><p>A static page: one heading and one paragraph of text, no script and no stylesheet, the baseline of the largest contentful paint in this browser.</p></main></body></html>`;

interface Load {
  jsBytes: number;
  jsFiles: number;
  htmlBytes: number;
  htmlRawBytes: number;
  lcpMs: number;
  cards: number;
}

/** One cold load: a new context (empty cache), the page until the network is idle, then its figures. */
async function coldLoad(
  browser: Browser,
  url: string,
  options: {
    storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
    viewport: { width: number; height: number };
    /** The page's label: its HTML is saved under BENCH_WEIGHT_DUMP. */
    dumpAs?: string;
  },
): Promise<Load> {
  const context = await browser.newContext({
    storageState: options.storageState,
    viewport: options.viewport,
  });
  try {
    const page = await context.newPage();
    // The LCP observer is in place before the first byte.
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const response = await page.goto(url, { waitUntil: "networkidle" });
    if (response?.status() !== 200) {
      throw new Error(`${url}: answered ${response?.status()} (${response?.url()})`);
    }
    if (options.dumpAs && process.env.BENCH_WEIGHT_DUMP) {
      mkdirSync(process.env.BENCH_WEIGHT_DUMP, { recursive: true });
      writeFileSync(
        path.join(process.env.BENCH_WEIGHT_DUMP, `${options.dumpAs.replace(/[^a-z0-9]+/gi, "-")}.html`),
        await response.text(),
      );
    }
    if (new URL(page.url()).pathname !== new URL(url).pathname) {
      throw new Error(`${url}: ended at ${page.url()}`);
    }
    return await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const scripts = resources.filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname));
      const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return {
        jsBytes: scripts.reduce((n, r) => n + r.encodedBodySize, 0),
        jsFiles: scripts.length,
        htmlBytes: nav?.encodedBodySize ?? 0,
        htmlRawBytes: nav?.decodedBodySize ?? 0,
        lcpMs: (window as unknown as { __lcp: number }).__lcp,
        cards: document.querySelectorAll('[data-testid="rfp-card"]').length,
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => (bytes / KB).toFixed(1);

export const pageWeightBench: Benchmark = {
  name: NAME,
  description:
    "each shell page loaded cold in Chromium: compressed JS, HTML and LCP vs budgets and a static page",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult[]> => {
      const runs = envInt("BENCH_WEIGHT_RUNS", 3);
      const viewport = {
        width: envInt("BENCH_WEIGHT_WIDTH", 1280),
        height: envInt("BENCH_WEIGHT_HEIGHT", 800),
      };
      const found = findBrowser();
      if (!found.ok) throw new Error("no Chromium found (CHROMIUM_PATH, /usr/bin/chromium or Playwright's)");
      buildApp(NAME);
      const handle = await bench.open(2);
      await seed(handle.db);
      const [author] = await handle.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, "board@demo.test"));
      if (!author) throw new Error("the demo seed made no board@demo.test");
      await seedPublishedRfps(handle.db, author.id, envInt("BENCH_WEIGHT_RFPS", 40));
      await handle.close();
      log(NAME, "seeded the demo data and published RFPs");

      const port = process.env.BENCH_PORT
        ? envInt("BENCH_PORT", 3600)
        : 3600 + Math.floor(Math.random() * 200);
      const app = spawn(process.execPath, ["server.js"], {
        env: {
          ...serverEnv(bench.url, port, randomBytes(24).toString("hex")),
          HONEYPOT_MIN_SECONDS: "0",
          RATE_LIMIT_SCALE: "20",
        },
        stdio: "ignore",
      });
      const staticServer = http.createServer((_req, res) => {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
        res.end(STATIC_PAGE);
      });
      await new Promise<void>((resolve) => staticServer.listen(0, "127.0.0.1", resolve));
      const staticUrl = `http://localhost:${(staticServer.address() as AddressInfo).port}/`;
      const browser = await chromium.launch({
        executablePath: found.path,
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
        ],
      });
      try {
        await waitForHttp(port);
        const base = `http://localhost:${port}`;
        // Sign in once per persona (the form, as a person does); each cold load starts from the cookies.
        const states = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>();
        for (const email of new Set(PAGES.map((p) => p.as))) {
          const context = await browser.newContext({ viewport });
          const page = await context.newPage();
          await page.goto(`${base}/auth/sign-in`);
          await page.getByLabel("Email").fill(email);
          await page.getByLabel("Password").fill(DEMO_PASSWORD);
          await page.getByRole("button", { name: "Sign In" }).click();
          await page.waitForURL((u) => !u.pathname.startsWith("/auth/"));
          states.set(email, await context.storageState());
          await context.close();
        }
        // The meeting page: the first scheduled meeting the board room lists.
        const resolvePath = async (path: string, as: string) => {
          if (path !== "{meeting}") return path;
          const context = await browser.newContext({ storageState: states.get(as), viewport });
          const page = await context.newPage();
          await page.goto(`${base}/board-room?status=scheduled`);
          const href = await page
            .locator('main a[href^="/board-room/meetings/"]')
            .first()
            .getAttribute("href");
          await context.close();
          if (!href) throw new Error("no scheduled meeting in the board room");
          return href.split("?")[0] as string;
        };

        // Warm the server (first renders compile code paths) and the browser, then measure in turns.
        const pages = await Promise.all(
          PAGES.map(async (p) => ({ ...p, path: await resolvePath(p.path, p.as) })),
        );
        for (const p of pages)
          await coldLoad(browser, base + p.path, { storageState: states.get(p.as), viewport });
        await coldLoad(browser, staticUrl, { viewport });
        const loads = new Map<string, Load[]>(pages.map((p) => [p.label, []]));
        const staticLcp: number[] = [];
        for (let run = 0; run < runs; run++) {
          staticLcp.push((await coldLoad(browser, staticUrl, { viewport })).lcpMs);
          for (const p of pages) {
            loads.get(p.label)?.push(
              await coldLoad(browser, base + p.path, {
                storageState: states.get(p.as),
                viewport,
                dumpAs: run === 0 ? p.label : undefined,
              }),
            );
          }
        }
        const staticMs = median(staticLcp);

        const rows = pages.map((p) => {
          const all = loads.get(p.label) ?? [];
          const first = all[0] as Load;
          return {
            ...p,
            jsBytes: median(all.map((l) => l.jsBytes)),
            jsFiles: first.jsFiles,
            htmlBytes: median(all.map((l) => l.htmlBytes)),
            htmlRawBytes: median(all.map((l) => l.htmlRawBytes)),
            lcpMs: median(all.map((l) => l.lcpMs)),
            cards: first.cards,
          };
        });
        console.log(
          `\n  Cold loads in Chromium ${browser.version()}, ${viewport.width}x${viewport.height}, median of ${runs}; ` +
            `static page LCP ${staticMs.toFixed(0)} ms (same run). Budgets: JS <= ${BUDGET.jsBytes / KB} KB, ` +
            `/rfps HTML <= ${BUDGET.rfpsHtmlBytes / KB} KB raw, LCP <= ${BUDGET.lcpMs} ms.\n`,
        );
        console.log(
          "| Page | As | JS KB (gzip, files) | HTML KB gzip | HTML KB raw | LCP ms | LCP / static | Budgets |",
        );
        console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |");
        for (const r of rows) {
          const misses = [
            r.jsBytes > BUDGET.jsBytes ? "JS" : "",
            r.path === "/rfps" && r.htmlRawBytes > BUDGET.rfpsHtmlBytes ? "HTML" : "",
            r.lcpMs > BUDGET.lcpMs ? "LCP" : "",
          ].filter(Boolean);
          console.log(
            `| ${r.label} | ${r.as.split("@")[0]} | ${kb(r.jsBytes)} (${r.jsFiles}) | ${kb(r.htmlBytes)} | ` +
              `${kb(r.htmlRawBytes)}${r.path === "/rfps" ? ` (${r.cards} cards)` : ""} | ${r.lcpMs.toFixed(0)} | ` +
              `${(r.lcpMs / Math.max(staticMs, 1)).toFixed(1)}x | ${misses.length ? `missed: ${misses.join(", ")}` : "met"} |`,
          );
        }
        const rfps = rows.find((r) => r.path === "/rfps");
        const worst = <K extends "jsBytes" | "lcpMs">(key: K) =>
          rows.reduce((a, b) => (b[key] > a[key] ? b : a));
        const js = worst("jsBytes");
        const lcp = worst("lcpMs");
        return [
          {
            name: "page-weight-js",
            value: js.jsBytes / KB,
            unit: `KB JS gzip (largest: ${js.label})`,
            baseline: BUDGET.jsBytes / KB,
            baselineUnit: "KB budget",
            target: 1,
            lowerIsBetter: true,
            notes: [`${rows.filter((r) => r.jsBytes > BUDGET.jsBytes).length} of ${rows.length} pages over`],
          },
          {
            name: "page-weight-rfps-html",
            value: (rfps?.htmlRawBytes ?? 0) / KB,
            unit: `KB raw HTML (/rfps, ${rfps?.cards ?? 0} cards)`,
            baseline: BUDGET.rfpsHtmlBytes / KB,
            baselineUnit: "KB budget",
            target: 1,
            lowerIsBetter: true,
            notes: [`${kb(rfps?.htmlBytes ?? 0)} KB compressed`],
          },
          {
            name: "page-weight-lcp",
            value: lcp.lcpMs,
            unit: `ms LCP (slowest: ${lcp.label})`,
            baseline: BUDGET.lcpMs,
            baselineUnit: "ms budget",
            target: 1,
            lowerIsBetter: true,
            notes: [
              `static page ${staticMs.toFixed(0)} ms in the same run (${(lcp.lcpMs / Math.max(staticMs, 1)).toFixed(1)}x)`,
            ],
          },
        ];
      } finally {
        await browser.close();
        staticServer.close();
        await stopChild(app);
      }
    }),
};
