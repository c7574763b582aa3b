/**
 * Issue 28, parts 1 and 2: the profile's pure rules. Usernames (the slug of a name, candidates on
 * conflict, the rules of a chosen one), the unified profile's view rules (who sees it, the e-mail line,
 * role order and how many show, initials, labels), the /profile/edit schema's messages (spec 002
 * section 5, word for word), the avatar checks (section 5 "File upload", section 8) and the directory's
 * filters.
 */
import {
  AVATAR_MAX_BYTES,
  avatarSide,
  centredSquare,
  checkAvatarFile,
  fileTooLargeMessage,
  fileTypeMessage,
  smallAvatarUrl,
} from "@domain/network/avatar";
import { directoryQuery, isDirectorySearch, parseDirectoryFilters } from "@domain/network/directory";
import {
  activeRolesLabel,
  countsAsView,
  currentRolesCount,
  emailLine,
  hasVerifiedRole,
  initials,
  memberSince,
  parseLocation,
  profileAccess,
  profileName,
  rolesShown,
  showMoreRolesLabel,
  sortRoles,
} from "@domain/network/profile";
import { ProfileEditActionSchema } from "@domain/network/profile-edit";
import {
  firstFreeUsername,
  slugify,
  USERNAME_MESSAGES,
  usernameBase,
  usernameCandidate,
  usernameProblem,
  usernameWithSuffix,
} from "@domain/network/username";
import { describe, expect, it } from "vitest";

describe("usernames", () => {
  it("slugifies a name: lower case, diacritics folded, words joined by dashes", () => {
    expect(slugify("Jane Doe")).toBe("jane-doe");
    expect(slugify("  José  Núñez-García ")).toBe("jose-nunez-garcia");
    expect(slugify("Zoë O'Brien, CPA")).toBe("zoe-o-brien-cpa");
    expect(slugify("Straße Łukasz Ærø")).toBe("strasse-lukasz-aero");
    expect(slugify("!!!")).toBe("");
    expect(slugify("李小龙")).toBe("");
  });
  it("keeps a slug within 40 characters, cutting at a word's end when one is near", () => {
    const long = slugify("Maximiliana Alexandrina Bartholomew-Featherstonehaugh");
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toBe("maximiliana-alexandrina-bartholomew");
    const oneWord = slugify("a".repeat(60));
    expect(oneWord).toBe("a".repeat(40));
  });
  it("starts from the name, else the e-mail's local part, else 'member'; never short or reserved", () => {
    expect(usernameBase("Avery Admin", "admin@demo.test")).toBe("avery-admin");
    expect(usernameBase(null, "pat.smith@example.test")).toBe("pat-smith");
    expect(usernameBase("", "")).toBe("member");
    expect(usernameBase("Al", null)).toBe("al-member");
    expect(usernameBase("Me", null)).toBe("me-member");
  });
  it("tries base, base-2, base-3 ... and stays within the length", () => {
    expect(usernameCandidate("jane-doe", 1)).toBe("jane-doe");
    expect(usernameCandidate("jane-doe", 2)).toBe("jane-doe-2");
    expect(firstFreeUsername("jane-doe", [])).toBe("jane-doe");
    expect(firstFreeUsername("jane-doe", ["Jane-Doe", "jane-doe-2"])).toBe("jane-doe-3");
    expect(firstFreeUsername("x-y", ["x-y", "x-y-2"], 2)).toBeNull();
    const base = "a".repeat(40);
    expect(usernameCandidate(base, 12)).toHaveLength(40);
    expect(usernameCandidate(base, 12).endsWith("-12")).toBe(true);
    expect(usernameWithSuffix(base, "k3x9")).toBe(`${"a".repeat(35)}-k3x9`);
  });
  it("checks a chosen username: 3 to 40 of [a-z0-9-], not reserved", () => {
    expect(usernameProblem("jane-doe")).toBeNull();
    expect(usernameProblem("")).toBe(USERNAME_MESSAGES.required);
    expect(usernameProblem("ab")).toBe(USERNAME_MESSAGES.tooShort);
    expect(usernameProblem("a".repeat(41))).toBe(USERNAME_MESSAGES.tooLong);
    for (const bad of ["Jane", "jane_doe", "-jane", "jane-", "ja--ne", "jané"])
      expect(usernameProblem(bad)).toBe(USERNAME_MESSAGES.pattern);
    expect(usernameProblem("me")).toBe(USERNAME_MESSAGES.tooShort);
    expect(usernameProblem("discover")).toBe(USERNAME_MESSAGES.reserved);
  });
});

const role = (p: Partial<Parameters<typeof sortRoles>[0][number]> & { id: string }) => ({
  isPrimary: false,
  isCurrent: true,
  displayOrder: 0,
  verificationStatus: "pending",
  ...p,
});

describe("the unified profile's rules", () => {
  it("sorts roles primary first, then current, then display order", () => {
    const sorted = sortRoles([
      role({ id: "past", isCurrent: false, displayOrder: 0 }),
      role({ id: "b", displayOrder: 2 }),
      role({ id: "primary", isPrimary: true, displayOrder: 5 }),
      role({ id: "a", displayOrder: 1 }),
    ]);
    expect(sorted.map((r) => r.id)).toEqual(["primary", "a", "b", "past"]);
  });
  it("shows 3 roles in full and 2 in compact until expanded, with Show N More Roles", () => {
    const roles = ["a", "b", "c", "d", "e"];
    expect(rolesShown(roles, "full")).toEqual({ shown: ["a", "b", "c"], hidden: ["d", "e"], more: 2 });
    expect(rolesShown(roles, "compact").shown).toEqual(["a", "b"]);
    expect(rolesShown(roles, "full", true)).toEqual({ shown: roles, hidden: [], more: 0 });
    expect(showMoreRolesLabel(2)).toBe("Show 2 More Roles");
    expect(showMoreRolesLabel(1)).toBe("Show 1 More Role");
  });
  it("counts active roles and says N Active Role(s); Verified Professional needs a verified role", () => {
    const roles = [role({ id: "a", verificationStatus: "verified" }), role({ id: "b", isCurrent: false })];
    expect(currentRolesCount(roles)).toBe(1);
    expect(activeRolesLabel(1)).toBe("1 Active Role");
    expect(activeRolesLabel(3)).toBe("3 Active Roles");
    expect(hasVerifiedRole(roles)).toBe(true);
    expect(hasVerifiedRole([role({ id: "c", verificationStatus: "submitted" })])).toBe(false);
  });
  it("falls back to 'Anonymous User' and takes initials from the words of the name", () => {
    expect(profileName("  ")).toBe("Anonymous User");
    expect(profileName(null)).toBe("Anonymous User");
    expect(initials("Jane Doe")).toBe("JD");
    expect(initials("mary ann van der berg")).toBe("MB");
    expect(initials("Cher")).toBe("C");
    expect(initials(null)).toBe("AU");
    expect(initials("Émile (Zola)")).toBe("ÉZ");
  });
  it("lets the owner always, a connection or anyone for a public profile, nobody across a block", () => {
    const base = { viewerId: "v", ownerId: "o", isPublic: true, connected: false, blocked: false };
    expect(profileAccess({ ...base, viewerId: "o", isPublic: false, blocked: true })).toBe("owner");
    expect(profileAccess(base)).toBe("visitor");
    expect(profileAccess({ ...base, isPublic: false })).toBe("hidden");
    expect(profileAccess({ ...base, isPublic: false, connected: true })).toBe("visitor");
    expect(profileAccess({ ...base, blocked: true })).toBe("hidden");
  });
  it("shows the e-mail to its owner only and counts views of others only", () => {
    expect(emailLine("owner", "me@example.test")).toBe("me@example.test");
    expect(emailLine("visitor", "me@example.test")).toBe("Contact via platform");
    expect(countsAsView("a", "b")).toBe(true);
    expect(countsAsView("a", "a")).toBe(false);
  });
  it("words member since as a long US date", () => {
    expect(memberSince("2026-01-05T10:00:00Z")).toBe("Member since January 5, 2026");
    expect(memberSince("2026-03-01 00:30:00+00")).toBe("Member since March 1, 2026");
  });
  it("reads city and the trailing two-letter state from a location", () => {
    expect(parseLocation("Miami, FL")).toEqual({ city: "Miami", state: "FL" });
    expect(parseLocation("St. Petersburg, fl 33701")).toEqual({ city: "St. Petersburg", state: "FL" });
    expect(parseLocation("Tampa, Florida")).toEqual({ city: "Tampa", state: null });
    expect(parseLocation("Online")).toEqual({ city: "Online", state: null });
    expect(parseLocation("")).toEqual({ city: null, state: null });
  });
});

/** The messages of the schema's answer, by field. */
function errors(input: Record<string, unknown>) {
  const result = ProfileEditActionSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

describe("/profile/edit's rules (spec 002 section 5)", () => {
  const valid = { intent: "update-profile", version: "v1", username: "jane-doe", full_name: "Jane Doe" };
  it("accepts a valid form and lower-cases the username", () => {
    const parsed = ProfileEditActionSchema.parse({ ...valid, username: " Jane-Doe ", is_public: "on" });
    expect(parsed).toMatchObject({ username: "jane-doe", full_name: "Jane Doe", is_public: true });
  });
  it("answers each rule with the spec's message", () => {
    expect(errors({ ...valid, full_name: "" }).full_name).toEqual(["Full name is required"]);
    expect(errors({ ...valid, full_name: "J" }).full_name).toEqual([
      "Full name must be at least 2 characters",
    ]);
    expect(errors({ ...valid, full_name: "J".repeat(101) }).full_name).toEqual([
      "Full name must be at most 100 characters",
    ]);
    expect(errors({ ...valid, bio: "b".repeat(501) }).bio).toEqual(["Bio must be at most 500 characters"]);
    expect(errors({ ...valid, website_url: "not a url" }).website_url).toEqual([
      "Please enter a valid website URL",
    ]);
    expect(errors({ ...valid, website_url: "javascript:alert(1)" }).website_url).toEqual([
      "Please enter a valid website URL",
    ]);
    expect(errors({ ...valid, phone: "0123" }).phone).toEqual(["Please enter a valid phone number"]);
    expect(errors({ ...valid, phone: "+1 (305) 555-0100" }).phone).toBeUndefined();
    expect(errors({ ...valid, years_experience: "51" }).years_experience).toEqual([
      "Years of experience cannot be more than 50",
    ]);
    expect(errors({ ...valid, username: "a_b" }).username).toEqual([USERNAME_MESSAGES.pattern]);
    expect(errors({ ...valid, version: undefined }).version).toBeDefined();
  });
});

describe("avatar checks (spec 002 sections 5 and 8)", () => {
  it("takes JPEG, PNG, WebP and GIF by content", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/gif"])
      expect(checkAvatarFile({ name: "me.jpg", size: 1000, sniffedType: type })).toEqual({
        ok: true,
        contentType: type,
      });
  });
  it("refuses a file over 10 MB with the spec's message, prefixed with the file name", () => {
    expect(fileTooLargeMessage(12.5 * 1024 * 1024, AVATAR_MAX_BYTES)).toBe(
      "File size 12.5 MB exceeds maximum allowed size of 10 MB",
    );
    expect(
      checkAvatarFile({ name: "big.jpg", size: AVATAR_MAX_BYTES + 1, sniffedType: "image/jpeg" }),
    ).toMatchObject({
      ok: false,
      code: "FILE_TOO_LARGE",
      message: "big.jpg: File size 10 MB exceeds maximum allowed size of 10 MB",
    });
  });
  it("refuses a type outside the list as not allowed, and an allowed non-image as not an image", () => {
    expect(fileTypeMessage("application/zip")).toBe("File type application/zip is not allowed");
    expect(checkAvatarFile({ name: "a.jpg", size: 10, sniffedType: "application/zip" })).toMatchObject({
      message: "a.jpg: File type application/zip is not allowed",
    });
    expect(checkAvatarFile({ name: "cv.pdf", size: 10, sniffedType: "application/pdf" })).toMatchObject({
      message: "cv.pdf: File is not an image",
    });
    expect(checkAvatarFile({ name: "note.png", size: 10, sniffedType: undefined })).toMatchObject({
      message: "note.png: File is not an image",
    });
  });
  it("crops the centred square and never enlarges", () => {
    expect(centredSquare(1200, 800)).toEqual({ side: 800, left: 200, top: 0 });
    expect(centredSquare(300, 301)).toEqual({ side: 300, left: 0, top: 0 });
    expect(avatarSide(512, 300)).toBe(300);
    expect(avatarSide(96, 300)).toBe(96);
  });
  it("uses the small stored size in lists", () => {
    const url = `/avatars/${"a".repeat(32)}-512.webp`;
    expect(smallAvatarUrl(url)).toBe(`/avatars/${"a".repeat(32)}-96.webp`);
    expect(smallAvatarUrl("https://example.test/me.png")).toBe("https://example.test/me.png");
    expect(smallAvatarUrl(null)).toBeNull();
  });
});

describe("directory filters", () => {
  it("reads the query string, dropping what is odd", () => {
    const f = parseDirectoryFilters(
      new URLSearchParams(
        "q=+Jane++Doe+&org=Acme&skill=roof&role=vendor&verified=1&state=fl&city=Miami&page=2",
      ),
    );
    expect(f).toEqual({
      q: "Jane Doe",
      org: "Acme",
      skill: "roof",
      role: "vendor",
      verified: true,
      state: "FL",
      city: "Miami",
      page: 2,
    });
    const odd = parseDirectoryFilters(new URLSearchParams("role=admin&state=Florida&page=-3&verified=yes"));
    expect(odd).toMatchObject({ role: null, state: null, page: 1, verified: false });
    expect(isDirectorySearch(odd)).toBe(false);
    expect(isDirectorySearch(f)).toBe(true);
  });
  it("writes links to other pages with the same filters", () => {
    const f = parseDirectoryFilters(new URLSearchParams("q=Jane&verified=on"));
    expect(directoryQuery(f, 3)).toBe("?q=Jane&verified=1&page=3");
    expect(directoryQuery(f, 1)).toBe("?q=Jane&verified=1");
  });
});
