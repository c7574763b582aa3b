import { z } from "zod";
import { isRoleType, type RoleType, SELF_SERVICE_ROLE_TYPES } from "../roles/types";

/** Messages of the onboarding role step (spec 000 section 5), also used wherever a role is edited. */
export const ROLE_MESSAGES = {
  roleRequired: "Please select a professional role",
  titleRequired: "Job title is required",
  organizationRequired: "Organization name is required for this role",
  saveFailed: "Failed to save professional role",
  addFailed: "Failed to add role",
  updateFailed: "Failed to update role",
  deleteFailed: "Failed to delete role",
  createContextFailed: "Failed to create context",
  switchFailed: "Context switch failed",
} as const;

export const ROLE_LIMITS = {
  title: 120,
  organization: 160,
  description: 1000,
  responsibility: 200,
  responsibilities: 20,
};

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Responsibilities arrive as one per line (a textarea) or as an array. */
const responsibilities = z.preprocess(
  (v) => {
    const list = Array.isArray(v) ? v : typeof v === "string" ? v.split(/\r?\n/) : [];
    return list.map((s) => (typeof s === "string" ? s.trim() : s)).filter((s) => s !== "");
  },
  z
    .array(z.string().max(ROLE_LIMITS.responsibility))
    .max(ROLE_LIMITS.responsibilities, `At most ${ROLE_LIMITS.responsibilities} responsibilities`),
);

/** A role's own fields as a form sends them (the add and edit forms share them). */
export const roleFields = {
  // Required, but checked in the refinement so every message shows at once (Zod skips refinements
  // when a base field fails).
  title: z.preprocess(blankToUndefined, z.string().trim().max(ROLE_LIMITS.title).optional()),
  organization_name: z.preprocess(
    blankToUndefined,
    z.string().trim().max(ROLE_LIMITS.organization).optional(),
  ),
  description: z.preprocess(blankToUndefined, z.string().trim().max(ROLE_LIMITS.description).optional()),
  responsibilities: responsibilities.optional(),
};

/** A role needs a title, and an organization unless it is a homeowner's. */
export function refineOrganization(
  value: { role_type?: RoleType; title?: string; organization_name?: string },
  ctx: z.RefinementCtx,
) {
  if (!value.title) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["title"], message: ROLE_MESSAGES.titleRequired });
  }
  if (value.role_type && value.role_type !== "homeowner" && !value.organization_name) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["organization_name"],
      message: ROLE_MESSAGES.organizationRequired,
    });
  }
}

/** A new role: a type is chosen, then the title and organization rules. */
export function refineRole(
  value: { role_type?: RoleType; title?: string; organization_name?: string },
  ctx: z.RefinementCtx,
) {
  if (!value.role_type) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["role_type"], message: ROLE_MESSAGES.roleRequired });
  }
  refineOrganization(value, ctx);
}

/** The role type chosen in a form (any self-service type; never admin). */
export const roleType = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .refine((v) => v === undefined || (isRoleType(v) && v !== "admin"), ROLE_MESSAGES.roleRequired)
    .transform((v) => v as RoleType | undefined),
);

/**
 * A professional role as a person enters it: the onboarding role step and the role settings share it.
 * Choosing homeowner clears the organization.
 */
export const RoleSchema = z
  .object({ role_type: roleType, ...roleFields })
  .superRefine(refineRole)
  .transform(
    (v): RoleInput => ({
      ...v,
      role_type: v.role_type as RoleType,
      title: v.title as string,
      organization_name: v.role_type === "homeowner" ? undefined : v.organization_name,
    }),
  );
export interface RoleInput {
  role_type: RoleType;
  title: string;
  organization_name?: string;
  description?: string;
  responsibilities?: string[];
}

/** Editing a role keeps its type; the organization rule follows the stored type. */
export function roleUpdateSchema(type: RoleType) {
  return z
    .object(roleFields)
    .superRefine((v, ctx) => refineOrganization({ ...v, role_type: type }, ctx))
    .transform(
      (v): Omit<RoleInput, "role_type"> => ({
        ...v,
        title: v.title as string,
        organization_name: type === "homeowner" ? undefined : v.organization_name,
      }),
    );
}

export const SELECTABLE_ROLE_TYPES = SELF_SERVICE_ROLE_TYPES;

/** The role as commands take it: homeowners have no organization. */
export function toRoleInput(
  type: RoleType,
  v: { title?: string; organization_name?: string; description?: string; responsibilities?: string[] },
): RoleInput {
  return {
    ...v,
    role_type: type,
    title: v.title as string,
    organization_name: type === "homeowner" ? undefined : v.organization_name,
  };
}

/** The longest rejection reason an administrator may give a role's verification (shown to the person). */
export const REJECTION_REASON_MAX = 500;

/** The verification queue's two forms (approve, reject with a reason), told apart by their intent. */
export const verificationReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), roleId: z.string().uuid() }),
  z.object({
    intent: z.literal("reject"),
    roleId: z.string().uuid(),
    reason: z
      .string({ required_error: "Give a reason for the rejection" })
      .trim()
      .min(1, "Give a reason for the rejection")
      .max(REJECTION_REASON_MAX, `The reason can be at most ${REJECTION_REASON_MAX} characters`),
  }),
]);
