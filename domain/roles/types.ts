/**
 * Professional roles and role contexts (spec 000 sections 3 and 6). Pure data and rules.
 */

export const ROLE_TYPES = [
  "admin",
  "board_member",
  "manager",
  "vendor",
  "attorney",
  "cpa",
  "homeowner",
  "other",
] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export const isRoleType = (value: unknown): value is RoleType =>
  typeof value === "string" && (ROLE_TYPES as readonly string[]).includes(value);

/** Labels used across the product. */
export const ROLE_LABELS: Record<RoleType, string> = {
  admin: "System Administrator",
  board_member: "Board Member",
  manager: "Property Manager",
  vendor: "Vendor/Contractor",
  attorney: "Attorney",
  cpa: "CPA/Financial",
  homeowner: "Homeowner",
  other: "Other",
};

/** Labels in the onboarding role step, where four of them read differently. */
export const ONBOARDING_ROLE_LABELS: Record<RoleType, string> = {
  ...ROLE_LABELS,
  homeowner: "Homeowner/Unit Owner",
  vendor: "Service Vendor",
  cpa: "CPA/Accountant",
  other: "Other Professional",
};

/** Role types a person may choose for themselves; admin is granted, never self-chosen. */
export const SELF_SERVICE_ROLE_TYPES = ROLE_TYPES.filter((t) => t !== "admin");

/** Context descriptions (spec 000 section 3). */
export const CONTEXT_DESCRIPTIONS: Record<RoleType, string> = {
  admin: "Full system access",
  board_member: "Governance tools",
  manager: "Full property management suite",
  vendor: "Proposal submission and project management",
  attorney: "Legal services",
  cpa: "Financial services and reporting",
  homeowner: "Community participation",
  other: "Basic access",
};

export const ORGANIZATION_TYPES = [
  "property",
  "vendor_company",
  "management_company",
  "law_firm",
  "cpa_firm",
  "other",
] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  property: "Property/Community",
  vendor_company: "Vendor Company",
  management_company: "Management Company",
  law_firm: "Law Firm",
  cpa_firm: "CPA Firm",
  other: "Other",
};

/** The organization type a role's organization most likely is. */
export const ORGANIZATION_TYPE_FOR_ROLE: Record<RoleType, OrganizationType> = {
  admin: "other",
  board_member: "property",
  manager: "management_company",
  vendor: "vendor_company",
  attorney: "law_firm",
  cpa: "cpa_firm",
  homeowner: "property",
  other: "other",
};
