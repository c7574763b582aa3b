import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import {
  bareHostname,
  declaredCharset,
  effectivePort,
  isIpLiteral,
  isPublicAddress,
  LINK_PREVIEW_IMAGE_MAX_BYTES,
  LINK_PREVIEW_IMAGE_TIMEOUT_MS,
  LINK_PREVIEW_MAX_BYTES,
  LINK_PREVIEW_MAX_REDIRECTS,
  LINK_PREVIEW_PORTS,
  LINK_PREVIEW_TIMEOUT_MS,
  parseHttpUrl,
} from "@domain/community/link-preview";

/**
 * Fetching a web page a user named (link previews, decision 071) without letting that user reach what
 * the server can reach (server-side request forgery, REFERENCE.md):
 * - http and https only, ports 80 and 443 only, no credentials in the URL;
 * - the host is resolved here and every address it resolves to must be public (domain/community/
 *   link-preview.ts isPublicAddress: no loopback, private, link-local/metadata, CGNAT, multicast,
 *   unique-local, mapped forms...); the connection then goes to the address that was checked (a pinned
 *   `lookup`), so a second DNS answer cannot swap in a private one (DNS rebinding);
 * - redirects are followed by hand, at most 3, each hop checked like the first;
 * - one deadline (3 s) for everything, at most 512 KB of body read (then the connection is closed),
 *   no compression asked for, only text/html (or XHTML) read, decoded in its declared character set;
 * - no cookies, no credentials, no proxy, a fresh connection each time (no shared agent).
 * A page's picture (fetchImage) goes through the same checks, with its own deadline (5 s) and cap
 * (5 MB, past which nothing is kept); only an image/* answer is read, and the caller sniffs the bytes.
 */

export type PageFetchFailure =
  | "invalid_url"
  | "refused_port"
  | "refused_address"
  | "unresolved"
  | "timeout"
  | "too_many_redirects"
  | "http_status"
  | "not_html"
  | "not_image"
  | "too_large"
  | "network";

export type PageFetchResult =
  | { ok: true; url: string; html: string; truncated: boolean }
  | { ok: false; reason: PageFetchFailure; url: string };

export type ImageFetchResult =
  | { ok: true; url: string; bytes: Buffer }
  | { ok: false; reason: PageFetchFailure; url: string };

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * TEST ONLY (LINK_PREVIEW_ALLOW_HOSTS): exact `host:port` origins the fetcher may reach although
   * their address is private or their port is not 80/443, so tests can serve pages from 127.0.0.1.
   */
  allowHosts?: readonly string[];
  /** How a host name is resolved (tests inject one); default: the system resolver, every address. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

/** What one kind of fetch reads: the Accept header sent, and which answered media types are read. */
interface BodyKind {
  accept: string;
  reads: (mediaType: string) => boolean;
  /** The failure when the answer is of another type. */
  otherType: PageFetchFailure;
}

const HTML_KIND: BodyKind = {
  accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
  reads: (mediaType) => HTML_TYPES.has(mediaType),
  otherType: "not_html",
};

const IMAGE_KIND: BodyKind = {
  accept: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9",
  reads: (mediaType) => mediaType.startsWith("image/"),
  otherType: "not_image",
};

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** Parses the test-only allow list: comma-separated `host:port`, lowercased. */
export function parseAllowHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

class FetchRefused extends Error {
  constructor(readonly reason: PageFetchFailure) {
    super(reason);
  }
}

/** Checks one hop's URL and resolves it to the address to connect to. */
async function checkHop(
  url: URL,
  options: SafeFetchOptions,
): Promise<{ address: ResolvedAddress; allowed: boolean }> {
  const port = effectivePort(url);
  const allowed = (options.allowHosts ?? []).includes(`${url.hostname.toLowerCase()}:${port}`);
  if (!allowed && !LINK_PREVIEW_PORTS.includes(port)) throw new FetchRefused("refused_port");
  const host = bareHostname(url);
  let addresses: ResolvedAddress[];
  if (isIpLiteral(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new FetchRefused("unresolved");
    }
  }
  const [first] = addresses;
  if (!first) throw new FetchRefused("unresolved");
  // Every address must be public: a name that also resolves to a private one is refused outright.
  if (!allowed && addresses.some((a) => !isPublicAddress(a.address)))
    throw new FetchRefused("refused_address");
  return { address: first, allowed };
}

interface HopResponse {
  status: number;
  location: string | null;
  contentType: string | null;
  body: Buffer | null;
  truncated: boolean;
}

/** One GET to the checked address; the body is read only for an answer of `kind`, up to maxBytes. */
function requestHop(
  url: URL,
  address: ResolvedAddress,
  signal: AbortSignal,
  maxBytes: number,
  kind: BodyKind,
): Promise<HopResponse> {
  // The connection goes to the address that was checked, whatever the name resolves to now.
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    if (opts.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const host = bareHostname(url);
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<HopResponse>((resolve, reject) => {
    const request = transport.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: effectivePort(url),
        path: `${url.pathname}${url.search}`,
        method: "GET",
        agent: false,
        lookup: pinned,
        signal,
        ...(url.protocol === "https:" && !isIpLiteral(host) ? { servername: host } : {}),
        headers: {
          "user-agent": "AssociationCommons-LinkPreview/1.0",
          accept: kind.accept,
          "accept-encoding": "identity",
          "accept-language": "en",
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = response.headers["content-type"] ?? null;
        const mediaType = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
        if (REDIRECTS.has(status) || status < 200 || status > 299 || !kind.reads(mediaType)) {
          response.destroy();
          request.destroy();
          resolve({
            status,
            location: response.headers.location ?? null,
            contentType,
            body: null,
            truncated: false,
          });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = (truncated: boolean) => {
          if (done) return;
          done = true;
          resolve({ status, location: null, contentType, body: Buffer.concat(chunks), truncated });
        };
        response.on("data", (chunk: Buffer) => {
          if (done) return;
          const room = maxBytes - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += Math.min(chunk.length, room);
          if (size >= maxBytes) {
            // Enough: the rest is not downloaded.
            finish(true);
            response.destroy();
            request.destroy();
          }
        });
        response.on("end", () => finish(false));
        response.on("error", (error) => {
          if (!done) reject(error);
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/**
 * Fetches the HTML page at `rawUrl` under the rules above. Never throws: a refused, failed, slow or
 * non-HTML page answers `{ ok: false, reason }`.
 */
export async function fetchHtmlPage(
  rawUrl: string,
  options: SafeFetchOptions = {},
): Promise<PageFetchResult> {
  const answer = await fetchBody(rawUrl, options, HTML_KIND, {
    timeoutMs: LINK_PREVIEW_TIMEOUT_MS,
    maxBytes: LINK_PREVIEW_MAX_BYTES,
  });
  if (!answer.ok) return answer;
  return {
    ok: true,
    url: answer.url,
    html: decode(answer.body, answer.contentType),
    truncated: answer.truncated,
  };
}

/**
 * Fetches the picture at `rawUrl` (a page's og:image) under the same rules, with 5 s and 5 MB: an
 * answer that is not image/*, or that is larger than the cap, gives no bytes. Never throws. The bytes
 * are the stranger's: sniff them before trusting the declared type.
 */
export async function fetchImage(rawUrl: string, options: SafeFetchOptions = {}): Promise<ImageFetchResult> {
  // One byte past the cap is read, so a picture of exactly the cap is whole and a larger one is not.
  const cap = options.maxBytes ?? LINK_PREVIEW_IMAGE_MAX_BYTES;
  const answer = await fetchBody(rawUrl, { ...options, maxBytes: cap + 1 }, IMAGE_KIND, {
    timeoutMs: LINK_PREVIEW_IMAGE_TIMEOUT_MS,
    maxBytes: cap + 1,
  });
  if (!answer.ok) return answer;
  if (answer.truncated) return { ok: false, reason: "too_large", url: answer.url };
  return { ok: true, url: answer.url, bytes: answer.body };
}

type BodyResult =
  | { ok: true; url: string; body: Buffer; contentType: string | null; truncated: boolean }
  | { ok: false; reason: PageFetchFailure; url: string };

async function fetchBody(
  rawUrl: string,
  options: SafeFetchOptions,
  kind: BodyKind,
  defaults: { timeoutMs: number; maxBytes: number },
): Promise<BodyResult> {
  const timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
  const maxBytes = options.maxBytes ?? defaults.maxBytes;
  const maxRedirects = options.maxRedirects ?? LINK_PREVIEW_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let current = rawUrl;
  try {
    for (let hop = 0; ; hop++) {
      const url = parseHttpUrl(current);
      if (!url) return { ok: false, reason: "invalid_url", url: current };
      current = url.toString();
      // The deadline covers the name's resolution too.
      const { address } = await untilAborted(checkHop(url, options), controller.signal);
      const answer = await requestHop(url, address, controller.signal, maxBytes, kind);
      if (REDIRECTS.has(answer.status) && answer.location) {
        if (hop >= maxRedirects) return { ok: false, reason: "too_many_redirects", url: current };
        try {
          current = new URL(answer.location, url).toString();
        } catch {
          return { ok: false, reason: "invalid_url", url: answer.location };
        }
        continue;
      }
      if (answer.status < 200 || answer.status > 299)
        return { ok: false, reason: "http_status", url: current };
      if (!answer.body) return { ok: false, reason: kind.otherType, url: current };
      return {
        ok: true,
        url: current,
        body: answer.body,
        contentType: answer.contentType,
        truncated: answer.truncated,
      };
    }
  } catch (error) {
    if (error instanceof FetchRefused) return { ok: false, reason: error.reason, url: current };
    if (controller.signal.aborted) return { ok: false, reason: "timeout", url: current };
    return { ok: false, reason: "network", url: current };
  } finally {
    clearTimeout(timer);
  }
}

/** `work`, or a rejection as soon as `signal` aborts (a slow resolver does not outlive the deadline). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(new Error("aborted"));
    const onAbort = () => reject(new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The body as text in the page's declared character set (unknown sets: UTF-8). */
function decode(body: Buffer, contentType: string | null): string {
  const charset = declaredCharset(contentType, body.subarray(0, 1024).toString("latin1"));
  try {
    return new TextDecoder(charset, { fatal: false }).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
