import {
  countsAsNewPost,
  decodeCursor,
  encodeCursor,
  feedHref,
  parseFeedParams,
  postCounterTone,
  postTitle,
  relativeTime,
  truncatePost,
} from "@domain/community/posts";
import {
  controversy,
  HOT_DECAY_SECONDS,
  hotScore,
  sortNumbers,
  topWindowStart,
  voteScore,
} from "@domain/community/sorts";
import { applyVote, formatCount } from "@domain/community/votes";
import { describe, expect, it } from "vitest";

const ID = "7c0a3f8e-2b1d-4c5e-9f60-1a2b3c4d5e6f";

describe("votes (spec 002 section 4)", () => {
  it("given no vote, up adds an up vote; down adds a down vote", () => {
    expect(applyVote(null, "up")).toEqual({ next: 1, upvotes: 1, downvotes: 0 });
    expect(applyVote(null, "down")).toEqual({ next: -1, upvotes: 0, downvotes: 1 });
  });
  it("given a vote, the same direction clears it", () => {
    expect(applyVote(1, "up")).toEqual({ next: null, upvotes: -1, downvotes: 0 });
    expect(applyVote(-1, "down")).toEqual({ next: null, upvotes: 0, downvotes: -1 });
  });
  it("given a vote, the opposite direction switches it", () => {
    expect(applyVote(1, "down")).toEqual({ next: -1, upvotes: -1, downvotes: 1 });
    expect(applyVote(-1, "up")).toEqual({ next: 1, upvotes: 1, downvotes: -1 });
  });
  it("counts show k above 999", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1k");
    expect(formatCount(1250)).toBe("1.3k");
    expect(formatCount(-5)).toBe("-5");
  });
});

describe("sorts (docs/decisions/065-feed-sorts-and-post-visibility.md)", () => {
  const t0 = new Date("2026-01-01T00:00:00Z");
  const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

  it("Top is up votes less down votes", () => {
    expect(voteScore(10, 3)).toBe(7);
    expect(voteScore(0, 4)).toBe(-4);
  });

  it("Hot: ten times the score is worth 12.5 hours (45000 s) of age", () => {
    expect(hotScore(10, 0, t0)).toBeCloseTo(hotScore(1, 0, later(-HOT_DECAY_SECONDS)) + 2, 6);
    expect(hotScore(100, 0, t0)).toBeCloseTo(hotScore(10, 0, later(HOT_DECAY_SECONDS)), 6);
  });

  it("Hot: newer beats older at equal score; a negative score sinks; a score of 0 or 1 counts the same", () => {
    expect(hotScore(5, 0, later(3600))).toBeGreaterThan(hotScore(5, 0, t0));
    expect(hotScore(0, 5, t0)).toBeLessThan(hotScore(0, 0, t0));
    expect(hotScore(1, 0, t0)).toBe(hotScore(0, 0, t0));
    expect(hotScore(3, 3, t0)).toBe(hotScore(0, 0, t0));
  });

  it("Hot does not depend on the clock, only on the votes and the creation time (it is stored)", () => {
    expect(hotScore(7, 2, t0)).toBe(hotScore(7, 2, new Date(t0)));
    expect(Number.isFinite(hotScore(0, 0, new Date(0)))).toBe(true);
  });

  it("Controversial: votes both ways needed; many votes split evenly rank highest", () => {
    expect(controversy(10, 0)).toBe(0);
    expect(controversy(0, 10)).toBe(0);
    expect(controversy(10, 10)).toBe(20);
    expect(controversy(100, 1)).toBeCloseTo(101 ** 0.01, 10);
    expect(controversy(50, 50)).toBeGreaterThan(controversy(10, 10));
    expect(controversy(10, 10)).toBeGreaterThan(controversy(15, 5));
    expect(controversy(4, 6)).toBe(controversy(6, 4));
  });

  it("Top's window starts a day, week, month or year back, or never", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(topWindowStart("day", now)?.toISOString()).toBe("2026-03-09T12:00:00.000Z");
    expect(topWindowStart("week", now)?.toISOString()).toBe("2026-03-03T12:00:00.000Z");
    expect(topWindowStart("all", now)).toBeNull();
  });

  it("sortNumbers gathers the three stored numbers", () => {
    expect(sortNumbers(6, 4, t0)).toEqual({
      score: 2,
      hotScore: hotScore(6, 4, t0),
      controversy: controversy(6, 4),
    });
  });
});

describe("the feed's address", () => {
  it("reads variants, sorts, windows and filters; anything odd is the default", () => {
    expect(parseFeedParams(new URLSearchParams(""))).toEqual({
      feed: "global",
      sort: "recent",
      window: "week",
      type: null,
      visibility: null,
      cursor: null,
    });
    const p = parseFeedParams(
      new URLSearchParams("feed=saved&sort=top&window=month&type=industry_news&visibility=organization"),
    );
    expect(p).toMatchObject({
      feed: "saved",
      sort: "top",
      window: "month",
      type: "industry_news",
      visibility: "organization",
    });
    for (const odd of [
      "feed=__proto__",
      "sort=random",
      "type=<script>",
      "visibility=secret",
      "window=decade",
    ]) {
      const q = parseFeedParams(new URLSearchParams(odd));
      expect(q).toMatchObject({
        feed: "global",
        sort: "recent",
        window: "week",
        type: null,
        visibility: null,
      });
    }
  });

  it("cursors carry the sort's value and the id, checked for the sort", () => {
    const recent = encodeCursor({ value: "2026-01-02T03:04:05.123456Z", id: ID });
    expect(decodeCursor(recent, "recent")).toEqual({ value: "2026-01-02T03:04:05.123456Z", id: ID });
    expect(decodeCursor(recent, "hot")).toBeNull();
    expect(decodeCursor(encodeCursor({ value: 4637.1234567, id: ID }), "hot")).toEqual({
      value: 4637.1234567,
      id: ID,
    });
    expect(decodeCursor(encodeCursor({ value: -3, id: ID }), "top")).toEqual({ value: -3, id: ID });
    expect(decodeCursor(encodeCursor({ value: 1.5, id: ID }), "top")).toBeNull();
    for (const odd of [
      null,
      "",
      "x",
      `1~not-a-uuid`,
      `Infinity~${ID}`,
      `NaN~${ID}`,
      `${"9".repeat(200)}~${ID}`,
    ]) {
      expect(decodeCursor(odd, "hot")).toBeNull();
    }
  });

  it("links keep the filters and leave defaults out", () => {
    expect(feedHref({ feed: "global", sort: "recent", window: "week", type: null, visibility: null })).toBe(
      "/common-area",
    );
    expect(
      feedHref(
        { feed: "connections", sort: "top", window: "all", type: "event", visibility: null },
        `5~${ID}`,
      ),
    ).toBe(`/common-area?feed=connections&sort=top&window=all&type=event&cursor=5%7E${ID}`);
  });
});

describe("the composer and the card (spec 002 sections 3, 5 and 9)", () => {
  it("the counter is yellow above 4000 and red above 4500", () => {
    expect(postCounterTone(4000)).toBe("normal");
    expect(postCounterTone(4001)).toBe("warning");
    expect(postCounterTone(4500)).toBe("warning");
    expect(postCounterTone(4501)).toBe("danger");
  });
  it("the title is the first 100 characters; the card cuts at 300", () => {
    expect(postTitle("a".repeat(150))).toHaveLength(100);
    expect(truncatePost("b".repeat(300))).toEqual({ text: "b".repeat(300), truncated: false });
    const cut = truncatePost("c".repeat(301));
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe(`${"c".repeat(300)}…`);
  });
  it("relative time: Just now, m, h, d ago up to 30 days, then a date", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const ago = (s: number) => relativeTime(new Date(now.getTime() - s * 1000), now);
    expect(ago(59)).toBe("Just now");
    expect(ago(120)).toBe("2m ago");
    expect(ago(3 * 3600)).toBe("3h ago");
    expect(ago(30 * 86400)).toBe("30d ago");
    expect(ago(31 * 86400)).toBe("February 7, 2026");
  });
});

describe("the live 'N new posts' (countsAsNewPost)", () => {
  const page = {
    feed: "global" as const,
    sort: "recent",
    type: null,
    visibility: null,
    firstPage: true,
    scope: { associationId: "assoc-1", organizationId: null },
  };
  const post = {
    authorId: "ann",
    postType: "text",
    visibility: "public",
    fromConnection: false,
    associationId: null as string | null,
    organizationId: null as string | null,
  };
  it("counts on the newest first page only, never on Saved", () => {
    expect(countsAsNewPost(page, post, "me")).toBe(true);
    expect(countsAsNewPost({ ...page, sort: "hot" }, post, "me")).toBe(false);
    expect(countsAsNewPost({ ...page, firstPage: false }, post, "me")).toBe(false);
    expect(countsAsNewPost({ ...page, feed: "saved" }, post, "me")).toBe(false);
  });
  it("the Organization feed counts a post from the reader's association or company", () => {
    const org = { ...page, feed: "organization" as const };
    expect(countsAsNewPost(org, post, "me")).toBe(false);
    expect(countsAsNewPost(org, { ...post, associationId: "assoc-1" }, "me")).toBe(true);
    expect(countsAsNewPost(org, { ...post, associationId: "assoc-2" }, "me")).toBe(false);
    const company = { ...org, scope: { associationId: null, organizationId: "co-1" } };
    expect(countsAsNewPost(company, { ...post, organizationId: "co-1" }, "me")).toBe(true);
    // Nothing matches nothing: a post from no organization, on a page with none.
    expect(
      countsAsNewPost({ ...org, scope: { associationId: null, organizationId: null } }, post, "me"),
    ).toBe(false);
  });
  it("Connections counts a connection's post, Personal one's own; the filters apply", () => {
    expect(countsAsNewPost({ ...page, feed: "connections" }, post, "me")).toBe(false);
    expect(countsAsNewPost({ ...page, feed: "connections" }, { ...post, fromConnection: true }, "me")).toBe(
      true,
    );
    expect(countsAsNewPost({ ...page, feed: "personal" }, post, "me")).toBe(false);
    expect(countsAsNewPost({ ...page, feed: "personal" }, { ...post, authorId: "me" }, "me")).toBe(true);
    expect(countsAsNewPost({ ...page, type: "question" }, post, "me")).toBe(false);
    expect(countsAsNewPost({ ...page, visibility: "professional" }, post, "me")).toBe(false);
  });
});
