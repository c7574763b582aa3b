import {
  fillPlaceholders,
  legalAccess,
  libraryHref,
  pageWindow,
  parseLibraryParams,
  placeholdersOf,
  slugify,
  statesMatching,
  templateDocument,
} from "@domain/legal/resources";
import { navigationFor } from "@domain/navigation";
import { CONTEXT_PERMISSIONS, ROLE_TYPES } from "@domain/roles";
import { describe, expect, it } from "vitest";
import { DEMO_LEGAL_RESOURCES } from "../../db/legal-content";

describe("Legal Resources: placeholders", () => {
  const body =
    "Dear [Owner Name],\n\nPay [Total Amount Due] by [Pay By Date]. See [the policy](https://example.com).\n[Owner Name]";
  it("finds bracketed names once each, in order, not a Markdown link's text", () => {
    expect(placeholdersOf(body)).toEqual(["Owner Name", "Total Amount Due", "Pay By Date"]);
  });
  it("fills the values given and leaves blank or missing ones as placeholders", () => {
    const filled = fillPlaceholders(body, { "Owner Name": "Pat Lee", "Total Amount Due": "  ", Other: "x" });
    expect(filled).toContain("Dear Pat Lee,");
    expect(filled.endsWith("\nPat Lee")).toBe(true);
    expect(filled).toContain("[Total Amount Due]");
    expect(filled).toContain("[Pay By Date]");
    expect(filled).toContain("[the policy](https://example.com)");
  });
  it("keeps a value on one line and unable to make new placeholders", () => {
    const filled = fillPlaceholders("To [Owner Name]: [Pay By Date]", {
      "Owner Name": "Pat\n# Heading [Pay By Date]",
      "Pay By Date": "June 1",
    });
    expect(filled).toBe("To Pat # Heading Pay By Date: June 1");
  });
  it("cuts a value at the limit", () => {
    expect(fillPlaceholders("[Owner Name]", { "Owner Name": "x".repeat(1000) })).toHaveLength(300);
  });
  it("every demo template has placeholders and a download with the disclaimer", () => {
    const templates = DEMO_LEGAL_RESOURCES.filter((r) => r.kind === "template");
    expect(templates.map((t) => t.topic).sort()).toEqual(["collections", "meetings", "records"]);
    for (const t of templates) {
      expect(placeholdersOf(t.body)).toContain("Association Name");
      expect(templateDocument(t.title, t.body)).toMatch(/not legal advice/);
    }
  });
});

describe("Legal Resources: filters and pages", () => {
  it("parses known values and drops unknown ones", () => {
    expect(
      parseLibraryParams(
        new URLSearchParams("search=  records   request &state=fl&topic=records&kind=template&page=2"),
      ),
    ).toEqual({ search: "records request", state: "FL", topic: "records", kind: "template", page: 2 });
    expect(parseLibraryParams(new URLSearchParams("state=ZZ&topic=x&kind=memo&page=-3"))).toEqual({
      search: "",
      state: null,
      topic: null,
      kind: null,
      page: 1,
    });
    expect(parseLibraryParams(new URLSearchParams(`search=${"a".repeat(500)}&page=99999999`))).toMatchObject({
      page: 500,
    });
  });
  it("a state also shows the resources for all states", () => {
    expect(statesMatching("FL")).toEqual(["FL", "ALL"]);
    expect(statesMatching("ALL")).toEqual(["ALL"]);
    expect(statesMatching(null)).toBeNull();
  });
  it("builds the library's links", () => {
    expect(libraryHref({ search: "notice", state: "FL", page: 1 })).toBe("/legal?search=notice&state=FL");
    expect(libraryHref({ topic: "collections", page: 3 })).toBe("/legal?topic=collections&page=3");
    expect(libraryHref({})).toBe("/legal");
  });
  it("clamps a page into the pages there are", () => {
    expect(pageWindow(0, 4)).toEqual({ pages: 1, page: 1, offset: 0 });
    expect(pageWindow(25, 3, 12)).toEqual({ pages: 3, page: 3, offset: 24 });
    expect(pageWindow(25, 9, 12)).toEqual({ pages: 3, page: 3, offset: 24 });
  });
  it("slugs", () => {
    expect(slugify("Florida: Notice — Board Meetings (2026)!")).toBe("florida-notice-board-meetings-2026");
    expect(slugify("¿¿")).toBe("resource");
  });
});

describe("Legal Resources: who may do what", () => {
  const verified = { verified: true, isCurrent: true };
  it("the sidebar's roles read; admins review; verified attorneys read and submit", () => {
    expect(legalAccess("board_member", verified, false)).toEqual({
      read: true,
      submit: false,
      review: false,
    });
    expect(legalAccess("manager", verified, false)).toEqual({ read: true, submit: false, review: false });
    expect(legalAccess("admin", verified, true)).toEqual({ read: true, submit: false, review: true });
    expect(legalAccess("admin", verified, false).review).toBe(false);
    expect(legalAccess("attorney", verified, false)).toEqual({ read: true, submit: true, review: false });
  });
  it("an unverified or former attorney and the other roles get nothing", () => {
    const none = { read: false, submit: false, review: false };
    expect(legalAccess("attorney", { verified: false, isCurrent: true }, false)).toEqual(none);
    expect(legalAccess("attorney", { verified: true, isCurrent: false }, false)).toEqual(none);
    for (const type of ["vendor", "cpa", "homeowner", "other"] as const)
      expect(legalAccess(type, verified, false)).toEqual(none);
    expect(legalAccess(null, null, false)).toEqual(none);
  });
  it("the sidebar shows Legal Resources to admin, board member and manager contexts only", () => {
    for (const type of ROLE_TYPES) {
      const shown = navigationFor(type, CONTEXT_PERMISSIONS[type]).some((i) => i.href === "/legal");
      expect(shown).toBe(type === "admin" || type === "board_member" || type === "manager");
    }
  });
});
