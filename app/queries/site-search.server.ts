import type { Queryable } from "@db/client";
import { profileHref } from "@domain/network/profile";
import {
  PALETTE_SEARCH_GROUP_LIMIT,
  PALETTE_SEARCH_MAX_LENGTH,
  PALETTE_SEARCH_MIN_LENGTH,
  type SearchHit,
  type SiteSearchResults,
} from "@domain/palette";
import { parseRfpSearch, SEARCH_STATUSES } from "@domain/rfp/search";
import { ORGANIZATION_TYPE_LABELS, type OrganizationType, ROLE_LABELS, type RoleType } from "@domain/roles";
import { rfpViewer, viewerTimeZone } from "~/auth/actors.server";
import type { ActiveViewer, Viewer } from "~/auth/guards.server";
import { dateLabel } from "~/queries/rfp-present.server";
import { searchRfps } from "./rfp-search.server";
import { searchDirectory } from "./search.server";

const searchHref = (q: string) => `/search?${new URLSearchParams({ q })}`;

/**
 * The records a signed-in person can find by words (the palette and /search): RFPs they may see (the
 * RFP search with its visibility rule: open and closed, never someone else's draft or a private RFP
 * they are not invited to), people with public profiles by name and role titles, and organizations.
 * Dates are worded here, on the server, in the viewer's time zone.
 */
export async function siteSearch(
  db: Queryable,
  viewer: Viewer,
  query: string,
  options: { limit?: number; now?: string } = {},
): Promise<SiteSearchResults> {
  const q = query.trim().slice(0, PALETTE_SEARCH_MAX_LENGTH);
  if (q.length < PALETTE_SEARCH_MIN_LENGTH) return { rfps: [], people: [], organizations: [] };
  const limit = options.limit ?? PALETTE_SEARCH_GROUP_LIMIT;
  const active = viewer.context && viewer.role && viewer.permissions ? (viewer as ActiveViewer) : null;
  const [found, directory] = await Promise.all([
    // RFPs belong to the marketplace, which needs a role: someone still onboarding finds none.
    active
      ? searchRfps(
          db,
          rfpViewer(active),
          {
            ...parseRfpSearch(new URLSearchParams([["q", q]])),
            statuses: ["published", "closed"],
            sort: "relevance",
            limit,
          },
          { now: options.now, timeZone: viewerTimeZone(active) },
        )
      : null,
    searchDirectory(db, q, viewer.user.id, limit),
  ]);
  const timeZone = active ? viewerTimeZone(active) : undefined;
  const rfps: SearchHit[] = (found?.rfps ?? []).map((r) => {
    const deadline = dateLabel(r.proposalDeadline, timeZone);
    return {
      id: r.id,
      title: r.title,
      subtitle: [
        r.organizationName,
        SEARCH_STATUSES.find((s) => s.id === r.status)?.label,
        deadline ? `Deadline ${deadline}` : null,
      ]
        .filter(Boolean)
        .join(" · "),
      href: `/rfps/${r.id}`,
    };
  });
  const people: SearchHit[] = directory.people.map((p) => {
    const name = p.fullName?.trim() || "Member";
    return {
      id: p.id,
      title: name,
      subtitle:
        (p.roleTitles.length > 0 ? p.roleTitles : p.roles.map((r) => ROLE_LABELS[r as RoleType] ?? r)).join(
          " · ",
        ) || undefined,
      // The person's profile (issue 28); a profile without an address yet is searched for by name.
      href: p.username ? profileHref(p.username) : searchHref(name),
    };
  });
  const organizations: SearchHit[] = directory.organizations.map((o) => ({
    id: o.id,
    title: o.name,
    subtitle: [
      ORGANIZATION_TYPE_LABELS[o.organizationType as OrganizationType] ?? o.organizationType,
      o.isVerified ? "Verified" : null,
    ]
      .filter(Boolean)
      .join(" · "),
    href: searchHref(o.name),
  }));
  return { rfps, people, organizations };
}
