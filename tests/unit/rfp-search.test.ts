import { PROPERTY_TYPES } from "@domain/rfp";
import {
  activeFilterCount,
  clearFilters,
  clearSearch,
  coveredCategories,
  DEFAULT_RFP_SEARCH,
  PAGER_MAX_NUMBERS,
  pageCount,
  pagerNumbers,
  parseRfpSearch,
  RFP_LIST_TEXT,
  RFP_PAGE_SIZE,
  RFP_PAGE_SIZE_MAX,
  rfpSearchParams,
  SEARCH_DEBOUNCE_MS,
  savedSearchNameError,
  urgentBefore,
} from "@domain/rfp/search";
import { describe, expect, it } from "vitest";

const parse = (qs: string) => parseRfpSearch(new URLSearchParams(qs));

describe("RFP search filters (spec 001 sections 2.2, 2.3, 3, 7)", () => {
  it("has the spec's constants", () => {
    expect(RFP_PAGE_SIZE).toBe(20);
    expect(RFP_PAGE_SIZE_MAX).toBe(100);
    expect(PAGER_MAX_NUMBERS).toBe(5);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(RFP_LIST_TEXT).toMatchObject({
      emptyTitle: "No RFPs Found",
      emptyFiltered: "Try adjusting your filters to see more results.",
      emptyUnfiltered: "There are currently no RFPs matching your criteria.",
      errorTitle: "Error Loading RFPs",
    });
  });

  it("defaults to open RFPs, newest first, 20 per page", () => {
    expect(parse("")).toEqual(DEFAULT_RFP_SEARCH);
  });

  it("a page size above 100 is capped at 100; a bad page is page 1", () => {
    expect(parse("limit=500").limit).toBe(100);
    expect(parse("page=-3").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=4").page).toBe(4);
  });

  it("reads every filter and drops unknown values", () => {
    const f = parse(
      "q=+roof+repair+&category=construction&category=bogus&state=fl&location=Tampa&budget_min=$5,000&budget_max=20000&deadline_from=2026-12-01&deadline_to=not-a-date&status=published&status=nope&urgent=1&sort=deadline",
    );
    expect(f).toMatchObject({
      q: "roof repair",
      categories: ["construction"],
      state: "FL",
      location: "Tampa",
      budgetMin: 5000,
      budgetMax: 20000,
      deadlineFrom: "2026-12-01",
      deadlineTo: null,
      statuses: ["published"],
      urgent: true,
      sort: "deadline",
      order: "asc",
    });
  });

  it("reads the property types of spec 001 section 2.2, counts them as one filter and writes them back", () => {
    expect(PROPERTY_TYPES.map((p) => p.label)).toEqual([
      "Condominium",
      "Townhouse",
      "Single Family HOA",
      "Commercial",
      "Mixed Use",
      "Cooperative",
      "Mobile Home Park",
    ]);
    const f = parse(
      "property_type=condominium&property_type=bogus&property_type=mobile_home_park&property_type=condominium",
    );
    expect(f.propertyTypes).toEqual(["condominium", "mobile_home_park"]);
    expect(activeFilterCount(f)).toBe(1);
    expect(rfpSearchParams(f).toString()).toBe("property_type=condominium&property_type=mobile_home_park");
    expect(clearFilters(f).propertyTypes).toEqual([]);
  });

  it("budgets are whole numbers; min above max is swapped; a preset fills both", () => {
    expect(parse("budget_min=1500.75").budgetMin).toBe(1500);
    expect(parse("budget_min=-5").budgetMin).toBeNull();
    expect(parse("budget_min=900&budget_max=100")).toMatchObject({ budgetMin: 100, budgetMax: 900 });
    expect(parse("budget=5k-25k")).toMatchObject({ budgetMin: 5000, budgetMax: 25000 });
    expect(parse("budget=over-100k")).toMatchObject({ budgetMin: 100000, budgetMax: null });
    // Past the integer column's largest value (issue 26, part 2: answered 500).
    expect(parse("budget_min=99999999999999999999").budgetMin).toBe(2_147_483_647);
  });

  it("keeps only dates that exist, and bounds the page (issue 26, part 2)", () => {
    expect(parse("deadline_from=2026-02-31&deadline_to=2026-13-01")).toMatchObject({
      deadlineFrom: null,
      deadlineTo: null,
    });
    expect(parse("deadline_from=2028-02-29").deadlineFrom).toBe("2028-02-29");
    expect(parse("page=99999999999999999999").page).toBe(10_000);
    expect(parse("page=-3").page).toBe(1);
  });

  it("sorts by relevance when there is search text, newest otherwise", () => {
    expect(parse("q=pool").sort).toBe("relevance");
    expect(parse("sort=relevance").sort).toBe("newest");
    expect(parse("q=pool&sort=budget")).toMatchObject({ sort: "budget", order: "desc" });
  });

  it("round-trips through the query string, leaving defaults out", () => {
    const qs = "q=pool&category=security&budget_min=100&budget_max=900&status=closed&page=3";
    const f = parse(qs);
    expect(parse(rfpSearchParams(f).toString())).toEqual(f);
    expect(rfpSearchParams(DEFAULT_RFP_SEARCH).toString()).toBe("");
    expect(rfpSearchParams(f, { page: 1 }).get("page")).toBeNull();
  });

  it("counts active filters, budget min and max together as one", () => {
    expect(activeFilterCount(parse(""))).toBe(0);
    expect(activeFilterCount(parse("q=roof&sort=budget&page=2"))).toBe(0);
    expect(activeFilterCount(parse("budget_min=1"))).toBe(1);
    expect(activeFilterCount(parse("budget_min=1&budget_max=2"))).toBe(1);
    expect(
      activeFilterCount(parse("budget_min=1&budget_max=2&category=security&category=other&state=FL")),
    ).toBe(3);
    expect(
      activeFilterCount(parse("urgent=1&status=closed&deadline_from=2026-01-01&deadline_to=2026-02-01")),
    ).toBe(4);
  });

  it("Clear All keeps the search text and sort", () => {
    const cleared = clearFilters(parse("q=roof&sort=budget&category=security&urgent=1&page=3"));
    expect(activeFilterCount(cleared)).toBe(0);
    expect(cleared).toMatchObject({ q: "roof", sort: "budget", page: 1 });
  });

  it("the empty result's Clear Filters also clears the text, and a sort by relevance with it", () => {
    expect(rfpSearchParams(clearSearch(parse("q=roof&category=security&urgent=1"))).toString()).toBe("");
    expect(rfpSearchParams(clearSearch(parse("q=roof&sort=budget&order=asc&state=FL"))).toString()).toBe(
      "sort=budget&order=asc",
    );
  });

  it("search categories cover creation categories", () => {
    expect(coveredCategories(["construction"])).toContain("roofing");
    expect(coveredCategories(["insurance_legal"]).sort()).toEqual(["insurance", "legal"]);
    expect(coveredCategories(["emergency"])).toEqual([]);
  });

  it("urgent means a deadline within 3 days", () => {
    expect(urgentBefore("2026-11-22T12:00:00.000Z")).toBe("2026-11-25T12:00:00.000Z");
  });
});

describe("pager (at most 5 numbers)", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [5, 10, [3, 4, 5, 6, 7]],
    [10, 10, [6, 7, 8, 9, 10]],
    [9, 10, [6, 7, 8, 9, 10]],
  ])("page %i of %i shows %j", (page, pages, expected) => {
    expect(pagerNumbers(page, pages)).toEqual(expected);
  });
  it("counts pages", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe("saved searches", () => {
  it("requires a non-empty trimmed name", () => {
    expect(savedSearchNameError("   ")).not.toBeNull();
    expect(savedSearchNameError(" Roofing in FL ")).toBeNull();
  });
});
