import {
  AWARD_GIVER_MIN_KARMA,
  AWARD_KARMA,
  awardEligibility,
  COMMENT_LIMITS,
  canReplyTo,
  deletedCommentShows,
  depthOfReply,
  EXPERT_MIN_KARMA,
  isExpert,
  karmaForAward,
  karmaForVote,
  totalKarma,
} from "@domain/community/comments";
import { checkContent, contentCounterTone } from "@domain/community/content-rules";
import { applyVote } from "@domain/community/votes";
import { describe, expect, it } from "vitest";

describe("comments (spec 002, decision 066)", () => {
  it("limits: 1000 characters, counter yellow above 800 and red above 900", () => {
    expect(COMMENT_LIMITS.maxLength).toBe(1000);
    expect(contentCounterTone("comment", 800)).toBe("normal");
    expect(contentCounterTone("comment", 801)).toBe("warning");
    expect(contentCounterTone("comment", 901)).toBe("danger");
    expect(checkContent("comment", "a".repeat(1001)).errors).toContain(
      "Comment cannot exceed 1000 characters",
    );
    expect(checkContent("comment", "  ").errors).toEqual(["Comment is required"]);
    expect(checkContent("comment", "<i>x</i>").errors).toContain("HTML tags are not allowed in comments");
  });

  it("Reply shows only below depth 2: replies nest one level", () => {
    expect(canReplyTo(1)).toBe(true);
    expect(canReplyTo(2)).toBe(false);
    expect(depthOfReply(null)).toBe(1);
    expect(depthOfReply(1)).toBe(2);
    expect(depthOfReply(2)).toBeNull();
  });

  it("a deleted comment shows as a placeholder while it has replies, else it is gone", () => {
    expect(deletedCommentShows(false, 0)).toBe("comment");
    expect(deletedCommentShows(true, 2)).toBe("placeholder");
    expect(deletedCommentShows(true, 0)).toBe("gone");
  });
});

describe("karma", () => {
  it("a vote change moves the author's karma by the change of the score; own votes give nothing", () => {
    const up = applyVote(null, "up");
    expect(karmaForVote({ kind: "comment", authorId: "a", voterId: "b", ...up })).toEqual({
      kind: "comment",
      userId: "a",
      delta: 1,
    });
    const switched = applyVote(1, "down");
    expect(karmaForVote({ kind: "post", authorId: "a", voterId: "b", ...switched })?.delta).toBe(-2);
    const cleared = applyVote(-1, "down");
    expect(karmaForVote({ kind: "post", authorId: "a", voterId: "b", ...cleared })?.delta).toBe(1);
    expect(karmaForVote({ kind: "post", authorId: "a", voterId: "a", ...up })).toBeNull();
  });

  it("awards give award karma by kind; the total is the sum of the kinds; expert from the threshold", () => {
    expect(karmaForAward("r", "helpful")).toEqual({ kind: "award", userId: "r", delta: AWARD_KARMA.helpful });
    expect(AWARD_KARMA).toEqual({ helpful: 5, expert_insight: 10, problem_solver: 10, community_hero: 20 });
    expect(totalKarma({ post: 3, comment: -1, award: 20 })).toBe(22);
    expect(isExpert(EXPERT_MIN_KARMA - 1)).toBe(false);
    expect(isExpert(EXPERT_MIN_KARMA)).toBe(true);
  });

  it("award eligibility: not to oneself; members need enough karma; administrators always", () => {
    const base = { giverId: "g", recipientId: "r", giverIsAdmin: false };
    expect(awardEligibility({ ...base, giverKarma: AWARD_GIVER_MIN_KARMA })).toBeNull();
    expect(awardEligibility({ ...base, giverKarma: AWARD_GIVER_MIN_KARMA - 1 })).toBe("not_allowed");
    expect(awardEligibility({ ...base, giverKarma: 0, giverIsAdmin: true })).toBeNull();
    expect(awardEligibility({ ...base, recipientId: "g", giverKarma: 999, giverIsAdmin: true })).toBe("own");
  });
});
