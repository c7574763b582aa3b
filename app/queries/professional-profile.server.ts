import type { Queryable } from "@db/client";
import { userProfessionalRoles, userProfiles, users } from "@db/schema";
import {
  currentRolesCount,
  hasVerifiedRole,
  type ProfileVariant,
  profileAccess,
  sortRoles,
} from "@domain/network/profile";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { connectionBetween } from "./network-access.server";

/**
 * The unified profile (issue 28, part 1; spec 002 "Unified profile", section 3 "Profile"), read for one
 * viewer: null when there is no such profile or the viewer may not see it (a private profile of someone
 * they are not connected to, or anyone across a block), so the route answers 404 either way. The e-mail
 * leaves here only for the owner.
 */

export interface ProfileRole {
  id: string;
  roleType: string;
  title: string;
  organizationName: string | null;
  description: string | null;
  isPrimary: boolean;
  isCurrent: boolean;
  displayOrder: number;
  verificationStatus: string;
  startDate: string | null;
  endDate: string | null;
}

export interface UnifiedProfile {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  location: string | null;
  /** Only for the owner (else null; the page shows "Contact via platform"). */
  email: string | null;
  yearsExperience: number | null;
  professionalSummary: string | null;
  bio: string | null;
  websiteUrl: string | null;
  isPublic: boolean;
  hasVerifiedRole: boolean;
  currentRolesCount: number;
  createdAt: string;
  professionalRoles: ProfileRole[];
}

export interface ProfileForViewer {
  access: "owner" | "visitor";
  /** The connection's state between viewer and owner (null for the owner or when none). */
  connection: "pending" | "accepted" | "declined" | null;
  profile: UnifiedProfile;
}

/** The roles of some people, each person's sorted primary, current, display order. */
export async function rolesOf(db: Queryable, userIds: string[]): Promise<Map<string, ProfileRole[]>> {
  const out = new Map<string, ProfileRole[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: userProfessionalRoles.userId,
      id: userProfessionalRoles.id,
      roleType: userProfessionalRoles.roleType,
      title: userProfessionalRoles.title,
      organizationName: userProfessionalRoles.organizationName,
      description: userProfessionalRoles.description,
      isPrimary: userProfessionalRoles.isPrimary,
      isCurrent: userProfessionalRoles.isCurrent,
      displayOrder: userProfessionalRoles.displayOrder,
      verificationStatus: userProfessionalRoles.verificationStatus,
      startDate: userProfessionalRoles.startDate,
      endDate: userProfessionalRoles.endDate,
    })
    .from(userProfessionalRoles)
    .where(inArray(userProfessionalRoles.userId, userIds));
  for (const { userId, ...role } of rows) out.set(userId, [...(out.get(userId) ?? []), role]);
  for (const [id, roles] of out) out.set(id, sortRoles(roles));
  return out;
}

/** The profile at /professional/{username} as `viewerId` may see it, or null (404). */
export async function getProfileForViewer(
  db: Queryable,
  username: string,
  viewerId: string,
): Promise<ProfileForViewer | null> {
  const slug = username.trim().toLowerCase();
  if (slug.length === 0 || slug.length > 100) return null;
  const [row] = await db
    .select({
      id: userProfiles.id,
      username: userProfiles.username,
      fullName: userProfiles.fullName,
      avatarUrl: userProfiles.avatarUrl,
      location: userProfiles.location,
      email: userProfiles.email,
      yearsExperience: userProfiles.yearsExperience,
      professionalSummary: userProfiles.professionalSummary,
      bio: userProfiles.bio,
      websiteUrl: userProfiles.websiteUrl,
      isPublic: userProfiles.isPublic,
      createdAt: userProfiles.createdAt,
    })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.id))
    .where(and(sql`lower(${userProfiles.username}) = ${slug}`, isNull(users.disabledAt)));
  if (!row?.username) return null;
  const connection = await connectionBetween(db, viewerId, row.id);
  const access = profileAccess({
    viewerId,
    ownerId: row.id,
    isPublic: row.isPublic,
    connected: connection?.status === "accepted",
    blocked: connection?.status === "blocked",
  });
  if (access === "hidden") return null;
  const roles = (await rolesOf(db, [row.id])).get(row.id) ?? [];
  return {
    access,
    connection:
      access === "owner" || !connection || connection.status === "blocked" ? null : connection.status,
    profile: {
      ...row,
      username: row.username,
      email: access === "owner" ? row.email : null,
      hasVerifiedRole: hasVerifiedRole(roles),
      currentRolesCount: currentRolesCount(roles),
      professionalRoles: roles,
    },
  };
}

/** The signed-in person's own username (for /professional/me). */
export async function ownUsername(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ username: userProfiles.username })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row?.username ?? null;
}

/** How many roles each variant of the profile component may show (re-exported for components). */
export type { ProfileVariant };
