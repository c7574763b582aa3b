import { Readable } from "node:stream";
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import busboy from "busboy";
import type { z } from "zod";

/**
 * The one way an action reads its request body (issue 11, part 2.3). A body that no form of this app
 * sends is refused here with a 4xx and a clear `{ error }`, before any command runs:
 * - 415 for a Content-Type other than application/x-www-form-urlencoded or multipart/form-data
 *   (also for a body without one);
 * - 400 for multipart without a boundary, a body that does not parse, or text holding NUL characters
 *   (PostgreSQL cannot store them);
 * - 413 for a body over the limit, checked against Content-Length first and again while reading.
 * Actions that take files stream them with `readUpload` (below) once the request is authorized.
 */

/** Form posts without files are small: the longest text field (an RFP's description) is far below. */
export const MAX_FORM_BYTES = 2 * 1024 * 1024;

export const FORM_MESSAGES = {
  unsupported: "Send the form as application/x-www-form-urlencoded or multipart/form-data",
  noBoundary: "The multipart form has no boundary",
  unreadable: "The form could not be read",
  nul: "The form contains a character that is not allowed (NUL)",
  tooLarge: "The form is too large",
  notJson: "The body is not valid JSON",
  jsonOnly: "Send the body as application/json",
} as const;

/** A refusal as a thrown JSON response, so a route's action stops where it stands. */
export function refuse(status: 400 | 413 | 415, error: string): never {
  throw json({ error }, { status });
}

/** The media type of a request, lower case, without parameters ("" when there is none). */
export function mediaType(request: Request) {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export const isMultipart = (request: Request) => mediaType(request) === "multipart/form-data";

/** The body's bytes, refused with 413 as soon as it is larger than `maxBytes`. */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) refuse(413, FORM_MESSAGES.tooLarge);
  if (!request.body) return new Uint8Array(0);
  // With a declared length (which the HTTP server holds the body to) the body is read whole.
  if (request.headers.has("Content-Length") && Number.isFinite(declared)) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > maxBytes) refuse(413, FORM_MESSAGES.tooLarge);
    return bytes;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not cancelled: cancelling destroys the connection before the 413 is sent; server.js reads the
      // rest of the body (bounded) once the answer is out.
      reader.releaseLock();
      refuse(413, FORM_MESSAGES.tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Refuses text values holding NUL: no form types them and PostgreSQL text cannot store them. */
function refuseNul(formData: FormData) {
  for (const [key, value] of formData) {
    if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      refuse(400, FORM_MESSAGES.nul);
    }
  }
}

/**
 * Reads a form post (url-encoded, or multipart whose files are drained and dropped: routes that keep
 * files use `readUpload`). Throws the 4xx responses described above.
 */
export async function readForm(request: Request, options: { maxBytes?: number } = {}): Promise<FormData> {
  const type = mediaType(request);
  const contentType = request.headers.get("Content-Type") ?? "";
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    refuse(415, FORM_MESSAGES.unsupported);
  }
  if (type === "multipart/form-data" && !/;\s*boundary=/i.test(contentType)) {
    refuse(400, FORM_MESSAGES.noBoundary);
  }
  const maxBytes = options.maxBytes ?? MAX_FORM_BYTES;
  if (type === "multipart/form-data") {
    // The same parser as uploads; files of a form that keeps none are drained, never kept.
    const read = await readUpload(request, {
      fileField: "",
      maxFiles: 0,
      maxFileBytes: 0,
      maxRequestBytes: maxBytes,
      keep: async () => null,
      discard: async () => {},
    });
    return read.formData;
  }
  const formData = new FormData();
  const body = await readBody(request, maxBytes);
  for (const [key, value] of new URLSearchParams(new TextDecoder().decode(body))) formData.append(key, value);
  refuseNul(formData);
  return formData;
}

/** Reads a form post and checks it with the form's one Zod schema (a Conform submission). */
export async function parseSubmission<Schema extends z.ZodTypeAny>(request: Request, schema: Schema) {
  const formData = await readForm(request);
  return { formData, submission: parseWithZod(formData, { schema }) };
}

/**
 * Reads a JSON body for the JSON endpoints: 415 for another type (`alsoText` accepts text/plain,
 * as navigator.sendBeacon sends a string), 413 over the limit, 400 when it does not parse or holds NUL.
 */
export async function readJson(
  request: Request,
  options: { maxBytes?: number; alsoText?: boolean } = {},
): Promise<unknown> {
  const type = mediaType(request);
  if (type !== "application/json" && !(options.alsoText && (type === "text/plain" || type === ""))) {
    refuse(415, FORM_MESSAGES.jsonOnly);
  }
  const text = new TextDecoder().decode(await readBody(request, options.maxBytes ?? MAX_FORM_BYTES));
  if (text.includes("\\u0000") || text.includes("\u0000")) refuse(400, FORM_MESSAGES.nul);
  try {
    return JSON.parse(text);
  } catch {
    refuse(400, FORM_MESSAGES.notJson);
  }
}

/**
 * The one mapping from a domain error's kind to an HTTP status (DESIGN.md, "Requests"): 400
 * validation, 401 authentication, 402 credits or a plan limit, 403 authorization, 404 not found, 409 anything else
 * a rule refused (a business rule, a stale version, a conflict).
 */
export function domainErrorStatus(kind: string): 400 | 401 | 402 | 403 | 404 | 409 {
  switch (kind) {
    case "validation":
      return 400;
    case "authentication":
      return 401;
    case "credit":
    case "plan_required":
      return 402;
    case "authorization":
      return 403;
    case "not_found":
      return 404;
    default:
      return 409;
  }
}

/**
 * A command's refusal of a valid form as the form's answer (Conform's reply): on the fields a
 * validation error names, else the message on the form. The status is domainErrorStatus(error.kind).
 */
export function domainErrorReply(
  submission: Submission<unknown>,
  error: { kind: string; message: string; fieldErrors?: Record<string, string[]> },
) {
  const fieldErrors = error.kind === "validation" ? (error.fieldErrors ?? {}) : {};
  return Object.keys(fieldErrors).length > 0
    ? submission.reply({ fieldErrors })
    : submission.reply({ formErrors: [error.message] });
}

/**
 * A request carrying `formData` again as a url-encoded body, for a library that reads the body itself
 * (remix-auth) after the action has read it once (a cloned body can stall while its twin is unread).
 */
export function withFormBody(request: Request, formData: FormData): Request {
  const body = new URLSearchParams();
  for (const [key, value] of formData) if (typeof value === "string") body.append(key, value);
  const headers = new Headers(request.headers);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  headers.delete("Content-Length");
  return new Request(request.url, { method: request.method, headers, body });
}

/**
 * Reads a multipart upload with busboy (issue 11, part 2.4), for the actions that keep files. Call it
 * only after the request is authorized: nothing is read before. Limits hold while streaming: the
 * request as a whole (413, every file already handed over is discarded), each text field, and each
 * file (`maxFileBytes`; a larger file's rest is skipped and its size reported past the limit so the
 * caller can name it). Files of another field name, empty file inputs and files past `maxFiles` are
 * drained, never kept; the latter set `tooMany`.
 */

export interface UploadedFileInfo {
  /** The file name as the browser sent it (clean it before showing or keeping it). */
  filename: string;
  mimeType: string;
}

export interface UploadOptions<T> {
  /** The file input's name. */
  fileField: string;
  maxFiles: number;
  /** Bytes kept of one file; the rest of a larger one is skipped. */
  maxFileBytes: number;
  /** The whole request, files and fields. */
  maxRequestBytes: number;
  /**
   * Takes one file's bytes (a stream that ends at `maxFileBytes + 1`) and keeps them, in memory or in
   * storage. Its result is handed back in `files`.
   */
  keep: (data: Readable, info: UploadedFileInfo) => Promise<T>;
  /** Removes what `keep` stored, when the request fails after the file was kept. */
  discard: (kept: T[]) => Promise<void>;
}

const MAX_TEXT_FIELD_BYTES = 64 * 1024;

/**
 * The body's chunks, read with its own reader: Readable.fromWeb accepts only Node's own web streams,
 * not the ones of Remix's installGlobals (server.js). A body left unread is let go, not cancelled:
 * cancelling destroys the client's connection before the 400 or 413 is sent (server.js reads the
 * rest of the body, bounded, once the answer is out).
 */
async function* chunksOf(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Reads a file part to its end and drops it. The error handler is what keeps the process alive: a part
 * cut off before its closing boundary errors its stream ("Unexpected end of form"), and an error event
 * without a listener ends Node.
 */
function drainPart(stream: Readable) {
  stream.on("error", () => {});
  stream.resume();
}

export async function readUpload<T>(
  request: Request,
  options: UploadOptions<T>,
): Promise<{ formData: FormData; files: T[]; tooMany: boolean }> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (mediaType(request) !== "multipart/form-data") refuse(415, FORM_MESSAGES.unsupported);
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > options.maxRequestBytes) refuse(413, FORM_MESSAGES.tooLarge);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // File names as the person sent them (busboy reads header parameters as latin1 by default).
      defParamCharset: "utf8",
      limits: {
        fieldSize: MAX_TEXT_FIELD_BYTES,
        fields: 200,
        fileSize: options.maxFileBytes + 1,
        parts: 300,
      },
    });
  } catch {
    refuse(400, FORM_MESSAGES.noBoundary);
  }

  const formData = new FormData();
  const kept: { index: number; value: T }[] = [];
  const pending: Promise<void>[] = [];
  const openFiles = new Set<Readable>();
  let accepted = 0;
  let tooMany = false;
  let failure: unknown = null;
  const source = Readable.from(request.body ? chunksOf(request.body) : []);

  const finished = new Promise<void>((resolve) => {
    const fail = (error: unknown) => {
      if (failure) return;
      failure = error;
      source.unpipe(parser);
      source.destroy();
      for (const file of openFiles) file.destroy(new Error("upload aborted"));
      resolve();
    };
    let total = 0;
    source.on("data", (chunk: Uint8Array) => {
      total += chunk.byteLength;
      if (total > options.maxRequestBytes) {
        fail(json({ error: FORM_MESSAGES.tooLarge }, { status: 413 }));
      }
    });
    source.on("error", (error) => fail(error));
    parser.on("field", (name, value, info) => {
      if (failure) return;
      if (info.valueTruncated) fail(json({ error: FORM_MESSAGES.tooLarge }, { status: 413 }));
      else if (name.includes("\u0000") || value.includes("\u0000"))
        fail(json({ error: FORM_MESSAGES.nul }, { status: 400 }));
      else formData.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      if (failure || name !== options.fileField || info.filename === undefined || info.filename === "") {
        drainPart(stream);
        return;
      }
      if (accepted >= options.maxFiles) {
        tooMany = true;
        drainPart(stream);
        return;
      }
      const index = accepted++;
      // Listened to from the first moment (`keep` may start reading later): a part cut off errors here.
      stream.on("error", () => fail(json({ error: FORM_MESSAGES.unreadable }, { status: 400 })));
      openFiles.add(stream);
      stream.on("close", () => openFiles.delete(stream));
      pending.push(
        options.keep(stream, { filename: info.filename, mimeType: info.mimeType }).then(
          (value) => {
            kept.push({ index, value });
          },
          (error) => fail(error),
        ),
      );
    });
    parser.on("partsLimit", () => fail(json({ error: FORM_MESSAGES.tooLarge }, { status: 413 })));
    parser.on("fieldsLimit", () => fail(json({ error: FORM_MESSAGES.tooLarge }, { status: 413 })));
    parser.on("error", () => fail(json({ error: FORM_MESSAGES.unreadable }, { status: 400 })));
    parser.on("close", () => resolve());
    source.pipe(parser);
  });

  await finished;
  await Promise.allSettled(pending);
  const files = kept.sort((a, b) => a.index - b.index).map((k) => k.value);
  if (failure) {
    await options.discard(files);
    throw failure;
  }
  return { formData, files, tooMany };
}

/** The intent a refused submission named, when it is one of the action's (else null: an unknown form). */
export function intentOf<Intent extends string>(
  payload: Record<string, unknown>,
  intents: readonly Intent[],
): Intent | null {
  const asked = payload.intent;
  return typeof asked === "string" && (intents as readonly string[]).includes(asked)
    ? (asked as Intent)
    : null;
}
