import { pageNumber } from "../rules/paging";
import { PROPOSAL_STATUSES, PROPOSAL_VENDOR_LABELS, type ProposalStatus } from "./machine";

/** The vendor's proposal list (spec 001 section 7: vendor proposals, default limit 20 with offset). */
export const MY_PROPOSALS_PAGE_SIZE = 20;

/** The status tabs of My Proposals, in the order a vendor follows a bid; null is All. */
export const MY_PROPOSALS_TABS: readonly { status: ProposalStatus | null; label: string }[] = [
  { status: null, label: "All" },
  ...(["submitted", "under_review", "accepted", "rejected", "withdrawn", "draft"] as const).map((status) => ({
    status,
    label: PROPOSAL_VENDOR_LABELS[status],
  })),
];

export interface MyProposalsQuery {
  status: ProposalStatus | null;
  page: number;
}

/** Reads ?status and ?page; anything unknown falls back to All and page 1. */
export function parseMyProposalsQuery(params: URLSearchParams): MyProposalsQuery {
  const raw = params.get("status");
  const status = PROPOSAL_STATUSES.includes(raw as ProposalStatus) ? (raw as ProposalStatus) : null;
  return { status, page: pageNumber(params.get("page")) };
}

export function myProposalsHref(query: MyProposalsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/rfps/my-proposals${search ? `?${search}` : ""}`;
}
