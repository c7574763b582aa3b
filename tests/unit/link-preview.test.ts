import {
  cleanText,
  declaredCharset,
  decodeEntities,
  extractPreview,
  firstHttpUrl,
  isPreviewImageType,
  isPublicAddress,
  LINK_PREVIEW_LIMITS,
  parseHttpUrl,
} from "@domain/community/link-preview";
import { describe, expect, it } from "vitest";

/** Link previews (issue 29, part 1; decision 071): the pure rules. */
describe("the previewed URL of a post", () => {
  it("is the first http(s) URL of the content, without the sentence's punctuation", () => {
    expect(firstHttpUrl("Read https://example.com/a?b=1. Then http://other.example/")).toBe(
      "https://example.com/a?b=1",
    );
    expect(firstHttpUrl("(see https://example.com/page)")).toBe("https://example.com/page");
    expect(firstHttpUrl("https://en.wikipedia.org/wiki/Foo_(bar), nice")).toBe(
      "https://en.wikipedia.org/wiki/Foo_(bar)",
    );
    expect(firstHttpUrl("HTTPS://Example.COM/x#section")).toBe("https://example.com/x");
  });

  it("is null without an http(s) URL, and skips what is not one", () => {
    expect(firstHttpUrl("no links here, www.example.com is not fetched")).toBeNull();
    expect(firstHttpUrl("ftp://example.com javascript:alert(1)")).toBeNull();
    expect(firstHttpUrl("http://user:pw@example.com/ then https://ok.example/")).toBe("https://ok.example/");
    expect(firstHttpUrl(`https://example.com/${"a".repeat(3000)}`)).toBeNull();
  });

  it("parses only http(s) URLs with a host and no credentials", () => {
    expect(parseHttpUrl("file:///etc/passwd")).toBeNull();
    expect(parseHttpUrl("gopher://example.com")).toBeNull();
    expect(parseHttpUrl("http://a:b@example.com")).toBeNull();
    expect(parseHttpUrl("http://0x7f.1/")?.hostname).toBe("127.0.0.1");
    expect(parseHttpUrl("http://2130706433/")?.hostname).toBe("127.0.0.1");
  });
});

describe("isPublicAddress", () => {
  const refused: [string, string][] = [
    ["0.0.0.0/8", "0.0.0.0"],
    ["0.0.0.0/8", "0.1.2.3"],
    ["loopback", "127.0.0.1"],
    ["loopback", "127.255.255.254"],
    ["10/8", "10.0.0.1"],
    ["10/8", "10.255.255.255"],
    ["172.16/12", "172.16.0.1"],
    ["172.16/12", "172.31.255.255"],
    ["192.168/16", "192.168.1.1"],
    ["link-local", "169.254.1.1"],
    ["cloud metadata", "169.254.169.254"],
    ["CGNAT 100.64/10", "100.64.0.1"],
    ["CGNAT 100.64/10", "100.127.255.255"],
    ["multicast", "224.0.0.1"],
    ["multicast", "239.255.255.250"],
    ["reserved", "240.0.0.1"],
    ["broadcast", "255.255.255.255"],
    ["benchmarking", "198.18.0.1"],
    ["documentation", "192.0.2.1"],
    ["IPv6 unspecified", "::"],
    ["IPv6 loopback", "::1"],
    ["IPv6 loopback, long form", "0:0:0:0:0:0:0:1"],
    ["IPv6 loopback in brackets", "[::1]"],
    ["unique-local fc00::/7", "fc00::1"],
    ["unique-local fc00::/7", "fd12:3456:789a::1"],
    ["link-local fe80::/10", "fe80::1"],
    ["link-local fe80::/10", "febf::1"],
    ["IPv6 multicast", "ff02::1"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped loopback, hex", "::ffff:7f00:1"],
    ["IPv4-mapped private", "::ffff:10.0.0.1"],
    ["IPv4-mapped metadata", "::ffff:169.254.169.254"],
    ["IPv4-mapped private, long", "0:0:0:0:0:ffff:192.168.0.1"],
    ["IPv4-compatible", "::127.0.0.1"],
    ["NAT64 of a private", "64:ff9b::10.0.0.1"],
    ["6to4 of loopback", "2002:7f00:1::"],
    ["Teredo", "2001:0:4136:e378::1"],
    ["IPv6 documentation", "2001:db8::1"],
    ["zone id", "fe80::1%eth0"],
    ["not an address", "example.com"],
    ["not an address", "1.2.3"],
    ["not an address", "256.1.1.1"],
    ["not an address", ""],
  ];
  it.each(refused)("refuses %s (%s)", (_range, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  const allowed = [
    "93.184.216.34",
    "8.8.8.8",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:93.184.216.34",
    "64:ff9b::8.8.8.8",
    "2002:5db8:d822::1",
  ];
  it.each(allowed)("allows the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("declaredCharset", () => {
  it("takes the header's charset, then a BOM, then a meta tag, else utf-8", () => {
    expect(declaredCharset("text/html; charset=ISO-8859-1", '<meta charset="utf-8">')).toBe("iso-8859-1");
    expect(declaredCharset("text/html", "\xef\xbb\xbf<html>")).toBe("utf-8");
    expect(declaredCharset("text/html", '<head><meta charset="Shift_JIS">')).toBe("shift_jis");
    expect(
      declaredCharset(null, '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'),
    ).toBe("windows-1252");
    expect(declaredCharset(null, "<html><head><title>x</title>")).toBe("utf-8");
  });
});

describe("extractPreview", () => {
  const page = "https://news.example/articles/1";

  it("prefers OpenGraph, then Twitter, then <title> and the meta description", () => {
    const html = `<!doctype html><html><head>
      <title>Plain title</title>
      <meta name="description" content="Plain description">
      <meta name="twitter:title" content="Twitter title">
      <meta property="og:title" content="OG title">
      <meta property="og:site_name" content="News Example">
      <meta property="og:image" content="/img/cover.png">
      </head><body></body></html>`;
    expect(extractPreview(html, page)).toEqual({
      title: "OG title",
      description: "Plain description",
      siteName: "News Example",
      imageUrl: "https://news.example/img/cover.png",
    });
    expect(extractPreview("<title>Only &amp; title</title>", page)).toEqual({
      title: "Only & title",
      description: null,
      siteName: null,
      imageUrl: null,
    });
    expect(
      extractPreview(
        "<meta name=twitter:title content='Tw &quot;quoted&quot;'><meta name=twitter:description content=Desc>",
        page,
      ),
    ).toMatchObject({ title: 'Tw "quoted"', description: "Desc" });
  });

  it("is null for a page with neither a title nor a description", () => {
    expect(extractPreview("<html><body><p>Hello</p></body></html>", page)).toBeNull();
    expect(extractPreview("", page)).toBeNull();
    expect(extractPreview("<title>   </title>", page)).toBeNull();
  });

  it("reads hostile markup as text and ignores tags inside scripts and comments", () => {
    const html = `<head>
      <!-- <meta property="og:title" content="from a comment"> -->
      <script>document.write('<meta property="og:description" content="from a script">')</script>
      <title><script>alert(1)</script> &lt;b&gt;Bold&lt;/b&gt;</title>
      <meta property="og:image" content="javascript:alert(1)">
      </head>`;
    expect(extractPreview(html, page)).toEqual({
      title: "<script>alert(1)</script> <b>Bold</b>",
      description: null,
      siteName: null,
      imageUrl: null,
    });
  });

  it("keeps attribute values with > inside quotes and takes the first of a repeated tag", () => {
    const html = `<meta property="og:title" content="a > b"><meta property="og:title" content="second">`;
    expect(extractPreview(html, page)?.title).toBe("a > b");
  });

  it("collapses white space, removes control and direction characters, and cuts long texts", () => {
    const long = "word ".repeat(200);
    const preview = extractPreview(
      `<title>\n  Hello\u0000\u202e   world\t</title><meta name="description" content="${long}">`,
      page,
    );
    expect(preview?.title).toBe("Hello world");
    expect([...(preview?.description ?? "")].length).toBeLessThanOrEqual(LINK_PREVIEW_LIMITS.description);
    expect(preview?.description?.endsWith("…")).toBe(true);
  });

  it("reads a 512 KB page of many small elements in one pass", () => {
    // Quadratic work here would be a denial of service from any page: 60,000 elements must be quick
    // enough for the test's default time limit.
    const many = "<script>x</script><style>y</style><a href='z'>".repeat(12_000);
    expect(extractPreview(`<html>${many}<title>At the end</title>`, page)?.title).toBe("At the end");
    expect(extractPreview(`${"<".repeat(500_000)}<title>After</title>`, page)?.title).toBe("After");
  });

  it("survives unterminated and truncated markup", () => {
    expect(extractPreview("<title>Cut off in the mid", page)?.title).toBe("Cut off in the mid");
    expect(extractPreview('<meta property="og:title" content="never closed', page)).toBeNull();
    expect(extractPreview("<<<>>><!-- never closed", page)).toBeNull();
  });
});

describe("text helpers", () => {
  it("decodes numeric and named entities, leaves unknown ones", () => {
    expect(decodeEntities("&#65;&#x42;&amp;&unknown;&#0;&#xD800;")).toBe("AB&&unknown;\ufffd\ufffd");
    expect(cleanText("  a \n b ", 10)).toBe("a b");
    expect(cleanText("abcdefghijk", 5)).toBe("abcd…");
  });
});

describe("which pictures a preview may show (decision 087)", () => {
  it("takes JPEG, PNG, WebP, GIF and AVIF by their sniffed type; never SVG or an unknown file", () => {
    for (const mime of ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"])
      expect(isPreviewImageType(mime)).toBe(true);
    for (const mime of ["image/svg+xml", "text/html", "application/pdf", "image/tiff", undefined])
      expect(isPreviewImageType(mime)).toBe(false);
  });
});
