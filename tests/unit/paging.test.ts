import { parseMyProposalsQuery } from "@domain/proposal";
import { MAX_PAGE, pageNumber } from "@domain/rules/paging";
import { describe, expect, it } from "vitest";

describe("page numbers from a query string (issue 26, part 2)", () => {
  it("reads a positive whole number, bounded; anything else is page 1", () => {
    expect(pageNumber("3")).toBe(3);
    expect(pageNumber("99999999999999999999")).toBe(MAX_PAGE);
    expect(pageNumber("1e3")).toBe(1);
    for (const odd of [null, undefined, "", "0", "-1", "1.5", "NaN", "Infinity", "__proto__", " "]) {
      expect(pageNumber(odd)).toBe(1);
    }
  });

  it("bounds My Proposals' page, which answered 500 past the integers a number holds", () => {
    const query = parseMyProposalsQuery(new URLSearchParams("page=99999999999999999999"));
    expect(query.page).toBe(MAX_PAGE);
  });
});
