import { ROLE_LABELS, ROLE_TYPES, type RoleType } from "../roles/types";
import { pageNumber } from "../rules/paging";

/**
 * The directory (/directory, issue 28 part 2): public profiles found by name, organization and skill,
 * filtered by role type, verification, state and city; everything in the URL, so a search is a link and
 * the page works as a GET form without JavaScript.
 */

export const DIRECTORY_PAGE_SIZE = 20;
/** Longest text a search box takes (more is cut). */
export const DIRECTORY_TEXT_MAX = 100;

export interface DirectoryFilters {
  /** Name (full name or display name). */
  q: string;
  /** Organization: a role's organization or the profile's company. */
  org: string;
  /** A public skill's name. */
  skill: string;
  role: RoleType | null;
  verified: boolean;
  /** Two-letter state, upper case. */
  state: string | null;
  city: string;
  page: number;
}

/** Role types a person may be found by (not the system administrator). */
export const DIRECTORY_ROLE_TYPES = ROLE_TYPES.filter((t) => t !== "admin");
export const DIRECTORY_ROLE_OPTIONS = DIRECTORY_ROLE_TYPES.map((id) => ({ id, label: ROLE_LABELS[id] }));

const text = (value: string | null) => (value ?? "").trim().replace(/\s+/g, " ").slice(0, DIRECTORY_TEXT_MAX);

/** Reads the filters from a query string; anything odd is dropped, never an error. */
export function parseDirectoryFilters(params: URLSearchParams): DirectoryFilters {
  const role = params.get("role");
  const state = text(params.get("state")).toUpperCase();
  return {
    q: text(params.get("q")),
    org: text(params.get("org")),
    skill: text(params.get("skill")),
    role: role && (DIRECTORY_ROLE_TYPES as readonly string[]).includes(role) ? (role as RoleType) : null,
    verified: ["1", "on", "true"].includes(params.get("verified") ?? ""),
    state: /^[A-Z]{2}$/.test(state) ? state : null,
    city: text(params.get("city")),
    page: pageNumber(params.get("page")),
  };
}

/** Whether anything narrows the list (a search to count against the search_users limit). */
export const isDirectorySearch = (f: DirectoryFilters) =>
  f.q !== "" ||
  f.org !== "" ||
  f.skill !== "" ||
  f.role !== null ||
  f.verified ||
  f.state !== null ||
  f.city !== "";

/** The query string of the filters (page 1 left out), for links to other pages. */
export function directoryQuery(f: DirectoryFilters, page = f.page): string {
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.org) params.set("org", f.org);
  if (f.skill) params.set("skill", f.skill);
  if (f.role) params.set("role", f.role);
  if (f.verified) params.set("verified", "1");
  if (f.state) params.set("state", f.state);
  if (f.city) params.set("city", f.city);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export const directoryPageCount = (total: number) => Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));

export const DIRECTORY_TEXT = {
  title: "Directory",
  empty: "No members match your search.",
  emptyHint: "Try fewer words or clear a filter.",
  results: (total: number) => `${total} member${total === 1 ? "" : "s"}`,
} as const;
