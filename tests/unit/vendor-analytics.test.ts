import {
  analyticsLockedMessage,
  bidComparison,
  creditsPerWin,
  lastMonthKeys,
  MIN_AWARDS_FOR_AVERAGE,
  monthKey,
  monthlySeries,
  monthStart,
  VENDOR_ANALYTICS_TEXT,
  winningSegments,
} from "@domain/rfp";
import { describe, expect, it } from "vitest";

describe("vendor analytics", () => {
  it("names months in the viewer's time zone", () => {
    // 03:00 UTC on 1 March is still February in New York, and already March in Tokyo.
    expect(monthKey("2026-03-01T03:00:00.000Z", "America/New_York")).toBe("2026-02");
    expect(monthKey("2026-03-01T03:00:00.000Z", "Asia/Tokyo")).toBe("2026-03");
    expect(monthStart("2026-03", "America/New_York")).toBe("2026-03-01T05:00:00.000Z");
    // Summer time: New York is UTC-4 in July.
    expect(monthStart("2026-07", "America/New_York")).toBe("2026-07-01T04:00:00.000Z");
  });

  it("covers the last 12 months up to the current one, across a new year", () => {
    const keys = lastMonthKeys("2027-01-10T12:00:00.000Z", "UTC");
    expect(keys).toHaveLength(12);
    expect(keys[0]).toBe("2026-02");
    expect(keys[10]).toBe("2026-12");
    expect(keys[11]).toBe("2027-01");
  });

  it("fills every month and leaves the win rate empty where nothing was decided", () => {
    const series = monthlySeries(
      ["2026-09", "2026-10", "2026-11"],
      [
        { month: "2026-09", submitted: 3, won: 1, lost: 2 },
        { month: "2026-11", submitted: 1, won: 0, lost: 0 },
      ],
    );
    expect(series).toEqual([
      { month: "2026-09", label: "Sep 2026", submitted: 3, won: 1, lost: 2, winRate: 33.3 },
      { month: "2026-10", label: "Oct 2026", submitted: 0, won: 0, lost: 0, winRate: null },
      { month: "2026-11", label: "Nov 2026", submitted: 1, won: 0, lost: 0, winRate: null },
    ]);
  });

  it("shows the awarded average only over enough awards to hide any one competitor's price", () => {
    const row = {
      category: "roofing",
      bids: 4,
      avgBid: 9_000,
      won: 1,
      avgWonBid: 8_000,
      avgAwardedBid: 10_000,
    };
    const [few] = bidComparison([{ ...row, awarded: MIN_AWARDS_FOR_AVERAGE - 1 }]);
    expect(few).toMatchObject({ label: "Roofing", avgAwardedBid: null, bidToAwarded: null });
    const [enough] = bidComparison([{ ...row, awarded: MIN_AWARDS_FOR_AVERAGE }]);
    expect(enough).toMatchObject({ avgAwardedBid: 10_000, bidToAwarded: 90 });
  });

  it("costs a won job in net credits, and ranks where the vendor wins", () => {
    expect(creditsPerWin(7, 2)).toBe(3.5);
    expect(creditsPerWin(7, 0)).toBeNull();
    const ranked = winningSegments(
      [
        { key: "a", bids: 5, won: 1, lost: 1 },
        { key: "b", bids: 5, won: 2, lost: 3 },
        { key: "c", bids: 2, won: 0, lost: 0 },
      ],
      (k) => k.toUpperCase(),
    );
    expect(ranked.map((r) => [r.label, r.winRate])).toEqual([
      ["B", 40],
      ["A", 50],
    ]);
  });

  it("explains a lock by the plan's state", () => {
    expect(analyticsLockedMessage({ status: null, subscribedPlanId: null })).toBe(
      VENDOR_ANALYTICS_TEXT.lockedFree,
    );
    expect(analyticsLockedMessage({ status: "past_due", subscribedPlanId: "professional" })).toBe(
      VENDOR_ANALYTICS_TEXT.lockedPastDue,
    );
    expect(analyticsLockedMessage({ status: "canceled", subscribedPlanId: "professional" })).toBe(
      VENDOR_ANALYTICS_TEXT.lockedLapsed,
    );
  });
});
