import { inflateSync } from "node:zlib";

/**
 * The text a PDF written by pdfkit shows, run by run, with where each run starts: enough to check a
 * report's layout (a header on one line, whole) without a PDF library. pdfkit writes each line of
 * text as `BT 1 0 0 1 x y Tm /Fn size Tf [<hex> kerning <hex> ...] TJ ET` in Flate-compressed content
 * streams, with the standard fonts' single-byte codes (ASCII for the reports' text).
 */
export interface PdfTextRun {
  x: number;
  /** From the bottom of the page, as PDF measures it. */
  y: number;
  text: string;
}

export function pdfTextRuns(pdf: Buffer): PdfTextRun[] {
  const runs: PdfTextRun[] = [];
  const raw = pdf.toString("latin1");
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (const [, body] of raw.matchAll(streams)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(body ?? "", "latin1")).toString("latin1");
    } catch {
      continue; // not a compressed content stream (a font, an image)
    }
    for (const [, block] of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const at = /([-\d.]+) ([-\d.]+) Tm/.exec(block ?? "");
      const shown = /\[(.*)\] TJ/.exec(block ?? "");
      if (!at || !shown) continue;
      const text = [...(shown[1] ?? "").matchAll(/<([0-9a-f]*)>/gi)]
        .map(([, hex]) => Buffer.from(hex ?? "", "hex").toString("latin1"))
        .join("");
      runs.push({ x: Number(at[1]), y: Number(at[2]), text });
    }
  }
  return runs;
}

/** The text of a PDF written by pdfkit, one line per text object, for tests that check what it says. */
export function pdfText(pdf: Buffer | Uint8Array): string {
  return pdfTextRuns(Buffer.from(pdf))
    .map((run) => run.text)
    .join("\n");
}
