import type { RoleType } from "./types";

/** The 12 permission flags of a role context (spec 000 section 3). */
export const PERMISSION_FLAGS = [
  "can_create_rfp",
  "can_submit_proposals",
  "can_access_board_tools",
  "can_manage_properties",
  "can_view_financials",
  "can_moderate_forums",
  "can_admin_organization",
  "can_verify_users",
  "can_create_events",
  "can_manage_documents",
  "can_access_academy",
  "can_message_users",
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type Permissions = Record<PermissionFlag, boolean>;

/** can_access_academy and can_message_users are true when missing; every other flag false (spec 000 section 6). */
export const PERMISSION_DEFAULTS: Permissions = {
  can_create_rfp: false,
  can_submit_proposals: false,
  can_access_board_tools: false,
  can_manage_properties: false,
  can_view_financials: false,
  can_moderate_forums: false,
  can_admin_organization: false,
  can_verify_users: false,
  can_create_events: false,
  can_manage_documents: false,
  can_access_academy: true,
  can_message_users: true,
};

const grant = (...flags: PermissionFlag[]): Permissions => {
  const permissions = { ...PERMISSION_DEFAULTS };
  for (const flag of flags) permissions[flag] = true;
  return permissions;
};

/**
 * The flags a new context gets, by role type. The specification names each context's purpose
 * (admin: full system access; board member: governance tools; manager: full property management
 * suite; vendor: proposal submission and project management; attorney: legal services; CPA:
 * financial services and reporting; homeowner: community participation; other: basic access);
 * these defaults are that purpose written as flags.
 */
export const CONTEXT_PERMISSIONS: Record<RoleType, Permissions> = {
  admin: grant(
    "can_create_rfp",
    "can_submit_proposals",
    "can_access_board_tools",
    "can_manage_properties",
    "can_view_financials",
    "can_moderate_forums",
    "can_admin_organization",
    "can_verify_users",
    "can_create_events",
    "can_manage_documents",
  ),
  board_member: grant(
    "can_create_rfp",
    "can_access_board_tools",
    "can_view_financials",
    "can_create_events",
    "can_manage_documents",
  ),
  manager: grant(
    "can_create_rfp",
    "can_access_board_tools",
    "can_manage_properties",
    "can_view_financials",
    "can_admin_organization",
    "can_create_events",
    "can_manage_documents",
  ),
  vendor: grant("can_submit_proposals", "can_manage_documents"),
  attorney: grant("can_access_board_tools", "can_manage_documents"),
  cpa: grant("can_view_financials", "can_manage_documents"),
  homeowner: grant(),
  other: grant(),
};

/** Reads flags from a stored context, applying the defaults for any that are missing. */
export function permissionsFrom(
  flags: Partial<Record<PermissionFlag, boolean | null | undefined>>,
): Permissions {
  const permissions = { ...PERMISSION_DEFAULTS };
  for (const flag of Object.keys(PERMISSION_DEFAULTS) as PermissionFlag[]) {
    const value = flags[flag];
    if (typeof value === "boolean") permissions[flag] = value;
  }
  return permissions;
}

export function hasPermission(permissions: Permissions | null | undefined, flag: PermissionFlag): boolean {
  return Boolean(permissions?.[flag]);
}
