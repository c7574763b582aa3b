import type { Queryable } from "@db/client";
import { organizations, roleContexts, userProfessionalRoles, userProfiles } from "@db/schema";
import {
  isRoleType,
  isRoleVerified,
  PERMISSION_FLAGS,
  type PermissionFlag,
  type Permissions,
  permissionsFrom,
  type RoleType,
} from "@domain/roles";
import { asc, eq, type SQL } from "drizzle-orm";

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

export async function getViewerProfile(db: Queryable, userId: UserRef): Promise<ViewerProfile | null> {
  const [row] = await db
    .select({
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
    })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  if (!row) return null;
  const theme = row.theme === "light" || row.theme === "dark" ? row.theme : "system";
  return { ...row, theme };
}

/** The user's roles with their organization, by display order (spec 000 section 7). */
export async function getRoles(db: Queryable, userId: UserRef): Promise<ViewerRole[]> {
  const rows = await db
    .select({
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
    })
    .from(userProfessionalRoles)
    .leftJoin(organizations, eq(organizations.id, userProfessionalRoles.organizationId))
    .where(eq(userProfessionalRoles.userId, userId))
    .orderBy(asc(userProfessionalRoles.displayOrder), asc(userProfessionalRoles.createdAt));
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

/** The user's contexts, default first (spec 000 section 7). */
export async function getContexts(db: Queryable, userId: UserRef): Promise<ViewerContext[]> {
  const rows = await db
    .select(contextColumns)
    .from(roleContexts)
    .where(eq(roleContexts.userId, userId))
    .orderBy(asc(roleContexts.createdAt));
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
