/**
 * Messages' pure rules (issue 28, part 7; spec 002 sections 5, 8 and 9): each content rule with its
 * message, the counter's colours, "N messages remaining", the edit window, the attachment rules with
 * their per-file messages, the filters, groups, and the thread's day and time separators.
 */

import { DOCX_TYPE, reencodedImageFormat } from "@domain/files/uploads";
import {
  addedToGroupNotificationTitle,
  checkAddMembers,
  checkAttachment,
  checkAttachments,
  checkGroup,
  checkMessageContent,
  conversationFilterCriteria,
  counterTone,
  dayLabel,
  directKeyOf,
  groupAdminOf,
  MEMBERSHIP_ERRORS,
  MESSAGE_ERRORS,
  parseMessagesParams,
  readReceipt,
  remainingHint,
  systemLine,
  threadItems,
  withinEditWindow,
} from "@domain/messages";
import { parseLiveSignal } from "@domain/notifications";
import { describe, expect, it } from "vitest";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

describe("message content (spec 002 section 5)", () => {
  it.each([
    ["", 0, MESSAGE_ERRORS.CONTENT_OR_ATTACHMENT_REQUIRED],
    [" \n\t ", 0, MESSAGE_ERRORS.CONTENT_OR_ATTACHMENT_REQUIRED],
    ["a".repeat(2001), 0, MESSAGE_ERRORS.CONTENT_TOO_LONG],
    ["Hi <script>x()</script>", 0, MESSAGE_ERRORS.SCRIPT_INJECTION],
    ["< SCRIPT src=x>", 0, MESSAGE_ERRORS.SCRIPT_INJECTION],
    ["<div>hi</div>", 0, MESSAGE_ERRORS.HTML_NOT_ALLOWED],
    ['<img src="x" onerror="y">', 0, MESSAGE_ERRORS.HTML_NOT_ALLOWED],
    ["<br/>", 0, MESSAGE_ERRORS.HTML_NOT_ALLOWED],
    ["That quote is a scam", 0, MESSAGE_ERRORS.INAPPROPRIATE_CONTENT],
    ["FRAUD!", 0, MESSAGE_ERRORS.INAPPROPRIATE_CONTENT],
    ["no spam please", 0, MESSAGE_ERRORS.INAPPROPRIATE_CONTENT],
    ["fake.", 0, MESSAGE_ERRORS.INAPPROPRIATE_CONTENT],
  ])("%j is refused with its message", (content, files, message) => {
    expect(checkMessageContent(content, files)?.message).toBe(message);
  });

  it.each([
    ["Hello", 0],
    ["", 1],
    ["a".repeat(2000), 0],
    ["2 < 3 and 5 > 4", 0],
    ["scampi, spammer, faker, defraud", 0],
    ["Line one\nLine two", 0],
  ])("%j passes", (content, files) => {
    expect(checkMessageContent(content, files)).toBeNull();
  });

  it("the spec's own words", () => {
    expect(MESSAGE_ERRORS.CONTENT_OR_ATTACHMENT_REQUIRED).toBe("Message must have content or attachments");
  });

  it("counter n/2000: yellow above 1600, red above 1800", () => {
    expect(counterTone(0)).toBe("normal");
    expect(counterTone(1600)).toBe("normal");
    expect(counterTone(1601)).toBe("warning");
    expect(counterTone(1800)).toBe("warning");
    expect(counterTone(1801)).toBe("danger");
  });

  it("'N messages remaining' when fewer than 5 remain", () => {
    expect(remainingHint(5)).toBeNull();
    expect(remainingHint(4)).toBe("4 messages remaining");
    expect(remainingHint(1)).toBe("1 message remaining");
    expect(remainingHint(0)).toBe("0 messages remaining");
  });

  it("edits within 15 minutes of sending", () => {
    const sent = "2026-11-29T10:00:00.000Z";
    expect(withinEditWindow(sent, new Date("2026-11-29T10:15:00.000Z"))).toBe(true);
    expect(withinEditWindow(sent, new Date("2026-11-29T10:15:00.001Z"))).toBe(false);
  });
});

describe("attachments (spec 002 sections 5 and 8)", () => {
  const file = (over: Partial<Parameters<typeof checkAttachment>[0]>) => ({
    name: "f",
    size: 100,
    sniffedMime: undefined,
    sniffedExt: undefined,
    looksLikeText: false,
    ...over,
  });
  it.each([
    [{ sniffedMime: "image/png", sniffedExt: "png" }, "image/png"],
    [{ sniffedMime: "video/mp4", sniffedExt: "mp4" }, "video/mp4"],
    [{ sniffedMime: "application/pdf", sniffedExt: "pdf" }, "application/pdf"],
    [{ sniffedMime: DOCX_TYPE, sniffedExt: "docx" }, DOCX_TYPE],
    [{ name: "old.doc", sniffedMime: "application/x-cfb", sniffedExt: "cfb" }, "application/msword"],
    [{ looksLikeText: true }, "text/plain; charset=utf-8"],
  ])("%j is accepted as %s", (over, type) => {
    expect(checkAttachment(file(over))).toEqual({ ok: true, contentType: type });
  });

  it("size first: 'File size X MB exceeds maximum allowed size of Y MB', prefixed with the name", () => {
    expect(checkAttachment(file({ name: "movie.mp4", size: 26214400, sniffedMime: "video/mp4" })).ok).toBe(
      true,
    );
    expect(checkAttachment(file({ name: "movie.mp4", size: 31457280, sniffedMime: "video/mp4" }))).toEqual({
      ok: false,
      message: "movie.mp4: File size 30.00 MB exceeds maximum allowed size of 25 MB",
    });
  });

  it("type by content: 'File type T is not allowed', prefixed with the name", () => {
    expect(
      checkAttachment(file({ name: "a.zip", sniffedMime: "application/zip", sniffedExt: "zip" })),
    ).toEqual({
      ok: false,
      message: "a.zip: File type application/zip is not allowed",
    });
    expect(
      checkAttachment(file({ name: "x.xls", sniffedMime: "application/x-cfb", sniffedExt: "cfb" })),
    ).toEqual({
      ok: false,
      message: "x.xls: File type application/x-cfb is not allowed",
    });
    expect(checkAttachment(file({ name: "b.bin" }))).toEqual({
      ok: false,
      message: "b.bin: File type application/octet-stream is not allowed",
    });
  });

  it("all are checked: every problem listed, more than 10 refused", () => {
    const files = [
      file({ name: "ok.png", sniffedMime: "image/png" }),
      file({ name: "a.zip", sniffedMime: "application/zip" }),
    ];
    const { accepted, errors } = checkAttachments(files);
    expect(accepted.map((a) => a.name)).toEqual(["ok.png"]);
    expect(errors).toEqual(["a.zip: File type application/zip is not allowed"]);
    const eleven = Array.from({ length: 11 }, () => file({ sniffedMime: "image/png" }));
    expect(checkAttachments(eleven).errors).toEqual([MESSAGE_ERRORS.TOO_MANY_ATTACHMENTS]);
    expect(checkAttachments(eleven.slice(0, 10)).errors).toEqual([]);
  });
});

describe("images re-encoded on the server (spec 002 section 8)", () => {
  it("re-encodes the raster kinds in their own format; everything else is stored as sent", () => {
    expect(reencodedImageFormat("image/jpeg")).toBe("jpeg");
    expect(reencodedImageFormat("image/png")).toBe("png");
    expect(reencodedImageFormat("image/webp")).toBe("webp");
    expect(reencodedImageFormat("image/gif")).toBe("gif");
    expect(reencodedImageFormat("image/heic")).toBeNull();
    expect(reencodedImageFormat("video/mp4")).toBeNull();
    expect(reencodedImageFormat("application/pdf")).toBeNull();
    expect(reencodedImageFormat("text/plain; charset=utf-8")).toBeNull();
  });
});

describe("conversations", () => {
  it("the default hides archived; unread and starred filter; archived shows only archived", () => {
    expect(conversationFilterCriteria("all")).toEqual({ archived: false });
    expect(conversationFilterCriteria("unread")).toEqual({ archived: false, unread: true });
    expect(conversationFilterCriteria("starred")).toEqual({ archived: false, starred: true });
    expect(conversationFilterCriteria("archived")).toEqual({ archived: true });
  });

  it("reads the address leniently (?user= and ?userId=)", () => {
    expect(
      parseMessagesParams(new URLSearchParams(`filter=starred&c=${A}&q=%20hi%20&before=${B.toUpperCase()}`)),
    ).toEqual({
      filter: "starred",
      q: "hi",
      conversationId: A,
      userId: null,
      before: B,
    });
    expect(parseMessagesParams(new URLSearchParams(`userId=${B}&filter=odd&c=nope&before=x`))).toEqual({
      filter: "all",
      q: "",
      conversationId: null,
      userId: B,
      before: null,
    });
  });

  it("a group's admin is its creator while they take part, else the earliest member", () => {
    expect(groupAdminOf(A, [B, A])).toBe(A);
    expect(groupAdminOf(A, [B, "33333333-3333-4333-8333-333333333333"])).toBe(B);
    expect(groupAdminOf(null, [])).toBeNull();
  });

  it("adding people: new ones only, the group within 10", () => {
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect(checkAddMembers({ memberIds: [A, B], addIds: [] })).toEqual({
      ok: false,
      message: MEMBERSHIP_ERRORS.CHOOSE_PEOPLE,
    });
    expect(checkAddMembers({ memberIds: [A, B], addIds: [B.toUpperCase()] })).toEqual({
      ok: false,
      message: MEMBERSHIP_ERRORS.ALREADY_MEMBER,
    });
    const [first, ...rest] = ids(8);
    expect(
      checkAddMembers({ memberIds: [A, B], addIds: [first as string, first as string, ...rest] }),
    ).toEqual({
      ok: true,
      addIds: ids(8),
    });
    expect(checkAddMembers({ memberIds: [A, B], addIds: ids(9) })).toEqual({
      ok: false,
      message: MESSAGE_ERRORS.GROUP_TOO_LARGE,
    });
  });

  it("the thread's lines for membership changes, with the names as they were", () => {
    expect(systemLine("member_added", { actor: "Ann", names: ["Bob"] })).toBe("Ann added Bob");
    expect(systemLine("member_added", { actor: "Ann", names: ["Bob", "Cat", "Dan"] })).toBe(
      "Ann added Bob, Cat and Dan",
    );
    expect(systemLine("member_removed", { actor: "Ann", names: ["Bob"] })).toBe("Ann removed Bob");
    expect(systemLine("member_left", { actor: "Bob", names: ["Bob"] })).toBe("Bob left the group");
    expect(systemLine("member_left", {})).toBe("Someone left the group");
  });

  it("one direct key per pair, whoever starts", () => {
    expect(directKeyOf(A, B)).toBe(directKeyOf(B, A));
  });

  it("a group: a title, at least two others, at most 10 with its creator", () => {
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect(checkGroup({ title: " ", creatorId: A, participantIds: ids(3) })).toMatchObject({
      ok: false,
      message: MESSAGE_ERRORS.GROUP_TITLE_REQUIRED,
    });
    expect(checkGroup({ title: "G", creatorId: A, participantIds: [B, A] })).toMatchObject({
      ok: false,
      message: MESSAGE_ERRORS.GROUP_TOO_SMALL,
    });
    expect(checkGroup({ title: "G", creatorId: A, participantIds: ids(9) })).toMatchObject({ ok: true });
    expect(checkGroup({ title: "G", creatorId: A, participantIds: ids(10) })).toMatchObject({
      ok: false,
      message: MESSAGE_ERRORS.GROUP_TOO_LARGE,
    });
  });

  it("the read receipt: 'Read' once the other read the viewer's last message; 'Seen by N' in a group", () => {
    const last = { senderId: A, createdAt: "2026-11-29T10:00:00.000Z" };
    expect(readReceipt(last, A, [{ lastReadAt: null }], false)).toBeNull();
    expect(readReceipt(last, A, [{ lastReadAt: "2026-11-29T09:59:59.000Z" }], false)).toBeNull();
    expect(readReceipt(last, A, [{ lastReadAt: "2026-11-29T10:00:00.000Z" }], false)).toBe("Read");
    expect(readReceipt(last, B, [{ lastReadAt: "2026-11-29T10:00:00.000Z" }], false)).toBeNull();
    const two = [{ lastReadAt: "2026-11-29T10:01:00.000Z" }, { lastReadAt: null }];
    expect(readReceipt(last, A, two, true)).toBe("Seen by 1");
    expect(readReceipt(last, A, [two[0] as { lastReadAt: string }], true)).toBe("Seen by everyone");
  });
});

describe("added to a group: the notification's title", () => {
  it("names who added the person and the group", () => {
    expect(addedToGroupNotificationTitle("Morgan Manager", "Board of Directors")).toBe(
      "Morgan Manager added you to Board of Directors",
    );
    expect(addedToGroupNotificationTitle("Morgan Manager", null)).toBe(
      "Morgan Manager added you to a group conversation",
    );
  });
});

describe("the thread's separators (spec 002 section 9)", () => {
  const zone = "America/New_York";
  const now = new Date("2026-11-29T18:00:00.000Z"); // 1 pm in New York
  const m = (id: string, createdAt: string) => ({ id, createdAt });
  it("a day separator per calendar day in the reader's zone, a time separator after a gap above 5 minutes", () => {
    const items = threadItems(
      [
        m("1", "2026-11-27T15:00:00.000Z"), // Friday
        m("2", "2026-11-28T04:30:00.000Z"), // still Friday 11:30 pm in New York
        m("3", "2026-11-28T15:00:00.000Z"), // Saturday: yesterday
        m("4", "2026-11-29T14:00:00.000Z"), // today
        m("5", "2026-11-29T14:05:00.000Z"), // exactly 5 minutes: no separator
        m("6", "2026-11-29T14:10:00.001Z"), // above 5 minutes: a time separator
      ],
      now,
      zone,
    );
    expect(items.map((i) => (i.kind === "message" ? i.message.id : `${i.kind}:${i.label}`))).toEqual([
      "day:Friday, November 27, 2026",
      "1",
      "time:11:30 PM",
      "2",
      "day:Yesterday",
      "3",
      "day:Today",
      "4",
      "5",
      "time:9:10 AM",
      "6",
    ]);
  });

  it("labels today, yesterday, else the long date", () => {
    expect(dayLabel(new Date("2026-11-29T05:00:00.000Z"), now, zone)).toBe("Today");
    expect(dayLabel(new Date("2026-11-29T04:59:00.000Z"), now, zone)).toBe("Yesterday");
    expect(dayLabel(new Date("2026-11-01T12:00:00.000Z"), now, "UTC")).toBe("Sunday, November 1, 2026");
  });
});

describe("live signals for messages", () => {
  it("parses a post's update for everyone, and refuses one for a person or without an id (decision 075)", () => {
    expect(parseLiveSignal(JSON.stringify({ user: "*", kind: "post-update", id: A }))).toEqual({
      user: "*",
      kind: "post-update",
      id: A,
    });
    expect(parseLiveSignal(JSON.stringify({ user: B, kind: "post-update", id: A }))).toBeNull();
    expect(parseLiveSignal(JSON.stringify({ user: "*", kind: "post-update", id: "x" }))).toBeNull();
  });

  it("parses the message, read, typing and messages kinds, and refuses malformed ones", () => {
    expect(parseLiveSignal(JSON.stringify({ user: A, kind: "message", conversation: B, id: A }))).toEqual({
      user: A,
      kind: "message",
      conversation: B,
      id: A,
    });
    expect(
      parseLiveSignal(
        JSON.stringify({ user: A, kind: "read", conversation: B, reader: B, at: "2026-11-29T10:00:00.000Z" }),
      ),
    ).toMatchObject({ kind: "read", reader: B });
    expect(
      parseLiveSignal(JSON.stringify({ user: A, kind: "typing", conversation: B, from: B, typing: false })),
    ).toMatchObject({
      kind: "typing",
      typing: false,
    });
    expect(parseLiveSignal(JSON.stringify({ user: A, kind: "messages" }))).toEqual({
      user: A,
      kind: "messages",
    });
    expect(
      parseLiveSignal(JSON.stringify({ user: A, kind: "message", conversation: "x", id: A })),
    ).toBeNull();
    expect(
      parseLiveSignal(JSON.stringify({ user: A, kind: "typing", conversation: B, from: B, typing: "yes" })),
    ).toBeNull();
  });
});
