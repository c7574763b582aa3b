/** Credit status of spec 000 section 9 and spec 001 section 4: empty at 0, low at 1 to 5, good above 5. */
export const LOW_CREDIT_THRESHOLD = 5;
/** Default credit cost of submitting one proposal. */
export const DEFAULT_PROPOSAL_CREDIT_COST = 1;

export type CreditStatus = "empty" | "low" | "good";

export const CREDIT_STATUS_MESSAGES: Record<CreditStatus, string> = {
  empty: "No credits available. Purchase credits to submit proposals.",
  low: "Low credit balance. Consider purchasing more credits.",
  good: "Good credit balance. Ready to submit proposals.",
};

export function creditStatus(balance: number): CreditStatus {
  if (balance <= 0) return "empty";
  if (balance <= LOW_CREDIT_THRESHOLD) return "low";
  return "good";
}

export function creditStatusMessage(balance: number): string {
  return CREDIT_STATUS_MESSAGES[creditStatus(balance)];
}
