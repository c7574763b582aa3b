import { createRequire } from "node:module";
import path from "node:path";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderDocument } from "~/render-document.server";

/**
 * patches/react-dom adds renderToStringParts (renderToString's markup in parts of about 16,384
 * characters), and app/render-document.server.ts encodes the parts into the document's bytes, so a
 * page never exists as one large string (decision 040). The bytes must be exactly those of the doctype
 * and renderToString's markup, whatever the characters (Latin-1, two-byte, astral) and the size.
 */
function page(rows: number, text: (i: number) => string, script = true): ReactNode {
  return createElement(
    "html",
    null,
    createElement(
      "body",
      null,
      Array.from({ length: rows }, (_, i) =>
        createElement("p", { key: i, className: "rounded-full px-2 py-0.5" }, text(i), " <&> ", i),
      ),
      script &&
        createElement("script", {
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script, as Remix's own hydration data is
          dangerouslySetInnerHTML: { __html: `window.x=${JSON.stringify("é".repeat(20_000))}` },
        }),
    ),
  );
}

const pages: [string, ReactNode][] = [
  ["a small page", page(1, () => "Budget")],
  ["Latin-1 only, over 100,000 characters", page(3_000, (i) => `Org · Property ${"x".repeat(i % 50)}`)],
  ["two-byte characters", page(3_000, (i) => `$5,000 – $25,000 ${"y".repeat(i % 50)}`)],
  ["astral characters across part boundaries", page(4_000, (i) => `🏊 Pool ${"🔒".repeat(i % 13)}`)],
  [
    "lone surrogates (encoded as U+FFFD)",
    page(3_000, (i) => `Budget ${"\ud83c".repeat(i % 3)} ${"\udf0a".repeat(i % 2)}`),
  ],
];

/** A component whose render fails. */
function Broken(): ReactNode {
  throw new Error("broken card");
}

describe("renderDocument", () => {
  it.each(pages)("sends the doctype and renderToString's markup byte for byte: %s", (_name, tree) => {
    expect(renderDocument(tree).equals(Buffer.from(`<!DOCTYPE html>${renderToString(tree)}`))).toBe(true);
  });
});

describe("renderToStringParts (patches/react-dom)", () => {
  const require = createRequire(import.meta.url);
  // The two builds by file (react-dom/server picks one by NODE_ENV; the package exports neither path).
  const dir = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
  const builds = {
    development: require(path.join(dir, "react-dom-server-legacy.node.development.js")),
    production: require(path.join(dir, "react-dom-server-legacy.node.production.min.js")),
  } as Record<
    string,
    { renderToString: (n: ReactNode) => string; renderToStringParts?: (n: ReactNode) => string[] }
  >;
  /** The build by name, which must have the patch's renderToStringParts. */
  const patched = (name: string) => {
    const build = builds[name];
    const renderToStringParts = build?.renderToStringParts;
    if (!build || !renderToStringParts) throw new Error(`react-dom ${name} build is not patched`);
    return { renderToString: build.renderToString, renderToStringParts };
  };

  it.each(Object.keys(builds))(
    "%s build: parts of about 16,384 characters that join into renderToString's markup",
    (name) => {
      const build = patched(name);
      // Pieces of markup under 100 characters: every part but the last ends within a piece of 16,384.
      const tree = page(3_000, (i) => `$5,000 – $25,000 ${"y".repeat(i % 50)}`, false);
      const parts = build.renderToStringParts(tree);
      expect(parts.join("")).toBe(build.renderToString(tree));
      expect(parts.length).toBeGreaterThan(5);
      for (const part of parts.slice(0, -1)) {
        expect(part.length).toBeGreaterThanOrEqual(16_384);
        expect(part.length).toBeLessThan(16_384 + 100);
      }
      expect(build.renderToStringParts(createElement("p", null, "x"))).toEqual(["<p>x</p>"]);
      expect(build.renderToStringParts(null)).toEqual([""]);
    },
  );

  it.each(Object.keys(builds))(
    "%s build: a piece of markup of 16,384 characters or more is a part of its own; no empty last part",
    (name) => {
      const build = patched(name);
      // The hydration data's <script> is one piece of markup: it must not be joined to what came before.
      const tree = page(500, (i) => `Row ${i}`);
      const parts = build.renderToStringParts(tree);
      expect(parts.join("")).toBe(build.renderToString(tree));
      expect(parts.some((part) => part.startsWith("window.x=") && part.length > 20_000)).toBe(true);
      expect(parts.every((part) => part !== "")).toBe(true);
    },
  );

  it.each(Object.keys(builds))("%s build: a render error is thrown as renderToString throws it", (name) => {
    const build = patched(name);
    const tree = createElement("main", null, createElement(Broken));
    expect(() => build.renderToString(tree)).toThrow("broken card");
    expect(() => build.renderToStringParts(tree)).toThrow("broken card");
  });
});
