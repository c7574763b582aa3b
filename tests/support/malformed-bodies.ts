/**
 * Bodies that break the request reader rather than a form's schema (issue 26, part 1): multipart cut
 * off inside a file part, parts that never end their headers, more parts than the reader takes, a part
 * header far past any real one, and bodies sent in chunks (no Content-Length) past the form limit.
 * The in-process fuzz of every action (tests/integration/fuzz-actions.test.ts) and the one against the
 * real server process (tests/integration/fuzz-server.test.ts) send the same ones.
 */

const BOUNDARY = "----malformedboundary42";
export const MALFORMED_MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export interface RawBody {
  name: string;
  contentType: string;
  /** Sent in this order; `chunked` bodies go without a Content-Length. */
  chunks: Buffer[];
  chunked: boolean;
  /** What the reader answers (a thrown 4xx with `{ error }`), when it reads the body at all. */
  expected: 400 | 413;
}

const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, fileName: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\n` +
  "Content-Type: application/pdf\r\n\r\n";

/** A file part that ends before its closing boundary ("Unexpected end of form" in busboy). */
function truncatedFile(fieldName: string): RawBody {
  return {
    name: `multipart cut off inside the "${fieldName}" file part`,
    contentType: MALFORMED_MULTIPART_TYPE,
    chunks: [
      Buffer.from(`${field("intent", "upload")}${fileHead(fieldName, "cut.pdf")}%PDF-1.4\n% cut off here`),
    ],
    chunked: false,
    expected: 400,
  };
}

/** 1 MB of "a", as many times as asked. */
const megabytes = (n: number) => Array.from({ length: n }, () => Buffer.alloc(1024 * 1024, 0x61));

/** The form limit of app/forms.server.ts (MAX_FORM_BYTES) is 2 MB: these send 3 MB. */
export const MALFORMED_BODIES: RawBody[] = [
  truncatedFile("file"),
  truncatedFile("attachment"),
  {
    name: "multipart whose part headers never end",
    contentType: MALFORMED_MULTIPART_TYPE,
    chunks: [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"`)],
    chunked: false,
    expected: 400,
  },
  {
    name: "multipart with a malformed part header",
    contentType: MALFORMED_MULTIPART_TYPE,
    chunks: [Buffer.from(`--${BOUNDARY}\r\nthis is not a header\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`)],
    chunked: false,
    expected: 400,
  },
  {
    name: "multipart with more than 300 parts",
    contentType: MALFORMED_MULTIPART_TYPE,
    chunks: [
      Buffer.from(
        `${Array.from({ length: 400 }, (_, i) => field(`f${i}`, "v")).join("")}--${BOUNDARY}--\r\n`,
      ),
    ],
    chunked: true,
    expected: 413,
  },
  {
    name: "multipart with a 100 kB part header",
    contentType: MALFORMED_MULTIPART_TYPE,
    chunks: [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\nX-Padding: ${"a".repeat(100_000)}` +
          `\r\n\r\nv\r\n--${BOUNDARY}--\r\n`,
      ),
    ],
    chunked: true,
    expected: 400,
  },
  {
    name: "chunked url-encoded form of 3 MB",
    contentType: "application/x-www-form-urlencoded",
    chunks: [Buffer.from("intent="), ...megabytes(3)],
    chunked: true,
    expected: 413,
  },
  {
    name: "chunked multipart text field of 3 MB",
    contentType: MALFORMED_MULTIPART_TYPE,
    chunks: [
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n`),
      ...megabytes(3),
    ],
    chunked: true,
    expected: 413,
  },
  {
    name: "chunked multipart file of 3 MB",
    contentType: MALFORMED_MULTIPART_TYPE,
    chunks: [Buffer.from(fileHead("attachment", "big.bin")), ...megabytes(3)],
    chunked: true,
    expected: 413,
  },
];

/**
 * Past the upload routes' own limits (the library's and the receipts' request limit is their file
 * limit plus a little): a file in the kept field, sent in chunks, larger than any upload limit.
 */
export function oversizedUpload(megabytesOfFile: number): RawBody {
  return {
    name: `chunked multipart "file" of ${megabytesOfFile} MB`,
    contentType: MALFORMED_MULTIPART_TYPE,
    chunks: [Buffer.from(fileHead("file", "huge.pdf")), ...megabytes(megabytesOfFile)],
    chunked: true,
    expected: 413,
  };
}

/** The body as a fetch body: one buffer, or a stream (sent without a Content-Length). */
export function fetchBody(body: RawBody): { body: BodyInit; duplex?: "half" } {
  if (!body.chunked) return { body: Buffer.concat(body.chunks) };
  const chunks = [...body.chunks];
  return {
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    }),
    duplex: "half",
  };
}
