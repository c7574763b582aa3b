import { isRoleVerified } from "../roles/verification";

/**
 * The unified profile's rules (spec 002: "Unified profile", section 4 "Profile", section 6), pure: who
 * may see a profile, what it shows to whom, how roles are ordered and how many show.
 */

export const PROFILE_TEXT = {
  anonymous: "Anonymous User",
  verified: "Verified Professional",
  contactViaPlatform: "Contact via platform",
  noRoles: "No professional roles added yet",
  addFirstRole: "Add Your First Role",
  addRole: "Add Role",
  showLess: "Show Less",
  experience: "Professional Experience",
  editProfile: "Edit Profile",
  contact: "Contact",
  viewProfile: "View Profile",
  public: "Public profile",
  private: "Private profile",
  notFound: "Profile not found",
} as const;

/** What /profile/edit says (no zod here: the page imports it). */
export const PROFILE_EDIT_MESSAGES = {
  saved: "Profile updated",
  stale:
    "Your profile was changed somewhere else while you were editing. The current values are shown; make your changes again and save.",
  avatarSaved: "Profile photo updated",
  avatarRemoved: "Profile photo removed",
  noFile: "Choose an image to upload",
} as const;

/** What the profile page says when there is no such profile (or the viewer may not know there is one). */
export const PROFILE_NOT_FOUND = {
  title: "Profile not found",
  detail: "This profile does not exist, or it is private.",
} as const;

/** Roles shown before "Show N More Roles": the full variant 3, the compact one 2 (spec 002 section 4). */
export const ROLES_SHOWN = { full: 3, compact: 2, card: 1 } as const;
export type ProfileVariant = keyof typeof ROLES_SHOWN;

/** Where the owner adds roles. */
export const ADD_ROLE_HREF = "/settings/roles";
export const EDIT_PROFILE_HREF = "/profile/edit";

export const profileHref = (username: string) => `/professional/${encodeURIComponent(username)}`;

/** The name shown: the full name, else "Anonymous User". */
export function profileName(fullName: string | null | undefined): string {
  const name = (fullName ?? "").trim();
  return name.length > 0 ? name : PROFILE_TEXT.anonymous;
}

/** Avatar fallback initials from the words of the name: the first letters of the first and last word. */
export function initials(fullName: string | null | undefined): string {
  const words = profileName(fullName)
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+/u, ""))
    .filter((w) => w.length > 0);
  if (words.length === 0) return "?";
  const first = Array.from(words[0] as string)[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1] as string)[0] ?? "") : "";
  return (first + last).toUpperCase();
}

export interface ProfileRoleFacts {
  isPrimary: boolean;
  isCurrent: boolean;
  displayOrder: number;
  verificationStatus: string;
}

/** Roles sorted primary first, then current, then display order (spec 002 section 4). */
export function sortRoles<R extends ProfileRoleFacts>(roles: readonly R[]): R[] {
  return [...roles].sort(
    (a, b) =>
      Number(b.isPrimary) - Number(a.isPrimary) ||
      Number(b.isCurrent) - Number(a.isCurrent) ||
      a.displayOrder - b.displayOrder,
  );
}

/** "Verified Professional" shows when any role is verified (an approved review, not "needs none"). */
export const hasVerifiedRole = (roles: readonly ProfileRoleFacts[]) =>
  roles.some((r) => r.verificationStatus === "verified");

/** Roles held now. */
export const currentRolesCount = (roles: readonly ProfileRoleFacts[]) =>
  roles.filter((r) => r.isCurrent).length;

/** "N Active Role(s)": 1 Active Role, 2 Active Roles. */
export const activeRolesLabel = (n: number) => `${n} Active Role${n === 1 ? "" : "s"}`;

/** "Show N More Roles" (1 More Role). */
export const showMoreRolesLabel = (n: number) => `Show ${n} More Role${n === 1 ? "" : "s"}`;

/** The roles a variant shows before it is expanded, and how many more there are. */
export function rolesShown<R>(roles: readonly R[], variant: ProfileVariant, expanded = false) {
  const limit = ROLES_SHOWN[variant];
  const shown = expanded ? [...roles] : roles.slice(0, limit);
  return { shown, hidden: roles.slice(shown.length), more: Math.max(0, roles.length - shown.length) };
}

/** Whether a role needs no verification or passed it (for its badge). */
export const roleIsVerified = (status: string) => status === "verified" || isRoleVerified(status);

export interface ProfileAccessFacts {
  viewerId: string;
  ownerId: string;
  isPublic: boolean;
  /** An accepted connection between the two. */
  connected: boolean;
  /** Either blocked the other. */
  blocked: boolean;
}

/**
 * Who may open a profile: its owner always; nobody across a block; a public profile every signed-in
 * person; a private one only the owner's connections. "hidden" answers 404 (ids reveal nothing).
 */
export function profileAccess(f: ProfileAccessFacts): "owner" | "visitor" | "hidden" {
  if (f.viewerId === f.ownerId) return "owner";
  if (f.blocked) return "hidden";
  if (f.isPublic || f.connected) return "visitor";
  return "hidden";
}

/** A view counts when someone other than the owner opens the profile (once per viewer per day). */
export const countsAsView = (viewerId: string, ownerId: string) => viewerId !== ownerId;

/** The e-mail line: the address for its owner only, "Contact via platform" for everyone else. */
export function emailLine(access: "owner" | "visitor", email: string): string {
  return access === "owner" ? email : PROFILE_TEXT.contactViaPlatform;
}

/** "12 years of experience" (1 year). */
export const yearsLabel = (years: number) => `${years} year${years === 1 ? "" : "s"} of experience`;

/** "Member since January 5, 2026" (a long US date, UTC: the day the account was made). */
export function memberSince(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return "Member";
  const day = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(date);
  return `Member since ${day}`;
}

/**
 * City and state of a location as people type it ("Miami, FL", "St. Petersburg, FL 33701"): the state
 * is the trailing two-letter part, upper case; the city what comes before its comma. Either may be null.
 */
export function parseLocation(location: string | null | undefined): {
  city: string | null;
  state: string | null;
} {
  const text = (location ?? "").trim();
  if (!text) return { city: null, state: null };
  const match = /^(.*?)[,\s]+([A-Za-z]{2})(?:\s+\d{5}(?:-\d{4})?)?$/.exec(text);
  if (match && text.includes(",")) {
    const city = (match[1] ?? "").trim().replace(/,$/, "").trim();
    return { city: city || null, state: (match[2] as string).toUpperCase() };
  }
  return { city: text.split(",")[0]?.trim() || null, state: null };
}
