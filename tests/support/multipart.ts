/** Multipart upload bodies for route tests (the document library, the board packet). */

const BOUNDARY = "----testsupportboundary";

/** The Content-Type of a body made by `multipart`. */
export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * A multipart body (one file in "file") as a stream that records whether anyone read it: `state.pulled`
 * stays false when an upload is refused before a byte is read.
 */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const bytes = Buffer.concat(parts);
  const state = { pulled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulled = true;
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { body, state };
}
