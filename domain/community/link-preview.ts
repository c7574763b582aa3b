/**
 * Link previews on posts (issue 29, part 1; decision 071), the pure half: which URL of a post is
 * previewed, which addresses the server may connect to, and what a fetched HTML page says about itself
 * (OpenGraph, Twitter cards, <title>, description). The fetching (app/outbound/safe-fetch.server.ts)
 * and the job (app/commands/link-previews.server.ts) use these; no I/O here.
 */

/** The whole fetch, redirects included, gives up after this long. */
export const LINK_PREVIEW_TIMEOUT_MS = 3_000;
/** At most this much of a response body is read; the rest is not downloaded (the connection is closed). */
export const LINK_PREVIEW_MAX_BYTES = 512 * 1024;
/** Redirects followed (each hop checked again like the first URL). */
export const LINK_PREVIEW_MAX_REDIRECTS = 3;
/** The only ports the fetcher connects to (the web's own; no internal services on odd ports). */
export const LINK_PREVIEW_PORTS: readonly number[] = [80, 443];
/** Longest URL previewed. */
export const LINK_PREVIEW_MAX_URL_LENGTH = 2048;
/** What is kept of a page's texts (characters, after collapsing white space). */
export const LINK_PREVIEW_LIMITS = { title: 200, description: 300, siteName: 100 } as const;

/**
 * The page's picture (og:image), fetched by the same fetcher with its own deadline and a larger cap: a
 * picture past the cap is not kept at all (half a picture is no picture).
 */
export const LINK_PREVIEW_IMAGE_TIMEOUT_MS = 5_000;
export const LINK_PREVIEW_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Pictures larger than this many pixels are not decoded (a small file can declare a huge canvas). */
export const LINK_PREVIEW_IMAGE_MAX_PIXELS = 40_000_000;
/** The stored picture fits within the OpenGraph card's proportions at half size, never enlarged. */
export const LINK_PREVIEW_IMAGE_BOX = { width: 600, height: 315 } as const;
export const LINK_PREVIEW_IMAGE_QUALITY = 80;
/** The picture kinds read (by content, not by the declared type); SVG is not among them. */
export const LINK_PREVIEW_IMAGE_TYPES: readonly string[] = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
];

/** Whether a sniffed media type is a picture a preview may show. */
export const isPreviewImageType = (mime: string | undefined) =>
  mime !== undefined && LINK_PREVIEW_IMAGE_TYPES.includes(mime);

export interface LinkPreview {
  title: string | null;
  description: string | null;
  siteName: string | null;
  imageUrl: string | null;
}

const HTTP_URL = /\bhttps?:\/\/[^\s<>"']+/giu;
const SENTENCE_END = ".,;:!?'\"»”’";
const CLOSERS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
const count = (text: string, c: string) => text.split(c).length - 1;

/** A URL written in running text without the punctuation after it (a bracket it opened stays). */
function trimTrailing(raw: string): string {
  let text = raw;
  for (;;) {
    const last = text.at(-1);
    if (last === undefined) return text;
    const opener = CLOSERS[last];
    if (SENTENCE_END.includes(last) || (opener && count(text, last) > count(text, opener)))
      text = text.slice(0, -1);
    else return text;
  }
}

/**
 * The post's previewed URL: the first http(s) URL written in the content (normalised by the URL
 * parser, its fragment dropped), or null. Sentence punctuation after it is not part of it.
 */
export function firstHttpUrl(content: string): string | null {
  for (const match of content.matchAll(HTTP_URL)) {
    const url = parseHttpUrl(trimTrailing(match[0]));
    if (url) return url.toString();
  }
  return null;
}

/** An http(s) URL with a host and no credentials, without its fragment; else null. */
export function parseHttpUrl(raw: string): URL | null {
  if (raw.length > LINK_PREVIEW_MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname || url.username || url.password) return null;
  url.hash = "";
  return url;
}

/** The port a URL connects to. */
export function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** The host as the URL gives it, without IPv6 brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/u, "$1");
}

// ---------------------------------------------------------------------------------------------
// Addresses

/** Parses dotted-quad IPv4 (the only form left once the URL parser has normalised a host). */
function parseIPv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/u.test(p) ? Number(p) : Number.NaN));
  return bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? bytes : null;
}

/** Parses an IPv6 address into eight 16-bit groups (a trailing dotted IPv4 allowed); zone ids refused. */
function parseIPv6(text: string): number[] | null {
  if (!text.includes(":") || text.includes("%")) return null;
  let head = text;
  const tail: number[] = [];
  const lastColon = head.lastIndexOf(":");
  const maybeV4 = head.slice(lastColon + 1);
  if (maybeV4.includes(".")) {
    const v4 = parseIPv4(maybeV4);
    if (!v4) return null;
    tail.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number));
    head = head.slice(0, lastColon + 1);
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const group = (g: string) => (/^[0-9a-f]{1,4}$/iu.test(g) ? Number.parseInt(g, 16) : Number.NaN);
  const left = halves[0] ? (halves[0] as string).split(":").map(group) : [];
  const right = halves.length === 2 && halves[1] ? (halves[1] as string).split(":").map(group) : [];
  if ([...left, ...right].some((g) => Number.isNaN(g))) return null;
  const known = left.length + right.length + tail.length;
  if (halves.length === 1) {
    if (known !== 8) return null;
    return [...left, ...tail];
  }
  if (known > 7) return null;
  return [...left, ...new Array(8 - known).fill(0), ...right, ...tail];
}

const inV4 = (bytes: number[], base: [number, number, number, number], prefix: number): boolean => {
  const value = bytes.reduce((acc, b) => acc * 256 + b, 0);
  const start = base.reduce((acc, b) => acc * 256 + b, 0);
  const size = 2 ** (32 - prefix);
  return value >= start && value < start + size;
};

/** IPv4 ranges never connected to: not the public internet (RFC 6890 and friends). */
const BLOCKED_V4: [[number, number, number, number], number][] = [
  [[0, 0, 0, 0], 8], // "this network", 0.0.0.0
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata 169.254.169.254
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, and 255.255.255.255 broadcast
];

function isPublicV4(bytes: number[]): boolean {
  return !BLOCKED_V4.some(([base, prefix]) => inV4(bytes, base, prefix));
}

function isPublicV6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embeddedV4 = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  // ::/96 (unspecified ::, loopback ::1, IPv4-compatible) and ::ffff:0:0/96 (IPv4-mapped): judged as IPv4
  // where they carry one, else refused.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    if (g5 === 0xffff) return isPublicV4(embeddedV4);
    return false;
  }
  // 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64): the IPv4 address inside decides; the local-use one is refused.
  if (g0 === 0x64 && g1 === 0xff9b)
    return g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && isPublicV4(embeddedV4);
  // Only global unicast (2000::/3) is public; fc00::/7 unique-local, fe80::/10 link-local, ff00::/8
  // multicast and the rest of the space are not.
  if ((g0 & 0xe000) !== 0x2000) return false;
  // 2002::/16 (6to4) carries an IPv4 address in its next 32 bits.
  if (g0 === 0x2002) return isPublicV4([g1 >> 8, g1 & 0xff, g2 >> 8, g2 & 0xff]);
  // 2001::/23 IETF protocol assignments (Teredo 2001::/32 included), 2001:db8::/32 documentation.
  if (g0 === 0x2001 && g1 < 0x200) return false;
  if (g0 === 0x2001 && g1 === 0xdb8) return false;
  return true;
}

/**
 * Whether the server may connect to this IP address (text form, IPv4 or IPv6): false for loopback,
 * private, link-local (cloud metadata), carrier-grade NAT, 0.0.0.0/8, multicast, reserved and
 * documentation ranges, IPv6 loopback, unique-local and link-local, and IPv4-mapped, IPv4-compatible,
 * NAT64 and 6to4 forms of any of those. Anything that does not parse is refused.
 */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4) return isPublicV4(v4);
  const v6 = parseIPv6(address.replace(/^\[(.*)\]$/u, "$1"));
  if (v6) return isPublicV6(v6);
  return false;
}

/** Whether a host is written as an IP address (IPv4 dotted quad or IPv6, brackets allowed). */
export function isIpLiteral(host: string): boolean {
  return parseIPv4(host) !== null || parseIPv6(host.replace(/^\[(.*)\]$/u, "$1")) !== null;
}

// ---------------------------------------------------------------------------------------------
// Character sets

/**
 * The character set a page declares: the Content-Type header's charset, else a byte order mark, else a
 * <meta charset> or http-equiv Content-Type in its first 1024 bytes (read as latin1); default utf-8.
 */
export function declaredCharset(contentType: string | null, head: string): string {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/iu.exec(contentType ?? "")?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  if (head.startsWith("\xef\xbb\xbf")) return "utf-8";
  if (head.startsWith("\xfe\xff")) return "utf-16be";
  if (head.startsWith("\xff\xfe")) return "utf-16le";
  const start = head.slice(0, 1024);
  const meta =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/iu.exec(start)?.[1] ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset\s*=\s*([\w.:-]+)/iu.exec(start)?.[1];
  return (meta ?? "utf-8").toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// HTML

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  middot: "·",
  bull: "•",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  pound: "£",
};

/** Decodes numeric character references and the common named ones; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);?/giu, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return "\ufffd";
      return String.fromCodePoint(code);
    }
    const named = NAMED_ENTITIES[body.toLowerCase()];
    return named ?? whole;
  });
}

/** One line of plain text: control characters out, white space collapsed, cut at `max` characters. */
export function cleanText(raw: string, max: number): string | null {
  const text = decodeEntities(raw)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  if (!text) return null;
  const chars = [...text];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`
    : text;
}

/** The attributes of one start tag's text (after its name), names lowercased. */
function attributesOf(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/gu;
  for (const m of tag.matchAll(pattern)) {
    const name = (m[1] as string).toLowerCase();
    if (name in attrs) continue;
    attrs[name] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attrs;
}

/** Elements whose content is not markup: skipped whole (a <meta> written inside a script is no <meta>). */
const RAW_TEXT = new Set([
  "script",
  "style",
  "template",
  "noscript",
  "textarea",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
]);

interface PageFacts {
  title: string | null;
  meta: Map<string, string>;
}

/**
 * Reads the <title> and the <meta> tags of a page, in document order, skipping comments and the
 * content of script-like elements. A small, forgiving scanner, not a full HTML parser: enough for the
 * head of a page, which is all a preview needs.
 */
export function scanHead(html: string): PageFacts {
  const meta = new Map<string, string>();
  let title: string | null = null;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) break;
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      if (end === -1) break;
      i = end + 3;
      continue;
    }
    const nameMatch = /^<([a-zA-Z][a-zA-Z0-9-]*)/u.exec(html.slice(lt, lt + 40));
    if (!nameMatch) {
      i = lt + 1;
      continue;
    }
    const name = (nameMatch[1] as string).toLowerCase();
    const tagEnd = endOfTag(html, lt + nameMatch[0].length);
    if (tagEnd === -1) break;
    const tagText = html.slice(lt + nameMatch[0].length, tagEnd);
    i = tagEnd + 1;
    if (name === "meta") {
      const a = attributesOf(tagText);
      const key = (a.property ?? a.name ?? a.itemprop ?? "").trim().toLowerCase();
      if (key && a.content !== undefined && !meta.has(key)) meta.set(key, a.content);
    } else if (name === "title" || RAW_TEXT.has(name)) {
      // Searched from here in the whole text (no copy of the rest per element: many elements stay linear).
      const closing = new RegExp(`</${name}\\s*>`, "giu");
      closing.lastIndex = i;
      const close = closing.exec(html);
      const inner = close ? html.slice(i, close.index) : html.slice(i);
      if (name === "title" && title === null) title = inner;
      if (!close) break;
      i = close.index + close[0].length;
    } else if (name === "body" && title !== null && meta.size > 0) {
      // The head is done and had what a preview needs.
      break;
    }
  }
  return { title, meta };
}

/** The index of the `>` that ends a start tag begun before `from` (quoted values may hold `>`). */
function endOfTag(html: string, from: number): number {
  let quote: string | null = null;
  for (let j = from; j < html.length; j++) {
    const c = html[j];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === ">") {
      return j;
    }
  }
  return -1;
}

/** A URL from the page, resolved against the page's address; http(s) only. */
function pageUrl(raw: string | undefined, base: string): string | null {
  if (!raw?.trim()) return null;
  try {
    const url = new URL(decodeEntities(raw.trim()), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const text = url.toString();
    return text.length <= LINK_PREVIEW_MAX_URL_LENGTH ? text : null;
  } catch {
    return null;
  }
}

/**
 * The preview of an HTML page fetched from `pageAddress`: OpenGraph first, then Twitter card, then the
 * <title> and meta description. Texts are plain (entities decoded, no markup interpreted), trimmed and
 * cut; null when the page has neither a title nor a description.
 */
export function extractPreview(html: string, pageAddress: string): LinkPreview | null {
  const { title, meta } = scanHead(html);
  const first = (...keys: string[]) => {
    for (const k of keys) {
      const v = meta.get(k);
      if (v?.trim()) return v;
    }
    return undefined;
  };
  const preview: LinkPreview = {
    title: cleanText(first("og:title", "twitter:title") ?? title ?? "", LINK_PREVIEW_LIMITS.title),
    description: cleanText(
      first("og:description", "twitter:description", "description") ?? "",
      LINK_PREVIEW_LIMITS.description,
    ),
    siteName: cleanText(first("og:site_name", "application-name") ?? "", LINK_PREVIEW_LIMITS.siteName),
    imageUrl: pageUrl(
      first("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"),
      pageAddress,
    ),
  };
  return preview.title || preview.description ? preview : null;
}
