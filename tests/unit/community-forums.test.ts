/** Forums (issue 29, part 5): forum tags' rules, the grid's address, the member count's display, slugs. */
import {
  addTag,
  archivedRefusal,
  CATEGORY_SORTS,
  categoriesHref,
  FORUM_MESSAGES,
  formatMemberCount,
  mayAnnounce,
  normalizeTags,
  parseCategoryParams,
  slugOf,
} from "@domain/community/forums";
import { describe, expect, it } from "vitest";

describe("forum tags (spec 002: lowercased, unique, at most 5, added with Enter or a comma)", () => {
  it("lowercases, drops #, blanks and repeats", () => {
    expect(normalizeTags("Reserves, #reserves, , BUDGET ,budget")).toEqual({
      tags: ["reserves", "budget"],
      error: null,
    });
    expect(normalizeTags(["Pool Rules", "pool-rules"])).toEqual({ tags: ["pool-rules"], error: null });
  });
  it("refuses a sixth distinct tag and an overlong one", () => {
    expect(normalizeTags("a,b,c,d,e").error).toBeNull();
    expect(normalizeTags("a,b,c,d,e,A,b").error).toBeNull();
    expect(normalizeTags("a,b,c,d,e,f")).toEqual({
      tags: ["a", "b", "c", "d", "e"],
      error: FORUM_MESSAGES.tooManyTags,
    });
    expect(normalizeTags("x".repeat(31)).error).toBe(FORUM_MESSAGES.tagTooLong);
  });
  it("the composer's box adds a typed tag and stops at 5", () => {
    expect(addTag([], "HOA")).toEqual(["hoa"]);
    expect(addTag(["hoa"], "hoa")).toEqual(["hoa"]);
    expect(addTag(["a", "b", "c", "d", "e"], "f")).toEqual(["a", "b", "c", "d", "e"]);
  });
});

describe("the categories grid's address", () => {
  it("reads search, sortBy and filter, anything odd is the default", () => {
    expect(parseCategoryParams(new URLSearchParams(""))).toEqual({
      search: "",
      sort: "alphabetical",
      filter: "all",
    });
    expect(
      parseCategoryParams(new URLSearchParams("search=%20pool%00&sortBy=members&filter=joined")),
    ).toEqual({
      search: "pool",
      sort: "members",
      filter: "joined",
    });
    expect(parseCategoryParams(new URLSearchParams("sortBy=drop&filter=../"))).toMatchObject({
      sort: "alphabetical",
      filter: "all",
    });
    expect(parseCategoryParams(new URLSearchParams(`search=${"x".repeat(500)}`)).search).toHaveLength(100);
  });
  it("writes the defaults out (spec 002: sortBy sent unless alphabetical, filter unless all)", () => {
    expect(categoriesHref({ search: "", sort: "alphabetical", filter: "all" })).toBe("/common-area/forums");
    expect(categoriesHref({ search: "q&a", sort: "posts", filter: "featured" })).toBe(
      "/common-area/forums?search=q%26a&sortBy=posts&filter=featured",
    );
    for (const sort of CATEGORY_SORTS)
      expect(
        parseCategoryParams(
          new URL(categoriesHref({ search: "", sort, filter: "all" }), "http://x").searchParams,
        ).sort,
      ).toBe(sort);
  });
});

describe("member count (spec 002: k above 1000)", () => {
  it("shows k only above 1000", () => {
    expect(formatMemberCount(0)).toBe("0");
    expect(formatMemberCount(999)).toBe("999");
    expect(formatMemberCount(1000)).toBe("1000");
    expect(formatMemberCount(1001)).toBe("1k");
    expect(formatMemberCount(1250)).toBe("1.2k");
    expect(formatMemberCount(15000)).toBe("15k");
  });
});

describe("a new community's slug", () => {
  it("lowercase words joined by dashes", () => {
    expect(slugOf("Board Treasurers")).toBe("board-treasurers");
    expect(slugOf("Pools & Spas!")).toBe("pools-and-spas");
    expect(slugOf("Résidences")).toBe("residences");
    expect(slugOf("!!!")).toBe("");
  });
});

describe("announcements and archived categories (decision 085)", () => {
  it("only a category's moderators and admins, or a platform administrator, announce", () => {
    expect(mayAnnounce("moderator", false)).toBe(true);
    expect(mayAnnounce("admin", false)).toBe(true);
    expect(mayAnnounce("member", false)).toBe(false);
    expect(mayAnnounce(null, false)).toBe(false);
    expect(mayAnnounce(null, true)).toBe(true);
  });

  it("an archived category refuses writes with the message; an open one none", () => {
    expect(archivedRefusal({ isArchived: true })).toBe(FORUM_MESSAGES.archived);
    expect(archivedRefusal({ isArchived: false })).toBeNull();
  });

  it("the grid's Archived filter is read from the address and written back", () => {
    const params = parseCategoryParams(new URLSearchParams("filter=archived"));
    expect(params.filter).toBe("archived");
    expect(categoriesHref(params)).toContain("filter=archived");
  });
});
