import { assign, setup } from "xstate";
import type { RfpEvent } from "./events";
import { EMPTY_RFP_FIELDS, type RfpFields } from "./fields";
import type { RfpStatus } from "./types";

export interface ReceivedProposal {
  proposalId: string;
  vendorId: string;
}

/** One RFP's state, folded from its stream. */
export interface RfpState {
  /** "new" until the draft is created. */
  status: "new" | RfpStatus;
  rfpId: string | null;
  authorId: string | null;
  authorContextId: string | null;
  fields: RfpFields;
  /** Every proposal received, in order (a withdrawn one still counts: one per vendor). */
  proposals: ReceivedProposal[];
  awardedProposalId: string | null;
  publishedAt: string | null;
  deleted: boolean;
}

export const initialRfpState: RfpState = {
  status: "new",
  rfpId: null,
  authorId: null,
  authorContextId: null,
  fields: EMPTY_RFP_FIELDS,
  proposals: [],
  awardedProposalId: null,
  publishedAt: null,
  deleted: false,
};

/**
 * Why a published RFP may not receive this vendor's proposal at `at` (null: it may). The one
 * statement of these rules: the machine's guard and the bid's decision both ask it.
 */
export function receiveRefusal(
  rfp: RfpState,
  vendorId: string,
  at: string,
): "deleted" | "duplicate" | "max_reached" | "deadline_passed" | null {
  if (rfp.deleted) return "deleted";
  const deadline = rfp.fields.proposal_deadline;
  if (deadline === undefined || Date.parse(at) >= Date.parse(deadline)) return "deadline_passed";
  if (rfp.proposals.some((p) => p.vendorId === vendorId)) return "duplicate";
  if (rfp.proposals.length >= rfp.fields.max_proposals) return "max_reached";
  return null;
}

/**
 * The RFP lifecycle (spec 001 section 4): draft, published, closed, cancelled. The machine's events are
 * the domain events; its guards are the rules an event must pass. Time-dependent rules read the time
 * the event carries, so the machine stays pure.
 */
export const rfpMachine = setup({
  types: { context: {} as RfpState, events: {} as RfpEvent, input: {} as RfpState },
  guards: {
    notDeleted: ({ context }) => !context.deleted,
    canReceive: ({ context, event }) =>
      event.type === "RfpProposalReceived" &&
      receiveRefusal(context, event.data.vendorId, event.data.receivedAt) === null,
    awardsOwnProposal: ({ context, event }) =>
      event.type === "RfpClosed" &&
      (event.data.reason === "awarded"
        ? context.proposals.some((p) => p.proposalId === event.data.awardedProposalId)
        : event.data.awardedProposalId === null),
  },
  actions: {
    create: assign(({ event }) =>
      event.type === "RfpDrafted"
        ? {
            rfpId: event.data.rfpId,
            authorId: event.data.authorId,
            authorContextId: event.data.authorContextId,
            fields: event.data.fields,
          }
        : {},
    ),
    replaceFields: assign(({ event }) =>
      event.type === "RfpDraftUpdated" || event.type === "RfpPublished" ? { fields: event.data.fields } : {},
    ),
    markPublished: assign(({ event }) =>
      event.type === "RfpPublished" ? { publishedAt: event.data.publishedAt } : {},
    ),
    applyDetails: assign(({ context, event }) =>
      event.type === "RfpDetailsUpdated" ? { fields: { ...context.fields, ...event.data.changes } } : {},
    ),
    receive: assign(({ context, event }) =>
      event.type === "RfpProposalReceived"
        ? {
            proposals: [
              ...context.proposals,
              { proposalId: event.data.proposalId, vendorId: event.data.vendorId },
            ],
          }
        : {},
    ),
    award: assign(({ event }) =>
      event.type === "RfpClosed" ? { awardedProposalId: event.data.awardedProposalId } : {},
    ),
    markDeleted: assign({ deleted: true }),
  },
}).createMachine({
  id: "rfp",
  context: ({ input }) => input,
  initial: "new",
  states: {
    new: { on: { RfpDrafted: { target: "draft", actions: "create" } } },
    draft: {
      on: {
        RfpDraftUpdated: { guard: "notDeleted", actions: "replaceFields" },
        RfpPublished: {
          guard: "notDeleted",
          target: "published",
          actions: ["replaceFields", "markPublished"],
        },
        RfpDeleted: { guard: "notDeleted", actions: "markDeleted" },
      },
    },
    published: {
      on: {
        RfpDetailsUpdated: { actions: "applyDetails" },
        RfpProposalReceived: { guard: "canReceive", actions: "receive" },
        RfpClosed: { guard: "awardsOwnProposal", target: "closed", actions: "award" },
        RfpCancelled: { target: "cancelled" },
      },
    },
    closed: { on: { RfpDeleted: { guard: "notDeleted", actions: "markDeleted" } } },
    cancelled: { on: { RfpDeleted: { guard: "notDeleted", actions: "markDeleted" } } },
  },
});

/** The machine snapshot at a folded state. */
export function rfpSnapshot(state: RfpState) {
  return rfpMachine.resolveState({ value: state.status, context: state });
}
