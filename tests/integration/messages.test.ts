/**
 * Messages (issue 28, parts 7 to 9): /messages through its loader and action with real sessions, the
 * attachments route, the typing / read endpoint and the live stream. Participants only (404 for a
 * conversation, its attachments and its stream events), who may message whom (connections, shared
 * associations, never across a block), the content rules with the spec's messages, attachments (10,
 * 25 MB, sniffed by content, all or none), edit within 15 minutes with its history, delete, per-person
 * archive / mute / star, unread counts, one notification per conversation until read, the 20 per
 * minute limit with its 429 and "N messages remaining".
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase, queryRows } from "@db/client";
import { connections, notifications } from "@db/schema";
import { checkContent } from "@domain/community/content-rules";
import { MEMBERSHIP_ERRORS, MESSAGE_ERRORS } from "@domain/messages";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { unreadMessagesCount } from "~/queries/messages.server";
import * as pageRoute from "~/routes/_app.messages";
import * as liveRoute from "~/routes/api.messages.live";
import * as streamRoute from "~/routes/api.notifications.stream";
import * as attachmentRoute from "~/routes/messages.attachments.$id";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { bothEngines, useTestDatabase } from "../support/db";
import { filesUnder, TINY_PNG } from "../support/files";
import { personWithRole } from "../support/people";
import { sseReader } from "../support/sse";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const BOUNDARY = "----messagestestboundary";

/** A multipart send body: fields and any number of files in "attachments"; records whether it was read. */
function sendBody(fields: Record<string, string>, files: { name: string; bytes: Buffer }[] = []) {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from("\r\n"),
    );
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

describe.each(bothEngines)("messages on %s", (engine) => {
  const t = useTestDatabase(engine);
  let uploadDir: string;
  let ann: Person;
  let bob: Person;
  let cat: Person;
  let dan: Person;
  let eve: Person;

  const get = (url: string, who: Person) =>
    new Request(`http://localhost${url}`, { headers: { Cookie: who.cookie } });
  const page = async (who: Person, query = ""): Promise<Loose> => {
    const r = await thrown(() =>
      pageRoute.loader({ request: get(`/messages${query}`, who), params: {}, context: {} }),
    );
    return r;
  };
  const pageData = async (who: Person, query = ""): Promise<Loose> =>
    (await (await page(who, query)).json()) as Loose;
  const send = async (
    who: Person,
    query: string,
    content: string,
    files: { name: string; bytes: Buffer }[] = [],
    extra: Record<string, string> = {},
  ) => {
    const { body, state } = sendBody({ intent: "send", content, ...extra }, files);
    const request = new Request(`http://localhost/messages${query}`, {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, Cookie: who.cookie },
      duplex: "half",
    });
    const response = await thrown(() => pageRoute.action({ request, params: {}, context: {} }));
    return { response, state };
  };
  const act = (who: Person, query: string, fields: Record<string, string | string[]>) => {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
    return thrown(() =>
      pageRoute.action({
        request: new Request(`http://localhost/messages${query}`, {
          method: "POST",
          body: form,
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
        }),
        params: {},
        context: {},
      }),
    );
  };
  const live = (who: Person, fields: Record<string, string>) =>
    thrown(() =>
      liveRoute.action({
        request: formRequest("/api/messages/live", fields, { Cookie: who.cookie }),
        params: {},
        context: {},
      }),
    );
  const openStream = async (who: Person) => {
    const controller = new AbortController();
    const request = new Request("http://localhost/api/notifications/stream", {
      headers: { Cookie: who.cookie },
      signal: controller.signal,
    });
    const sse = sseReader(await streamRoute.loader({ request, params: {}, context: {} }));
    await sse.waitFor((e) => e.event === "unread");
    return { sse, close: () => controller.abort() };
  };
  const connect = (a: Person, b: Person, status = "accepted") =>
    t.db.insert(connections).values({
      requesterId: a.id,
      addresseeId: b.id,
      status,
      blockedBy: status === "blocked" ? a.id : null,
    });
  const conversationOf = (response: Response) => {
    expect(response.status).toBe(302);
    const c = new URL(response.headers.get("Location") as string, "http://localhost").searchParams.get("c");
    expect(c).toMatch(/^[0-9a-f-]{36}$/);
    return c as string;
  };
  const clearLimits = () => t.db.execute(sql`delete from rate_limit_counters`);

  beforeAll(async () => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "messages-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    cat = await personWithRole(t.db, "homeowner", { label: "cat" });
    dan = await personWithRole(t.db, "board_member", { label: "dan" });
    eve = await personWithRole(t.db, "vendor", { label: "eve" });
    await connect(ann, bob);
    // Ann and Dan share an association (no connection).
    await associationWith(t.db, { id: dan.id }, [{ id: ann.id, memberRole: "property_manager" }]);
  });
  afterAll(() => {
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  describe("who may message whom", () => {
    it("a stranger is told why, and cannot send; a connection or an association member can", async () => {
      const data = await pageData(ann, `?user=${cat.id}`);
      expect(data.target).toMatchObject({ id: cat.id, allowed: false, reason: MESSAGE_ERRORS.NOT_ALLOWED });
      const refused = await send(ann, `?user=${cat.id}`, "Hello");
      expect(refused.response.status).toBe(403);
      expect(refused.state.pulled).toBe(false);
      expect(((await refused.response.json()) as Loose).error).toBe(MESSAGE_ERRORS.NOT_ALLOWED);

      expect((await pageData(ann, `?userId=${bob.id}`)).target).toMatchObject({ allowed: true });
      expect((await pageData(ann, `?user=${dan.id}`)).target).toMatchObject({ allowed: true });
      expect((await pageData(ann, `?user=${ann.id}`)).target).toMatchObject({
        allowed: false,
        reason: MESSAGE_ERRORS.SELF,
      });
      expect((await pageData(ann, "?user=00000000-0000-4000-8000-000000000000")).target).toMatchObject({
        allowed: false,
        reason: MESSAGE_ERRORS.UNKNOWN_PERSON,
      });
    });

    it("starts one direct conversation per pair; opening ?user= again finds it", async () => {
      await clearLimits();
      const first = conversationOf((await send(ann, `?user=${dan.id}`, "Hi Dan")).response);
      const again = await page(dan, `?user=${ann.id}`);
      expect(again.status).toBe(302);
      expect(again.headers.get("Location")).toContain(`c=${first}`);
      const second = conversationOf((await send(dan, `?user=${ann.id}`, "Hi Ann")).response);
      expect(second).toBe(first);
      const data = await pageData(dan, `?c=${first}`);
      expect(data.thread.messages.map((m: Loose) => m.content)).toEqual(["Hi Dan", "Hi Ann"]);
    });

    it("never across a block, also in an existing conversation", async () => {
      await clearLimits();
      await connect(eve, cat);
      const c = conversationOf((await send(cat, `?user=${eve.id}`, "Before the block")).response);
      await t.db
        .update(connections)
        .set({ status: "blocked", blockedBy: eve.id })
        .where(eq(connections.requesterId, eve.id));
      const refused = await send(cat, `?c=${c}`, "After the block");
      expect(refused.response.status).toBe(403);
      expect(((await refused.response.json()) as Loose).error).toBe(MESSAGE_ERRORS.BLOCKED);
      expect((await pageData(cat, `?c=${c}`)).thread.blockedReason).toBe(MESSAGE_ERRORS.BLOCKED);
      // Opening ?user= finds the conversation; a new one cannot start.
      await t.db.execute(sql`delete from conversations where id = ${c}`);
      expect((await pageData(cat, `?user=${eve.id}`)).target).toMatchObject({
        allowed: false,
        reason: MESSAGE_ERRORS.BLOCKED,
      });
    });
  });

  describe("participants only", () => {
    let c: string;
    let attachmentId: string;
    beforeAll(async () => {
      await clearLimits();
      c = conversationOf(
        (await send(ann, `?user=${bob.id}`, "Private", [{ name: "pic.png", bytes: TINY_PNG }])).response,
      );
      const data = await pageData(bob, `?c=${c}`);
      attachmentId = data.thread.messages.at(-1).attachments[0].id;
    });

    it("a non-participant gets 404 for the conversation, sending to it (unread), and its attachments", async () => {
      expect((await page(cat, `?c=${c}`)).status).toBe(404);
      const refused = await send(cat, `?c=${c}`, "Let me in");
      expect(refused.response.status).toBe(404);
      expect(refused.state.pulled).toBe(false);
      expect(
        (
          await thrown(() =>
            attachmentRoute.loader({
              request: get(`/messages/attachments/${attachmentId}`, cat),
              params: { id: attachmentId },
              context: {},
            }),
          )
        ).status,
      ).toBe(404);
      const download = await thrown(() =>
        attachmentRoute.loader({
          request: get(`/messages/attachments/${attachmentId}`, bob),
          params: { id: attachmentId },
          context: {},
        }),
      );
      expect(download.status).toBe(200);
      expect(download.headers.get("Content-Type")).toBe("image/png");
      // The picture as stored (re-encoded on the server: still a 1x1 PNG).
      expect(await sharp(Buffer.from(await download.arrayBuffer())).metadata()).toMatchObject({
        format: "png",
        width: 1,
        height: 1,
      });
      const anonymous = await thrown(() =>
        liveRoute.action({
          request: formRequest("/api/messages/live", { intent: "read", conversationId: c }),
          params: {},
          context: {},
        }),
      );
      expect(anonymous.status).toBe(401);
      const posts: Record<string, string>[] = [
        { intent: "typing", conversationId: c, typing: "true" },
        { intent: "read", conversationId: c },
      ];
      for (const fields of posts) expect((await live(cat, fields)).status).toBe(404);
      expect(
        (await act(cat, "", { intent: "flag", conversationId: c, flag: "starred", value: "true" })).status,
      ).toBe(404);
      const messageId = (await pageData(ann, `?c=${c}`)).thread.messages[0].id;
      expect((await act(cat, "", { intent: "delete", messageId })).status).toBe(404);
      expect((await act(cat, "", { intent: "edit", messageId, content: "x", version: "v" })).status).toBe(
        404,
      );
    });

    it("live: the message, typing and the read receipt reach the other participant's stream, not a stranger's", async () => {
      await clearLimits();
      const bobStream = await openStream(bob);
      const annStream = await openStream(ann);
      const catStream = await openStream(cat);
      try {
        await send(ann, `?c=${c}`, "Live hello");
        const event = await bobStream.sse.waitFor(
          (e) => e.event === "message" && e.data.content === "Live hello",
        );
        expect(event.data).toMatchObject({ conversationId: c, senderId: ann.id });
        await bobStream.sse.waitFor((e) => e.event === "messages" && e.data.unread >= 1);
        expect((await live(bob, { intent: "typing", conversationId: c, typing: "true" })).status).toBe(200);
        await annStream.sse.waitFor(
          (e) => e.event === "typing" && e.data.userId === bob.id && e.data.typing === true,
        );
        expect((await live(bob, { intent: "read", conversationId: c })).status).toBe(200);
        await annStream.sse.waitFor(
          (e) => e.event === "read" && e.data.userId === bob.id && e.data.conversationId === c,
        );
        await bobStream.sse.waitFor((e) => e.event === "messages" && e.data.unread === 0);
        await new Promise((r) => setTimeout(r, 200));
        expect(catStream.sse.events.filter((e) => ["message", "typing", "read"].includes(e.event))).toEqual(
          [],
        );
      } finally {
        bobStream.close();
        annStream.close();
        catStream.close();
      }
    });

    it.skipIf(engine !== "postgres")("a message sent on another app server reaches the stream", async () => {
      await clearLimits();
      const second: DatabaseHandle = await openDatabase({ url: t.handle.url as string, max: 2 });
      const bobStream = await openStream(bob);
      try {
        const { sendMessage } = await import("~/commands/messages.server");
        const sent = await sendMessage(second.db, {
          senderId: ann.id,
          conversationId: c,
          content: "From the other server",
          attachments: [],
        });
        expect(sent.ok).toBe(true);
        await bobStream.sse.waitFor(
          (e) => e.event === "message" && e.data.content === "From the other server",
        );
      } finally {
        bobStream.close();
        await second.close();
      }
    });
  });

  describe("the content rules (spec 002 section 5), word for word", () => {
    it.each([
      ["", MESSAGE_ERRORS.CONTENT_OR_ATTACHMENT_REQUIRED],
      ["   ", MESSAGE_ERRORS.CONTENT_OR_ATTACHMENT_REQUIRED],
      ["x".repeat(2001), MESSAGE_ERRORS.CONTENT_TOO_LONG],
      ["<b>bold</b>", MESSAGE_ERRORS.HTML_NOT_ALLOWED],
      ["<script>alert(1)</script>", MESSAGE_ERRORS.SCRIPT_INJECTION],
      ["This is a SCAM, honestly", MESSAGE_ERRORS.INAPPROPRIATE_CONTENT],
    ])("%j is refused", async (content, message) => {
      await clearLimits();
      const { response } = await send(ann, `?user=${bob.id}`, content);
      expect(response.status).toBe(400);
      expect(((await response.json()) as Loose).error).toBe(message);
    });

    it("the route refuses what the shared content rules refuse, with their message, and stores nothing", async () => {
      await clearLimits();
      const count = async () =>
        Number(
          (
            await queryRows<{ n: number }>(
              t.db,
              sql`select count(*)::int as n from messages where sender_id = ${ann.id}`,
            )
          )[0]?.n,
        );
      const before = await count();
      for (const content of ["<em>hi</em>", "Such a fake quote", `${"ab".repeat(1000)}c`]) {
        const expected = checkContent("message", content).errors[0];
        expect(expected).toBeTruthy();
        const { response } = await send(ann, `?user=${bob.id}`, content);
        expect(response.status).toBe(400);
        expect(((await response.json()) as Loose).error).toBe(expected);
      }
      expect(await count()).toBe(before);
      // The command refuses it too, whoever calls it.
      const { sendMessage } = await import("~/commands/messages.server");
      const direct = await sendMessage(t.db, {
        senderId: ann.id,
        toUserId: bob.id,
        content: "<i>x</i>",
        attachments: [],
      });
      expect(direct).toMatchObject({
        ok: false,
        kind: "validation",
        message: MESSAGE_ERRORS.HTML_NOT_ALLOWED,
      });
      expect(await count()).toBe(before);
    });

    it("2000 characters and words that only contain a listed one pass", async () => {
      await clearLimits();
      expect((await send(ann, `?user=${bob.id}`, "y".repeat(2000))).response.status).toBe(302);
      expect((await send(ann, `?user=${bob.id}`, "The spammer's scampi: 2 < 3")).response.status).toBe(302);
    });
  });

  describe("attachments", () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    it("every file is checked before any is kept: per-file messages, nothing stored", async () => {
      await clearLimits();
      const before = filesUnder(uploadDir).length;
      const { response } = await send(ann, `?user=${bob.id}`, "Files", [
        { name: "ok.png", bytes: TINY_PNG },
        { name: "archive.zip", bytes: zip },
        { name: "big.png", bytes: Buffer.concat([TINY_PNG, Buffer.alloc(26214400)]) },
      ]);
      expect(response.status).toBe(400);
      const body = (await response.json()) as Loose;
      expect(body.attachmentErrors).toEqual([
        "archive.zip: File type application/zip is not allowed",
        `big.png: File size ${((TINY_PNG.length + 26214400) / 1048576).toFixed(2)} MB exceeds maximum allowed size of 25 MB`,
      ]);
      expect(filesUnder(uploadDir).length).toBe(before);
    });

    it("sniffs by content: a binary called notes.txt is refused, text is text, more than 10 is refused", async () => {
      await clearLimits();
      const binary = await send(ann, `?user=${bob.id}`, "", [
        { name: "notes.txt", bytes: Buffer.from([0, 1, 2, 3, 0, 5]) },
      ]);
      expect(((await binary.response.json()) as Loose).attachmentErrors).toEqual([
        "notes.txt: File type application/octet-stream is not allowed",
      ]);
      const text = await send(ann, `?user=${bob.id}`, "", [
        { name: "notes.txt", bytes: Buffer.from("Plain words\n") },
      ]);
      expect(text.response.status).toBe(302);
      const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: TINY_PNG }));
      const tooMany = await send(ann, `?user=${bob.id}`, "", eleven);
      expect(((await tooMany.response.json()) as Loose).attachmentErrors).toContain(
        MESSAGE_ERRORS.TOO_MANY_ATTACHMENTS,
      );
    });
  });

  describe("images are downscaled on the server (spec 002 section 8)", () => {
    /** A noisy photo (it does not compress away), with EXIF naming a camera. */
    const photo = (width: number, height: number) =>
      sharp({
        create: {
          width,
          height,
          channels: 3,
          background: "#336699",
          noise: { type: "gaussian", mean: 128, sigma: 40 },
        },
      })
        .jpeg({ quality: 95 })
        .withExif({ IFD0: { Make: "SecretCam", Copyright: "GPS 25.7617N 80.1918W" } })
        .toBuffer();
    const download = async (who: Person, id: string) => {
      const response = await thrown(() =>
        attachmentRoute.loader({
          request: get(`/messages/attachments/${id}`, who),
          params: { id },
          context: {},
        }),
      );
      expect(response.status).toBe(200);
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    };

    it("a 3200x2400 photo is stored within 1920x1080, ratio kept, quality 80, without EXIF; sniffed, not trusted", async () => {
      await clearLimits();
      const original = await photo(3200, 2400);
      expect(original.length).toBeGreaterThan(2 * 1024 * 1024);
      const tall = await sharp({ create: { width: 900, height: 2700, channels: 4, background: "#aa000080" } })
        .png()
        .toBuffer();
      const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
      const before = filesUnder(uploadDir).length;
      const c = conversationOf(
        (
          await send(ann, `?user=${bob.id}`, "Site photos", [
            // Named as text: the content decides.
            { name: "site.txt", bytes: original },
            { name: "plan.png", bytes: tall },
            { name: "tiny.png", bytes: TINY_PNG },
            { name: "scope.pdf", bytes: pdf },
          ])
        ).response,
      );
      // Only the four stored files remain (the received originals were replaced).
      expect(filesUnder(uploadDir).length).toBe(before + 4);
      const m = (await pageData(bob, `?c=${c}`)).thread.messages.at(-1);
      const named = (name: string) => (m.attachments as Loose[]).find((a) => a.fileName === name);
      const [jpeg, png, tiny, doc] = ["site.txt", "plan.png", "tiny.png", "scope.pdf"].map(named);

      expect(jpeg).toMatchObject({ fileName: "site.txt", mimeType: "image/jpeg" });
      const stored = await download(bob, jpeg.id);
      expect(stored.response.headers.get("Content-Type")).toBe("image/jpeg");
      expect(jpeg.fileSize).toBe(stored.bytes.length);
      expect(stored.bytes.length).toBeLessThan(original.length / 2);
      const meta = await sharp(stored.bytes).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: 1440, height: 1080 });
      expect(meta.exif).toBeUndefined();
      expect(stored.bytes.includes(Buffer.from("SecretCam"))).toBe(false);
      // Re-encoded at quality 80: the same pixels at 80 are the same size (±2%).
      const at80 = await sharp(original).resize(1440, 1080).jpeg({ quality: 80 }).toBuffer();
      expect(Math.abs(stored.bytes.length - at80.length) / at80.length).toBeLessThan(0.02);

      expect(png).toMatchObject({ mimeType: "image/png" });
      const plan = await sharp((await download(bob, png.id)).bytes).metadata();
      expect(plan).toMatchObject({ format: "png", width: 360, height: 1080, hasAlpha: true });
      // Never enlarged.
      expect(await sharp((await download(bob, tiny.id)).bytes).metadata()).toMatchObject({
        width: 1,
        height: 1,
      });
      // Not an image: stored as sent, byte for byte.
      expect(doc).toMatchObject({ mimeType: "application/pdf", fileSize: pdf.length });
      expect((await download(bob, doc.id)).bytes.equals(pdf)).toBe(true);
    });

    it("an image that cannot be decoded refuses the message, with the file's name; nothing is kept", async () => {
      await clearLimits();
      const before = filesUnder(uploadDir).length;
      const broken = Buffer.concat([(await photo(64, 64)).subarray(0, 200), Buffer.alloc(300, 7)]);
      const { response } = await send(ann, `?user=${bob.id}`, "Broken", [
        { name: "ok.png", bytes: TINY_PNG },
        { name: "broken.jpg", bytes: broken },
      ]);
      expect(response.status).toBe(400);
      expect(((await response.json()) as Loose).attachmentErrors).toEqual([
        "broken.jpg: Failed to load image for compression",
      ]);
      expect(filesUnder(uploadDir).length).toBe(before);
    });
  });

  describe("edit and delete", () => {
    it("the sender edits within 15 minutes; the history is kept; stale and late edits are 409", async () => {
      await clearLimits();
      const c = conversationOf((await send(ann, `?user=${bob.id}`, "Frist draft")).response);
      const m = (await pageData(ann, `?c=${c}`)).thread.messages.at(-1);
      expect(
        (await act(bob, "", { intent: "edit", messageId: m.id, content: "Hijack", version: m.version }))
          .status,
      ).toBe(403);
      const edited = await act(ann, "", {
        intent: "edit",
        messageId: m.id,
        content: "First draft",
        version: m.version,
      });
      expect(edited.status).toBe(302);
      const after = (await pageData(bob, `?c=${c}`)).thread.messages.find((x: Loose) => x.id === m.id);
      expect(after).toMatchObject({ content: "First draft", isEdited: true });
      const history = await queryRows<{ previous_content: string }>(
        t.db,
        sql`select previous_content from message_edits where message_id = ${m.id}`,
      );
      expect(history.map((h) => h.previous_content)).toEqual(["Frist draft"]);
      // The participants see the earlier versions with the message.
      expect(after.edits).toEqual([{ content: "Frist draft", editedAt: expect.any(String) }]);
      // The version it was rendered from is stale now: 409 with the current text.
      const stale = await act(ann, "", {
        intent: "edit",
        messageId: m.id,
        content: "Third",
        version: m.version,
      });
      expect(stale.status).toBe(409);
      expect(((await stale.json()) as Loose).current).toMatchObject({ content: "First draft" });
      // A rule still holds on edit.
      const bad = await act(ann, "", {
        intent: "edit",
        messageId: m.id,
        content: "<i>x</i>",
        version: after.version,
      });
      expect(bad.status).toBe(400);
      // Past 15 minutes.
      await t.db.execute(
        sql`update messages set created_at = now() - interval '16 minutes' where id = ${m.id}`,
      );
      const late = await act(ann, "", {
        intent: "edit",
        messageId: m.id,
        content: "Too late",
        version: after.version,
      });
      expect(late.status).toBe(409);
      expect(JSON.stringify(await late.json())).toContain(MESSAGE_ERRORS.EDIT_WINDOW_PASSED);
    });

    it("delete: shown as deleted, its text and attachments gone (the file too)", async () => {
      await clearLimits();
      const c = conversationOf(
        (await send(ann, `?user=${bob.id}`, "Oops", [{ name: "pic.png", bytes: TINY_PNG }])).response,
      );
      const m = (await pageData(ann, `?c=${c}`)).thread.messages.at(-1);
      const attachmentId = m.attachments[0].id;
      const files = filesUnder(uploadDir).length;
      expect((await act(bob, "", { intent: "delete", messageId: m.id })).status).toBe(403);
      expect((await act(ann, "", { intent: "delete", messageId: m.id })).status).toBe(302);
      const after = (await pageData(bob, `?c=${c}`)).thread.messages.find((x: Loose) => x.id === m.id);
      expect(after).toMatchObject({ isDeleted: true, content: "", attachments: [] });
      expect(filesUnder(uploadDir).length).toBe(files - 1);
      expect(
        (
          await thrown(() =>
            attachmentRoute.loader({
              request: get(`/messages/attachments/${attachmentId}`, bob),
              params: { id: attachmentId },
              context: {},
            }),
          )
        ).status,
      ).toBe(404);
    });
  });

  describe("edit history, for the participants", () => {
    it("each earlier version, newest first, with the message (page and live stream); none once deleted", async () => {
      await clearLimits();
      const c = conversationOf((await send(ann, `?user=${bob.id}`, "Version one")).response);
      let m = (await pageData(ann, `?c=${c}`)).thread.messages.at(-1);
      for (const content of ["Version two", "Version three"]) {
        expect(
          (await act(ann, "", { intent: "edit", messageId: m.id, content, version: m.version })).status,
        ).toBe(302);
        m = (await pageData(ann, `?c=${c}`)).thread.messages.find((x: Loose) => x.id === m.id);
      }
      const seen = (await pageData(bob, `?c=${c}`)).thread.messages.find((x: Loose) => x.id === m.id);
      expect(seen.content).toBe("Version three");
      expect(seen.edits.map((e: Loose) => e.content)).toEqual(["Version two", "Version one"]);
      expect(Date.parse(seen.edits[0].editedAt)).toBeGreaterThanOrEqual(Date.parse(seen.edits[1].editedAt));
      // A stranger reads none of it (the conversation is 404, so is the stream event).
      expect((await page(cat, `?c=${c}`)).status).toBe(404);
      const bobStream = await openStream(bob);
      try {
        expect(
          (
            await act(ann, "", {
              intent: "edit",
              messageId: m.id,
              content: "Version four",
              version: m.version,
            })
          ).status,
        ).toBe(302);
        const event = await bobStream.sse.waitFor(
          (e) => e.event === "message" && e.data.content === "Version four",
        );
        expect(event.data.edits.map((e: Loose) => e.content)).toEqual([
          "Version three",
          "Version two",
          "Version one",
        ]);
      } finally {
        bobStream.close();
      }
      expect((await act(ann, "", { intent: "delete", messageId: m.id })).status).toBe(302);
      const gone = (await pageData(bob, `?c=${c}`)).thread.messages.find((x: Loose) => x.id === m.id);
      expect(gone).toMatchObject({ isDeleted: true, content: "", edits: [] });
    });
  });

  describe("a thread longer than 200 messages", () => {
    it("shows the latest 200 and pages back with a cursor (the link works without JavaScript)", async () => {
      const gus = await personWithRole(t.db, "vendor", { label: "gus" });
      await connect(ann, gus);
      await clearLimits();
      const c = conversationOf((await send(ann, `?user=${gus.id}`, "Latest")).response);
      await t.db.execute(
        sql`insert into messages (conversation_id, sender_id, content, created_at)
            select ${c}, ${gus.id}, 'Old ' || g, now() - interval '1 hour' + g * interval '1 second'
            from generate_series(1, 205) g`,
      );
      const latest = (await pageData(ann, `?c=${c}`)).thread;
      expect(latest.messages).toHaveLength(200);
      expect(latest).toMatchObject({ earlier: true, paged: false });
      expect(latest.messages[0].content).toBe("Old 7");
      expect(latest.messages.at(-1).content).toBe("Latest");

      const earlier = (await pageData(ann, `?c=${c}&before=${latest.messages[0].id}`)).thread;
      expect(earlier.messages.map((m: Loose) => m.content)).toEqual([
        "Old 1",
        "Old 2",
        "Old 3",
        "Old 4",
        "Old 5",
        "Old 6",
      ]);
      expect(earlier).toMatchObject({ earlier: false, paged: true });
      // Exactly 200 before the cursor: no "earlier" link past them.
      const cursor = latest.messages[6].id; // "Old 13": 12 before it
      const twelve = (await pageData(ann, `?c=${c}&before=${cursor}`)).thread;
      expect(twelve.messages).toHaveLength(12);
      expect(twelve.earlier).toBe(false);

      // A cursor from another conversation reads as the latest page; a stranger still gets 404.
      const other = (await pageData(ann, "")).conversations.find((x: Loose) => x.id !== c).id;
      const otherMessage = (await pageData(ann, `?c=${other}`)).thread.messages[0].id;
      expect((await pageData(ann, `?c=${c}&before=${otherMessage}`)).thread).toMatchObject({ paged: false });
      expect((await page(cat, `?c=${c}&before=${latest.messages[0].id}`)).status).toBe(404);
    });
  });

  describe("per person: archive, mute, star; unread counts; notifications", () => {
    it("flags are each person's own, and the filters use them (starred works)", async () => {
      await clearLimits();
      const c = conversationOf((await send(dan, `?user=${ann.id}`, "Flags")).response);
      const ids = async (who: Person, filter: string) =>
        (await pageData(who, `?filter=${filter}`)).conversations.map((x: Loose) => x.id);
      expect(
        await act(ann, "", { intent: "flag", conversationId: c, flag: "starred", value: "true" }),
      ).toHaveProperty("status", 302);
      expect(await ids(ann, "starred")).toEqual([c]);
      expect(await ids(dan, "starred")).toEqual([]);
      await act(ann, "", { intent: "flag", conversationId: c, flag: "archived", value: "true" });
      expect(await ids(ann, "all")).not.toContain(c);
      expect(await ids(ann, "archived")).toContain(c);
      expect(await ids(dan, "all")).toContain(c);
      // A new message brings it back for Ann.
      await send(dan, `?c=${c}`, "Back again");
      expect(await ids(ann, "all")).toContain(c);
      expect(await ids(ann, "unread")).toContain(c);
      expect(await ids(dan, "unread")).not.toContain(c);
    });

    it("search finds a participant's name and a message's text, on the server", async () => {
      const byText = (await pageData(ann, "?q=Back%20again")).conversations;
      expect(byText.length).toBe(1);
      const byName = (await pageData(ann, "?q=board_member")).conversations;
      expect(byName.some((x: Loose) => x.participants.some((p: Loose) => p.id === dan.id))).toBe(true);
      expect((await pageData(ann, "?q=nothing-like-this")).conversations).toEqual([]);
    });

    it("counts unread messages, batches one notification per conversation until read, none when muted", async () => {
      await clearLimits();
      const c = conversationOf((await send(bob, `?user=${ann.id}`, "One")).response);
      await pageData(ann, `?c=${c}`);
      await t.db.delete(notifications).where(eq(notifications.userId, ann.id));
      const baseline = await unreadMessagesCount(t.db, ann.id);
      await send(bob, `?c=${c}`, "Two");
      await send(bob, `?c=${c}`, "Three");
      expect(await unreadMessagesCount(t.db, ann.id)).toBe(baseline + 2);
      const mine = () =>
        t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, ann.id), eq(notifications.type, "message_received")));
      const rows = await mine();
      expect(rows.length).toBe(1);
      expect(rows[0]?.title).toMatch(/^2 new messages from /);
      expect(rows[0]?.body).toBe("Three");
      expect(rows[0]?.actionUrl).toBe(`/messages?c=${c}`);
      // Opening the thread reads it and its notification.
      await pageData(ann, `?c=${c}`);
      expect(await unreadMessagesCount(t.db, ann.id)).toBe(baseline);
      expect((await mine())[0]?.isRead).toBe(true);
      await send(bob, `?c=${c}`, "Four");
      expect((await mine()).length).toBe(2);
      // Muted: still unread in the thread, but no notification and no badge.
      await act(ann, "", { intent: "flag", conversationId: c, flag: "muted", value: "true" });
      await pageData(ann, `?c=${c}`);
      await send(bob, `?c=${c}`, "Five");
      expect((await mine()).filter((n) => !n.isRead).length).toBe(0);
      expect(await unreadMessagesCount(t.db, ann.id)).toBe(baseline);
      const list = (await pageData(ann)).conversations.find((x: Loose) => x.id === c);
      expect(list.unread).toBe(1);
    });

    it("the read receipt: the sender sees when the other read it", async () => {
      await clearLimits();
      const c = conversationOf((await send(ann, `?user=${bob.id}`, "Did you read this?")).response);
      const before = (await pageData(ann, `?c=${c}`)).thread.conversation.participants[0].lastReadAt;
      await pageData(bob, `?c=${c}`);
      const after = (await pageData(ann, `?c=${c}`)).thread.conversation.participants[0].lastReadAt;
      expect(after).not.toBe(before);
      const last = (await pageData(ann, `?c=${c}`)).thread.messages.at(-1);
      expect(Date.parse(after)).toBeGreaterThanOrEqual(Date.parse(last.createdAt));
    });
  });

  describe("groups", () => {
    it("up to 10 with a title, only people one may message", async () => {
      const made = await act(ann, "?new=group", {
        intent: "create-group",
        title: "Board and vendor",
        participants: [bob.id, dan.id],
      });
      const c = conversationOf(made);
      const data = await pageData(dan, `?c=${c}`);
      expect(data.thread.conversation).toMatchObject({ type: "group", title: "Board and vendor" });
      const stranger = await act(ann, "?new=group", {
        intent: "create-group",
        title: "No",
        participants: [bob.id, cat.id],
      });
      expect(stranger.status).toBe(403);
      const small = await act(ann, "?new=group", {
        intent: "create-group",
        title: "Two",
        participants: [bob.id],
      });
      expect(small.status).toBe(400);
      expect(JSON.stringify(await small.json())).toContain(MESSAGE_ERRORS.GROUP_TOO_SMALL);
    });
  });

  describe("a group's members after it is made", () => {
    it("any member adds people they may message; only the admin removes; lines in the thread, not unread", async () => {
      await clearLimits();
      const fay = await personWithRole(t.db, "homeowner", { label: "fay" });
      await connect(bob, fay);
      const c = conversationOf(
        await act(ann, "?new=group", {
          intent: "create-group",
          title: "Roof project",
          participants: [bob.id, dan.id],
        }),
      );
      expect((await pageData(ann, `?c=${c}`)).thread.conversation.adminId).toBe(ann.id);
      const danUnread = await unreadMessagesCount(t.db, dan.id);

      // Bob may add Fay (his connection), not Cat (nobody's); nobody already in; a stranger gets 404.
      const stranger = await act(bob, `?c=${c}`, {
        intent: "add-members",
        conversationId: c,
        participants: [cat.id],
      });
      expect(stranger.status).toBe(403);
      expect(JSON.stringify(await stranger.json())).toContain(MESSAGE_ERRORS.NOT_ALLOWED);
      const twice = await act(bob, `?c=${c}`, {
        intent: "add-members",
        conversationId: c,
        participants: [dan.id],
      });
      expect(twice.status).toBe(400);
      expect(JSON.stringify(await twice.json())).toContain(MEMBERSHIP_ERRORS.ALREADY_MEMBER);
      expect(
        (await act(cat, "", { intent: "add-members", conversationId: c, participants: [cat.id] })).status,
      ).toBe(404);
      expect((await page(fay, `?c=${c}`)).status).toBe(404);
      const added = await act(bob, `?c=${c}`, {
        intent: "add-members",
        conversationId: c,
        participants: [fay.id],
      });
      expect(added.status).toBe(302);

      const fayView = await pageData(fay, `?c=${c}`);
      expect(fayView.thread.conversation.participants.map((p: Loose) => p.id).sort()).toEqual(
        [ann.id, bob.id, dan.id].sort(),
      );
      const line = fayView.thread.messages.at(-1);
      expect(line.system).toEqual({ type: "member_added", line: "Test vendor added Test homeowner" });
      // A line is not a message: not unread, not editable, not deletable, not the list's preview.
      expect(await unreadMessagesCount(t.db, dan.id)).toBe(danUnread);
      expect((await act(bob, "", { intent: "delete", messageId: line.id })).status).toBe(404);
      expect(
        (await act(bob, "", { intent: "edit", messageId: line.id, content: "x", version: line.version }))
          .status,
      ).toBe(404);
      expect(
        (await pageData(dan, "")).conversations.find((x: Loose) => x.id === c).lastMessagePreview,
      ).toBeNull();

      // Only the admin removes; the admin cannot remove themself (they leave).
      const notAdmin = await act(dan, `?c=${c}`, {
        intent: "remove-member",
        conversationId: c,
        memberId: bob.id,
      });
      expect(notAdmin.status).toBe(403);
      expect(JSON.stringify(await notAdmin.json())).toContain(MEMBERSHIP_ERRORS.REMOVE_ADMIN_ONLY);
      expect(
        (await act(ann, `?c=${c}`, { intent: "remove-member", conversationId: c, memberId: ann.id })).status,
      ).toBe(400);
      expect(
        (await act(ann, `?c=${c}`, { intent: "remove-member", conversationId: c, memberId: cat.id })).status,
      ).toBe(404);

      // Removed: Bob's stream hears nothing more, and the conversation reads as missing for him.
      const bobStream = await openStream(bob);
      const danStream = await openStream(dan);
      try {
        expect(
          (await act(ann, `?c=${c}`, { intent: "remove-member", conversationId: c, memberId: bob.id }))
            .status,
        ).toBe(302);
        await bobStream.sse.waitFor((e) => e.event === "messages");
        await send(ann, `?c=${c}`, "After Bob left");
        await danStream.sse.waitFor((e) => e.event === "message" && e.data.content === "After Bob left");
        await new Promise((r) => setTimeout(r, 200));
        expect(
          bobStream.sse.events.filter((e) => e.event === "message" && e.data.conversationId === c),
        ).toEqual([]);
      } finally {
        bobStream.close();
        danStream.close();
      }
      expect((await page(bob, `?c=${c}`)).status).toBe(404);
      expect((await send(bob, `?c=${c}`, "Still here?")).response.status).toBe(404);
      expect((await pageData(bob, "")).conversations.map((x: Loose) => x.id)).not.toContain(c);
      expect(
        (await pageData(dan, `?c=${c}`)).thread.messages.map((m: Loose) => m.system?.line ?? m.content),
      ).toEqual(["Test vendor added Test homeowner", "Test manager removed Test vendor", "After Bob left"]);
    });

    it("anyone leaves; the earliest member runs a group its creator left; the last one out ends it", async () => {
      await clearLimits();
      const c = conversationOf(
        await act(ann, "?new=group", {
          intent: "create-group",
          title: "Short lived",
          participants: [bob.id, dan.id],
        }),
      );
      const left = await act(ann, `?c=${c}`, { intent: "leave", conversationId: c });
      expect(left.status).toBe(302);
      expect(left.headers.get("Location")).toBe("/messages");
      expect(left.headers.get("Set-Cookie")).toContain("flash");
      expect((await page(ann, `?c=${c}`)).status).toBe(404);
      const danView = (await pageData(dan, `?c=${c}`)).thread;
      expect(danView.messages.at(-1).system.line).toBe("Test manager left the group");
      expect([bob.id, dan.id]).toContain(danView.conversation.adminId);
      const admin = danView.conversation.adminId as string;
      const other = admin === bob.id ? dan : bob;
      const adminPerson = admin === bob.id ? bob : dan;
      expect(
        (await act(other, `?c=${c}`, { intent: "remove-member", conversationId: c, memberId: admin })).status,
      ).toBe(403);
      expect(
        (
          await act(adminPerson, `?c=${c}`, {
            intent: "remove-member",
            conversationId: c,
            memberId: other.id,
          })
        ).status,
      ).toBe(302);
      expect((await act(adminPerson, `?c=${c}`, { intent: "leave", conversationId: c })).status).toBe(302);
      const [gone] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from conversations where id = ${c}`,
      );
      expect(gone?.n).toBe(0);
    });

    it("a direct conversation's people do not change", async () => {
      await clearLimits();
      const c = conversationOf((await send(ann, `?user=${bob.id}`, "Just us")).response);
      const refused = await act(ann, `?c=${c}`, {
        intent: "add-members",
        conversationId: c,
        participants: [dan.id],
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(MEMBERSHIP_ERRORS.NOT_A_GROUP);
      expect((await act(ann, `?c=${c}`, { intent: "leave", conversationId: c })).status).toBe(400);
    });
  });

  describe("rate limit: send_message 20 per minute", () => {
    it("answers 429 with the spec's message past the limit, and the page says how many remain under 5", async () => {
      await clearLimits();
      const key = `send_message:user:${ann.id}`;
      const counted = async () =>
        (
          await queryRows<{ n: number }>(
            t.db,
            sql`select coalesce(sum(count), 0)::int as n from rate_limit_counters where key = ${key}`,
          )
        )[0]?.n;
      const c = conversationOf((await send(ann, `?user=${bob.id}`, "Message 1")).response);
      expect(await counted()).toBe(1);
      // The window is fixed per minute: the count is set for this minute and the next, so a minute
      // turning during the test changes nothing.
      const setCount = async (n: number) => {
        await clearLimits();
        const now = Date.now();
        for (const at of [now, now + 60_000]) {
          const start = new Date(Math.floor(at / 60_000) * 60_000).toISOString();
          await t.db.execute(
            sql`insert into rate_limit_counters (key, window_start, count) values (${key}, ${start}, ${n})`,
          );
        }
      };
      await setCount(15);
      expect((await pageData(ann, `?c=${c}`)).remainingHint).toBeNull();
      expect((await send(ann, `?c=${c}`, "Message 16")).response.status).toBe(302);
      expect((await pageData(ann, `?c=${c}`)).remainingHint).toBe("4 messages remaining");
      await setCount(19);
      expect((await pageData(ann, `?c=${c}`)).remainingHint).toBe("1 message remaining");
      expect((await send(ann, `?c=${c}`, "Message 20")).response.status).toBe(302);
      const { response } = await send(ann, `?c=${c}`, "Message 21");
      expect(response.status).toBe(429);
      expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(((await response.json()) as Loose).error).toMatch(
        /^You're sending messages too frequently\. Please try again in \d+ seconds\.$/,
      );
      const texts = (await pageData(ann, `?c=${c}`)).thread.messages.map((m: Loose) => m.content);
      expect(texts).not.toContain("Message 21");
      // A message a rule refused does not count.
      await setCount(3);
      await send(ann, `?c=${c}`, "");
      expect(await counted()).toBe(6);
    });
  });
});
