import type { RoleType } from "../roles/types";

/**
 * Legal Resources (spec 000 section 6 sidebar: "Legal Resources, admin, board_member, manager"; issue 30,
 * part 9; decision 080): a library of articles and templates by US state and topic, attorney
 * submissions reviewed by administrators, and the template placeholders filled in on the server.
 * Pure: no I/O.
 */

export const LEGAL_KINDS = ["article", "template"] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
export const LEGAL_KIND_LABELS: Record<LegalKind, string> = { article: "Article", template: "Template" };

/** "ALL" stands for every state (a general rule or a template that fits anywhere). */
export const ALL_STATES = "ALL";
export const US_STATES = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
} as const;
export type UsState = keyof typeof US_STATES;
export const LEGAL_STATES = [ALL_STATES, ...(Object.keys(US_STATES) as UsState[])] as const;
export type LegalState = (typeof LEGAL_STATES)[number];
export const stateLabel = (state: string): string =>
  state === ALL_STATES ? "All states" : (US_STATES[state as UsState] ?? state);

export const LEGAL_TOPICS = [
  "records",
  "meetings",
  "collections",
  "governance",
  "insurance",
  "contracts",
  "fair_housing",
  "disputes",
] as const;
export type LegalTopic = (typeof LEGAL_TOPICS)[number];
export const LEGAL_TOPIC_LABELS: Record<LegalTopic, string> = {
  records: "Records requests",
  meetings: "Meetings and notice",
  collections: "Collections",
  governance: "Governance",
  insurance: "Insurance",
  contracts: "Contracts and vendors",
  fair_housing: "Fair housing",
  disputes: "Disputes and enforcement",
};

export const LEGAL_STATUSES = ["pending", "published", "rejected"] as const;
export type LegalStatus = (typeof LEGAL_STATUSES)[number];
export const LEGAL_STATUS_LABELS: Record<LegalStatus, string> = {
  pending: "Pending review",
  published: "Published",
  rejected: "Rejected",
};

/** Shown on every page of the library. */
export const LEGAL_DISCLAIMER =
  "General information, not legal advice. Laws change and differ by state and by your governing documents: consult an attorney licensed in your state before you act.";

export const LEGAL_LIMITS = {
  searchMax: 100,
  pageSize: 12,
  maxPage: 500,
  titleMin: 5,
  titleMax: 150,
  summaryMin: 20,
  summaryMax: 500,
  bodyMin: 50,
  bodyMax: 40_000,
  reasonMin: 5,
  reasonMax: 1_000,
  placeholdersMax: 40,
  placeholderValueMax: 300,
  noteMin: 5,
  noteMax: 500,
} as const;

export const LEGAL_MESSAGES = {
  notFound: "Legal resource not found",
  forbidden:
    "Legal Resources are for administrators, board members, property managers and verified attorneys.",
  attorneysOnly: "Only verified attorneys may submit legal resources.",
  submitted: "Thank you. Your resource is waiting for review.",
  approved: "Published. The attorney has been told.",
  rejected: "Rejected. The attorney has been told why.",
  alreadyReviewed: "This submission was already reviewed.",
  notTemplate: "Only templates can be downloaded.",
  title: `Title must be ${LEGAL_LIMITS.titleMin} to ${LEGAL_LIMITS.titleMax} characters.`,
  summary: `Summary must be ${LEGAL_LIMITS.summaryMin} to ${LEGAL_LIMITS.summaryMax} characters.`,
  body: `Content must be ${LEGAL_LIMITS.bodyMin} to ${LEGAL_LIMITS.bodyMax.toLocaleString("en-US")} characters.`,
  reason: `Give a reason of ${LEGAL_LIMITS.reasonMin} to ${LEGAL_LIMITS.reasonMax} characters.`,
  kind: "Choose article or template.",
  state: "Choose a state, or All states.",
  topic: "Choose a topic.",
  placeholderValue: `Each value may be at most ${LEGAL_LIMITS.placeholderValueMax} characters.`,
  resubmitted: "Thank you. Your changes are waiting for review.",
  stale: "This resource changed since you opened it. Reload the page to see the latest version.",
  notEditable: "Only a pending or rejected submission can be edited; a published one is revised.",
  revisionPending: "A revision of this resource is already waiting for review.",
  revisionSubmitted: "Thank you. Your revision is waiting for review.",
  revisionPublished: "Revision published.",
  revisionRejected: "Revision rejected. The attorney has been told why.",
  revisionOutdated:
    "This revision was written for an earlier version. Reject it and ask for one written on the current version.",
  note: `Say what changed in ${LEGAL_LIMITS.noteMin} to ${LEGAL_LIMITS.noteMax} characters.`,
} as const;

/** What the active context may do here: read the library, submit (verified attorneys), review (admins). */
export interface LegalAccess {
  read: boolean;
  submit: boolean;
  review: boolean;
}

/**
 * The sidebar's roles read the library; a verified attorney (the submitters) reads it and submits; an
 * administrator reviews. An attorney whose role is not verified (or no longer current) gets nothing.
 */
export function legalAccess(
  contextType: RoleType | null,
  role: { verified: boolean; isCurrent: boolean } | null,
  isAdmin: boolean,
): LegalAccess {
  if (contextType === "admin" || contextType === "board_member" || contextType === "manager") {
    return { read: true, submit: false, review: contextType === "admin" && isAdmin };
  }
  if (contextType === "attorney" && role?.verified && role.isCurrent) {
    return { read: true, submit: true, review: false };
  }
  return { read: false, submit: false, review: false };
}

export interface LibraryParams {
  search: string;
  state: LegalState | null;
  topic: LegalTopic | null;
  kind: LegalKind | null;
  page: number;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** Parses the library's query string leniently: anything unknown falls back to the default. */
export function parseLibraryParams(params: URLSearchParams): LibraryParams {
  const search = (params.get("search") ?? "").replace(/\s+/g, " ").trim().slice(0, LEGAL_LIMITS.searchMax);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    search,
    state: oneOf(LEGAL_STATES, (params.get("state") ?? "").toUpperCase() || null),
    topic: oneOf(LEGAL_TOPICS, params.get("topic")),
    kind: oneOf(LEGAL_KINDS, params.get("kind")),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, LEGAL_LIMITS.maxPage) : 1,
  };
}

export function libraryHref(p: Partial<LibraryParams>): string {
  const q = new URLSearchParams();
  if (p.search) q.set("search", p.search);
  if (p.state) q.set("state", p.state);
  if (p.topic) q.set("topic", p.topic);
  if (p.kind) q.set("kind", p.kind);
  if (p.page && p.page > 1) q.set("page", String(p.page));
  const s = q.toString();
  return s ? `/legal?${s}` : "/legal";
}

/**
 * The states a filter for `state` shows: a state's own resources and those for all states (a Florida
 * reader also needs the general ones). "All states" alone shows only the general ones.
 */
export function statesMatching(state: LegalState | null): LegalState[] | null {
  if (state === null) return null;
  return state === ALL_STATES ? [ALL_STATES] : [state, ALL_STATES];
}

/** The number of pages for `total` rows (at least 1), and the page clamped into it. */
export function pageWindow(total: number, page: number, pageSize: number = LEGAL_LIMITS.pageSize) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return { pages, page: current, offset: (current - 1) * pageSize };
}

/**
 * A template's placeholders: bracketed names such as [Association Name] (a Markdown link's text,
 * "[text](url)", is not one), each once in order of first use.
 */
const PLACEHOLDER = /\[([A-Za-z][A-Za-z0-9 ,.'/&()-]{0,59})\](?!\()/g;

export function placeholdersOf(body: string): string[] {
  const seen = new Set<string>();
  for (const match of body.matchAll(PLACEHOLDER)) {
    const name = (match[1] as string).trim();
    if (name && !seen.has(name)) seen.add(name);
    if (seen.size >= LEGAL_LIMITS.placeholdersMax) break;
  }
  return [...seen];
}

/**
 * Fills a template's placeholders with the values given (by placeholder name); a placeholder without
 * a non-blank value stays as it is, so the person sees what is left to fill. Values are plain text:
 * line breaks become spaces and brackets are removed, so a value cannot create a new placeholder.
 */
export function fillPlaceholders(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(PLACEHOLDER, (whole, raw: string) => {
    const value = values[raw.trim()];
    if (value === undefined) return whole;
    const clean = value
      .replace(/[\r\n\t]+/g, " ")
      .replace(/[[\]]/g, "")
      .trim()
      .slice(0, LEGAL_LIMITS.placeholderValueMax);
    return clean === "" ? whole : clean;
  });
}

/** The downloaded file's name: the slug, .md (plain text with Markdown headings). */
export const templateFileName = (slug: string) => `${slug}.md`;

/** A URL-safe slug of a title (lowercase words joined by hyphens, at most 80 characters). */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "resource";
}

/** The text a downloaded template carries: its title, the disclaimer, then the body. */
export function templateDocument(title: string, body: string): string {
  return `# ${title}\n\n> ${LEGAL_DISCLAIMER}\n\n${body.trim()}\n`;
}
