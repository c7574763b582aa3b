import type { Queryable } from "@db/client";
import {
  associationDocuments,
  associations,
  documentVersions,
  meetingAttendees,
  meetingDocuments,
  meetings,
  users,
} from "@db/schema";
import { formatFileSize } from "@domain/documents";
import { and, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";

/**
 * Reads of the board packet (issue 12): the documents attached to a meeting (projection
 * meeting_documents), the library documents the board may link, and who may read the packet. Callers
 * authorize first (requireBoardRoom, or requirePacketAccess in app/auth/meeting-packet.server.ts).
 */

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The meeting's packet in the order the documents were attached. */
export async function meetingPacket(db: Queryable, meetingId: string) {
  return db
    .select({
      id: meetingDocuments.id,
      name: meetingDocuments.name,
      fileName: meetingDocuments.fileName,
      contentType: meetingDocuments.contentType,
      fileSize: meetingDocuments.fileSize,
      source: meetingDocuments.source,
      libraryDocumentId: meetingDocuments.libraryDocumentId,
      libraryVersion: meetingDocuments.libraryVersion,
      attachedAt: meetingDocuments.attachedAt,
    })
    .from(meetingDocuments)
    .where(eq(meetingDocuments.meetingId, meetingId))
    .orderBy(asc(meetingDocuments.position));
}
export type PacketRow = Awaited<ReturnType<typeof meetingPacket>>[number];

/** The association's library documents (not archived) with their current version, by title. */
export async function packetLibraryChoices(db: Queryable, associationId: string) {
  return db
    .select({
      id: associationDocuments.id,
      title: associationDocuments.title,
      version: associationDocuments.versionCount,
      versionId: documentVersions.id,
      fileName: documentVersions.fileName,
      fileSize: documentVersions.fileSize,
      contentType: documentVersions.contentType,
    })
    .from(associationDocuments)
    .innerJoin(
      documentVersions,
      and(
        eq(documentVersions.documentId, associationDocuments.id),
        eq(documentVersions.version, associationDocuments.versionCount),
      ),
    )
    .where(
      and(eq(associationDocuments.associationId, associationId), isNull(associationDocuments.archivedAt)),
    )
    .orderBy(asc(sql`lower(${associationDocuments.title})`))
    .limit(500);
}

/** One library document of the association for linking (its current version), or undefined. */
export async function libraryDocumentForPacket(db: Queryable, associationId: string, documentId: string) {
  if (!isUuid(documentId)) return undefined;
  const [row] = (await packetLibraryChoices(db, associationId)).filter((d) => d.id === documentId);
  return row;
}

/** A live (not deleted) meeting's association and title, or undefined. */
export async function packetMeeting(db: Queryable, meetingId: string) {
  if (!isUuid(meetingId)) return undefined;
  const [row] = await db
    .select({
      id: meetings.id,
      associationId: meetings.associationId,
      title: meetings.title,
      status: meetings.status,
      startTime: meetings.startTime,
      endTime: meetings.endTime,
      timeZone: associations.timeZone,
    })
    .from(meetings)
    .innerJoin(associations, eq(associations.id, meetings.associationId))
    .where(and(eq(meetings.id, meetingId), isNull(meetings.deletedAt)));
  return row;
}

/**
 * One packet document with what its download needs: the file's storage key (the upload's own, or the
 * pinned library version's), or undefined when the packet holds no such document.
 */
export async function packetDocumentForDownload(db: Queryable, documentId: string) {
  if (!isUuid(documentId)) return undefined;
  const [row] = await db
    .select({
      id: meetingDocuments.id,
      meetingId: meetingDocuments.meetingId,
      fileName: meetingDocuments.fileName,
      contentType: meetingDocuments.contentType,
      source: meetingDocuments.source,
      uploadKey: meetingDocuments.storageKey,
      libraryKey: documentVersions.storageKey,
    })
    .from(meetingDocuments)
    .leftJoin(documentVersions, eq(documentVersions.id, meetingDocuments.libraryVersionId))
    .where(eq(meetingDocuments.id, documentId));
  if (!row) return undefined;
  const storageKey = row.source === "upload" ? row.uploadKey : row.libraryKey;
  return storageKey ? { ...row, storageKey } : undefined;
}

/** The storage key of an uploaded packet document of the meeting (null for a library link). */
export async function packetUploadKey(db: Queryable, meetingId: string, documentId: string) {
  if (!isUuid(documentId)) return null;
  const [row] = await db
    .select({ key: meetingDocuments.storageKey })
    .from(meetingDocuments)
    .where(and(eq(meetingDocuments.id, documentId), eq(meetingDocuments.meetingId, meetingId)));
  return row?.key ?? null;
}

/**
 * Whether the person is invited to the meeting: an attendee by account, or by the e-mail address of
 * their confirmed account (a guest invited by e-mail who has an account).
 */
export async function isInvitedAttendee(db: Queryable, meetingId: string, userId: string) {
  const [row] = await db
    .select({ id: meetingAttendees.id })
    .from(meetingAttendees)
    .innerJoin(users, eq(users.id, userId))
    .where(
      and(
        eq(meetingAttendees.meetingId, meetingId),
        or(
          eq(meetingAttendees.userId, userId),
          and(
            isNotNull(users.emailConfirmedAt),
            sql`lower(${meetingAttendees.email}) = lower(${users.email})`,
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The packet as the pages show it (components/board-room/meeting-packet.tsx PacketItem). */
export async function packetItems(db: Queryable, meetingId: string) {
  return (await meetingPacket(db, meetingId)).map((d) => ({
    id: d.id,
    name: d.name,
    fileName: d.fileName,
    size: formatFileSize(d.fileSize),
    sourceLabel:
      d.source === "library" ? `From the document library, version ${d.libraryVersion ?? 1}` : "Uploaded",
  }));
}

/** What the board's attach forms need: whether the packet takes changes, and the library to link from. */
export async function packetManageData(db: Queryable, associationId: string, open: boolean) {
  const library = open ? await packetLibraryChoices(db, associationId) : [];
  return {
    open,
    library: library.map((d) => ({ id: d.id, label: `${d.title} (${d.fileName})` })),
  };
}
