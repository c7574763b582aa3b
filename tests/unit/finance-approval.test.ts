/**
 * The board link's rule (issue 13, part 9; domain/finance/approval.ts): what needs a passed motion,
 * the approval a record is saved with on create and edit, what a cited motion must be, and the forms.
 */
import {
  ApproveFormSchema,
  approvalOnSave,
  checkCitation,
  needsBoardApproval,
  ThresholdFormSchema,
} from "@domain/finance/approval";
import { describeChanges } from "@domain/finance/history";
import { describe, expect, it } from "vitest";

const expense = (amountCents: number) => ({ kind: "transaction" as const, type: "expense", amountCents });

describe("needsBoardApproval", () => {
  it("needs the board strictly over the threshold, for budgets and expenses, never income or without a threshold", () => {
    expect(needsBoardApproval(expense(500_001), 500_000)).toBe(true);
    expect(needsBoardApproval(expense(500_000), 500_000)).toBe(false);
    expect(needsBoardApproval({ kind: "budget", amountCents: 2_000_000 }, 500_000)).toBe(true);
    expect(needsBoardApproval({ kind: "transaction", type: "income", amountCents: 9e9 }, 0)).toBe(false);
    expect(needsBoardApproval(expense(9e9), null)).toBe(false);
    // A threshold of $0: every expense needs the board.
    expect(needsBoardApproval(expense(1), 0)).toBe(true);
  });
});

describe("approvalOnSave", () => {
  it("awaits the board on create when over, and never saves an awaiting expense as completed", () => {
    expect(
      approvalOnSave({ subject: expense(600_000), thresholdCents: 500_000, status: "completed" }),
    ).toEqual({
      status: "awaiting",
      clearCitation: false,
      transactionStatus: "pending",
    });
    expect(
      approvalOnSave({ subject: expense(600_000), thresholdCents: 500_000, status: "cancelled" }),
    ).toMatchObject({ status: "awaiting", transactionStatus: "cancelled" });
    expect(approvalOnSave({ subject: expense(100), thresholdCents: 500_000, status: "completed" })).toEqual({
      status: "none",
      clearCitation: false,
      transactionStatus: "completed",
    });
  });

  it("keeps an approval when the amount is unchanged, and asks again when it changes over the threshold", () => {
    const previous = { type: "expense", amountCents: 600_000, approvalStatus: "approved" as const };
    expect(
      approvalOnSave({ subject: expense(600_000), thresholdCents: 500_000, status: "completed", previous }),
    ).toEqual({ status: "approved", clearCitation: false, transactionStatus: "completed" });
    expect(
      approvalOnSave({ subject: expense(650_000), thresholdCents: 500_000, status: "completed", previous }),
    ).toEqual({ status: "awaiting", clearCitation: true, transactionStatus: "pending" });
    // Lowered below the threshold: nothing to approve any more.
    expect(approvalOnSave({ subject: expense(400_000), thresholdCents: 500_000, previous })).toEqual({
      status: "none",
      clearCitation: true,
    });
    // The threshold rose since: an awaiting record whose amount did not change is released.
    expect(
      approvalOnSave({
        subject: expense(600_000),
        thresholdCents: 1_000_000,
        previous: { ...previous, approvalStatus: "awaiting" },
      }).status,
    ).toBe("none");
    // A record saved before a threshold existed is not caught by an edit that leaves its amount alone.
    expect(
      approvalOnSave({
        subject: expense(600_000),
        thresholdCents: 500_000,
        previous: { ...previous, approvalStatus: "none" },
      }).status,
    ).toBe("none");
    // Turning income into an expense is a new amount to judge.
    expect(
      approvalOnSave({
        subject: expense(600_000),
        thresholdCents: 500_000,
        previous: { type: "income", amountCents: 600_000, approvalStatus: "none" },
      }).status,
    ).toBe("awaiting");
  });

  it("applies to budgets by their allocation", () => {
    expect(
      approvalOnSave({
        subject: { kind: "budget", amountCents: 2_000_000 },
        thresholdCents: 500_000,
        previous: { amountCents: 2_000_000, approvalStatus: "approved" },
      }),
    ).toEqual({ status: "approved", clearCitation: false });
    expect(
      approvalOnSave({
        subject: { kind: "budget", amountCents: 2_500_000 },
        thresholdCents: 500_000,
        previous: { amountCents: 2_000_000, approvalStatus: "approved" },
      }),
    ).toEqual({ status: "awaiting", clearCitation: true });
  });
});

describe("checkCitation", () => {
  const motion = {
    associationId: "a",
    voteResult: "passed",
    meetingStatus: "completed",
    meetingDeleted: false,
  };
  const awaiting = { approvalStatus: "awaiting" };
  it("takes a passed motion of the association's completed meeting", () => {
    expect(checkCitation(motion, "a", awaiting)).toEqual({ ok: true });
  });
  it("does not find another association's motion, an unknown one or a deleted meeting's", () => {
    expect(checkCitation(motion, "b", awaiting)).toEqual({ ok: false, kind: "not_found" });
    expect(checkCitation(null, "a", awaiting)).toEqual({ ok: false, kind: "not_found" });
    expect(checkCitation({ ...motion, meetingDeleted: true }, "a", awaiting)).toEqual({
      ok: false,
      kind: "not_found",
    });
  });
  it("refuses a failed or tabled motion, a meeting not completed, and a record not awaiting", () => {
    expect(checkCitation({ ...motion, voteResult: "failed" }, "a", awaiting)).toMatchObject({
      kind: "validation",
    });
    expect(checkCitation({ ...motion, voteResult: "tabled" }, "a", awaiting)).toMatchObject({
      kind: "validation",
    });
    expect(checkCitation({ ...motion, meetingStatus: "in_progress" }, "a", awaiting)).toMatchObject({
      kind: "validation",
    });
    expect(checkCitation(motion, "a", { approvalStatus: "approved" })).toMatchObject({ kind: "validation" });
  });
});

describe("the forms and the history", () => {
  it("reads the threshold as whole dollars in cents, empty as none", () => {
    expect(ThresholdFormSchema.parse({ approval_threshold: "5,000" }).approval_threshold).toBe(500_000);
    expect(ThresholdFormSchema.parse({ approval_threshold: "" }).approval_threshold).toBeNull();
    expect(ThresholdFormSchema.parse({}).approval_threshold).toBeNull();
    expect(ThresholdFormSchema.safeParse({ approval_threshold: "50.25" }).success).toBe(false);
    expect(ThresholdFormSchema.safeParse({ approval_threshold: "-5" }).success).toBe(false);
  });
  it("needs a motion id and the version", () => {
    expect(ApproveFormSchema.safeParse({ motion_id: "", version: "2" }).success).toBe(false);
    expect(
      ApproveFormSchema.parse({ motion_id: "00000000-0000-4000-8000-000000000000", version: "2" }).version,
    ).toBe(2);
  });
  it("describes an approval with the motion it cites", () => {
    expect(
      describeChanges("approved", {
        before: { approval: "awaiting" },
        after: { approval: "approved" },
        motion: {
          motionId: "m",
          meetingId: "g",
          text: "Approve the roof",
          meeting: "Board meeting, Mar 3, 2026",
        },
      }),
    ).toEqual([
      "Board approval: Awaiting board approval → Approved by the board",
      'Motion: "Approve the roof" (Board meeting, Mar 3, 2026)',
    ]);
  });
});
