import { PROPOSAL_VENDOR_LABELS, type ProposalStatus } from "@domain/proposal";
import {
  DEFAULT_TIME_ZONE,
  daysUntil,
  formatDollars,
  RFP_CATEGORY_LABELS,
  type RfpCategory,
  type RfpUrgency,
  rfpUrgency,
} from "@domain/rfp";
import type { RfpListItem } from "~/queries/rfp-search.server";

/** What an RFP card shows, worded on the server (dates in the viewer's time zone: no hydration drift). */
export interface RfpCardData {
  id: string;
  title: string;
  status: RfpListItem["status"];
  categoryLabel: string;
  /** The creation category (shown as its icon). */
  category: string;
  organizationName: string | null;
  propertyName: string | null;
  place: string | null;
  budgetLabel: string;
  dueLabel: string | null;
  daysLeftLabel: string | null;
  urgency: RfpUrgency | null;
  proposalCount: number;
  viewCount: number;
  summary: string | null;
  scope: string | null;
  isAuthor: boolean;
  /** The viewer may submit a proposal (verified vendor, open RFP, not theirs, none yet). */
  canPropose: boolean;
  /** The viewer's proposal's vendor label, if they have one. */
  myProposalLabel: string | null;
}

/** A budget in words (spec 001 section 3: budget types). */
export function budgetLabel(r: {
  budgetType: string;
  budgetMin: number | null;
  budgetMax: number | null;
  budgetHourlyRate: number | null;
}): string {
  const $ = (n: number | null) => (n === null ? null : formatDollars(n));
  switch (r.budgetType) {
    case "range":
      return r.budgetMin !== null && r.budgetMax !== null
        ? `${$(r.budgetMin)} – ${$(r.budgetMax)}`
        : ($(r.budgetMax ?? r.budgetMin) ?? "Budget range");
    case "fixed":
      return $(r.budgetMax ?? r.budgetMin) ?? "Fixed price";
    case "hourly":
      return r.budgetHourlyRate !== null ? `${$(r.budgetHourlyRate)}/hr` : "Hourly rate";
    case "not_to_exceed":
      return r.budgetMax !== null ? `Up to ${$(r.budgetMax)}` : "Not to exceed";
    case "cost_plus":
      return r.budgetMax !== null ? `Cost plus (est. ${$(r.budgetMax)})` : "Cost plus";
    default:
      return "Undisclosed";
  }
}

/** Intl formatters are costly to build (about 100 µs each): one per time zone and style, reused. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      month: "short",
      day: "numeric",
      year: "numeric",
      ...(withTime ? { hour: "numeric", minute: "2-digit", timeZoneName: "short" } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

export function dateLabel(
  iso: string | null,
  timeZone: string = DEFAULT_TIME_ZONE,
  withTime = false,
): string | null {
  if (!iso) return null;
  return dateFormatter(timeZone, withTime).format(new Date(iso));
}

export function daysLeftLabel(deadline: string | null, status: string, now: string): string | null {
  if (!deadline || status !== "published") return null;
  const days = daysUntil(deadline, now);
  if (days <= 0) return "Deadline passed";
  return days === 1 ? "1 day left" : `${days} days left`;
}

export function cardData(
  r: RfpListItem,
  viewer: { userId: string; verifiedVendor: boolean },
  now: string,
  timeZone?: string,
): RfpCardData {
  const category = (r.category ?? "other") as RfpCategory;
  const open =
    r.status === "published" &&
    r.proposalDeadline !== null &&
    Date.parse(r.proposalDeadline) > Date.parse(now);
  const isAuthor = r.authorId === viewer.userId;
  const mine = r.myProposalStatus as ProposalStatus | null;
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    categoryLabel: RFP_CATEGORY_LABELS[category] ?? "Other",
    category,
    organizationName: r.organizationName,
    propertyName: r.propertyName,
    place: [r.locationCity, r.locationState].filter(Boolean).join(", ") || null,
    budgetLabel: budgetLabel(r),
    dueLabel: dateLabel(r.proposalDeadline, timeZone),
    daysLeftLabel: daysLeftLabel(r.proposalDeadline, r.status, now),
    urgency: open && r.proposalDeadline ? rfpUrgency(r.proposalDeadline, now) : null,
    proposalCount: r.proposalCount,
    viewCount: r.viewCount,
    summary: r.shortDescription,
    scope: r.scopeOfWork,
    isAuthor,
    canPropose: open && viewer.verifiedVendor && !isAuthor && (mine === null || mine === "draft"),
    myProposalLabel: mine ? PROPOSAL_VENDOR_LABELS[mine] : null,
  };
}
