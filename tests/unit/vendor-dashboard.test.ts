import { MY_PROPOSALS_TABS, myProposalsHref, parseMyProposalsQuery } from "@domain/proposal";
import { monthTrend, strongestCategory, vendorInsights } from "@domain/rfp";
import { describe, expect, it } from "vitest";

describe("vendor performance insights (from the vendor's own proposals)", () => {
  it("words the month-on-month trend", () => {
    expect(monthTrend(3, 1)).toBe("Up 2 from last month (1)");
    expect(monthTrend(1, 4)).toBe("Down 3 from last month (4)");
    expect(monthTrend(2, 2)).toBe("Same as last month");
    expect(monthTrend(0, 0)).toBe("None last month either");
  });
  it("picks the category with most wins, then the better share, then by name", () => {
    expect(strongestCategory([{ category: "roofing", won: 0, decided: 3 }])).toBeNull();
    expect(
      strongestCategory([
        { category: "roofing", won: 1, decided: 4 },
        { category: "painting", won: 1, decided: 1 },
        { category: "hvac", won: 2, decided: 9 },
      ])?.category,
    ).toBe("hvac");
    expect(
      strongestCategory([
        { category: "roofing", won: 1, decided: 4 },
        { category: "painting", won: 1, decided: 1 },
      ])?.category,
    ).toBe("painting");
  });
  it("gives three insights with values, never sample text", () => {
    const insights = vendorInsights({
      proposalsThisMonth: 4,
      proposalsLastMonth: 1,
      bidToCeiling: 0.875,
      bidsWithCeiling: 4,
      categories: [{ category: "hvac", won: 1, decided: 2 }],
    });
    expect(insights).toEqual([
      { label: "Proposals this month", value: "4", detail: "Up 3 from last month (1)" },
      {
        label: "Bids against budget ceilings",
        value: "88%",
        detail: "Your average bid as a share of the budget ceiling, over 4 bids",
      },
      { label: "Strongest category", value: "HVAC", detail: "Won 1 of 2 decided bids" },
    ]);
    const none = vendorInsights({
      proposalsThisMonth: 0,
      proposalsLastMonth: 0,
      bidToCeiling: null,
      bidsWithCeiling: 0,
      categories: [],
    });
    expect(none.map((i) => i.value)).toEqual(["0", "—", "No wins yet"]);
  });
});

describe("My Proposals query (spec 001 section 7: status filter, 20 a page with offset)", () => {
  it("reads a known status and a page, and drops anything else", () => {
    expect(parseMyProposalsQuery(new URLSearchParams("status=accepted&page=3"))).toEqual({
      status: "accepted",
      page: 3,
    });
    expect(parseMyProposalsQuery(new URLSearchParams("status=won&page=-1"))).toEqual({
      status: null,
      page: 1,
    });
    expect(parseMyProposalsQuery(new URLSearchParams("page=1.5"))).toEqual({ status: null, page: 1 });
  });
  it("links tabs and pages back", () => {
    expect(myProposalsHref({ status: null, page: 1 })).toBe("/rfps/my-proposals");
    expect(myProposalsHref({ status: "rejected", page: 2 })).toBe(
      "/rfps/my-proposals?status=rejected&page=2",
    );
  });
  it("labels the tabs with the vendor's words", () => {
    expect(MY_PROPOSALS_TABS.map((t) => t.label)).toEqual([
      "All",
      "Under Review",
      "Shortlisted",
      "Won",
      "Not Selected",
      "Withdrawn",
      "Draft",
    ]);
  });
});
