import { createHash, randomUUID } from "node:crypto";
import type { Database } from "@db/client";
import {
  type CommandOutcome,
  type Decided,
  type EditConflict,
  type EventMetadata,
  runCommand,
  runEdit,
} from "@db/event-store";
import { rfpProposals, rfps } from "@db/schema";
import { CREDITS_STREAM_TYPE, type CreditsState, creditsStreamId } from "@domain/credits";
import {
  decide as decideProposal,
  type MultiDecision,
  PROPOSAL_STREAM_TYPE,
  type ProposalAppends,
  type ProposalError,
  type ProposalFields,
  type ProposalState,
  proposalStreamId,
  type ReviewCommand,
  type Reviewer,
  type VendorActor,
} from "@domain/proposal";
import {
  decide as decideRfp,
  fold as foldRfp,
  initialRfpState,
  RFP_MESSAGES,
  RFP_STREAM_TYPE,
  type RfpActor,
  type RfpCommand,
  type RfpError,
  type RfpFields,
  type RfpState,
  type RfpWizardStepId,
  rfpStreamId,
  sameFieldValue,
} from "@domain/rfp";
import { and, eq, isNull, lte, ne, sql } from "drizzle-orm";
import { loadMeeting } from "~/commands/meetings.server";
import { meetingOfMotion } from "~/queries/board-votes.server";

/**
 * RFP and proposal commands (issue 4): each loads, decides and appends in one transaction through the
 * event store, across every stream the decision touches (the RFP, its proposals, vendors' credits).
 * The notifications the events cause are written by the event store in the same transaction
 * (db/reactions, domain/notifications/reactions.ts).
 */

type Clock = () => Date;
const nowIso = (clock?: Clock) => (clock ?? (() => new Date()))().toISOString();

/** One proposal per vendor per RFP: the proposal's id is derived from the pair, so a second one is the same stream. */
export function proposalIdFor(rfpId: string, vendorId: string): string {
  const h = createHash("sha256").update(`proposal:${rfpId}:${vendorId}`).digest("hex");
  // Formatted as an RFC 9562 version 8 (custom) UUID.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

const rfpStream = (rfpId: string) => ({ streamId: rfpStreamId(rfpId), streamType: RFP_STREAM_TYPE });
const proposalStream = (id: string) => ({ streamId: proposalStreamId(id), streamType: PROPOSAL_STREAM_TYPE });
const creditsStream = (vendorId: string) => ({
  streamId: creditsStreamId(vendorId),
  streamType: CREDITS_STREAM_TYPE,
});

/** What an RFP command leaves: the stream's version and fields after it. */
export interface RfpCommandResult {
  rfpId: string;
  version: number;
  fields: RfpFields;
}

/**
 * Runs one single-stream RFP command. With `expectedVersion` (the version a page was rendered from)
 * a stream that moved on throws VersionConflictError and nothing is written.
 */
export async function executeRfpCommand(
  db: Database,
  rfpId: string,
  command: RfpCommand,
  options: { metadata?: EventMetadata; now?: Clock; idempotencyKey?: string; expectedVersion?: number } = {},
): Promise<CommandOutcome<RfpCommandResult, RfpError>> {
  const stream = rfpStream(rfpId);
  return runCommand<RfpCommandResult, RfpError>(db, {
    streams: [stream],
    expectedVersions:
      options.expectedVersion === undefined ? undefined : { [stream.streamId]: options.expectedVersion },
    metadata: options.metadata,
    idempotencyKey: options.idempotencyKey,
    decide(loaded) {
      const { state, version } = loaded.get(stream.streamId) as { state: RfpState; version: number };
      return decideRfpAt(rfpId, state, version, command, options.now);
    },
  });
}

/** Decides one RFP command against the locked stream at `version`, as the event store wants it. */
function decideRfpAt(
  rfpId: string,
  state: RfpState,
  version: number,
  command: RfpCommand,
  now?: Clock,
): Decided<RfpCommandResult, RfpError> {
  const decision = decideRfp(state, command, { now: nowIso(now) });
  if (!decision.ok) return decision;
  return {
    ok: true,
    appends: [{ streamId: rfpStreamId(rfpId), events: decision.events }],
    result: {
      rfpId,
      version: version + decision.events.length,
      fields: foldRfp(decision.events, state).fields,
    },
  };
}

/**
 * Saves an edit form (a wizard step, or a published RFP's details) through the one edit path
 * (runEdit): the fields the person changed against what the form showed at `renderedVersion`, merged
 * against the locked RFP. A field someone else changed meanwhile is an EditConflict with the current
 * fields (409), not a silent overwrite.
 */
export async function editRfp(
  db: Database,
  input: {
    rfpId: string;
    actor: RfpActor;
    fields: Partial<RfpFields>;
    renderedVersion: number;
    checkStep?: RfpWizardStepId;
  },
  options: { metadata?: EventMetadata; now?: Clock } = {},
): Promise<CommandOutcome<RfpCommandResult, RfpError | EditConflict<RfpFields>>> {
  return runEdit<RfpState, RfpFields, RfpCommandResult, RfpError>(db, {
    stream: rfpStream(input.rfpId),
    renderedVersion: input.renderedVersion,
    posted: input.fields,
    valuesOf: (state) => (state.status === "new" ? null : state.fields),
    same: sameFieldValue,
    conflictMessage: RFP_MESSAGES.editConflict,
    metadata: options.metadata,
    decide: (state, changes, version) =>
      decideRfpAt(
        input.rfpId,
        state,
        version,
        { type: "UpdateRfp", actor: input.actor, fields: changes, checkStep: input.checkStep },
        options.now,
      ),
  });
}

/**
 * The author publishes what the review page showed (rendered at `renderedVersion`): any change since is
 * an EditConflict (409), nothing is published.
 */
export async function publishRfp(
  db: Database,
  input: { rfpId: string; actor: RfpActor; renderedVersion: number },
  options: { metadata?: EventMetadata; now?: Clock } = {},
): Promise<CommandOutcome<RfpCommandResult, RfpError | EditConflict<RfpFields>>> {
  return runEdit<RfpState, RfpFields, RfpCommandResult, RfpError>(db, {
    stream: rfpStream(input.rfpId),
    renderedVersion: input.renderedVersion,
    valuesOf: (state) => (state.status === "new" ? null : state.fields),
    conflictMessage: RFP_MESSAGES.editConflict,
    metadata: options.metadata,
    decide: (state, _changes, version) =>
      decideRfpAt(input.rfpId, state, version, { type: "PublishRfp", actor: input.actor }, options.now),
  });
}

export async function createRfp(
  db: Database,
  input: {
    actor: RfpActor;
    mayCreate: boolean;
    authorContextId: string | null;
    fields: RfpFields;
    checkStep?: RfpWizardStepId;
  },
  options: { now?: Clock; idempotencyKey?: string } = {},
) {
  const rfpId = randomUUID();
  return executeRfpCommand(
    db,
    rfpId,
    { type: "CreateRfp", rfpId, ...input },
    { ...options, metadata: { actorUserId: input.actor.userId, actorContextId: input.authorContextId } },
  );
}

/** What a multi-stream proposal decision appends, as the event store wants it. */
function toAppends(a: ProposalAppends, rfpId: string | null) {
  return [
    ...(rfpId === null ? [] : [{ streamId: rfpStreamId(rfpId), events: a.rfp }]),
    ...[...a.proposals].map(([id, events]) => ({ streamId: proposalStreamId(id), events })),
    ...[...a.credits].map(([vendorId, events]) => ({ streamId: creditsStreamId(vendorId), events })),
  ];
}

type Stale = { kind: "stale" };

/**
 * Runs a decision over an RFP and all of its proposals (and, with `withCredits`, the credit accounts of
 * their vendors). The proposal list is read first and checked again under the locks: if a proposal
 * arrived in between, the command runs again.
 */
async function runOverRfpProposals(
  db: Database,
  rfpId: string,
  decideWith: (
    rfp: RfpState,
    proposals: ReadonlyMap<string, ProposalState>,
    credits: ReadonlyMap<string, CreditsState>,
  ) => MultiDecision,
  options: { withCredits?: boolean; metadata?: EventMetadata } = {},
): Promise<CommandOutcome<{ rfpId: string }, ProposalError>> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const known = await db
      .select({ id: rfpProposals.id, vendorId: rfpProposals.vendorId })
      .from(rfpProposals)
      .where(and(eq(rfpProposals.rfpId, rfpId), ne(rfpProposals.status, "draft")));
    const streams = [
      rfpStream(rfpId),
      ...known.map((p) => proposalStream(p.id)),
      ...(options.withCredits ? [...new Set(known.map((p) => p.vendorId))].map(creditsStream) : []),
    ];
    const outcome = await runCommand<{ rfpId: string }, ProposalError | Stale>(db, {
      streams,
      metadata: options.metadata,
      decide(loaded) {
        const rfp = loaded.get(rfpStreamId(rfpId))?.state as RfpState;
        if (rfp.proposals.some((p) => !loaded.has(proposalStreamId(p.proposalId)))) {
          return { ok: false, error: { kind: "stale" } };
        }
        const proposals = new Map(
          rfp.proposals.map((p) => [
            p.proposalId,
            loaded.get(proposalStreamId(p.proposalId))?.state as ProposalState,
          ]),
        );
        const credits = new Map(
          known
            .filter((p) => loaded.has(creditsStreamId(p.vendorId)))
            .map((p) => [p.vendorId, loaded.get(creditsStreamId(p.vendorId))?.state as CreditsState]),
        );
        const decision = decideWith(rfp, proposals, credits);
        if (!decision.ok) return decision;
        return { ok: true, appends: toAppends(decision.appends, rfpId), result: { rfpId } };
      },
    });
    if (!outcome.ok && outcome.error.kind === "stale") continue;
    return outcome as CommandOutcome<{ rfpId: string }, ProposalError>;
  }
  throw new Error(`Proposals of RFP ${rfpId} kept changing; giving up`);
}

/** The author (or an admin) cancels a published RFP: proposals still in the running are refunded. */
export async function cancelRfp(
  db: Database,
  input: { rfpId: string; actor: RfpActor; reason: string },
  options: { now?: Clock } = {},
) {
  const now = nowIso(options.now);
  return runOverRfpProposals(
    db,
    input.rfpId,
    (rfp, proposals, credits) => {
      const cancelled = decideRfp(
        rfp,
        { type: "CancelRfp", actor: input.actor, reason: input.reason },
        { now },
      );
      if (!cancelled.ok) return { ok: false, error: cancelled.error as ProposalError };
      return decideProposal(
        { rfp, proposals, credits },
        { type: "RejectAndRefundAll", rfpCancelled: cancelled.events, by: input.actor.userId },
        { now },
      );
    },
    { withCredits: true, metadata: { actorUserId: input.actor.userId } },
  );
}

/** The author closes a published RFP without an award. */
export async function closeRfp(
  db: Database,
  input: { rfpId: string; actor: RfpActor },
  options: { now?: Clock } = {},
) {
  return executeRfpCommand(
    db,
    input.rfpId,
    { type: "CloseRfp", actor: input.actor },
    { ...options, metadata: { actorUserId: input.actor.userId } },
  );
}

/**
 * Closes every published RFP with auto-close whose deadline has passed. Safe to run on several app
 * servers at once: each close locks its stream, and a second attempt finds it closed and does nothing.
 */
export async function closeDueRfps(db: Database, options: { now?: Clock } = {}): Promise<number> {
  const now = nowIso(options.now);
  const due = await db
    .select({ id: rfps.id })
    .from(rfps)
    .where(
      and(
        eq(rfps.status, "published"),
        eq(rfps.autoCloseEnabled, true),
        isNull(rfps.deletedAt),
        lte(rfps.proposalDeadline, now),
      ),
    )
    .limit(500);
  let closed = 0;
  for (const { id } of due) {
    const outcome = await executeRfpCommand(db, id, { type: "AutoCloseRfp" }, { now: () => new Date(now) });
    if (outcome.ok && outcome.events.length > 0) closed += 1;
  }
  return closed;
}

/** Saves a vendor's draft bid on an RFP. */
export async function saveProposal(
  db: Database,
  input: { rfpId: string; vendor: VendorActor; fields: ProposalFields },
  options: { now?: Clock } = {},
) {
  const proposalId = proposalIdFor(input.rfpId, input.vendor.userId);
  const streams = [rfpStream(input.rfpId), proposalStream(proposalId)];
  return runCommand<{ proposalId: string }, ProposalError>(db, {
    streams,
    metadata: { actorUserId: input.vendor.userId },
    decide(loaded) {
      const decision = decideProposal(
        {
          rfp: loaded.get(rfpStreamId(input.rfpId))?.state as RfpState,
          proposals: new Map([
            [proposalId, loaded.get(proposalStreamId(proposalId))?.state as ProposalState],
          ]),
          credits: new Map(),
        },
        { type: "SaveProposalDraft", proposalId, vendor: input.vendor, fields: input.fields },
        { now: nowIso(options.now) },
      );
      if (!decision.ok) return decision;
      return { ok: true, appends: toAppends(decision.appends, input.rfpId), result: { proposalId } };
    },
  });
}

/**
 * Submits a vendor's bid: the proposal, the RFP's receipt and the credit spend in one atomic append
 * across the three streams (spec 001 sections 4, 5 and 8). The author is notified (proposal_received)
 * in the same transaction.
 */
export async function submitProposalCommand(
  db: Database,
  input: { rfpId: string; vendor: VendorActor; fields: ProposalFields; creditCost?: number },
  options: { now?: Clock; idempotencyKey?: string } = {},
) {
  const proposalId = proposalIdFor(input.rfpId, input.vendor.userId);
  return runCommand<{ proposalId: string; balance: number }, ProposalError>(db, {
    streams: [rfpStream(input.rfpId), proposalStream(proposalId), creditsStream(input.vendor.userId)],
    metadata: { actorUserId: input.vendor.userId },
    idempotencyKey: options.idempotencyKey,
    decide(loaded) {
      const credits = loaded.get(creditsStreamId(input.vendor.userId))?.state as CreditsState;
      const decision = decideProposal(
        {
          rfp: loaded.get(rfpStreamId(input.rfpId))?.state as RfpState,
          proposals: new Map([
            [proposalId, loaded.get(proposalStreamId(proposalId))?.state as ProposalState],
          ]),
          credits: new Map([[input.vendor.userId, credits]]),
        },
        {
          type: "SubmitProposal",
          proposalId,
          vendor: input.vendor,
          fields: input.fields,
          creditCost: input.creditCost,
        },
        { now: nowIso(options.now) },
      );
      if (!decision.ok) return decision;
      const spent = (decision.appends.credits.get(input.vendor.userId) ?? []).reduce(
        (n, e) => n + (e.type === "CreditsSpent" ? e.data.amount : 0),
        0,
      );
      return {
        ok: true,
        appends: toAppends(decision.appends, input.rfpId),
        result: { proposalId, balance: credits.balance - spent },
      };
    },
  });
}

/** The owning vendor withdraws their proposal. */
export async function withdrawProposalCommand(
  db: Database,
  input: { proposalId: string; vendorId: string },
  options: { now?: Clock } = {},
) {
  const stream = proposalStream(input.proposalId);
  return runCommand<{ proposalId: string }, ProposalError>(db, {
    streams: [stream],
    metadata: { actorUserId: input.vendorId },
    decide(loaded) {
      const decision = decideProposal(
        {
          rfp: initialRfpState,
          proposals: new Map([[input.proposalId, loaded.get(stream.streamId)?.state as ProposalState]]),
          credits: new Map(),
        },
        { type: "WithdrawProposal", proposalId: input.proposalId, vendorId: input.vendorId },
        { now: nowIso(options.now) },
      );
      if (!decision.ok) return decision;
      return {
        ok: true,
        appends: toAppends(decision.appends, null),
        result: { proposalId: input.proposalId },
      };
    },
  });
}

/**
 * The author reviews a proposal: shortlist, reject, or accept (which closes the RFP as awarded and
 * rejects the rest). The vendors hear of it (proposal_accepted, proposal_rejected, rfp_closed), in the
 * same transaction, from the review's own events.
 */
export async function reviewProposalCommand(
  db: Database,
  input: { rfpId: string; reviewer: Reviewer; command: ReviewCommand },
  options: { now?: Clock } = {},
) {
  return runOverRfpProposals(
    db,
    input.rfpId,
    (rfp, proposals) =>
      decideProposal(
        { rfp, proposals, credits: new Map() },
        { type: "ReviewProposal", reviewer: input.reviewer, review: input.command },
        { now: nowIso(options.now) },
      ),
    { metadata: { actorUserId: input.reviewer.userId } },
  );
}

/**
 * "Award per board vote" (issue 12): the author accepts a proposal citing a passed motion that names it
 * (the meeting must be one of the RFP's association). The same acceptance as reviewProposalCommand's
 * Accept, with the motion recorded in ProposalAccepted; the domain checks the motion against the
 * meeting's folded stream and the locked RFP.
 */
export async function awardPerBoardVote(
  db: Database,
  input: { rfpId: string; reviewer: Reviewer; proposalId: string; motionId: string },
  options: { now?: Clock } = {},
) {
  const meetingId = await meetingOfMotion(db, input.motionId);
  const boardMeeting = meetingId ? await loadMeeting(db, meetingId) : undefined;
  const boardVote = { meetingId: meetingId ?? input.motionId, motionId: input.motionId };
  return runOverRfpProposals(
    db,
    input.rfpId,
    (rfp, proposals) =>
      decideProposal(
        { rfp, proposals, credits: new Map() },
        {
          type: "ReviewProposal",
          reviewer: input.reviewer,
          review: { type: "Accept", proposalId: input.proposalId, boardVote },
          boardMeeting,
        },
        { now: nowIso(options.now) },
      ),
    { metadata: { actorUserId: input.reviewer.userId } },
  );
}

/** Counts a view of an RFP, apart from its events (a read is not a domain event). */
export async function recordRfpView(db: Database, rfpId: string) {
  await db.execute(
    sql`insert into rfp_views (rfp_id, view_count, last_viewed_at) values (${rfpId}, 1, now())
        on conflict (rfp_id) do update set view_count = rfp_views.view_count + 1, last_viewed_at = now()`,
  );
}
