/**
 * The client error monitor's rules (spec 000 sections 3, 8 and 9): every error gets a category (auth,
 * api, database, network, ui, unknown) and a severity (critical, high, medium, low) from keywords in
 * its message, and the dashboard's health follows the errors of the last hour.
 */

export const ERROR_CATEGORIES = ["auth", "api", "database", "network", "ui", "unknown"] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export const ERROR_SEVERITIES = ["critical", "high", "medium", "low"] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

/** Spec 000 section 9. */
export const ERROR_MONITOR = {
  /**
   * Distinct guest errors (groups reported by browsers nobody was signed in to) kept; the least
   * recently seen guest groups are dropped (issue 26, part 5). Groups of signed-in people and server
   * errors are never dropped for others' reports: they are kept by age (retentionDays).
   */
  maxErrors: 1000,
  /** Groups not seen for this many days are deleted by the background jobs. */
  retentionDays: 30,
  /** Guest groups not seen for this many days are deleted by the background jobs. */
  guestRetentionDays: 7,
  /**
   * Guest reports accepted per window across every address together (a flood from many addresses
   * gets no more); beyond it they are dropped, and counted (issue 26, part 5).
   */
  guestBudget: { limit: 300, windowSeconds: 60 * 60 },
  /** An alert goes to admins when one error occurs this many times within one minute... */
  alertThreshold: 10,
  alertWindowSeconds: 60,
  /** ...at most once per error (fingerprint) in this window. */
  alertCooldownSeconds: 60 * 60,
  /** One source (address, person or route) opens at most this many new groups per window. */
  newGroupsPerSource: 20,
  sourceWindowSeconds: 60 * 60,
  /** Occurrence ids kept on a group, so Report Issue finds it by a recent occurrence's id. */
  recentIdsKept: 20,
  /** Stats cover this window. */
  metricsWindowSeconds: 60 * 60,
  /** Dashboard: health under 5 errors per hour Healthy, under 20 Warning, else Critical. */
  healthyBelow: 5,
  warningBelow: 20,
  refreshSeconds: 5,
  recentLimit: 50,
  topLimit: 5,
} as const;

/** Error boundary: Try Again up to 3 times, then Force Retry resets the count (spec 000 sections 4, 9). */
export const ERROR_BOUNDARY_MAX_RETRIES = 3;

/** Field caps for a stored report. */
export const ERROR_FIELD_LIMITS = {
  message: 2000,
  stack: 8000,
  url: 2000,
  context: 4000,
  userAgent: 500,
  comment: 2000,
} as const;

/**
 * Category keywords, tried in this order; the first category with a keyword in the (lower-cased)
 * message wins, else "unknown".
 */
export const CATEGORY_KEYWORDS: ReadonlyArray<
  readonly [Exclude<ErrorCategory, "unknown">, readonly string[]]
> = [
  [
    "auth",
    [
      "auth",
      "sign in",
      "sign-in",
      "signin",
      "login",
      "log in",
      "session",
      "token",
      "credential",
      "password",
      "unauthorized",
      "forbidden",
      "permission",
      "401",
      "403",
    ],
  ],
  [
    "database",
    [
      "database",
      "postgres",
      "pglite",
      "sql",
      "query",
      "relation",
      "constraint",
      "duplicate key",
      "deadlock",
      "transaction",
    ],
  ],
  [
    "network",
    [
      "network",
      "failed to fetch",
      "fetch failed",
      "load failed",
      "timeout",
      "timed out",
      "offline",
      "econnrefused",
      "econnreset",
      "enotfound",
      "socket",
      "cors",
      "dns",
    ],
  ],
  ["api", ["api", "endpoint", "status code", "response", "request failed", "500", "502", "503", "504"]],
  [
    "ui",
    [
      "render",
      "component",
      "hydrat",
      "react",
      "cannot read properties",
      "undefined is not",
      "is not a function",
      "is not defined",
      "element",
      "dom",
      "chunk",
    ],
  ],
];

/** Severity keywords, tried from critical down; "low" when none matches. */
export const SEVERITY_KEYWORDS: ReadonlyArray<readonly [Exclude<ErrorSeverity, "low">, readonly string[]]> = [
  ["critical", ["fatal", "critical", "crash", "out of memory", "corrupt", "security", "data loss"]],
  [
    "high",
    ["failed", "failure", "cannot", "unable", "denied", "unauthorized", "forbidden", "500", "exception"],
  ],
  ["medium", ["timeout", "timed out", "slow", "retry", "warning", "deprecated", "not found", "404"]],
];

function includesAny(text: string, words: readonly string[]) {
  return words.some((w) => text.includes(w));
}

/** The category of an error message by the keyword rules above. */
export function categorizeError(message: string): ErrorCategory {
  const text = message.toLowerCase();
  for (const [category, words] of CATEGORY_KEYWORDS) if (includesAny(text, words)) return category;
  return "unknown";
}

/**
 * The severity of an error: by keyword first; without one, database errors are high (data may not have
 * been saved), auth and api errors medium, the rest low.
 */
export function severityOfError(
  message: string,
  category: ErrorCategory = categorizeError(message),
): ErrorSeverity {
  const text = message.toLowerCase();
  for (const [severity, words] of SEVERITY_KEYWORDS) if (includesAny(text, words)) return severity;
  if (category === "database") return "high";
  if (category === "auth" || category === "api") return "medium";
  return "low";
}

export interface Classification {
  category: ErrorCategory;
  severity: ErrorSeverity;
}

/**
 * How a stored error is classified. Errors caught by an error boundary are recorded as ui and critical
 * (spec 000 section 2.10); the rest by their message.
 */
export function classifyError(message: string, source: ErrorSource): Classification {
  if (source === "boundary") return { category: "ui", severity: "critical" };
  const category = categorizeError(message);
  return { category, severity: severityOfError(message, category) };
}

/** Where an error record came from. */
export const ERROR_SOURCES = ["client", "boundary", "server", "report"] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];

export type ErrorHealth = "Healthy" | "Warning" | "Critical";

/** The dashboard's health by errors in the last hour: under 5 Healthy, under 20 Warning, else Critical. */
export function errorHealth(errorsPerHour: number): ErrorHealth {
  if (errorsPerHour < ERROR_MONITOR.healthyBelow) return "Healthy";
  if (errorsPerHour < ERROR_MONITOR.warningBelow) return "Warning";
  return "Critical";
}

/** Whether errors in the last minute reach the alert threshold (10 per minute). */
export function shouldAlert(errorsInLastMinute: number): boolean {
  return errorsInLastMinute >= ERROR_MONITOR.alertThreshold;
}

/** An error id: `err-` plus the time and random part given (the caller supplies both). */
export function formatErrorId(timeMs: number, random: string): string {
  return `err-${timeMs.toString(36)}-${random}`;
}

export const ERROR_ID_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;

/**
 * A loader or action that fails during a client-side navigation reaches the browser as `{ message,
 * stack }` only. The server adds this line to the stack so the error screen can show the id it stored.
 */
export const SERVER_ERROR_ID_LINE = "server error id: ";

export function withServerErrorId(stack: string | null | undefined, errorId: string): string {
  return `${stack ? `${stack}\n` : ""}${SERVER_ERROR_ID_LINE}${errorId}`;
}

/** The id `withServerErrorId` put in a stack, if any. */
export function serverErrorIdFromStack(stack: string | null | undefined): string | null {
  if (!stack) return null;
  const at = stack.lastIndexOf(SERVER_ERROR_ID_LINE);
  if (at < 0) return null;
  const id = stack.slice(at + SERVER_ERROR_ID_LINE.length).trim();
  return ERROR_ID_PATTERN.test(id) ? id : null;
}

/** Cuts text to `max` characters. */
export function cap(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  return text.length > max ? text.slice(0, max) : text;
}

/** Spec 000 section 2.10 texts. */
export const ERROR_TEXTS = {
  boundaryTitle: "Something went wrong",
  boundaryMessage:
    "We encountered an unexpected error. Please try again or contact support if the problem persists.",
  appTitle: "Application Error",
  componentTitle: "Something went wrong",
  persists: "If this problem persists, please contact support with the error ID above.",
  reportSent: "Error report sent successfully",
  routeTitle: "Page Error",
  routeMessage: (route: string) =>
    `The ${route} page encountered an error while loading. Please try again or navigate to a different page.`,
  lazyTitle: "Failed to Load Component",
} as const;

/** Whether an error is a failed load of a lazily loaded module (a route or component chunk). */
export function isLazyLoadFailure(message: string): boolean {
  const text = message.toLowerCase();
  return (
    text.includes("dynamically imported module") ||
    text.includes("importing a module script failed") ||
    text.includes("chunkloaderror") ||
    text.includes("loading chunk") ||
    text.includes("error loading route module")
  );
}

/** A page's name for the route error page: "/rfps/123/edit" -> "RFPs", "/vendor-dashboard" -> "Vendor Dashboard". */
export function routeLabel(pathname: string): string {
  const first = pathname.split("/").filter(Boolean)[0];
  if (!first) return "Home";
  return first
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => (w === "rfps" ? "RFPs" : w === "rfp" ? "RFP" : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");
}
