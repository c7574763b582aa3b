import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { FORM_MESSAGES, mediaType, refuse } from "~/forms.server";

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
  const source = request.body
    ? Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>)
    : Readable.from([]);

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
        fail(Response.json({ error: FORM_MESSAGES.tooLarge }, { status: 413 }));
      }
    });
    source.on("error", (error) => fail(error));
    parser.on("field", (name, value, info) => {
      if (failure) return;
      if (info.valueTruncated) fail(Response.json({ error: FORM_MESSAGES.tooLarge }, { status: 413 }));
      else if (name.includes("\u0000") || value.includes("\u0000"))
        fail(Response.json({ error: FORM_MESSAGES.nul }, { status: 400 }));
      else formData.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      if (failure || name !== options.fileField || info.filename === undefined || info.filename === "") {
        stream.resume();
        return;
      }
      if (accepted >= options.maxFiles) {
        tooMany = true;
        stream.resume();
        return;
      }
      const index = accepted++;
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
    parser.on("partsLimit", () => fail(Response.json({ error: FORM_MESSAGES.tooLarge }, { status: 413 })));
    parser.on("fieldsLimit", () => fail(Response.json({ error: FORM_MESSAGES.tooLarge }, { status: 413 })));
    parser.on("error", () => fail(Response.json({ error: FORM_MESSAGES.unreadable }, { status: 400 })));
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
