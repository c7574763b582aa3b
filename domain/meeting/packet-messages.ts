/** The board packet's limits and messages, without its schemas (the page imports them: no zod there). */

export const PACKET_LIMITS = {
  /** Documents one packet holds. */
  maxDocuments: 50,
  nameMax: 255,
} as const;

export const PACKET_MESSAGES = {
  closed: "The board packet cannot change once the meeting is completed or cancelled",
  full: `A board packet holds at most ${PACKET_LIMITS.maxDocuments} documents`,
  duplicate: "This document is already in the board packet",
  notFound: "Document not found in the board packet",
  libraryDocumentRequired: "Choose a document of the library",
  libraryDocumentNotFound: "Document not found",
  empty: "No documents in the board packet yet.",
} as const;
