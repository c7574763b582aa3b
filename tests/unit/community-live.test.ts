import {
  canEnd,
  canJoin,
  canPost,
  canRemoveMessage,
  canRemoveParticipant,
  canSetRole,
  checkLiveDraft,
  LIVE_MESSAGES,
  type LiveSeat,
  liveListQuery,
  parseLiveListParams,
  parseTags,
  stripOf,
} from "@domain/community/live";
import { describe, expect, it } from "vitest";

const seat = (role: LiveSeat["role"], over: Partial<LiveSeat> = {}): LiveSeat => ({
  role,
  joined: true,
  removed: false,
  ...over,
});
const owner = seat("owner");
const moderator = seat("moderator");
const member = seat("member");
const removed = seat("member", { joined: false, removed: true });
const left = seat("member", { joined: false });

describe("live discussion roles (spec 002: member, moderator, owner)", () => {
  it("posting requires having joined a running discussion", () => {
    expect(canPost(member, false)).toBe(true);
    expect(canPost(null, false)).toBe(false);
    expect(canPost(left, false)).toBe(false);
    expect(canPost(removed, false)).toBe(false);
    expect(canPost(owner, true)).toBe(false);
  });

  it("joining: not when removed, not when ended, not twice", () => {
    expect(canJoin(null, false)).toBe(true);
    expect(canJoin(left, false)).toBe(true);
    expect(canJoin(removed, false)).toBe(false);
    expect(canJoin(null, true)).toBe(false);
    expect(canJoin(member, false)).toBe(false);
  });

  it("moderators and the host remove messages; members do not", () => {
    expect(canRemoveMessage(owner, false)).toBe(true);
    expect(canRemoveMessage(moderator, false)).toBe(true);
    expect(canRemoveMessage(member, false)).toBe(false);
    expect(canRemoveMessage(owner, true)).toBe(false);
  });

  it("the host removes anyone but themself; a moderator removes members only", () => {
    expect(canRemoveParticipant(owner, member, false)).toBe(true);
    expect(canRemoveParticipant(owner, moderator, false)).toBe(true);
    expect(canRemoveParticipant(owner, owner, false)).toBe(false);
    expect(canRemoveParticipant(moderator, member, false)).toBe(true);
    expect(canRemoveParticipant(moderator, seat("moderator"), false)).toBe(false);
    expect(canRemoveParticipant(moderator, owner, false)).toBe(false);
    expect(canRemoveParticipant(member, member, false)).toBe(false);
    expect(canRemoveParticipant(owner, removed, false)).toBe(false);
    expect(canRemoveParticipant(owner, member, true)).toBe(false);
  });

  it("only the host sets roles and ends", () => {
    expect(canSetRole(owner, member, false)).toBe(true);
    expect(canSetRole(owner, owner, false)).toBe(false);
    expect(canSetRole(moderator, member, false)).toBe(false);
    expect(canEnd(owner, false)).toBe(true);
    expect(canEnd(moderator, false)).toBe(false);
    expect(canEnd(owner, true)).toBe(false);
  });
});

describe("the browser's query string", () => {
  it("parses the spec's sorts and categories, falling back to the defaults", () => {
    expect(parseLiveListParams(new URLSearchParams(""))).toEqual({
      q: "",
      category: null,
      sort: "participants",
      status: "live",
    });
    expect(
      parseLiveListParams(
        new URLSearchParams("q=+roof+&category=Legal+%26+Compliance&sort=active&status=ended"),
      ),
    ).toEqual({ q: "roof", category: "Legal & Compliance", sort: "active", status: "ended" });
    expect(parseLiveListParams(new URLSearchParams("sort=recent")).sort).toBe("recent");
    expect(parseLiveListParams(new URLSearchParams("sort=hot&category=Gardening&status=x"))).toEqual({
      q: "",
      category: null,
      sort: "participants",
      status: "live",
    });
    expect(parseLiveListParams(new URLSearchParams(`q=${"a".repeat(500)}`)).q).toHaveLength(100);
  });

  it("writes a view's query string without the defaults", () => {
    expect(liveListQuery({ sort: "participants", status: "live" })).toBe("");
    expect(liveListQuery({ q: "roof", sort: "recent", status: "ended" })).toBe(
      "?q=roof&sort=recent&status=ended",
    );
  });
});

describe("the start form's rules", () => {
  const base = {
    title: "Roof bids",
    description: "",
    category: "Maintenance & Repairs",
    tags: "#Roofing, bids bids",
    estimatedMinutes: 60,
  };
  it("accepts a good draft, tags normalised", () => {
    const { draft, errors } = checkLiveDraft(base);
    expect(errors).toEqual({});
    expect(draft.tags).toEqual(["roofing", "bids"]);
    expect(parseTags(" a,,b  c ")).toEqual(["a", "b", "c"]);
  });
  it("refuses each broken field with its message", () => {
    expect(checkLiveDraft({ ...base, title: "  " }).errors.title).toEqual([LIVE_MESSAGES.TITLE_REQUIRED]);
    expect(checkLiveDraft({ ...base, title: "This is a scam" }).errors.title).toEqual([
      "Title contains inappropriate language",
    ]);
    expect(checkLiveDraft({ ...base, category: "Other" }).errors.category).toEqual([LIVE_MESSAGES.CATEGORY]);
    expect(checkLiveDraft({ ...base, tags: "a b c d e f" }).errors.tags).toEqual([
      LIVE_MESSAGES.TOO_MANY_TAGS,
    ]);
    expect(checkLiveDraft({ ...base, tags: "<b>" }).errors.tags).toEqual([LIVE_MESSAGES.TAG_TOO_LONG]);
    expect(checkLiveDraft({ ...base, estimatedMinutes: 481 }).errors.estimatedMinutes).toEqual([
      LIVE_MESSAGES.DURATION,
    ]);
  });
});

describe("the participants strip (spec 002: 8 then '+N more')", () => {
  it("shows 8 and counts the rest", () => {
    expect(stripOf([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    const twelve = Array.from({ length: 12 }, (_, i) => i);
    expect(stripOf(twelve)).toEqual({ shown: twelve.slice(0, 8), more: 4 });
  });
});
