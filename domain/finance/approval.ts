import { z } from "zod";
import { parseWholeDollars } from "./money";

/**
 * The board link (issue 13, part 9): a budget, or an expense, over the association's approval
 * threshold needs a passed motion of its board. Pure: the threshold, the record's amounts and its
 * previous approval come in; the approval status it is saved with comes out.
 *
 * - "none": under the threshold (or no threshold): nothing to approve.
 * - "awaiting": over the threshold, no motion cited yet. An expense awaiting the board is never
 *   "completed" (it is saved as pending), so it counts in no total and no budget's spent until
 *   approved and then completed; it stays in the lists, flagged, and among pending payments. A budget
 *   awaiting the board is listed (flagged) but its allocation counts in no total.
 * - "approved": a passed motion of the association's board is cited. Changing the amount of an
 *   approved record to one still over the threshold needs the board again (the motion approved that
 *   amount); other changes keep the approval.
 */

export const APPROVAL_STATUSES = ["none", "awaiting", "approved"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  none: "Not needed",
  awaiting: "Awaiting board approval",
  approved: "Approved by the board",
};

export const APPROVAL_MESSAGES = {
  thresholdInvalid: "Enter the threshold in whole dollars, or leave it empty for none",
  motionRequired: "Choose the passed motion that approves it",
  motionNotPassed: "Only a motion that passed can approve it",
  notAwaiting: "This record is not awaiting board approval",
  notExpense: "Only budgets and expenses need the board's approval",
  savedAwaiting: "It is over the association's approval threshold and awaits a passed board motion",
  pendingUntilApproved: "Saved as pending: an expense awaiting board approval cannot be completed yet",
} as const;

/** What the rule looks at: the kind of record and its amount in cents. */
export interface ApprovalSubject {
  kind: "budget" | "transaction";
  /** Transactions only: income never needs the board. */
  type?: string;
  amountCents: number;
}

/** Whether a record of this amount needs a passed motion: an expense or budget strictly over the threshold. */
export function needsBoardApproval(subject: ApprovalSubject, thresholdCents: number | null): boolean {
  if (thresholdCents === null) return false;
  if (subject.kind === "transaction" && subject.type !== "expense") return false;
  return subject.amountCents > thresholdCents;
}

export interface ApprovalOutcome {
  status: ApprovalStatus;
  /** The cited motion is dropped (a new approval is needed, or none at all). */
  clearCitation: boolean;
  /** A transaction's status to save: "completed" becomes "pending" while the board has not approved. */
  transactionStatus?: string;
}

/**
 * The approval status a record is saved with. `previous` is the stored record on an edit (undefined
 * on a create): when neither its amount nor its type changed, its approval stands (an "awaiting" one
 * is released if the threshold has since risen above it); otherwise the rule is applied afresh.
 */
export function approvalOnSave(input: {
  subject: ApprovalSubject;
  thresholdCents: number | null;
  status?: string;
  previous?: { type?: string; amountCents: number; approvalStatus: ApprovalStatus };
}): ApprovalOutcome {
  const needed = needsBoardApproval(input.subject, input.thresholdCents);
  const prev = input.previous;
  let status: ApprovalStatus;
  if (prev && prev.amountCents === input.subject.amountCents && prev.type === input.subject.type) {
    status = prev.approvalStatus === "awaiting" && !needed ? "none" : prev.approvalStatus;
  } else {
    status = needed ? "awaiting" : "none";
  }
  const clearCitation = status !== "approved" && prev?.approvalStatus === "approved";
  const outcome: ApprovalOutcome = { status, clearCitation };
  if (input.status !== undefined)
    outcome.transactionStatus =
      status === "awaiting" && input.status === "completed" ? "pending" : input.status;
  return outcome;
}

/** The facts of a cited motion that the server checks (null: no such motion in this association). */
export interface MotionFacts {
  associationId: string;
  voteResult: string;
  meetingStatus: string;
  meetingDeleted: boolean;
}

export type CitationCheck =
  | { ok: true }
  | { ok: false; kind: "not_found" }
  | { ok: false; kind: "validation"; message: string };

/**
 * A motion may approve a record of `associationId` when it is a motion of that association's board,
 * recorded in a completed (not deleted) meeting, and it passed. Another association's motion, or an
 * unknown one, is "not found" (ids reveal nothing); a failed or tabled one is refused.
 */
export function checkCitation(
  motion: MotionFacts | null,
  associationId: string,
  record: { approvalStatus: string },
): CitationCheck {
  if (!motion || motion.associationId !== associationId || motion.meetingDeleted)
    return { ok: false, kind: "not_found" };
  if (motion.meetingStatus !== "completed" || motion.voteResult !== "passed")
    return { ok: false, kind: "validation", message: APPROVAL_MESSAGES.motionNotPassed };
  if (record.approvalStatus !== "awaiting")
    return { ok: false, kind: "validation", message: APPROVAL_MESSAGES.notAwaiting };
  return { ok: true };
}

/** The finance settings' threshold (board and managers): whole dollars, or empty for none. */
export const ThresholdFormSchema = z.object({
  approval_threshold: z
    .string()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const parsed = parseWholeDollars(text);
      if (!parsed.ok || parsed.cents < 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: APPROVAL_MESSAGES.thresholdInvalid });
        return z.NEVER;
      }
      return parsed.cents;
    }),
});

/** "Approve with a board motion" on a budget or expense page: the motion and the record's version. */
export const ApproveFormSchema = z.object({
  motion_id: z
    .string({ required_error: APPROVAL_MESSAGES.motionRequired })
    .trim()
    .uuid(APPROVAL_MESSAGES.motionRequired),
  version: z.coerce.number().int().min(0),
});
