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

/**
 * The refund rule as the ledger applies it (domain/proposal/decide.ts): a cancelled RFP refunds the
 * credits of every bid still in the running (cancelRfpWithRefunds); a vendor who withdraws their own bid
 * gets nothing back, since the bid was made. Every text about refunds says this.
 */
export const CREDIT_RULES_TEXT =
  "Each proposal you submit uses one credit. Credits are refunded automatically when the author cancels the RFP; withdrawing your own proposal does not refund its credit.";

export const WITHDRAW_CONFIRM_TEXT =
  "Withdraw your proposal? The credit spent on it is not refunded (credits are refunded only when the author cancels the RFP).";
