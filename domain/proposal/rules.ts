import type { RfpFields } from "../rfp/fields";
import { PROPOSAL_LIMITS, type ProposalFields } from "./fields";

/** The proposal messages of spec 001 section 8, word for word, and the bid field messages. */
export const PROPOSAL_MESSAGES = {
  notAccepting: "RFP is not accepting proposals",
  deadlinePassed: "Proposal deadline has passed",
  ownRfp: "Cannot submit proposal to your own RFP",
  notAuthorized: "Not authorized to submit proposal to this RFP",
  verifiedVendorsOnly: "Only verified vendors can create proposals",
  duplicate: "You have already submitted a proposal for this RFP",
  submitFailed: "Failed to submit proposal",
  notFound: "Resource not found",
  // Not worded by the specification:
  maxReached: "This RFP is not accepting more proposals",
  insufficientCredits: "Not enough credits to submit this proposal",
  priceRequired: "Enter your price",
  hourlyRateRequired: "Enter your hourly rate",
  timelineRequired: "Enter a timeline in days",
  coverLetterMin: `Cover letter must be at least ${PROPOSAL_LIMITS.coverLetterMin} characters`,
  carrierRequired: "Name your insurance carrier",
  licenseRequired: "License number is required",
  referencesRequired: `Give at least ${PROPOSAL_LIMITS.referencesRequired} references`,
  withdrawOwnOnly: "Only the vendor who submitted a proposal can withdraw it",
  notWithdrawable: "Only a submitted or shortlisted proposal can be withdrawn",
  notReviewable: "This proposal is no longer open for review",
  reviewAuthorOnly: "Only the RFP's author can review its proposals",
} as const;

export type ProposalFieldErrors = Partial<Record<keyof ProposalFields | "form", string[]>>;

const dollars = (n: number) => `$${n.toLocaleString("en-US")}`;

/** The bid's own rules against what the RFP requires. Empty when the bid may be submitted. */
export function proposalFieldErrors(f: ProposalFields, rfp: RfpFields): ProposalFieldErrors {
  const errors: ProposalFieldErrors = {};
  const add = (field: keyof ProposalFields, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (f.total_price === undefined)
    add(
      "total_price",
      rfp.budget_type === "hourly" ? PROPOSAL_MESSAGES.hourlyRateRequired : PROPOSAL_MESSAGES.priceRequired,
    );
  if (f.timeline_days === undefined) add("timeline_days", PROPOSAL_MESSAGES.timelineRequired);
  if ((f.cover_letter ?? "").length < PROPOSAL_LIMITS.coverLetterMin)
    add("cover_letter", PROPOSAL_MESSAGES.coverLetterMin);
  if (rfp.require_insurance) {
    if (!f.insurance_carrier) add("insurance_carrier", PROPOSAL_MESSAGES.carrierRequired);
    const gl = rfp.insurance_requirements.general_liability;
    if (gl.required && (f.general_liability_coverage ?? 0) < (gl.minimum ?? 1)) {
      add(
        "general_liability_coverage",
        gl.minimum
          ? `General liability coverage must be at least ${dollars(gl.minimum)}`
          : "Enter your general liability coverage",
      );
    }
    const wc = rfp.insurance_requirements.workers_compensation;
    if (wc.required && (f.workers_compensation_coverage ?? 0) < (wc.minimum ?? 1)) {
      add(
        "workers_compensation_coverage",
        wc.minimum
          ? `Workers' compensation coverage must be at least ${dollars(wc.minimum)}`
          : "Enter your workers' compensation coverage",
      );
    }
  }
  if (rfp.require_license && !f.license_number) add("license_number", PROPOSAL_MESSAGES.licenseRequired);
  if (rfp.require_references && f.references.length < PROPOSAL_LIMITS.referencesRequired)
    add("references", PROPOSAL_MESSAGES.referencesRequired);
  return errors;
}

/** Which of the RFP's requirements a bid meets, for the side-by-side comparison. */
export function requirementsMet(f: ProposalFields, rfp: RfpFields) {
  const errors = proposalFieldErrors(f, rfp);
  return {
    insurance: rfp.require_insurance
      ? !errors.insurance_carrier &&
        !errors.general_liability_coverage &&
        !errors.workers_compensation_coverage
      : null,
    license: rfp.require_license ? !errors.license_number : null,
    references: rfp.require_references ? !errors.references : null,
  };
}

/** Where a price sits against the RFP's budget, for the comparison: below, within or above. */
export function priceAgainstBudget(price: number, rfp: RfpFields): "below" | "within" | "above" | "unknown" {
  switch (rfp.budget_type) {
    case "range":
      if (rfp.budget_min === undefined || rfp.budget_max === undefined) return "unknown";
      return price < rfp.budget_min ? "below" : price > rfp.budget_max ? "above" : "within";
    case "fixed":
    case "not_to_exceed":
      if (rfp.budget_max === undefined) return "unknown";
      return price > rfp.budget_max ? "above" : "within";
    case "hourly":
      if (rfp.budget_hourly_rate === undefined) return "unknown";
      return price > rfp.budget_hourly_rate ? "above" : "within";
    default:
      return "unknown";
  }
}
