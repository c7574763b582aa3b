/**
 * Uploads (issue 11, part 2.4): a request is authorized before a byte of its body is read, a refused
 * or oversized request leaves no file behind, file names with "=" are read, and the sweep removes
 * stored files that no row names, once they are old, and nothing else.
 */

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { proposalDocuments } from "@db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeCreditsCommand } from "~/commands/credits.server";
import { createRfp, executeRfpCommand } from "~/commands/rfps.server";
import { resetEnvForTests } from "~/env.server";
import { readUpload } from "~/forms.server";
import * as detailRoute from "~/routes/_app.rfps.$id";
import { removeStoredFiles, storeStream } from "~/storage/files.server";
import { sweepOrphanedFiles } from "~/storage/sweep.server";
import { useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { TINY_PDF } from "../support/files";
import { personWithRole } from "../support/people";
import { inDays, rfpFields } from "../support/rfps";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const BOUNDARY = "----uploadtestboundary";

/** A multipart body as a stream that records whether anyone read it. */
function watchedMultipart(fields: [string, string][], files: { name: string; bytes: Buffer }[]) {
  const parts: Buffer[] = [];
  for (const [k, v] of fields)
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documents"; filename="${f.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      f.bytes,
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

/** A multipart stream of `size` bytes of file content in 64 KB chunks, never ending on its own. */
function endlessUpload(size: number) {
  let sent = 0;
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documents"; filename="big.pdf"\r\n\r\n%PDF-1.4\n`,
  );
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(head));
    },
    pull(controller) {
      if (sent >= size) {
        controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${BOUNDARY}--\r\n`)));
        controller.close();
        return;
      }
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.each(engines)("uploads on %s", (engine) => {
  const t = useTestDatabase(engine);
  let uploadDir: string;
  let manager: Person;
  let vendor: Person;
  let homeowner: Person;
  let rfpId: string;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "uploads-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
    manager = await personWithRole(t.db, "board_member");
    vendor = await personWithRole(t.db, "vendor");
    homeowner = await personWithRole(t.db, "homeowner");
    const actor = { userId: manager.id, isAdmin: false };
    const created = await createRfp(t.db, {
      actor,
      mayCreate: true,
      authorContextId: null,
      fields: rfpFields({ proposal_deadline: inDays(10) }),
    });
    if (!created.ok) throw new Error("no RFP");
    rfpId = created.result.rfpId;
    await executeRfpCommand(t.db, rfpId, { type: "PublishRfp", actor });
    await executeCreditsCommand(t.db, {
      type: "GrantBonusCredits",
      vendorId: vendor.id,
      amount: 5,
      reason: "test",
      grantedBy: null,
    });
  });
  afterAll(() => {
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  const postBid = (who: Person, body: ReadableStream<Uint8Array>) =>
    detailRoute
      .action({
        request: new Request(`http://localhost/rfps/${rfpId}`, {
          method: "POST",
          body,
          headers: { Cookie: who.cookie, "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
          duplex: "half",
        } as RequestInit),
        params: { id: rfpId },
        context: {},
      })
      .catch((thrown: unknown) => thrown as Response);

  it("refuses bid documents from someone who may not bid before reading a byte, and keeps nothing", async () => {
    const tenFiles = Array.from({ length: 10 }, (_, i) => ({ name: `q${i}.pdf`, bytes: TINY_PDF }));
    for (const who of [homeowner, manager]) {
      const { body, state } = watchedMultipart([["intent", "save_draft"]], tenFiles);
      const response = (await postBid(who, body)) as Response;
      expect(response.status).toBe(403);
      expect(state.pulled).toBe(false);
    }
    expect(filesUnder(uploadDir)).toEqual([]);
  });

  it("reads file names holding '=' and quotes", async () => {
    const { body } = watchedMultipart(
      [
        ["intent", "save_draft"],
        ["total_price", "1000"],
      ],
      [{ name: "quote=final.pdf", bytes: TINY_PDF }],
    );
    const response = (await postBid(vendor, body)) as Response;
    expect(response.status).toBe(302);
    const rows = await t.db.select({ fileName: proposalDocuments.fileName }).from(proposalDocuments);
    expect(rows.map((r) => r.fileName)).toContain("quote=final.pdf");
  });

  it("aborts an upload over the request limit with 413 while streaming and leaves nothing", async () => {
    const before = filesUnder(uploadDir);
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: endlessUpload(3 * 1024 * 1024),
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: "half",
    } as RequestInit);
    const thrown = await readUpload(request, {
      fileField: "documents",
      maxFiles: 10,
      maxFileBytes: 10 * 1024 * 1024,
      maxRequestBytes: 1024 * 1024,
      keep: (data) => storeStream("proposal-documents", data, 10 * 1024 * 1024),
      discard: (files) => removeStoredFiles(files.map((f) => f.key)),
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(413);
    expect(filesUnder(uploadDir)).toEqual(before);
  });

  it("refuses a declared length over the limit before reading", async () => {
    const { body, state } = watchedMultipart([["intent", "save_draft"]], []);
    const thrown = await readUpload(
      new Request("http://localhost/x", {
        method: "POST",
        body,
        headers: {
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Content-Length": String(600 * 1024 * 1024),
        },
        duplex: "half",
      } as RequestInit),
      {
        fileField: "documents",
        maxFiles: 1,
        maxFileBytes: 1024,
        maxRequestBytes: 1024 * 1024,
        keep: async () => null,
        discard: async () => {},
      },
    ).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(413);
    expect(state.pulled).toBe(false);
  });

  it("sweeps stored files no row names once they are old, and nothing else", async () => {
    const kept = filesUnder(uploadDir);
    expect(kept.length).toBeGreaterThan(0);
    const old = Date.now() / 1000 - 2 * 3600;
    for (const file of kept) utimesSync(path.join(uploadDir, file), old, old);
    const orphanOld = path.join("proposal-documents", "ab", "ab".padEnd(32, "0"));
    const orphanNew = path.join("rfp-documents", "cd", "cd".padEnd(32, "1"));
    const stranger = path.join("proposal-documents", "ab", "not-a-key.txt");
    for (const f of [orphanOld, orphanNew, stranger]) {
      mkdirSync(path.dirname(path.join(uploadDir, f)), { recursive: true });
      writeFileSync(path.join(uploadDir, f), "x");
    }
    utimesSync(path.join(uploadDir, orphanOld), old, old);
    utimesSync(path.join(uploadDir, stranger), old, old);
    const { removed } = await sweepOrphanedFiles(t.db);
    expect(removed).toEqual([orphanOld.split(path.sep).join("/")]);
    expect(filesUnder(uploadDir).sort()).toEqual([...kept, orphanNew, stranger].sort());
  });
});
