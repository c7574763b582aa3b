import { REPORT_CATEGORIES, REPORT_SEVERITIES, type ReportCategory, type ReportSeverity } from "./guidelines";

/**
 * Reports and moderation (issue 29, part 10; spec 002 "Community guidelines"): what can be reported,
 * the moderators' actions, suspension periods and the once-only appeal. Pure rules; the commands are
 * in app/commands/moderation.server.ts (docs/decisions/069-reports-and-moderation.md).
 */

export { REPORT_CATEGORIES, REPORT_SEVERITIES, type ReportCategory, type ReportSeverity };

/**
 * How serious a reported item looks (spec 002 names the severities low, medium, high, critical; the
 * rule is decision 073's): the most serious category among its open reports, one step up from 3 open
 * reports (3 different people, a report being once per person) and another from 10, at most critical.
 */
export const CATEGORY_SEVERITY: Record<ReportCategory, ReportSeverity> = {
  Harassment: "high",
  Privacy: "high",
  Misinformation: "medium",
  Copyright: "medium",
  Spam: "low",
  "Off-topic": "low",
};
/** Open reports from which an item's severity goes one step up (each threshold one step). */
export const SEVERITY_ESCALATION = [3, 10] as const;

export const severityRank = (s: ReportSeverity) => REPORT_SEVERITIES.indexOf(s);

/** The severity of an item from its open reports' categories and how many there are. */
export function itemSeverity(categories: readonly string[], openReports: number): ReportSeverity {
  const base = Math.max(
    0,
    ...categories.map((c) => severityRank(CATEGORY_SEVERITY[c as ReportCategory] ?? "low")),
  );
  const steps = SEVERITY_ESCALATION.filter((n) => openReports >= n).length;
  return REPORT_SEVERITIES[Math.min(REPORT_SEVERITIES.length - 1, base + steps)] as ReportSeverity;
}

/**
 * What a report can point at. An open list: posts, comments and live discussion messages are
 * reportable; messages join when their area wires in (the queue shows an unknown kind with a fallback).
 */
export const KNOWN_TARGET_KINDS = ["post", "comment", "live_message", "message"] as const;
export type KnownTargetKind = (typeof KNOWN_TARGET_KINDS)[number];
/** The kinds a person can report now (the others answer 404 until their area is wired). */
export const REPORTABLE_KINDS = [
  "post",
  "comment",
  "live_message",
] as const satisfies readonly KnownTargetKind[];
export type ReportableKind = (typeof REPORTABLE_KINDS)[number];

export const TARGET_KIND_LABELS: Record<KnownTargetKind, string> = {
  post: "Post",
  comment: "Comment",
  live_message: "Live discussion message",
  message: "Message",
};
export const targetKindLabel = (kind: string) =>
  (TARGET_KIND_LABELS as Record<string, string>)[kind] ?? "Content";

export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;
export const APPEAL_MESSAGE_MAX = 2000;

/** Suspension periods a moderator chooses from (spec 002: "Temporary Suspension"). */
export const SUSPENSION_PERIODS = ["1d", "7d", "30d"] as const;
export type SuspensionPeriod = (typeof SUSPENSION_PERIODS)[number];
export const SUSPENSION_DAYS: Record<SuspensionPeriod, number> = { "1d": 1, "7d": 7, "30d": 30 };
export const SUSPENSION_LABELS: Record<SuspensionPeriod, string> = {
  "1d": "1 day",
  "7d": "7 days",
  "30d": "30 days",
};

/** When a suspension of `period` starting at `now` ends (whole days of 24 hours). */
export function suspensionEnd(now: Date, period: SuspensionPeriod): Date {
  return new Date(now.getTime() + SUSPENSION_DAYS[period] * 24 * 60 * 60 * 1000);
}

/** Whether a suspension (its end, and when it was lifted, if it was) still holds at `now`. */
export function suspensionActive(s: { endsAt: Date; liftedAt: Date | null }, now: Date): boolean {
  return s.liftedAt === null && s.endsAt.getTime() > now.getTime();
}

/** The moderators' actions on reported content and people (each one is logged). */
export const MODERATION_ACTIONS = [
  "hide",
  "remove",
  "dismiss",
  "warn",
  "suspend",
  "appeal_upheld",
  "appeal_reversed",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const ACTION_LABELS: Record<ModerationAction, string> = {
  hide: "Hidden",
  remove: "Removed",
  dismiss: "Reports dismissed",
  warn: "Author warned",
  suspend: "Posting suspended",
  appeal_upheld: "Appeal upheld",
  appeal_reversed: "Appeal granted: reversed",
};

/** The state moderation leaves an item in: hidden (while reviewed) or removed (with a reason). */
export type ItemModeration = "hidden" | "removed";

/** What can be appealed: a hidden or removed item, or a suspension. */
export type AppealSubject =
  | { kind: "item"; state: ItemModeration | null }
  | { kind: "suspension"; active: boolean };

export type AppealRefusal = "nothing_to_appeal" | "already_appealed";

/**
 * The once-only appeal (spec 002 guidelines: "you can appeal once"): an item that is hidden or removed,
 * or a suspension that still holds, may be appealed by its author exactly once, whatever the answer.
 */
export function appealRefusal(subject: AppealSubject, alreadyAppealed: boolean): AppealRefusal | null {
  if (alreadyAppealed) return "already_appealed";
  if (subject.kind === "item" ? subject.state === null : !subject.active) return "nothing_to_appeal";
  return null;
}

const dateText = (d: Date) =>
  d.toLocaleString("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });

export const MODERATION_MESSAGES = {
  reported: "Thank you. Your report was sent to the moderators.",
  reportUpdated: "Your report was updated.",
  ownContent: "You cannot report your own content.",
  chooseCategory: "Choose a report category",
  detailsTooLong: `Details must be ${REPORT_DETAILS_MAX} characters or fewer`,
  reasonRequired: "Give a reason the author will see",
  reasonTooLong: `The reason must be ${MODERATION_REASON_MAX} characters or fewer`,
  appealRequired: "Write a message for the moderators",
  appealTooLong: `The appeal must be ${APPEAL_MESSAGE_MAX} characters or fewer`,
  appealSent: "Your appeal was sent. A moderator will review it.",
  alreadyAppealed: "You have already appealed this decision. An appeal can be made once.",
  nothingToAppeal: "There is nothing to appeal here.",
  appealDecided: "This appeal was already decided.",
  nothingOpen: "There is nothing open to act on for this item.",
  suspended: (endsAt: Date) =>
    `Your posting is suspended until ${dateText(endsAt)}. You can appeal the suspension on your Moderation page.`,
  hiddenNotice: "Hidden by a moderator. Only you and the moderators can see this post.",
  /** The same notice on a comment or a live message (decision 073). */
  hiddenItemNotice: (what: string) =>
    `Hidden by a moderator. Only you and the moderators can see this ${what}.`,
  removedNotice: (reason: string) => `Removed by a moderator: ${reason}`,
  suspendedUntil: (endsAt: Date) => `Posting suspended until ${dateText(endsAt)}`,
} as const;
