import type { Queryable } from "@db/client";
import { preparedPerDatabase } from "@db/prepared";
import {
  organizations,
  roleContexts,
  sessions,
  userProfessionalRoles,
  userProfiles,
  users,
} from "@db/schema";
import {
  isRoleType,
  isRoleVerified,
  PERMISSION_FLAGS,
  type PermissionFlag,
  type Permissions,
  permissionsFrom,
  type RoleType,
} from "@domain/roles";
import { and, asc, eq, gt, isNull, type SQL, sql } from "drizzle-orm";

/** A user id, or a subquery that yields one (so the viewer loads in the same round trip as the session). */
export type UserRef = string | SQL;

export interface ViewerRole {
  id: string;
  roleType: RoleType;
  title: string;
  organizationId: string | null;
  organizationName: string | null;
  organizationType: string | null;
  organizationVerified: boolean;
  description: string | null;
  responsibilities: string[];
  isPrimary: boolean;
  isCurrent: boolean;
  displayOrder: number;
  verificationStatus: string;
  verificationMethod: string | null;
  rejectionReason: string | null;
  isVerified: boolean;
}

export interface ViewerContext {
  id: string;
  professionalRoleId: string;
  contextName: string;
  contextType: RoleType;
  organizationId: string | null;
  isDefault: boolean;
  lastAccessed: string | null;
  accessCount: number;
  permissions: Permissions;
}

export interface ViewerProfile {
  fullName: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  subscriptionTier: string;
  onboardingCompleted: boolean;
  onboardingStep: string;
  onboardingNudgeDismissed: boolean;
  activeRoleContext: string | null;
  theme: "system" | "light" | "dark";
  compactMode: boolean;
  reducedMotion: boolean;
  sidebarCollapsed: boolean;
  /** IANA time zone for dates the person types and reads; null: the platform default. */
  timezone: string | null;
}

const contextColumns = {
  id: roleContexts.id,
  professionalRoleId: roleContexts.professionalRoleId,
  contextName: roleContexts.contextName,
  contextType: roleContexts.contextType,
  organizationId: roleContexts.organizationId,
  isDefault: roleContexts.isDefault,
  lastAccessed: roleContexts.lastAccessed,
  accessCount: roleContexts.accessCount,
  can_create_rfp: roleContexts.canCreateRfp,
  can_submit_proposals: roleContexts.canSubmitProposals,
  can_access_board_tools: roleContexts.canAccessBoardTools,
  can_manage_properties: roleContexts.canManageProperties,
  can_view_financials: roleContexts.canViewFinancials,
  can_moderate_forums: roleContexts.canModerateForums,
  can_admin_organization: roleContexts.canAdminOrganization,
  can_verify_users: roleContexts.canVerifyUsers,
  can_create_events: roleContexts.canCreateEvents,
  can_manage_documents: roleContexts.canManageDocuments,
  can_access_academy: roleContexts.canAccessAcademy,
  can_message_users: roleContexts.canMessageUsers,
};

const profileColumns = {
  fullName: userProfiles.fullName,
  displayName: userProfiles.displayName,
  avatarUrl: userProfiles.avatarUrl,
  subscriptionTier: userProfiles.subscriptionTier,
  onboardingCompleted: userProfiles.onboardingCompleted,
  onboardingStep: userProfiles.onboardingStep,
  onboardingNudgeDismissed: userProfiles.onboardingNudgeDismissed,
  activeRoleContext: userProfiles.activeRoleContext,
  theme: userProfiles.theme,
  compactMode: userProfiles.compactMode,
  reducedMotion: userProfiles.reducedMotion,
  sidebarCollapsed: userProfiles.sidebarCollapsed,
  timezone: userProfiles.timezone,
};

type ProfileRow = Omit<ViewerProfile, "theme"> & { theme: string };

function toProfile(row: ProfileRow): ViewerProfile {
  const theme = row.theme === "light" || row.theme === "dark" ? row.theme : "system";
  return { ...row, theme };
}

export async function getViewerProfile(db: Queryable, userId: UserRef): Promise<ViewerProfile | null> {
  const [row] = await db.select(profileColumns).from(userProfiles).where(eq(userProfiles.id, userId));
  return row ? toProfile(row) : null;
}

/** The user's roles with their organization, by display order (spec 000 section 7). */
const roleColumns = {
  id: userProfessionalRoles.id,
  roleType: userProfessionalRoles.roleType,
  title: userProfessionalRoles.title,
  organizationId: userProfessionalRoles.organizationId,
  organizationName: userProfessionalRoles.organizationName,
  organizationType: organizations.organizationType,
  organizationVerified: organizations.isVerified,
  description: userProfessionalRoles.description,
  responsibilities: userProfessionalRoles.responsibilities,
  isPrimary: userProfessionalRoles.isPrimary,
  isCurrent: userProfessionalRoles.isCurrent,
  displayOrder: userProfessionalRoles.displayOrder,
  verificationStatus: userProfessionalRoles.verificationStatus,
  verificationMethod: userProfessionalRoles.verificationMethod,
  rejectionReason: userProfessionalRoles.rejectionReason,
};

interface RoleRow {
  id: string;
  roleType: string;
  title: string;
  organizationId: string | null;
  organizationName: string | null;
  organizationType: string | null;
  organizationVerified: boolean | null;
  description: string | null;
  responsibilities: string[];
  isPrimary: boolean;
  isCurrent: boolean;
  displayOrder: number;
  verificationStatus: string;
  verificationMethod: string | null;
  rejectionReason: string | null;
}

function toRoles(rows: RoleRow[]): ViewerRole[] {
  return rows.flatMap((r) =>
    isRoleType(r.roleType)
      ? [
          {
            ...r,
            roleType: r.roleType,
            organizationVerified: r.organizationVerified ?? false,
            isVerified: isRoleVerified(r.verificationStatus),
          },
        ]
      : [],
  );
}

export async function getRoles(db: Queryable, userId: UserRef): Promise<ViewerRole[]> {
  const rows = await db
    .select(roleColumns)
    .from(userProfessionalRoles)
    .leftJoin(organizations, eq(organizations.id, userProfessionalRoles.organizationId))
    .where(eq(userProfessionalRoles.userId, userId))
    .orderBy(asc(userProfessionalRoles.displayOrder), asc(userProfessionalRoles.createdAt));
  return toRoles(rows);
}

/** The user's contexts, default first (spec 000 section 7). */
export async function getContexts(db: Queryable, userId: UserRef): Promise<ViewerContext[]> {
  const rows = await db
    .select(contextColumns)
    .from(roleContexts)
    .where(eq(roleContexts.userId, userId))
    .orderBy(asc(roleContexts.createdAt));
  return toContexts(rows);
}

type ContextRow = Omit<ViewerContext, "permissions" | "contextType"> & {
  contextType: string;
} & Record<PermissionFlag, boolean>;

function toContexts(rows: ContextRow[]): ViewerContext[] {
  const contexts = rows.flatMap((r) => {
    if (!isRoleType(r.contextType)) return [];
    const flags: Partial<Record<PermissionFlag, boolean>> = {};
    for (const flag of PERMISSION_FLAGS) flags[flag] = r[flag];
    return [
      {
        id: r.id,
        professionalRoleId: r.professionalRoleId,
        contextName: r.contextName,
        contextType: r.contextType,
        organizationId: r.organizationId,
        isDefault: r.isDefault,
        lastAccessed: r.lastAccessed,
        accessCount: r.accessCount,
        permissions: permissionsFrom(flags),
      },
    ];
  });
  return contexts.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** `json_agg` of `columns` (named as in TypeScript) over the rows a subquery finds, as text ('[]' when none). */
function jsonRows(columns: Record<string, unknown>, from: SQL, orderBy: SQL): SQL<string> {
  const pairs = Object.entries(columns).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`);
  return sql<string>`(select coalesce(json_agg(json_build_object(${sql.join(pairs, sql`, `)}) order by ${orderBy}), '[]')::text ${from})`;
}

export interface SignedInViewer {
  user: { id: string; email: string; fullName: string | null; sessionId: string };
  /** The session's "last seen" is older than 5 minutes (the caller refreshes it). */
  stale: boolean;
  profile: ViewerProfile | null;
  roles: ViewerRole[];
  contexts: ViewerContext[];
}

/** The statement behind getViewerBySession, built once per database handle (db/prepared.ts). */
const viewerBySession = preparedPerDatabase((db) => {
  const roles = jsonRows(
    roleColumns,
    sql`from ${userProfessionalRoles} left join ${organizations} on ${organizations.id} = ${userProfessionalRoles.organizationId} where ${userProfessionalRoles.userId} = ${users.id}`,
    sql`${userProfessionalRoles.displayOrder}, ${userProfessionalRoles.createdAt}`,
  );
  const contexts = jsonRows(
    // A timestamp as text, as drizzle reads it in the other queries.
    { ...contextColumns, lastAccessed: sql`${roleContexts.lastAccessed}::text` },
    sql`from ${roleContexts} where ${roleContexts.userId} = ${users.id}`,
    sql`${roleContexts.createdAt}`,
  );
  return db
    .select({
      id: users.id,
      email: users.email,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '5 minutes'`,
      hasProfile: sql<boolean>`${userProfiles.id} is not null`,
      ...profileColumns,
      roles,
      contexts,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.disabledAt),
      ),
    )
    .prepare("viewer_by_session");
});

/**
 * The person behind a live session, in one statement (one round trip): the user, the profile, the
 * roles with their organizations and the contexts with their permission flags. Null when the session is
 * unknown or expired, or the account disabled.
 */
export async function getViewerBySession(db: Queryable, sessionId: string): Promise<SignedInViewer | null> {
  const [row] = await viewerBySession(db).execute({ sessionId });
  if (!row) return null;
  const { id, email, stale, hasProfile, roles: rolesJson, contexts: contextsJson, ...profile } = row;
  return {
    user: { id, email, fullName: profile.fullName, sessionId },
    stale,
    profile: hasProfile ? toProfile(profile as ProfileRow) : null,
    roles: toRoles(JSON.parse(rolesJson) as RoleRow[]),
    contexts: toContexts(JSON.parse(contextsJson) as ContextRow[]),
  };
}
