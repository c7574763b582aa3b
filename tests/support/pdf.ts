import { inflateSync } from "node:zlib";

/**
 * The text of a PDF that pdfkit wrote with its built-in fonts, one line per text object (BT ... ET), for
 * tests that check what a generated PDF says. Reads every content stream (inflated when compressed) and
 * the strings its TJ and Tj operators show (hex or literal, WinAnsi as latin1). Not a general PDF reader.
 */
export function pdfText(pdf: Buffer | Uint8Array): string {
  const bytes = Buffer.from(pdf);
  const raw = bytes.toString("latin1");
  const lines: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf("stream", at);
    if (start < 0) break;
    const bodyStart = start + (raw.startsWith("stream\r\n", start) ? 8 : 7);
    const end = raw.indexOf("endstream", bodyStart);
    if (end < 0) break;
    at = end + 9;
    if (raw.slice(start - 3, start) === "end") continue;
    const body = bytes.subarray(bodyStart, end);
    let content: string;
    try {
      content = inflateSync(body).toString("latin1");
    } catch {
      content = body.toString("latin1");
    }
    for (const block of content.match(/BT[\s\S]*?ET/g) ?? []) {
      const shown = [...block.matchAll(/\[([^\]]*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)]
        .map((m) => m[1] ?? m[2] ?? "")
        .join("");
      const text = [...shown.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)/g)]
        .map((m) =>
          m[1] !== undefined
            ? Buffer.from(m[1].replace(/\s/g, ""), "hex").toString("latin1")
            : (m[2] ?? "").replace(/\\(.)/g, "$1"),
        )
        .join("");
      if (text) lines.push(text);
    }
  }
  return lines.join("\n");
}
