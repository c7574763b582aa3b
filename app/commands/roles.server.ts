import type { Database, Queryable } from "@db/client";
import { organizations, roleContexts, userProfessionalRoles, userProfiles } from "@db/schema";
import {
  CONTEXT_PERMISSIONS,
  defaultVerificationMethod,
  initialVerificationStatus,
  ORGANIZATION_TYPE_FOR_ROLE,
  ROLE_LABELS,
  type RoleType,
  verificationAfterOrganizationEdit,
} from "@domain/roles";
import type { RoleInput } from "@domain/rules/roles";
import { and, asc, eq, max, ne, sql } from "drizzle-orm";
import { notify, signalContextChange } from "./notifications.server";

export class RoleNotFoundError extends Error {
  constructor() {
    super("Role not found");
  }
}

/** Finds the organization by name and type, creating it when new. */
async function ensureOrganization(tx: Queryable, name: string | undefined, roleType: RoleType) {
  if (!name) return null;
  const organizationType = ORGANIZATION_TYPE_FOR_ROLE[roleType];
  await tx.insert(organizations).values({ name, organizationType }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        sql`lower(${organizations.name}) = lower(${name})`,
        eq(organizations.organizationType, organizationType),
      ),
    );
  return row?.id ?? null;
}

function contextFlags(roleType: RoleType) {
  const p = CONTEXT_PERMISSIONS[roleType];
  return {
    canCreateRfp: p.can_create_rfp,
    canSubmitProposals: p.can_submit_proposals,
    canAccessBoardTools: p.can_access_board_tools,
    canManageProperties: p.can_manage_properties,
    canViewFinancials: p.can_view_financials,
    canModerateForums: p.can_moderate_forums,
    canAdminOrganization: p.can_admin_organization,
    canVerifyUsers: p.can_verify_users,
    canCreateEvents: p.can_create_events,
    canManageDocuments: p.can_manage_documents,
    canAccessAcademy: p.can_access_academy,
    canMessageUsers: p.can_message_users,
  };
}

export interface AddRoleOptions {
  /** Admin roles are granted by the seed or another admin, never chosen by the person. */
  allowAdmin?: boolean;
  /** A role granted by an administrator (or the seed) starts verified. */
  verified?: boolean;
}

/**
 * Adds a role (spec 000 section 4): the first is primary and its context the default and active one;
 * a role that needs verification starts pending; its context gets the role type's permission flags;
 * a role_added notification is created. All in one transaction.
 */
export async function addRole(
  db: Database,
  userId: string,
  input: RoleInput,
  options: AddRoleOptions = {},
): Promise<{ roleId: string; contextId: string }> {
  if (input.role_type === "admin" && !options.allowAdmin)
    throw new Error("Admin roles cannot be self-assigned");
  return db.transaction(async (tx) => {
    // Serialize role changes per person, so two tabs cannot both add "the first" role.
    await tx.execute(sql`select 1 from ${userProfiles} where ${userProfiles.id} = ${userId} for update`);
    const [agg] = await tx
      .select({ count: sql<number>`count(*)::int`, maxOrder: max(userProfessionalRoles.displayOrder) })
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.userId, userId));
    const first = (agg?.count ?? 0) === 0;
    const organizationName = input.role_type === "homeowner" ? undefined : input.organization_name;
    const organizationId = await ensureOrganization(tx, organizationName, input.role_type);
    const status = options.verified ? "verified" : initialVerificationStatus(input.role_type);
    const [role] = await tx
      .insert(userProfessionalRoles)
      .values({
        userId,
        roleType: input.role_type,
        title: input.title,
        organizationId,
        organizationName: organizationName ?? null,
        description: input.description ?? null,
        responsibilities: input.responsibilities ?? [],
        isPrimary: first,
        displayOrder: first ? 0 : (agg?.maxOrder ?? 0) + 1,
        verificationStatus: status,
        verificationMethod: options.verified ? null : defaultVerificationMethod(input.role_type),
        verifiedAt: options.verified ? sql`now()` : null,
      })
      .returning({ id: userProfessionalRoles.id });
    if (!role) throw new Error("Role insert returned nothing");
    const [context] = await tx
      .insert(roleContexts)
      .values({
        userId,
        professionalRoleId: role.id,
        contextName: `${ROLE_LABELS[input.role_type]}${organizationName ? ` · ${organizationName}` : ""}`,
        contextType: input.role_type,
        organizationId,
        isDefault: first,
        ...contextFlags(input.role_type),
      })
      .returning({ id: roleContexts.id });
    if (!context) throw new Error("Context insert returned nothing");
    if (first) {
      await tx
        .update(userProfiles)
        .set({ activeRoleContext: context.id, updatedAt: sql`now()` })
        .where(eq(userProfiles.id, userId));
    }
    await notify(tx, {
      userId,
      type: "role_added",
      title: `${ROLE_LABELS[input.role_type]} role added`,
      body:
        status === "pending"
          ? `${input.title} is pending verification. Verification review takes about 1-2 business days.`
          : `${input.title} is ready to use.`,
      actionUrl: "/settings/roles",
      metadata: { role_id: role.id, role_type: input.role_type },
    });
    await signalContextChange(tx, userId);
    return { roleId: role.id, contextId: context.id };
  });
}

/**
 * Updates a role's own fields; the role type stays (a new type is a new role). Renaming the
 * organization of a verified role sends it back to verification (issue 11, part 7); the answer says
 * whether it did.
 */
export async function updateRole(
  db: Database,
  userId: string,
  roleId: string,
  input: Omit<RoleInput, "role_type">,
): Promise<{ reverify: boolean }> {
  return db.transaction(async (tx) => {
    const [role] = await tx
      .select({
        roleType: userProfessionalRoles.roleType,
        organizationName: userProfessionalRoles.organizationName,
        verificationStatus: userProfessionalRoles.verificationStatus,
        verificationMethod: userProfessionalRoles.verificationMethod,
      })
      .from(userProfessionalRoles)
      .where(and(eq(userProfessionalRoles.id, roleId), eq(userProfessionalRoles.userId, userId)))
      .for("update");
    if (!role) throw new RoleNotFoundError();
    const roleType = role.roleType as RoleType;
    const organizationName = roleType === "homeowner" ? undefined : input.organization_name;
    const organizationId = await ensureOrganization(tx, organizationName, roleType);
    const status = verificationAfterOrganizationEdit(
      roleType,
      role.verificationStatus,
      role.organizationName,
      organizationName,
    );
    await tx
      .update(userProfessionalRoles)
      .set({
        title: input.title,
        organizationName: organizationName ?? null,
        organizationId,
        description: input.description ?? null,
        responsibilities: input.responsibilities ?? [],
        updatedAt: sql`now()`,
        ...(status
          ? {
              verificationStatus: status,
              verificationMethod: role.verificationMethod ?? defaultVerificationMethod(roleType),
              verifiedAt: null,
            }
          : {}),
      })
      .where(and(eq(userProfessionalRoles.id, roleId), eq(userProfessionalRoles.userId, userId)));
    await tx
      .update(roleContexts)
      .set({
        organizationId,
        contextName: `${ROLE_LABELS[roleType]}${organizationName ? ` · ${organizationName}` : ""}`,
        updatedAt: sql`now()`,
      })
      .where(eq(roleContexts.professionalRoleId, roleId));
    await signalContextChange(tx, userId);
    return { reverify: status !== null };
  });
}

/**
 * Switches the active context (spec 000 section 4): sets active_role_context and last_context_switch,
 * the context's last_accessed, and increments its access_count.
 */
export async function switchContext(db: Queryable, userId: string, contextId: string): Promise<boolean> {
  const [context] = await db
    .update(roleContexts)
    .set({ lastAccessed: sql`now()`, accessCount: sql`${roleContexts.accessCount} + 1` })
    .where(and(eq(roleContexts.id, contextId), eq(roleContexts.userId, userId)))
    .returning({ id: roleContexts.id });
  if (!context) return false;
  await db
    .update(userProfiles)
    .set({ activeRoleContext: contextId, lastContextSwitch: sql`now()`, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId));
  // The person's other open pages reload their role data (spec 000 section 4).
  await signalContextChange(db, userId);
  return true;
}

/**
 * Deletes a role. When its context is the active one, another context becomes active first; when it
 * was primary, the next role in order becomes primary and its context the default.
 */
export async function deleteRole(db: Database, userId: string, roleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${userProfiles} where ${userProfiles.id} = ${userId} for update`);
    const [role] = await tx
      .select({ isPrimary: userProfessionalRoles.isPrimary, contextId: roleContexts.id })
      .from(userProfessionalRoles)
      .leftJoin(roleContexts, eq(roleContexts.professionalRoleId, userProfessionalRoles.id))
      .where(and(eq(userProfessionalRoles.id, roleId), eq(userProfessionalRoles.userId, userId)));
    if (!role) throw new RoleNotFoundError();
    const [next] = await tx
      .select({ roleId: userProfessionalRoles.id, contextId: roleContexts.id })
      .from(userProfessionalRoles)
      .innerJoin(roleContexts, eq(roleContexts.professionalRoleId, userProfessionalRoles.id))
      .where(and(eq(userProfessionalRoles.userId, userId), ne(userProfessionalRoles.id, roleId)))
      .orderBy(asc(userProfessionalRoles.displayOrder), asc(userProfessionalRoles.createdAt))
      .limit(1);
    const [profile] = await tx
      .select({ active: userProfiles.activeRoleContext })
      .from(userProfiles)
      .where(eq(userProfiles.id, userId));
    if (profile?.active && profile.active === role.contextId) {
      if (next) await switchContext(tx, userId, next.contextId);
      else
        await tx
          .update(userProfiles)
          .set({ activeRoleContext: null, lastContextSwitch: sql`now()`, updatedAt: sql`now()` })
          .where(eq(userProfiles.id, userId));
    }
    await tx
      .delete(userProfessionalRoles)
      .where(and(eq(userProfessionalRoles.id, roleId), eq(userProfessionalRoles.userId, userId)));
    if (role.isPrimary && next) {
      await tx
        .update(userProfessionalRoles)
        .set({ isPrimary: true, updatedAt: sql`now()` })
        .where(eq(userProfessionalRoles.id, next.roleId));
      await tx.update(roleContexts).set({ isDefault: true }).where(eq(roleContexts.id, next.contextId));
    }
    await signalContextChange(tx, userId);
  });
}

/**
 * Reorders roles: `orderedIds` lists every role of the user; the first becomes primary and its
 * context the default (spec 000 section 4: the first role is primary).
 */
export async function reorderRoles(db: Database, userId: string, orderedIds: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${userProfiles} where ${userProfiles.id} = ${userId} for update`);
    const rows = await tx
      .select({ id: userProfessionalRoles.id })
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.userId, userId));
    const owned = new Set(rows.map((r) => r.id));
    if (orderedIds.length !== owned.size || !orderedIds.every((id) => owned.has(id))) {
      throw new RoleNotFoundError();
    }
    // Clear the primary first: at most one primary role per person is a unique index.
    await tx
      .update(userProfessionalRoles)
      .set({ isPrimary: false })
      .where(eq(userProfessionalRoles.userId, userId));
    for (const [index, id] of orderedIds.entries()) {
      await tx
        .update(userProfessionalRoles)
        .set({ displayOrder: index, isPrimary: index === 0, updatedAt: sql`now()` })
        .where(eq(userProfessionalRoles.id, id));
      await tx
        .update(roleContexts)
        .set({ isDefault: index === 0 })
        .where(eq(roleContexts.professionalRoleId, id));
    }
    await signalContextChange(tx, userId);
  });
}
