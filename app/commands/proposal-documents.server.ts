import type { Database, Queryable } from "@db/client";
import { lockStreams } from "@db/event-store";
import { proposalDocuments, rfpProposals, rfps } from "@db/schema";
import { PROPOSAL_STREAM_TYPE, type ProposalState, proposalStreamId } from "@domain/proposal";
import { checkRfpDocumentCount, RFP_DOCUMENT_MESSAGES } from "@domain/rfp/documents";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { removeStoredFiles } from "~/storage/files.server";
import { checkReceivedDocuments, type ReceivedDocument } from "./rfp-documents.server";

/**
 * A proposal's documents (issue 4: a bid carries its documents): the same limits, types and messages
 * as RFP attachments (spec 001 sections 5 and 9), kept private to the vendor, the RFP's author and
 * admins. Files may be added and removed while the proposal is a draft; submitting freezes them.
 * Both take the proposal's stream lock, as every proposal command does, so a submission in flight
 * finishes first and an attach after it is refused.
 */

const SUBMITTED = "Documents cannot change once the proposal is submitted";

/** Thrown inside a transaction to roll it back (the lock created no stream row) with an answer. */
class Refused extends Error {
  constructor(readonly answer: ProposalAttachOutcome) {
    super("refused");
  }
}

/** Locks the proposal's stream and answers whether the vendor's draft may change its documents. */
async function lockDraft(tx: Queryable, proposalId: string, vendorId: string) {
  const streamId = proposalStreamId(proposalId);
  const loaded = await lockStreams(tx, [{ streamId, streamType: PROPOSAL_STREAM_TYPE }]);
  const state = loaded.get(streamId)?.state as ProposalState;
  if (state.status === "new" || state.vendorId !== vendorId) return "missing" as const;
  return state.status === "draft" ? ("draft" as const) : ("submitted" as const);
}

export type ProposalAttachOutcome = { ok: true; count: number } | { ok: false; errors: string[] };

export async function attachProposalDocuments(
  db: Database,
  input: { proposalId: string; vendorId: string; files: ReceivedDocument[]; tooMany: boolean },
): Promise<ProposalAttachOutcome> {
  const keys = input.files.map((f) => f.key);
  try {
    if (input.files.length === 0 && !input.tooMany) return { ok: true, count: 0 };
    const { accepted, errors } = await checkReceivedDocuments(input.files, input.tooMany);
    if (errors.length > 0) {
      await removeStoredFiles(keys);
      return { ok: false, errors };
    }
    const outcome = await db
      .transaction(async (tx): Promise<ProposalAttachOutcome> => {
        const draft = await lockDraft(tx, input.proposalId, input.vendorId);
        if (draft === "missing") throw new Refused({ ok: false, errors: [RFP_DOCUMENT_MESSAGES.saveFirst] });
        if (draft === "submitted") throw new Refused({ ok: false, errors: [SUBMITTED] });
        const [row] = await tx
          .select({ n: count() })
          .from(proposalDocuments)
          .where(
            and(eq(proposalDocuments.proposalId, input.proposalId), isNull(proposalDocuments.deletedAt)),
          );
        const tooMany = checkRfpDocumentCount(row?.n ?? 0, accepted.length);
        if (tooMany && !tooMany.ok) return { ok: false, errors: [tooMany.message] };
        await tx.insert(proposalDocuments).values(
          accepted.map((file) => ({
            proposalId: input.proposalId,
            uploadedBy: input.vendorId,
            fileName: file.name,
            fileSize: file.size,
            fileType: file.contentType,
            storageKey: file.key,
          })),
        );
        return { ok: true, count: accepted.length };
      })
      .catch((error: unknown) => {
        if (error instanceof Refused) return error.answer;
        throw error;
      });
    if (!outcome.ok) await removeStoredFiles(keys);
    return outcome;
  } catch (error) {
    await removeStoredFiles(keys);
    throw error;
  }
}

/** Removes a document of the vendor's draft proposal (row and file). False when there is no such one. */
export async function removeProposalDocument(
  db: Database,
  input: { proposalId: string; vendorId: string; documentId: string },
): Promise<boolean> {
  const removed = await db
    .transaction(async (tx) => {
      if ((await lockDraft(tx, input.proposalId, input.vendorId)) !== "draft")
        throw new Refused({ ok: false, errors: [] });
      return tx
        .delete(proposalDocuments)
        .where(
          and(eq(proposalDocuments.id, input.documentId), eq(proposalDocuments.proposalId, input.proposalId)),
        )
        .returning({ storageKey: proposalDocuments.storageKey });
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return [];
      throw error;
    });
  await removeStoredFiles(removed.map((r) => r.storageKey));
  return removed.length > 0;
}

export async function listProposalDocuments(db: Queryable, proposalId: string) {
  return db
    .select({
      id: proposalDocuments.id,
      fileName: proposalDocuments.fileName,
      fileSize: proposalDocuments.fileSize,
    })
    .from(proposalDocuments)
    .where(and(eq(proposalDocuments.proposalId, proposalId), isNull(proposalDocuments.deletedAt)))
    .orderBy(asc(proposalDocuments.createdAt), asc(proposalDocuments.fileName));
}

/** A document with who may download it: the proposal's vendor and the RFP's author (admins too). */
export async function getProposalDocumentForDownload(db: Queryable, documentId: string) {
  const [row] = await db
    .select({
      fileName: proposalDocuments.fileName,
      fileType: proposalDocuments.fileType,
      storageKey: proposalDocuments.storageKey,
      vendorId: rfpProposals.vendorId,
      authorId: rfps.authorId,
      proposalStatus: rfpProposals.status,
      rfpDeleted: rfps.deletedAt,
    })
    .from(proposalDocuments)
    .innerJoin(rfpProposals, eq(rfpProposals.id, proposalDocuments.proposalId))
    .innerJoin(rfps, eq(rfps.id, rfpProposals.rfpId))
    .where(and(eq(proposalDocuments.id, documentId), isNull(proposalDocuments.deletedAt)));
  return row ?? null;
}
