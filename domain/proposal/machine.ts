import { assign, setup } from "xstate";
import type { ProposalEvent } from "./events";
import { EMPTY_PROPOSAL_FIELDS, type ProposalFields } from "./fields";

export const PROPOSAL_STATUSES = [
  "draft",
  "submitted",
  "under_review",
  "accepted",
  "rejected",
  "withdrawn",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** The vendor-facing labels (spec 001 section 4); anything else reads Draft. */
export const PROPOSAL_VENDOR_LABELS: Record<ProposalStatus, string> = {
  draft: "Draft",
  submitted: "Under Review",
  under_review: "Shortlisted",
  accepted: "Won",
  rejected: "Not Selected",
  withdrawn: "Withdrawn",
};

/** The author-facing labels. */
export const PROPOSAL_AUTHOR_LABELS: Record<ProposalStatus, string> = {
  draft: "Draft",
  submitted: "New",
  under_review: "Shortlisted",
  accepted: "Accepted",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

/** Submitted or shortlisted: still in the running (spec 001 section 7: activeProposals). */
export const isActiveProposal = (status: ProposalState["status"]) =>
  status === "submitted" || status === "under_review";

export interface ProposalState {
  status: "new" | ProposalStatus;
  proposalId: string | null;
  rfpId: string | null;
  vendorId: string | null;
  fields: ProposalFields;
  creditCost: number;
  submittedAt: string | null;
}

export const initialProposalState: ProposalState = {
  status: "new",
  proposalId: null,
  rfpId: null,
  vendorId: null,
  fields: EMPTY_PROPOSAL_FIELDS,
  creditCost: 0,
  submittedAt: null,
};

/**
 * The proposal lifecycle (spec 001 section 4): draft, submitted, under_review, accepted, rejected,
 * withdrawn. Accepted, rejected and withdrawn are final.
 */
export const proposalMachine = setup({
  types: { context: {} as ProposalState, events: {} as ProposalEvent, input: {} as ProposalState },
  actions: {
    create: assign(({ event }) =>
      event.type === "ProposalDrafted"
        ? {
            proposalId: event.data.proposalId,
            rfpId: event.data.rfpId,
            vendorId: event.data.vendorId,
            fields: event.data.fields,
          }
        : {},
    ),
    replaceFields: assign(({ event }) =>
      event.type === "ProposalDraftUpdated" ? { fields: event.data.fields } : {},
    ),
    submit: assign(({ event }) =>
      event.type === "ProposalSubmitted"
        ? {
            proposalId: event.data.proposalId,
            rfpId: event.data.rfpId,
            vendorId: event.data.vendorId,
            fields: event.data.fields,
            creditCost: event.data.creditCost,
            submittedAt: event.data.submittedAt,
          }
        : {},
    ),
  },
  guards: {
    sameVendor: ({ context, event }) =>
      event.type === "ProposalSubmitted" &&
      (context.vendorId === null || context.vendorId === event.data.vendorId),
  },
}).createMachine({
  id: "proposal",
  context: ({ input }) => input,
  initial: "new",
  states: {
    new: {
      on: {
        ProposalDrafted: { target: "draft", actions: "create" },
        ProposalSubmitted: { target: "submitted", actions: "submit" },
      },
    },
    draft: {
      on: {
        ProposalDraftUpdated: { actions: "replaceFields" },
        ProposalSubmitted: { guard: "sameVendor", target: "submitted", actions: "submit" },
      },
    },
    submitted: {
      on: {
        ProposalShortlisted: { target: "under_review" },
        ProposalAccepted: { target: "accepted" },
        ProposalRejected: { target: "rejected" },
        ProposalWithdrawn: { target: "withdrawn" },
      },
    },
    under_review: {
      on: {
        ProposalAccepted: { target: "accepted" },
        ProposalRejected: { target: "rejected" },
        ProposalWithdrawn: { target: "withdrawn" },
      },
    },
    accepted: { type: "final" },
    rejected: { type: "final" },
    withdrawn: { type: "final" },
  },
});

export function proposalSnapshot(state: ProposalState) {
  return proposalMachine.resolveState({ value: state.status, context: state });
}
