/**
 * The association's document library (issue 12, part 1): who sees which document (board only, all
 * members, named vendors), isolation between associations (a board member of A gets 404 for every
 * document page, download and action of B), uploads refused before a byte is read or written, files
 * checked by content with nothing left on refusal, versions, and the append-only history.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { documentFolders, documentHistory, documentVersions } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import * as libraryRoute from "~/routes/_app.documents._index";
import * as documentRoute from "~/routes/_app.documents.$id";
import * as downloadRoute from "~/routes/documents.library.$versionId";
import { useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { FAKE_PDF, filesUnder, TINY_GIF, TINY_PDF, TINY_PNG } from "../support/files";
import { MULTIPART_CONTENT_TYPE, multipart } from "../support/multipart";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

/** What a loader or action answered: its Response, returned or thrown. */
async function answer(fn: () => Promise<unknown>): Promise<Response> {
  try {
    const r = await fn();
    if (r instanceof Response) return r;
    throw new Error("no response");
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

describe.each(engines)("the document library on %s", (engine) => {
  const t = useTestDatabase(engine);
  let uploadDir: string;
  let board: Person;
  let manager: Person;
  let homeowner: Person;
  let vendor: Person;
  let otherVendor: Person;
  let attorney: Person;
  let boardB: Person;
  let associationA: string;
  let associationB: string;
  const docs: Record<string, string> = {};
  let docOfB: string;

  const library = (who: Person) =>
    answer(() =>
      libraryRoute.loader({
        request: new Request("http://localhost/documents", { headers: { Cookie: who.cookie } }),
        params: {},
        context: {},
      }),
    );
  const page = (who: Person, id: string) =>
    answer(() =>
      documentRoute.loader({
        request: new Request(`http://localhost/documents/${id}`, { headers: { Cookie: who.cookie } }),
        params: { id },
        context: {},
      }),
    );
  const download = (who: Person, versionId: string) =>
    answer(() =>
      downloadRoute.loader({
        request: new Request(`http://localhost/documents/library/${versionId}`, {
          headers: { Cookie: who.cookie },
        }),
        params: { versionId },
        context: {},
      }),
    );
  const upload = (who: Person, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
    const { body, state } = multipart(fields, file);
    const request = new Request("http://localhost/documents", {
      method: "POST",
      body,
      headers: { Cookie: who.cookie, "Content-Type": MULTIPART_CONTENT_TYPE },
      duplex: "half",
    } as RequestInit);
    return answer(() => libraryRoute.action({ request, params: {}, context: {} })).then((response) => ({
      response,
      state,
    }));
  };
  const newVersion = (who: Person, id: string, file: { name: string; bytes: Buffer }) => {
    const { body, state } = multipart({ intent: "new-version" }, file);
    const request = new Request(`http://localhost/documents/${id}`, {
      method: "POST",
      body,
      headers: { Cookie: who.cookie, "Content-Type": MULTIPART_CONTENT_TYPE },
      duplex: "half",
    } as RequestInit);
    return answer(() => documentRoute.action({ request, params: { id }, context: {} })).then((response) => ({
      response,
      state,
    }));
  };
  const change = (who: Person, id: string, fields: Record<string, string>) =>
    answer(() =>
      documentRoute.action({
        request: new Request(`http://localhost/documents/${id}`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: who.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        }),
        params: { id },
        context: {},
      }),
    );
  const postLibrary = (who: Person, fields: Record<string, string>) =>
    answer(() =>
      libraryRoute.action({
        request: new Request("http://localhost/documents", {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: who.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        }),
        params: {},
        context: {},
      }),
    );
  const idFrom = (response: Response) => {
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    const id = location.split("/").pop() ?? "";
    expect(location).toMatch(/^\/documents\/[0-9a-f-]{36}$/);
    return id;
  };
  type Detail = {
    versions: { id: string; version: number; current: boolean }[];
    history: { text: string }[];
  };
  const detailOf = async (who: Person, id: string) => (await (await page(who, id)).json()) as Detail;
  type Library = {
    library: {
      manage: boolean;
      folders: { path: string; documents: { id: string }[] }[];
      unfiled: { id: string }[];
      archived: { id: string }[];
    } | null;
    shared: { id: string; association: string }[];
  };
  const idsIn = (data: Library) => [
    ...(data.library?.unfiled ?? []).map((d) => d.id),
    ...(data.library?.folders ?? []).flatMap((f) => f.documents.map((d) => d.id)),
  ];

  beforeAll(async () => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "documents-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
    board = await personWithRole(t.db, "board_member");
    manager = await personWithRole(t.db, "manager");
    homeowner = await personWithRole(t.db, "homeowner");
    vendor = await personWithRole(t.db, "vendor");
    otherVendor = await personWithRole(t.db, "vendor");
    attorney = await personWithRole(t.db, "attorney");
    boardB = await personWithRole(t.db, "board_member");
    associationA = (
      await associationWith(t.db, { id: board.id }, [
        { id: manager.id, memberRole: "property_manager" },
        { id: homeowner.id, memberRole: "homeowner", unit: "4B" },
      ])
    ).id;
    associationB = (await associationWith(t.db, { id: boardB.id })).id;
    expect(associationA).not.toBe(associationB);

    for (const [key, visibility, vendors] of [
      ["board", "board", ""],
      ["members", "members", ""],
      ["vendors", "vendors", vendor.email],
    ] as const) {
      const { response } = await upload(
        board,
        { intent: "upload", title: `${key} document`, category: "bylaws", visibility, vendors },
        { name: `${key}.pdf`, bytes: TINY_PDF },
      );
      docs[key] = idFrom(response);
    }
    const { response } = await upload(
      boardB,
      { intent: "upload", title: "B's budget", category: "budgets", visibility: "members" },
      { name: "budget.pdf", bytes: TINY_PDF },
    );
    docOfB = idFrom(response);
  });

  afterAll(() => {
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  it("stores an upload as version 1 with its uploader, size and content type, and records it", async () => {
    const detail = await detailOf(board, docs.board as string);
    expect(detail.versions).toHaveLength(1);
    expect(detail.versions[0]).toMatchObject({ version: 1, current: true });
    expect(detail.history.map((h) => h.text)).toEqual(['Uploaded board.pdf as "board document"']);
    const file = await download(board, detail.versions[0]?.id as string);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toContain("board.pdf");
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PDF)).toBe(true);
  });

  it("shows each person exactly the documents their membership or vendor share allows", async () => {
    const all = [docs.board, docs.members, docs.vendors] as string[];
    const sees: [Person, string[]][] = [
      [board, all],
      [manager, all],
      [homeowner, [docs.members as string]],
      [vendor, [docs.vendors as string]],
      [otherVendor, []],
      [attorney, []],
      [boardB, []],
    ];
    for (const [who, visible] of sees) {
      for (const id of all) {
        const status = (await page(who, id)).status;
        expect({ id, status }).toEqual({ id, status: visible.includes(id) ? 200 : 404 });
        const versionId = (await detailOf(board, id)).versions[0]?.id as string;
        expect((await download(who, versionId)).status).toBe(visible.includes(id) ? 200 : 404);
      }
    }
    // The list: members see their association's library, vendors what was shared with them.
    const forHomeowner = (await (await library(homeowner)).json()) as Library;
    expect(idsIn(forHomeowner)).toEqual([docs.members]);
    expect(forHomeowner.library?.manage).toBe(false);
    const forBoard = (await (await library(board)).json()) as Library;
    expect(idsIn(forBoard).sort()).toEqual([...all].sort());
    const forVendor = (await (await library(vendor)).json()) as Library;
    expect(forVendor.library).toBeNull();
    expect(forVendor.shared.map((d) => d.id)).toEqual([docs.vendors]);
    expect((await (await library(otherVendor)).json()).shared).toEqual([]);
    const forB = (await (await library(boardB)).json()) as Library;
    expect(idsIn(forB)).toEqual([docOfB]);
  });

  it("gives a board member of another association 404 for every page, download and action, and keeps nothing", async () => {
    const before = filesUnder(uploadDir);
    for (const id of Object.values(docs)) {
      expect((await page(boardB, id)).status).toBe(404);
      for (const fields of [
        { intent: "rename", title: "Taken over" },
        { intent: "move" },
        { intent: "category", category: "other" },
        { intent: "visibility", visibility: "members" },
        { intent: "archive" },
        { intent: "restore" },
      ] as Record<string, string>[]) {
        expect((await change(boardB, id, fields)).status).toBe(404);
      }
      const { response, state } = await newVersion(boardB, id, { name: "evil.pdf", bytes: TINY_PDF });
      expect(response.status).toBe(404);
      expect(state.pulled).toBe(false);
    }
    // And the other way round: A's board member learns nothing of B's document.
    expect((await page(board, docOfB)).status).toBe(404);
    expect((await change(board, docOfB, { intent: "archive" })).status).toBe(404);
    expect(filesUnder(uploadDir)).toEqual(before);
    expect((await detailOf(board, docs.board as string)).history).toHaveLength(1);
  });

  it("refuses uploads from people who may not upload before reading a byte, and writes no file", async () => {
    const before = filesUnder(uploadDir);
    const fields = { intent: "upload", category: "other", visibility: "members" };
    // A homeowner of the association: 403; a vendor or attorney with no association: sent to /properties.
    const refusals: [Person, number][] = [
      [homeowner, 403],
      [vendor, 302],
      [attorney, 302],
    ];
    for (const [who, status] of refusals) {
      const { response, state } = await upload(who, fields, { name: "x.pdf", bytes: TINY_PDF });
      expect(response.status).toBe(status);
      expect(state.pulled).toBe(false);
    }
    // A homeowner (read-only on a members document) may not add a version either: 403, nothing read.
    const { response, state } = await newVersion(homeowner, docs.members as string, {
      name: "x.pdf",
      bytes: TINY_PDF,
    });
    expect(response.status).toBe(403);
    expect(state.pulled).toBe(false);
    expect((await change(vendor, docs.vendors as string, { intent: "archive" })).status).toBe(403);
    expect(filesUnder(uploadDir)).toEqual(before);
  });

  it("checks files by content and leaves nothing behind on refusal", async () => {
    const before = filesUnder(uploadDir);
    for (const file of [
      { name: "minutes.pdf", bytes: FAKE_PDF },
      { name: "photo.gif", bytes: TINY_GIF },
      { name: "budget.pdf", bytes: TINY_PNG },
    ]) {
      const { response } = await upload(
        board,
        { intent: "upload", category: "other", visibility: "board" },
        file,
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { result: { error: Record<string, string[]> } };
      expect(body.result.error.file).toEqual([`${file.name}: File type not allowed`]);
    }
    // No file at all, a folder of another association, an unknown vendor: refused, nothing kept.
    const noFile = await upload(board, { intent: "upload", category: "other", visibility: "board" });
    expect(noFile.response.status).toBe(400);
    const wrongVendor = await upload(
      board,
      { intent: "upload", category: "other", visibility: "vendors", vendors: attorney.email },
      { name: "a.pdf", bytes: TINY_PDF },
    );
    expect(wrongVendor.response.status).toBe(400);
    expect(
      ((await wrongVendor.response.json()) as { result: { error: Record<string, string[]> } }).result.error
        .vendors,
    ).toEqual([`No vendor account uses ${attorney.email}`]);
    const noVendor = await upload(
      board,
      { intent: "upload", category: "other", visibility: "vendors" },
      { name: "a.pdf", bytes: TINY_PDF },
    );
    expect(noVendor.response.status).toBe(400);
    expect(filesUnder(uploadDir)).toEqual(before);
  });

  it("keeps every version: the newest is current and each one downloads", async () => {
    const id = docs.members as string;
    const { response } = await newVersion(manager, id, { name: "members-v2.png", bytes: TINY_PNG });
    expect(response.status).toBe(302);
    const detail = await detailOf(board, id);
    expect(detail.versions.map((v) => [v.version, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const [v2, v1] = detail.versions;
    const second = await download(homeowner, v2?.id as string);
    expect(second.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await second.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const first = await download(homeowner, v1?.id as string);
    expect(Buffer.from(await first.arrayBuffer()).equals(TINY_PDF)).toBe(true);
    expect(detail.history[0]?.text).toBe("Uploaded version 2 (members-v2.png)");
    // A refused new version changes nothing and keeps no file.
    const before = filesUnder(uploadDir);
    const refused = await newVersion(manager, id, { name: "v3.pdf", bytes: FAKE_PDF });
    expect(refused.response.status).toBe(400);
    expect(filesUnder(uploadDir)).toEqual(before);
    expect((await detailOf(board, id)).versions).toHaveLength(2);
  });

  it("records renames, moves, category and visibility changes, archiving and restoring, with old and new values", async () => {
    const id = docs.board as string;
    expect((await postLibrary(board, { intent: "create-folder", name: "Governing documents" })).status).toBe(
      302,
    );
    const folders = ((await (await library(board)).json()) as Library).library?.folders ?? [];
    expect(folders.map((f) => f.path)).toEqual(["Governing documents"]);
    const [folder] = await t.db
      .select({ id: documentFolders.id })
      .from(documentFolders)
      .where(eq(documentFolders.associationId, associationA));
    expect(folder).toBeDefined();
    // One level of nesting only.
    expect(
      (
        await postLibrary(board, {
          intent: "create-folder",
          name: "Amendments",
          parentId: folder?.id as string,
        })
      ).status,
    ).toBe(302);
    const [sub] = await t.db
      .select({ id: documentFolders.id })
      .from(documentFolders)
      .where(eq(documentFolders.parentId, folder?.id as string));
    const tooDeep = await postLibrary(board, {
      intent: "create-folder",
      name: "Deeper",
      parentId: sub?.id as string,
    });
    expect(tooDeep.status).toBe(400);
    expect((await postLibrary(board, { intent: "create-folder", name: "governing DOCUMENTS" })).status).toBe(
      409,
    );

    expect((await change(board, id, { intent: "rename", title: "Board minutes 2025" })).status).toBe(302);
    expect((await change(manager, id, { intent: "move", folderId: folder?.id as string })).status).toBe(302);
    expect((await change(board, id, { intent: "category", category: "minutes" })).status).toBe(302);
    const unknownVendor = await change(board, id, {
      intent: "visibility",
      visibility: "vendors",
      vendors: "nobody@example.test",
    });
    expect(unknownVendor.status).toBe(400);
    expect(
      (await change(board, id, { intent: "visibility", visibility: "vendors", vendors: otherVendor.email }))
        .status,
    ).toBe(302);
    expect((await page(otherVendor, id)).status).toBe(200);
    expect((await page(vendor, id)).status).toBe(404);
    expect((await change(board, id, { intent: "archive" })).status).toBe(302);
    // Archived: hidden from the vendor, kept (and restorable) for the board.
    expect((await page(otherVendor, id)).status).toBe(404);
    expect((await page(board, id)).status).toBe(200);
    expect((await change(board, id, { intent: "rename", title: "Not while archived" })).status).toBe(409);
    const archivedList = ((await (await library(manager)).json()) as Library).library;
    expect(archivedList?.archived.map((d) => d.id)).toEqual([id]);
    expect(idsIn({ library: archivedList ?? null, shared: [] })).not.toContain(id);
    expect((await change(board, id, { intent: "restore" })).status).toBe(302);
    expect((await page(otherVendor, id)).status).toBe(200);

    const history = (await detailOf(board, id)).history.map((h) => h.text).reverse();
    expect(history).toEqual([
      'Uploaded board.pdf as "board document"',
      'Renamed from "board document" to "Board minutes 2025"',
      "Moved from No folder to Governing documents",
      "Category changed from Bylaws to Minutes",
      `Visibility changed from Board only to Named vendors (${otherVendor.email})`,
      "Archived",
      "Restored from the archive",
    ]);
  });

  it("renames and deletes folders: names stay unique, only an empty folder goes, B's board cannot touch A's", async () => {
    const made = await postLibrary(board, { intent: "create-folder", name: "Insurance" });
    expect(made.status).toBe(302);
    expect((await postLibrary(board, { intent: "create-folder", name: "Contracts" })).status).toBe(302);
    const folders = await t.db
      .select({ id: documentFolders.id, name: documentFolders.name })
      .from(documentFolders)
      .where(eq(documentFolders.associationId, associationA));
    const insurance = folders.find((f) => f.name === "Insurance")?.id as string;
    const contracts = folders.find((f) => f.name === "Contracts")?.id as string;

    // A name its sibling already has (in other letters) is refused beside the field.
    const clash = await postLibrary(board, {
      intent: "rename-folder",
      folderId: insurance,
      name: "contracts",
    });
    expect(clash.status).toBe(409);
    const clashBody = (await clash.json()) as {
      folderId: string;
      result: { error: Record<string, string[]> };
    };
    expect(clashBody.folderId).toBe(insurance);
    expect(clashBody.result.error.name).toEqual(["A folder with this name already exists here"]);
    const blank = await postLibrary(board, { intent: "rename-folder", folderId: insurance, name: "  " });
    expect(blank.status).toBe(400);

    expect(
      (await postLibrary(board, { intent: "rename-folder", folderId: insurance, name: "Insurance policies" }))
        .status,
    ).toBe(302);

    // A folder holding a document (archived ones too) is kept.
    const { response } = await upload(
      board,
      {
        intent: "upload",
        title: "Wind policy",
        category: "insurance",
        visibility: "board",
        folderId: insurance,
      },
      { name: "wind-policy.pdf", bytes: TINY_PDF },
    );
    const policy = idFrom(response);
    const full = await postLibrary(board, { intent: "delete-folder", folderId: insurance });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual(
      ["Only an empty folder can be deleted: move its documents and subfolders out first"],
    );

    // Another association's board member and a homeowner of A get nowhere, and nothing changes.
    expect((await postLibrary(boardB, { intent: "delete-folder", folderId: contracts })).status).toBe(404);
    expect(
      (await postLibrary(boardB, { intent: "rename-folder", folderId: contracts, name: "Mine" })).status,
    ).toBe(404);
    expect((await postLibrary(homeowner, { intent: "delete-folder", folderId: contracts })).status).toBe(403);

    expect((await postLibrary(board, { intent: "delete-folder", folderId: contracts })).status).toBe(302);
    const left = await t.db
      .select({ name: documentFolders.name })
      .from(documentFolders)
      .where(eq(documentFolders.associationId, associationA));
    expect(left.map((f) => f.name)).toContain("Insurance policies");
    expect(left.map((f) => f.name)).not.toContain("Contracts");
    expect(left.map((f) => f.name)).not.toContain("Insurance");
    const history = await t.db
      .select({ action: documentHistory.action, details: documentHistory.details })
      .from(documentHistory)
      .where(eq(documentHistory.associationId, associationA));
    expect(history).toEqual(
      expect.arrayContaining([
        { action: "folder_renamed", details: { old: "Insurance", new: "Insurance policies" } },
        { action: "folder_deleted", details: { old: "Contracts" } },
      ]),
    );
    // The library lists the folder with its document under the new name.
    const data = (await (await library(board)).json()) as Library;
    expect(
      data.library?.folders.find((f) => f.path === "Insurance policies")?.documents.map((d) => d.id),
    ).toEqual([policy]);
  });

  it("searches the library by title and file name, within what the person may see", async () => {
    const search = async (who: Person, q: string) =>
      (await (
        await answer(() =>
          libraryRoute.loader({
            request: new Request(`http://localhost/documents?q=${encodeURIComponent(q)}`, {
              headers: { Cookie: who.cookie },
            }),
            params: {},
            context: {},
          }),
        )
      ).json()) as Library;
    expect(idsIn(await search(board, "MEMBERS doc"))).toEqual([docs.members]);
    // The file name counts too; LIKE's wildcards are plain characters.
    expect(idsIn(await search(board, "vendors.pdf"))).toEqual([docs.vendors]);
    expect(idsIn(await search(board, "%"))).toEqual([]);
    // A homeowner finds only what members may read; B's documents are never found from A.
    expect(idsIn(await search(homeowner, "document"))).toEqual([docs.members]);
    expect(idsIn(await search(board, "B's budget"))).toEqual([]);
  });

  it("keeps the history append-only: UPDATE and DELETE are refused", async () => {
    const rows = await t.db.select({ id: documentHistory.id }).from(documentHistory).limit(1);
    const id = rows[0]?.id as number;
    await expect(
      t.db.update(documentHistory).set({ action: "renamed" }).where(eq(documentHistory.id, id)),
    ).rejects.toThrow();
    await expect(t.db.delete(documentHistory).where(eq(documentHistory.id, id))).rejects.toThrow();
  });

  it("keeps a non-ASCII file name as it was sent: stored, shown and downloaded (issue 26, part 6)", async () => {
    const name = "Résumé–予算.pdf";
    const { response } = await upload(
      board,
      { intent: "upload", title: "Résumé", category: "bylaws", visibility: "board" },
      { name, bytes: TINY_PDF },
    );
    const id = idFrom(response);
    const [stored] = await t.db
      .select({ fileName: documentVersions.fileName })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, id));
    expect(stored?.fileName).toBe(name);
    const detail = (await detailOf(board, id)) as Detail & { versions: { fileName: string }[] };
    expect(detail.versions[0]?.fileName).toBe(name);
    expect(detail.history.map((h) => h.text)).toEqual([`Uploaded ${name} as "Résumé"`]);
    const file = await download(board, detail.versions[0]?.id as string);
    // RFC 6266 / 5987: an ASCII fallback, and the name itself in UTF-8.
    expect(file.headers.get("Content-Disposition")).toBe(
      `attachment; filename="R_sum____.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    await file.arrayBuffer();
  });
});
