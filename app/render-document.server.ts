import type { ReactNode } from "react";
import { renderToStringParts } from "react-dom/server";

const DOCTYPE = "<!DOCTYPE html>";

/**
 * A document's bytes: `renderToString`'s markup after the doctype, encoded as UTF-8. React hands the
 * markup out in parts of 16,384 characters or so (renderToStringParts, patches/react-dom), and each
 * part is encoded on its own into one buffer: the page never exists as one string, which for a page like
 * /rfps (over 100,000 characters, two bytes each as soon as one character is outside Latin-1) is a V8
 * large object, allocated afresh and faulted in for each page (decision 040).
 */
export function renderDocument(app: ReactNode): Buffer<ArrayBuffer> {
  const parts = renderToStringParts(app);
  let length = DOCTYPE.length;
  for (const part of parts) length += Buffer.byteLength(part);
  const html = Buffer.allocUnsafe(length);
  let offset = html.write(DOCTYPE, 0, "latin1");
  for (const part of parts) offset += html.write(part, offset);
  // The buffer is not zeroed: every byte of it must be the page's.
  if (offset !== length) throw new Error(`The document's encoding took ${offset} of ${length} bytes`);
  return html;
}
