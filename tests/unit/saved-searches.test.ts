import {
  FREE_SAVED_SEARCH_LIMIT,
  mayCreateSavedSearch,
  maySetAlerts,
  SAVED_SEARCH_LIMIT,
} from "@domain/rfp/saved-searches";
import {
  matchesRfpSearch,
  parseRfpSearch,
  type RfpMatchFacts,
  savedSearchFilters,
  searchIsSavable,
} from "@domain/rfp/search";
import { describe, expect, it } from "vitest";

const NOW = "2027-01-10T15:00:00.000Z";
const ME = "00000000-0000-4000-8000-000000000001";
const rfp: RfpMatchFacts = {
  status: "published",
  category: "roofing",
  propertyType: "condominium",
  locationAddress: "1 Ocean Dr",
  locationCity: "Miami",
  locationState: "FL",
  locationZip: "33139",
  budgetMin: 10000,
  budgetMax: 20000,
  budgetHourlyRate: null,
  proposalDeadline: "2027-01-12T04:30:00.000Z",
  authorId: "00000000-0000-4000-8000-000000000002",
};
const match = (qs: string, facts: Partial<RfpMatchFacts> = {}, textMatches = false, timeZone = "UTC") =>
  matchesRfpSearch(
    parseRfpSearch(new URLSearchParams(qs)),
    { ...rfp, ...facts },
    {
      viewerId: ME,
      now: NOW,
      timeZone,
      textMatches,
    },
  );

describe("matchesRfpSearch: the search page's filters as a pure rule", () => {
  it.each([
    ["", {}, true],
    ["", { status: "closed" as const }, false],
    ["", { proposalDeadline: "2027-01-09T00:00:00.000Z" }, false],
    ["", { proposalDeadline: null }, false],
    ["status=closed", { status: "closed" as const }, true],
    ["status=closed&status=published", {}, true],
    ["category=construction", {}, true],
    ["category=landscaping", {}, false],
    ["category=emergency", {}, false],
    ["category=construction", { category: null }, false],
    ["property_type=condominium", {}, true],
    ["property_type=townhouse", {}, false],
    ["state=fl", {}, true],
    ["state=GA", {}, false],
    ["location=mia", {}, true],
    ["location=3313", {}, true],
    ["location=ocean", {}, true],
    ["location=tampa", {}, false],
    ["budget_min=15000", {}, true],
    ["budget_min=25000", {}, false],
    ["budget_max=9000", {}, false],
    ["budget_max=10000", {}, true],
    ["budget_min=1", { budgetMin: null, budgetMax: null }, false],
    ["budget_max=60", { budgetMin: null, budgetMax: null, budgetHourlyRate: 50 }, true],
    ["budget=over-100k", {}, false],
    ["deadline_to=2027-01-12", {}, true],
    ["deadline_to=2027-01-11", {}, false],
    ["deadline_from=2027-01-13", {}, false],
    ["urgent=1", {}, true],
    ["urgent=1", { proposalDeadline: "2027-01-20T00:00:00.000Z" }, false],
    ["mine=1", {}, false],
    ["mine=1", { authorId: ME }, true],
    ["q=roof", {}, false],
  ])("%s on %j: %s", (qs, facts, expected) => {
    expect(match(qs, facts)).toBe(expected);
  });

  it("takes the full-text answer from the database and ignores it without a search text", () => {
    expect(match("q=roof", {}, true)).toBe(true);
    expect(match("", {}, false)).toBe(true);
  });

  it("reads the deadline's day in the person's time zone", () => {
    // 04:30 UTC on the 12th is the evening of the 11th in New York.
    expect(match("deadline_to=2027-01-11", {}, false, "America/New_York")).toBe(true);
    expect(match("deadline_to=2027-01-11", {}, false, "UTC")).toBe(false);
  });

  it("stores filters without the page and needs a filter or a text to save", () => {
    expect(savedSearchFilters(parseRfpSearch(new URLSearchParams("state=FL&page=3")))).toBe("state=FL");
    expect(searchIsSavable(parseRfpSearch(new URLSearchParams("page=2")))).toBe(false);
    expect(searchIsSavable(parseRfpSearch(new URLSearchParams("q=roof")))).toBe(true);
    expect(searchIsSavable(parseRfpSearch(new URLSearchParams("state=FL")))).toBe(true);
  });
});

describe("the saved searches' allowance", () => {
  it("lets Free keep up to 3 searches without alerts", () => {
    expect(FREE_SAVED_SEARCH_LIMIT).toBe(3);
    expect(mayCreateSavedSearch({ existing: 2, alerts: false, professional: false })).toBeNull();
    expect(mayCreateSavedSearch({ existing: 3, alerts: false, professional: false })).toBe("free_limit");
  });
  it("needs Professional for alerts, whatever the count", () => {
    expect(mayCreateSavedSearch({ existing: 0, alerts: true, professional: false })).toBe("alerts_need_plan");
    expect(mayCreateSavedSearch({ existing: 0, alerts: true, professional: true })).toBeNull();
    expect(maySetAlerts({ alerts: true, professional: false })).toBe("alerts_need_plan");
    expect(maySetAlerts({ alerts: false, professional: false })).toBeNull();
  });
  it("lets Professional keep more, up to the overall limit", () => {
    expect(mayCreateSavedSearch({ existing: 10, alerts: true, professional: true })).toBeNull();
    expect(mayCreateSavedSearch({ existing: SAVED_SEARCH_LIMIT, alerts: false, professional: true })).toBe(
      "limit",
    );
  });
});
