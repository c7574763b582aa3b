/**
 * The board packet (issue 12) through its routes with real sessions, on both engines: a file attached
 * through the library's upload pipeline (authorized before a byte is read, checked by content), a
 * library document linked, who may list and download (the association's board and managers, invited
 * attendees; another association's board member 404; a homeowner who was not invited 403, as in the
 * rest of the board room), removal (the file is gone and no longer reachable), the closed packet of a
 * completed meeting, the orphan sweep, and the agenda's drag and drop reorder with the stream version.
 * replay --verify runs over the projections when the block ends (tests/support/db.ts).
 */

import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { users } from "@db/schema";
import { DOCUMENT_MESSAGES } from "@domain/documents";
import { MEETING_MESSAGES } from "@domain/meeting";
import { PACKET_MESSAGES } from "@domain/meeting/packet-messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeMeeting, scheduleMeeting } from "~/commands/meetings.server";
import { resetEnvForTests } from "~/env.server";
import * as detailPage from "~/routes/_app.board-room_.meetings.$id";
import * as packetPage from "~/routes/_app.board-room_.meetings.$id_.packet";
import * as libraryRoute from "~/routes/_app.documents._index";
import * as apiOne from "~/routes/api.board-room.meetings_.$id";
import * as download from "~/routes/documents.meeting.$id";
import { sweepOrphanedFiles } from "~/storage/sweep.server";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { FAKE_PDF, filesUnder, TINY_PDF, TINY_PNG } from "../support/files";
import { MULTIPART_CONTENT_TYPE, multipart } from "../support/multipart";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const get = (p: string, who: Person) =>
  new Request(`http://localhost${p}`, { headers: { Cookie: who.cookie } });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
async function read(
  fn: () => Promise<unknown>,
): Promise<{ status: number; data: Loose; response: Response }> {
  const response = await thrown(fn);
  const type = response.headers.get("Content-Type") ?? "";
  return {
    status: response.status,
    data: type.includes("json") ? await response.clone().json() : null,
    response,
  };
}

describe.each(engines)("the board packet on %s", (engine) => {
  const t = useTestDatabase(engine);
  let uploadDir: string;
  let president: Person;
  let manager: Person;
  let homeowner: Person;
  let invited: Person;
  let outsider: Person;
  let associationA: string;
  let meetingId: string;
  let libraryDoc: string;
  let libraryDocOfB: string;

  const upload = (
    who: Person,
    id: string,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer },
  ) => {
    const { body, state } = multipart(fields, file);
    const request = new Request(`http://localhost/board-room/meetings/${id}/packet`, {
      method: "POST",
      body,
      headers: { Cookie: who.cookie, "Content-Type": MULTIPART_CONTENT_TYPE },
      duplex: "half",
    } as RequestInit);
    return read(() => packetPage.action(args(request, { id }))).then((r) => ({ ...r, state }));
  };
  const post = (who: Person, id: string, fields: Record<string, string>) =>
    read(() =>
      packetPage.action(
        args(formRequest(`/board-room/meetings/${id}/packet`, fields, { Cookie: who.cookie }), { id }),
      ),
    );
  const packet = (who: Person, id: string = meetingId) =>
    read(() => packetPage.loader(args(get(`/board-room/meetings/${id}/packet`, who), { id })));
  const fetchFile = (who: Person, documentId: string) =>
    read(() => download.loader(args(get(`/documents/meeting/${documentId}`, who), { id: documentId })));
  const detail = async (id: string = meetingId) =>
    (await read(() => detailPage.loader(args(get(`/board-room/meetings/${id}`, president), { id })))).data;
  const libraryUpload = async (who: Person, title: string) => {
    const { body } = multipart(
      { intent: "upload", title, category: "bylaws", visibility: "board" },
      { name: `${title}.pdf`, bytes: TINY_PDF },
    );
    const request = new Request("http://localhost/documents", {
      method: "POST",
      body,
      headers: { Cookie: who.cookie, "Content-Type": MULTIPART_CONTENT_TYPE },
      duplex: "half",
    } as RequestInit);
    const response = await thrown(() => libraryRoute.action(args(request)));
    expect(response.status).toBe(302);
    return (response.headers.get("Location") ?? "").split("/").pop() as string;
  };
  const schedule = async (title: string) => {
    const outcome = await scheduleMeeting(t.db, {
      associationId: associationA,
      actor: { userId: president.id, mayManage: true },
      fields: {
        title,
        description: null,
        meeting_type: "regular",
        start_time: "2027-01-12T23:00:00.000Z",
        end_time: "2027-01-13T01:00:00.000Z",
        location: null,
        meeting_url: null,
      },
      guestEmails: [invited.email],
      agenda: ["Call to order", "Budget", "Roof", "Adjourn"].map((x) => ({
        title: x,
        description: null,
        item_type: "discussion" as const,
        duration_minutes: 15,
        assigned_to: null,
      })),
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    return outcome.result.meetingId;
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "packet-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
    president = await personWithRole(t.db, "board_member");
    manager = await personWithRole(t.db, "manager");
    homeowner = await personWithRole(t.db, "homeowner");
    invited = await personWithRole(t.db, "homeowner");
    outsider = await personWithRole(t.db, "board_member");
    // The invited homeowner's account has a confirmed e-mail: the guest invitation names it.
    await t.db
      .update(users)
      .set({ emailConfirmedAt: new Date().toISOString() })
      .where(eq(users.id, invited.id));
    associationA = (
      await associationWith(t.db, { id: president.id }, [
        { id: manager.id, memberRole: "property_manager" },
        { id: homeowner.id, memberRole: "homeowner", unit: "1A" },
        { id: invited.id, memberRole: "homeowner", unit: "2B" },
      ])
    ).id;
    await associationWith(t.db, { id: outsider.id });
    meetingId = await schedule("January board meeting");
    libraryDoc = await libraryUpload(president, "Bylaws");
    libraryDocOfB = await libraryUpload(outsider, "B's rules");
  });

  afterAll(() => {
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  it("attaches an upload, lists it, and serves it to the board, managers and invited attendees only", async () => {
    const { status, response } = await upload(
      president,
      meetingId,
      { intent: "packet-upload", from: "meeting" },
      { name: "Budget 2027.pdf", bytes: TINY_PDF },
    );
    expect(status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/board-room/meetings/${meetingId}`);
    const stored = filesUnder(uploadDir).filter((f) => f.startsWith("meeting-documents/"));
    expect(stored).toHaveLength(1);

    const shown = await detail();
    expect(shown.packet).toHaveLength(1);
    expect(shown.packet[0]).toMatchObject({ name: "Budget 2027.pdf", sourceLabel: "Uploaded" });
    expect(shown.packetManage.open).toBe(true);
    const documentId = shown.packet[0].id as string;

    for (const who of [president, manager, invited]) {
      const file = await fetchFile(who, documentId);
      expect(file.status).toBe(200);
      expect(file.response.headers.get("Content-Type")).toBe("application/pdf");
      expect(file.response.headers.get("Content-Disposition")).toContain("Budget 2027.pdf");
      expect(Buffer.from(await file.response.arrayBuffer()).equals(TINY_PDF)).toBe(true);
      const page = await packet(who);
      expect(page.status).toBe(200);
      expect(page.data.documents.map((d: Loose) => d.id)).toEqual([documentId]);
      // Only the board and managers get the attach forms.
      expect(page.data.manage === null).toBe(who === invited);
    }
    // The JSON endpoint's meeting carries the spec's documents (id, name, type, url, uploaded_at).
    const api = await read(() =>
      apiOne.loader(args(get(`/api/board-room/meetings/${meetingId}`, president), { id: meetingId })),
    );
    expect(api.data.meeting.documents).toEqual([
      {
        id: documentId,
        name: "Budget 2027.pdf",
        type: "application/pdf",
        url: `/documents/meeting/${documentId}`,
        uploaded_at: expect.any(String),
      },
    ]);
    // A homeowner of the association who was not invited: 403, as everywhere in the board room.
    expect((await fetchFile(homeowner, documentId)).status).toBe(403);
    expect((await packet(homeowner)).status).toBe(403);
    // A board member of another association: 404, as if nothing existed.
    expect((await fetchFile(outsider, documentId)).status).toBe(404);
    expect((await packet(outsider)).status).toBe(404);
  });

  it("refuses uploads from people who may not attach before reading a byte, and stores nothing", async () => {
    const before = filesUnder(uploadDir);
    const refusals: [Person, number][] = [
      [homeowner, 403],
      [invited, 403],
      [outsider, 404],
    ];
    for (const [who, status] of refusals) {
      const r = await upload(who, meetingId, { intent: "packet-upload" }, { name: "x.pdf", bytes: TINY_PDF });
      expect(r.status).toBe(status);
      expect(r.state.pulled).toBe(false);
      expect(
        (await post(who, meetingId, { intent: "packet-link", library_document_id: libraryDoc })).status,
      ).toBe(status);
    }
    expect(filesUnder(uploadDir)).toEqual(before);
  });

  it("checks an upload by content with the library's rules and leaves nothing behind on refusal", async () => {
    const before = filesUnder(uploadDir);
    const fake = await upload(
      president,
      meetingId,
      { intent: "packet-upload" },
      { name: "minutes.pdf", bytes: FAKE_PDF },
    );
    expect(fake.status).toBe(400);
    expect(fake.data.intent).toBe("packet-upload");
    expect(fake.data.message).toContain("minutes.pdf");
    const none = await upload(president, meetingId, { intent: "packet-upload" });
    expect(none.status).toBe(400);
    expect(none.data.message).toBe(DOCUMENT_MESSAGES.noFile);
    // The panel's upload form shows the message on its file field (Conform's result).
    expect(none.data.result.error).toEqual({ file: [DOCUMENT_MESSAGES.noFile] });
    expect(filesUnder(uploadDir)).toEqual(before);
    expect((await detail()).packet).toHaveLength(1);
  });

  it("links a library document once (its current version), never another association's", async () => {
    const linked = await post(president, meetingId, {
      intent: "packet-link",
      library_document_id: libraryDoc,
    });
    expect(linked.status).toBe(302);
    expect(linked.response.headers.get("Location")).toBe(`/board-room/meetings/${meetingId}/packet`);
    const entry = (await detail()).packet.find((d: Loose) => d.name === "Bylaws");
    expect(entry).toMatchObject({
      fileName: "Bylaws.pdf",
      sourceLabel: "From the document library, version 1",
    });
    const file = await fetchFile(invited, entry.id);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.response.arrayBuffer()).equals(TINY_PDF)).toBe(true);

    const again = await post(president, meetingId, {
      intent: "packet-link",
      library_document_id: libraryDoc,
    });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe(PACKET_MESSAGES.duplicate);
    const foreign = await post(president, meetingId, {
      intent: "packet-link",
      library_document_id: libraryDocOfB,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.data.message).toBe(PACKET_MESSAGES.libraryDocumentNotFound);
    expect(foreign.data.result.error).toEqual({
      library_document_id: [PACKET_MESSAGES.libraryDocumentNotFound],
    });
    // No choice: the schema's message, on the library field; a form the packet does not have: no intent.
    const unchosen = await post(president, meetingId, { intent: "packet-link", library_document_id: "" });
    expect(unchosen.status).toBe(400);
    expect(unchosen.data.result.error.library_document_id).toEqual([PACKET_MESSAGES.libraryDocumentRequired]);
    const unknown = await post(president, meetingId, { intent: "packet-rename", document_id: libraryDoc });
    expect(unknown.status).toBe(400);
    expect(unknown.data.intent).toBeNull();
    expect((await detail()).packet).toHaveLength(2);
  });

  it("removes documents: an upload's file is deleted and unreachable, a library file stays in the library", async () => {
    const before = (await detail()).packet as Loose[];
    const uploaded = before.find((d) => d.sourceLabel === "Uploaded");
    const linked = before.find((d) => d.name === "Bylaws");
    const storedBefore = filesUnder(uploadDir);

    // Another association's board member cannot remove it.
    expect(
      (await post(outsider, meetingId, { intent: "packet-remove", document_id: uploaded.id })).status,
    ).toBe(404);
    expect(
      (await post(homeowner, meetingId, { intent: "packet-remove", document_id: uploaded.id })).status,
    ).toBe(403);

    const removed = await post(president, meetingId, {
      intent: "packet-remove",
      document_id: uploaded.id,
      from: "meeting",
    });
    expect(removed.status).toBe(302);
    expect((await fetchFile(president, uploaded.id)).status).toBe(404);
    expect((await fetchFile(invited, uploaded.id)).status).toBe(404);
    const storedAfter = filesUnder(uploadDir);
    expect(storedBefore.filter((f) => f.startsWith("meeting-documents/"))).toHaveLength(1);
    expect(storedAfter.filter((f) => f.startsWith("meeting-documents/"))).toEqual([]);
    const again = await post(president, meetingId, { intent: "packet-remove", document_id: uploaded.id });
    expect(again.status).toBe(404);
    expect(again.data.message).toBe(PACKET_MESSAGES.notFound);

    expect((await post(manager, meetingId, { intent: "packet-remove", document_id: linked.id })).status).toBe(
      302,
    );
    expect((await fetchFile(president, linked.id)).status).toBe(404);
    // The library's own file is untouched.
    expect(filesUnder(uploadDir).filter((f) => f.startsWith("association-documents/"))).toHaveLength(2);
    expect((await detail()).packet).toEqual([]);
  });

  it("keeps the packet of a completed meeting closed, and readable", async () => {
    const id = await schedule("Closed packet");
    expect(
      (await upload(president, id, { intent: "packet-upload" }, { name: "plan.png", bytes: TINY_PNG }))
        .status,
    ).toBe(302);
    const [doc] = (await detail(id)).packet as Loose[];
    const actor = { userId: president.id, mayManage: true };
    for (const type of ["StartMeeting", "CompleteMeeting"] as const)
      expect(
        (
          await changeMeeting(
            t.db,
            { meetingId: id, associationId: associationA, actor, change: { type } },
            { now: () => new Date("2027-01-12T23:00:00.000Z") },
          )
        ).ok,
      ).toBe(true);
    const before = filesUnder(uploadDir);
    const attach = await upload(
      president,
      id,
      { intent: "packet-upload" },
      { name: "late.pdf", bytes: TINY_PDF },
    );
    expect(attach.status).toBe(409);
    expect(attach.data.message).toBe(PACKET_MESSAGES.closed);
    const remove = await post(president, id, { intent: "packet-remove", document_id: doc.id });
    expect(remove.status).toBe(409);
    expect(remove.data.message).toBe(PACKET_MESSAGES.closed);
    expect(filesUnder(uploadDir)).toEqual(before);
    expect((await detail(id)).packetManage.open).toBe(false);
    expect((await fetchFile(invited, doc.id)).status).toBe(200);
  });

  it("takes a deleted meeting's packet with it: nothing downloads and the sweep removes the file", async () => {
    const id = await schedule("Deleted with its packet");
    const before = new Set(filesUnder(uploadDir));
    expect(
      (await upload(president, id, { intent: "packet-upload" }, { name: "draft.pdf", bytes: TINY_PDF }))
        .status,
    ).toBe(302);
    const [doc] = (await detail(id)).packet as Loose[];
    const [stored] = filesUnder(uploadDir).filter((f) => !before.has(f));
    expect(stored).toMatch(/^meeting-documents\//);
    const deleted = await read(() =>
      detailPage.action(
        args(formRequest(`/board-room/meetings/${id}`, { intent: "delete" }, { Cookie: president.cookie }), {
          id,
        }),
      ),
    );
    expect(deleted.status).toBe(302);
    expect((await fetchFile(president, doc.id)).status).toBe(404);
    expect((await packet(president, id)).status).toBe(404);
    const old = Date.now() / 1000 - 2 * 3600;
    utimesSync(path.join(uploadDir, stored as string), old, old);
    const { removed } = await sweepOrphanedFiles(t.db);
    expect(removed).toEqual([stored]);
  });

  it("lets the orphan sweep keep packet files and remove meeting-documents files no row names", async () => {
    const kept = filesUnder(uploadDir);
    expect(kept.some((f) => f.startsWith("meeting-documents/"))).toBe(true);
    const old = Date.now() / 1000 - 2 * 3600;
    for (const f of kept) utimesSync(path.join(uploadDir, f), old, old);
    const orphan = `meeting-documents/ef/${"ef".padEnd(32, "0")}`;
    mkdirSync(path.dirname(path.join(uploadDir, orphan)), { recursive: true });
    writeFileSync(path.join(uploadDir, orphan), "x");
    utimesSync(path.join(uploadDir, orphan), old, old);
    const { removed } = await sweepOrphanedFiles(t.db);
    expect(removed).toEqual([orphan]);
    expect(filesUnder(uploadDir)).toEqual(kept);
  });

  it("reorders the agenda by drag and drop with the page's stream version; a stale version is 409", async () => {
    const id = await schedule("Drag agenda");
    const before = await detail(id);
    const [first, , third] = before.agenda as Loose[];
    const placed = await read(() =>
      detailPage.action(
        args(
          formRequest(
            `/board-room/meetings/${id}`,
            { intent: "place-agenda", item_id: first.id, position: "3", version: String(before.version) },
            { Cookie: president.cookie },
          ),
          { id },
        ),
      ),
    );
    expect(placed.status).toBe(302);
    const after = await detail(id);
    expect(after.agenda.map((i: Loose) => i.title)).toEqual(["Budget", "Roof", "Call to order", "Adjourn"]);
    expect(after.version).toBe(before.version + 1);
    // The same page posted again (its version is stale now): refused, nothing changes.
    const stale = await read(() =>
      detailPage.action(
        args(
          formRequest(
            `/board-room/meetings/${id}`,
            { intent: "place-agenda", item_id: third.id, position: "1", version: String(before.version) },
            { Cookie: president.cookie },
          ),
          { id },
        ),
      ),
    );
    expect(stale.status).toBe(409);
    expect(stale.data.error).toBe(MEETING_MESSAGES.editConflict);
    // The up and down buttons carry the version too.
    const moved = await read(() =>
      detailPage.action(
        args(
          formRequest(
            `/board-room/meetings/${id}`,
            { intent: "move-agenda", item_id: third.id, direction: "up", version: String(after.version) },
            { Cookie: president.cookie },
          ),
          { id },
        ),
      ),
    );
    expect(moved.status).toBe(302);
    expect((await detail(id)).agenda.map((i: Loose) => i.title)).toEqual([
      "Roof",
      "Budget",
      "Call to order",
      "Adjourn",
    ]);
  });
});
