/**
 * The board packet and the agenda's drag and drop reorder in the meeting lifecycle (issue 12), as
 * given / when / then: documents attach and come out while the meeting is scheduled or in progress,
 * never once it is completed or cancelled; a library document joins once; only the board may change
 * the packet; a recorded event that breaks a rule is a corrupt stream. MoveAgendaItemTo places an item.
 */
import {
  decide,
  fold,
  MEETING_MESSAGES,
  type MeetingCommand,
  type MeetingEvent,
  MeetingEvent as MeetingEventSchema,
  type PacketDocument,
} from "@domain/meeting";
import { PACKET_LIMITS, PACKET_MESSAGES } from "@domain/meeting/packet-messages";
import { LifecycleViolation } from "@domain/shared";
import { describe, expect, it } from "vitest";

const now = "2026-11-22T12:00:00.000Z";
const ctx = { now, timeZone: "America/New_York" };
const meetingId = "11111111-1111-4111-8111-111111111111";
const associationId = "22222222-2222-4222-8222-222222222222";
const president = "33333333-3333-4333-8333-333333333333";
const homeownerId = "66666666-6666-4666-8666-666666666666";
const item = (n: number) => `a${n}111111-1111-4111-8111-111111111111`;
const doc = (n: number) => `e${n}111111-1111-4111-8111-111111111111`;
const libDoc = "f1111111-1111-4111-8111-111111111111";
const libVersion = "f2222222-2222-4222-8222-222222222222";

const board = { userId: president, mayManage: true };
const homeowner = { userId: homeownerId, mayManage: false };

const scheduled: MeetingEvent = {
  type: "MeetingScheduled",
  data: {
    meetingId,
    associationId,
    fields: {
      title: "Regular board meeting",
      description: null,
      meeting_type: "regular",
      start_time: "2026-12-01T23:00:00.000Z",
      end_time: "2026-12-02T01:00:00.000Z",
      location: null,
      meeting_url: null,
    },
    attendees: [],
    agenda: [1, 2, 3, 4].map((n) => ({
      itemId: item(n),
      title: `Item ${n}`,
      description: null,
      item_type: "discussion" as const,
      duration_minutes: 15,
      assigned_to: null,
    })),
    scheduledBy: president,
    scheduledAt: now,
  },
};
const started: MeetingEvent = {
  type: "MeetingStarted",
  data: { meetingId, startedBy: president, startedAt: now },
};
const completed: MeetingEvent = {
  type: "MeetingCompleted",
  data: { meetingId, completedBy: president, completedAt: now },
};
const cancelled: MeetingEvent = {
  type: "MeetingCancelled",
  data: { meetingId, reason: "Storm", cancelledBy: president, cancelledAt: now },
};

const upload = (n: number): PacketDocument => ({
  documentId: doc(n),
  name: `budget-${n}.pdf`,
  fileName: `budget-${n}.pdf`,
  contentType: "application/pdf",
  fileSize: 1234,
  source: { kind: "upload", storageKey: `meeting-documents/ab/${"c".repeat(31)}${n}` },
});
const library = (n: number): PacketDocument => ({
  documentId: doc(n),
  name: "Bylaws",
  fileName: "bylaws.pdf",
  contentType: "application/pdf",
  fileSize: 99,
  source: { kind: "library", libraryDocumentId: libDoc, versionId: libVersion, version: 2 },
});
const attached = (document: PacketDocument): MeetingEvent => ({
  type: "MeetingDocumentAttached",
  data: { meetingId, document, attachedBy: president, attachedAt: now },
});
const removed = (n: number): MeetingEvent => ({
  type: "MeetingDocumentRemoved",
  data: { meetingId, documentId: doc(n), removedBy: president, removedAt: now },
});

function given(events: MeetingEvent[], command: MeetingCommand) {
  return decide(fold(events), command, ctx);
}

describe("the board packet", () => {
  it("attaches an upload and a library document while scheduled, and folds them in order", () => {
    const first = given([scheduled], { type: "AttachMeetingDocument", actor: board, document: upload(1) });
    expect(first).toEqual({ ok: true, events: [attached(upload(1))] });
    const second = given([scheduled, attached(upload(1))], {
      type: "AttachMeetingDocument",
      actor: board,
      document: library(2),
    });
    expect(second).toEqual({ ok: true, events: [attached(library(2))] });
    const state = fold([scheduled, attached(upload(1)), attached(library(2))]);
    expect(state.packet.map((d) => d.documentId)).toEqual([doc(1), doc(2)]);
    // Every event is valid against the stream's schema.
    for (const e of [attached(upload(1)), attached(library(2)), removed(1)])
      expect(MeetingEventSchema.parse(e)).toEqual(e);
  });

  it("changes while in progress, and is closed once the meeting is completed or cancelled", () => {
    expect(
      given([scheduled, started], { type: "AttachMeetingDocument", actor: board, document: upload(1) }).ok,
    ).toBe(true);
    for (const end of [[started, completed], [cancelled]]) {
      const history = [scheduled, attached(upload(1)), ...end];
      expect(given(history, { type: "AttachMeetingDocument", actor: board, document: upload(2) })).toEqual({
        ok: false,
        error: { kind: "business_rule", message: PACKET_MESSAGES.closed },
      });
      expect(given(history, { type: "RemoveMeetingDocument", actor: board, documentId: doc(1) })).toEqual({
        ok: false,
        error: { kind: "business_rule", message: PACKET_MESSAGES.closed },
      });
    }
  });

  it("removes a document once; an unknown document is not found", () => {
    const history = [scheduled, attached(upload(1))];
    expect(given(history, { type: "RemoveMeetingDocument", actor: board, documentId: doc(1) })).toEqual({
      ok: true,
      events: [removed(1)],
    });
    expect(fold([...history, removed(1)]).packet).toEqual([]);
    expect(
      given([...history, removed(1)], { type: "RemoveMeetingDocument", actor: board, documentId: doc(1) }),
    ).toEqual({ ok: false, error: { kind: "not_found", message: PACKET_MESSAGES.notFound } });
  });

  it("takes a library document once, and at most the packet's limit of documents", () => {
    const history = [scheduled, attached(library(1))];
    expect(given(history, { type: "AttachMeetingDocument", actor: board, document: library(2) })).toEqual({
      ok: false,
      error: { kind: "business_rule", message: PACKET_MESSAGES.duplicate },
    });
    const full = [
      scheduled,
      ...Array.from({ length: PACKET_LIMITS.maxDocuments }, (_, n) => {
        const d = upload(1);
        return attached({ ...d, documentId: `e0000000-0000-4000-8000-${String(n).padStart(12, "0")}` });
      }),
    ];
    expect(given(full, { type: "AttachMeetingDocument", actor: board, document: upload(9) })).toEqual({
      ok: false,
      error: { kind: "business_rule", message: PACKET_MESSAGES.full },
    });
  });

  it("is changed by the board and managers only", () => {
    expect(
      given([scheduled], { type: "AttachMeetingDocument", actor: homeowner, document: upload(1) }),
    ).toEqual({ ok: false, error: { kind: "authorization", message: MEETING_MESSAGES.notAuthorized } });
    expect(
      given([scheduled, attached(upload(1))], {
        type: "RemoveMeetingDocument",
        actor: homeowner,
        documentId: doc(1),
      }),
    ).toEqual({ ok: false, error: { kind: "authorization", message: MEETING_MESSAGES.notAuthorized } });
  });

  it("treats a recorded attachment after completion, or a removal of an unknown document, as corrupt", () => {
    expect(() => fold([scheduled, started, completed, attached(upload(1))])).toThrow(LifecycleViolation);
    expect(() => fold([scheduled, removed(1)])).toThrow(LifecycleViolation);
    expect(() => fold([scheduled, attached(upload(1)), attached(upload(1))])).toThrow(LifecycleViolation);
  });
});

describe("the agenda's drag and drop reorder", () => {
  const ids = (events: MeetingEvent[]) => fold(events).agenda.map((i) => i.itemId);
  const place = (itemId: string, position: number): MeetingCommand => ({
    type: "MoveAgendaItemTo",
    actor: board,
    itemId,
    position,
  });
  const reordered = (itemIds: string[]): MeetingEvent => ({
    type: "AgendaReordered",
    data: { meetingId, itemIds, reorderedBy: president, reorderedAt: now },
  });

  it("moves an item to a place, down or up, as one AgendaReordered", () => {
    expect(given([scheduled], place(item(1), 3))).toEqual({
      ok: true,
      events: [reordered([item(2), item(3), item(1), item(4)])],
    });
    expect(given([scheduled], place(item(4), 1))).toEqual({
      ok: true,
      events: [reordered([item(4), item(1), item(2), item(3)])],
    });
    expect(ids([scheduled, reordered([item(4), item(1), item(2), item(3)])])).toEqual([
      item(4),
      item(1),
      item(2),
      item(3),
    ]);
  });

  it("clamps a place past the end, changes nothing for the same place, and refuses once started", () => {
    expect(given([scheduled], place(item(2), 99))).toEqual({
      ok: true,
      events: [reordered([item(1), item(3), item(4), item(2)])],
    });
    expect(given([scheduled], place(item(2), 2))).toEqual({ ok: true, events: [] });
    expect(given([scheduled], place(doc(1), 1))).toEqual({
      ok: false,
      error: { kind: "not_found", message: MEETING_MESSAGES.agendaItemNotFound },
    });
    expect(given([scheduled, started], place(item(1), 2))).toEqual({
      ok: false,
      error: { kind: "business_rule", message: MEETING_MESSAGES.editOnlyScheduled },
    });
    expect(given([scheduled], { ...place(item(1), 2), actor: homeowner })).toEqual({
      ok: false,
      error: { kind: "authorization", message: MEETING_MESSAGES.notAuthorized },
    });
  });
});
