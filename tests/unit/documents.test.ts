import {
  checkFolderParent,
  checkLibraryFile,
  DOCUMENT_MESSAGES,
  describeHistory,
  documentAccess,
  folderPath,
  LIBRARY_MAX_BYTES,
  orderFolders,
  parseVendorEmails,
  titleFromFileName,
  vendorsFor,
  visibleTo,
} from "@domain/documents";
import { describe, expect, it } from "vitest";

describe("who may see and manage a library document", () => {
  const base = { namedVendor: false, holdsVendorRole: false, archived: false } as const;

  it("lets the board and managers manage every document of their association, archived ones too", () => {
    for (const memberRole of ["board_member", "property_manager"] as const) {
      for (const visibility of ["board", "members", "vendors"] as const) {
        expect(documentAccess({ ...base, memberRole, visibility })).toBe("manage");
        expect(documentAccess({ ...base, memberRole, visibility, archived: true })).toBe("manage");
      }
    }
  });

  it("lets homeowners read only documents for all members, not archived", () => {
    const homeowner = { ...base, memberRole: "homeowner" as const };
    expect(documentAccess({ ...homeowner, visibility: "members" })).toBe("read");
    expect(documentAccess({ ...homeowner, visibility: "board" })).toBeNull();
    expect(documentAccess({ ...homeowner, visibility: "vendors" })).toBeNull();
    expect(documentAccess({ ...homeowner, visibility: "members", archived: true })).toBeNull();
  });

  it("lets a vendor read a document only while named on it, shared with vendors, holding a vendor role", () => {
    const vendor = { ...base, memberRole: null, namedVendor: true, holdsVendorRole: true };
    expect(documentAccess({ ...vendor, visibility: "vendors" })).toBe("read");
    expect(documentAccess({ ...vendor, visibility: "members" })).toBeNull();
    expect(documentAccess({ ...vendor, visibility: "board" })).toBeNull();
    expect(documentAccess({ ...vendor, visibility: "vendors", namedVendor: false })).toBeNull();
    expect(documentAccess({ ...vendor, visibility: "vendors", holdsVendorRole: false })).toBeNull();
    expect(documentAccess({ ...vendor, visibility: "vendors", archived: true })).toBeNull();
  });

  it("shows nothing to a person outside the association", () => {
    for (const visibility of ["board", "members", "vendors"] as const) {
      expect(documentAccess({ ...base, memberRole: null, visibility })).toBeNull();
    }
  });

  it("lists by role: managers all visibilities, homeowners the members' documents", () => {
    expect(visibleTo("board_member")).toEqual(["board", "members", "vendors"]);
    expect(visibleTo("property_manager")).toEqual(["board", "members", "vendors"]);
    expect(visibleTo("homeowner")).toEqual(["members"]);
  });
});

describe("library files", () => {
  const file = (name: string, sniffed: string | undefined, size = 1000, looksLikeText = false) => ({
    name,
    size,
    sniffed,
    looksLikeText,
  });

  it("accepts PDF, Office, images, text and CSV by content", () => {
    expect(checkLibraryFile(file("bylaws.pdf", "pdf"))).toEqual({ ok: true, contentType: "application/pdf" });
    expect(checkLibraryFile(file("budget.xlsx", "xlsx")).ok).toBe(true);
    expect(checkLibraryFile(file("old.doc", "cfb")).ok).toBe(true);
    expect(checkLibraryFile(file("deck.pptx", "pptx")).ok).toBe(true);
    expect(checkLibraryFile(file("photo.jpeg", "jpg"))).toEqual({ ok: true, contentType: "image/jpeg" });
    expect(checkLibraryFile(file("notes.txt", undefined, 10, true)).ok).toBe(true);
    expect(checkLibraryFile(file("roster.csv", undefined, 10, true)).ok).toBe(true);
    expect(checkLibraryFile(file("scan", "pdf"))).toEqual({ ok: true, contentType: "application/pdf" });
  });

  it("refuses a name that contradicts the content, unknown types and binary text", () => {
    const refused = { ok: false, message: DOCUMENT_MESSAGES.fileType };
    expect(checkLibraryFile(file("budget.pdf", "png"))).toEqual(refused);
    expect(checkLibraryFile(file("budget.pdf", undefined))).toEqual(refused);
    expect(checkLibraryFile(file("run.exe", "exe"))).toEqual(refused);
    expect(checkLibraryFile(file("cat.gif", "gif"))).toEqual(refused);
    expect(checkLibraryFile(file("notes.txt", undefined, 10, false))).toEqual(refused);
    expect(checkLibraryFile(file("notes.txt", "zip", 10, true))).toEqual(refused);
  });

  it("refuses files over 25 MB and empty files", () => {
    expect(checkLibraryFile(file("big.pdf", "pdf", LIBRARY_MAX_BYTES))).toMatchObject({ ok: true });
    expect(checkLibraryFile(file("big.pdf", "pdf", LIBRARY_MAX_BYTES + 1))).toEqual({
      ok: false,
      message: "File size exceeds 25MB limit",
    });
    expect(checkLibraryFile(file("empty.txt", undefined, 0, true))).toEqual({
      ok: false,
      message: DOCUMENT_MESSAGES.noFile,
    });
  });

  it("makes a title from the file name when none was typed", () => {
    expect(titleFromFileName("2026 Budget.pdf")).toBe("2026 Budget");
    expect(titleFromFileName(".env")).toBe(".env");
    expect(titleFromFileName("README")).toBe("README");
  });
});

describe("folders", () => {
  const folders = [
    { id: "b", name: "Insurance", parentId: null },
    { id: "a", name: "Governing documents", parentId: null },
    { id: "c", name: "Amendments", parentId: "a" },
  ];

  it("nests one level deep only", () => {
    expect(checkFolderParent(null, undefined)).toEqual({ ok: true });
    expect(checkFolderParent("a", { parentId: null })).toEqual({ ok: true });
    expect(checkFolderParent("c", { parentId: "a" })).toEqual({
      ok: false,
      message: DOCUMENT_MESSAGES.folderTooDeep,
    });
    expect(checkFolderParent("x", undefined)).toEqual({
      ok: false,
      message: DOCUMENT_MESSAGES.folderNotFound,
    });
  });

  it("names a folder by its path and orders parents before their children", () => {
    expect(folderPath("c", folders)).toBe("Governing documents / Amendments");
    expect(folderPath(null, folders)).toBe("No folder");
    expect(orderFolders(folders).map((f) => f.id)).toEqual(["a", "c", "b"]);
  });
});

describe("named vendors", () => {
  it("reads addresses separated by commas, semicolons, spaces or lines, once each, lower-cased", () => {
    expect(parseVendorEmails(" Val@Demo.test, val@demo.test;\nvic@demo.test ")).toEqual({
      ok: true,
      emails: ["val@demo.test", "vic@demo.test"],
    });
    expect(parseVendorEmails("")).toEqual({ ok: true, emails: [] });
    expect(parseVendorEmails("val@demo.test, nope")).toEqual({
      ok: false,
      message: "nope is not a valid e-mail address",
    });
    const many = Array.from({ length: 21 }, (_, i) => `v${i}@demo.test`).join(",");
    expect(parseVendorEmails(many)).toEqual({ ok: false, message: DOCUMENT_MESSAGES.tooManyVendors });
  });

  it("needs at least one vendor for Named vendors, and keeps none for the other visibilities", () => {
    expect(vendorsFor("vendors", [])).toEqual({ ok: false, message: DOCUMENT_MESSAGES.vendorsRequired });
    expect(vendorsFor("vendors", ["a@b.co"])).toEqual({ ok: true, emails: ["a@b.co"] });
    expect(vendorsFor("members", ["a@b.co"])).toEqual({ ok: true, emails: [] });
  });
});

describe("history in words", () => {
  it("says what changed, from what to what", () => {
    expect(describeHistory("renamed", { old: "A", new: "B" })).toBe('Renamed from "A" to "B"');
    expect(describeHistory("visibility_changed", { old: "board", new: "vendors", vendors: ["v@x.co"] })).toBe(
      "Visibility changed from Board only to Named vendors (v@x.co)",
    );
    expect(describeHistory("category_changed", { old: "bylaws", new: "minutes" })).toBe(
      "Category changed from Bylaws to Minutes",
    );
    expect(describeHistory("version_uploaded", { version: 3, fileName: "b.pdf" })).toBe(
      "Uploaded version 3 (b.pdf)",
    );
    expect(describeHistory("archived", {})).toBe("Archived");
  });
});
