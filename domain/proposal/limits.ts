/**
 * What a vendor's bid holds: a price on the RFP's budget basis (a total, or an hourly rate for an hourly
 * RFP), a timeline, a cover letter, and the answers to the RFP's insurance, license and reference
 * requirements. Money is in whole US dollars (spec 001 section 9). Its limits, without a schema: pages
 * import them from here (decision 056).
 */
export const PROPOSAL_LIMITS = {
  coverLetterMin: 50,
  coverLetterMax: 10_000,
  timelineDaysMax: 3650,
  referencesRequired: 3,
  referencesMax: 10,
} as const;
