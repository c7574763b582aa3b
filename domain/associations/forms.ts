import { PROPERTY_TYPE_IDS } from "@domain/rfp/types";
import { isTimeZone } from "@domain/time-zone";
import { z } from "zod";
import { ASSOCIATION_LIMITS, ASSOCIATION_MESSAGES, BOARD_OFFICES, MEMBER_ROLES } from "./index";

/**
 * The association forms' Zod schemas: one per form, shared by the server (parseWithZod) and the page.
 * Pure.
 */

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

const int = (message: string) =>
  z.coerce.number({ invalid_type_error: message, required_error: message }).int(message);

/** The association's own facts (create and settings). */
export const associationDetailsShape = {
  name: z
    .string({ required_error: "Association name is required" })
    .trim()
    .min(ASSOCIATION_LIMITS.nameMin, "Association name is required")
    .max(
      ASSOCIATION_LIMITS.nameMax,
      `Association name must be at most ${ASSOCIATION_LIMITS.nameMax} characters`,
    ),
  property_type: z.enum(PROPERTY_TYPE_IDS, {
    errorMap: () => ({ message: "Please select a property type" }),
  }),
  address_line: optionalText(ASSOCIATION_LIMITS.addressMax, "Address"),
  city: optionalText(ASSOCIATION_LIMITS.cityMax, "City"),
  state: optionalText(ASSOCIATION_LIMITS.stateMax, "State"),
  zip: optionalText(ASSOCIATION_LIMITS.zipMax, "ZIP code"),
  unit_count: int("Number of units must be a whole number")
    .min(ASSOCIATION_LIMITS.unitsMin, "Number of units must be at least 1")
    .max(ASSOCIATION_LIMITS.unitsMax, `Number of units must be at most ${ASSOCIATION_LIMITS.unitsMax}`),
  time_zone: z
    .string({ required_error: "Please select a time zone" })
    .refine(isTimeZone, "Please select a time zone"),
  fiscal_year_start_month: int("Please select the month the fiscal year starts")
    .min(1, "Please select the month the fiscal year starts")
    .max(12, "Please select the month the fiscal year starts"),
};

/** The association's details as a form holds them (the create and settings forms share them). */
export type AssociationDetailsForm = z.infer<z.ZodObject<typeof associationDetailsShape>>;

/** A details form's values as the association's fields. */
export function associationDetailsOf(v: AssociationDetailsForm) {
  return {
    name: v.name,
    propertyType: v.property_type,
    addressLine: v.address_line,
    city: v.city,
    state: v.state,
    zip: v.zip,
    unitCount: v.unit_count,
    timeZone: v.time_zone,
    fiscalYearStartMonth: v.fiscal_year_start_month,
  };
}

export const CreateAssociationSchema = z
  .object({
    ...associationDetailsShape,
    creator_role: z.enum(["board_member", "property_manager"], {
      errorMap: () => ({ message: "Please choose how you belong to the association" }),
    }),
    board_office: z.enum(BOARD_OFFICES).optional(),
  })
  .refine((v) => v.creator_role !== "board_member" || v.board_office !== undefined, {
    path: ["board_office"],
    message: "Please choose your office on the board",
  });

/** The settings form's fields (its rule across fields is `refineSettingsForm`). */
export const AssociationSettingsFormSchema = z.object({
  intent: z.literal("settings"),
  ...associationDetailsShape,
  board_seats: int("Board seats must be a whole number")
    .min(ASSOCIATION_LIMITS.boardSeatsMin, "The board needs at least 1 seat")
    .max(
      ASSOCIATION_LIMITS.boardSeatsMax,
      `The board can have at most ${ASSOCIATION_LIMITS.boardSeatsMax} seats`,
    ),
  quorum_minimum: z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    int("Quorum must be a whole number").min(1, "Quorum must be at least 1").nullable(),
  ),
});

/** The quorum cannot exceed the board's seats. */
export function refineSettingsForm(
  v: { quorum_minimum: number | null; board_seats: number },
  ctx: z.RefinementCtx,
): void {
  if (v.quorum_minimum !== null && v.quorum_minimum > v.board_seats) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["quorum_minimum"],
      message: ASSOCIATION_MESSAGES.quorumAboveSeats,
    });
  }
}

export const AssociationSettingsSchema = AssociationSettingsFormSchema.superRefine(refineSettingsForm);

const unitField = z
  .string()
  .trim()
  .max(ASSOCIATION_LIMITS.unitMax, `Unit must be at most ${ASSOCIATION_LIMITS.unitMax} characters`)
  .optional()
  .transform((v) => (v ? v : null));

/** The invitation form's fields (its rules across fields are `refineInvitationForm`). */
export const InvitationFormSchema = z.object({
  intent: z.literal("invite"),
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .toLowerCase()
    .email("Please enter a valid email address")
    .max(254),
  member_role: z.enum(MEMBER_ROLES, { errorMap: () => ({ message: "Please choose a role" }) }),
  board_office: z.enum(BOARD_OFFICES).optional(),
  unit: unitField,
});

/** A board member is invited to an office; a homeowner to a unit. */
export function refineInvitationForm(
  v: { member_role: string; board_office?: string; unit: string | null },
  ctx: z.RefinementCtx,
): void {
  if (v.member_role === "board_member" && v.board_office === undefined) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["board_office"],
      message: "Please choose the office on the board",
    });
  }
  if (v.member_role === "homeowner" && v.unit === null) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["unit"],
      message: "Unit is required for a homeowner",
    });
  }
}

export const InvitationSchema = InvitationFormSchema.superRefine(refineInvitationForm);

const memberId = z.string().uuid();

/** The association page's forms other than settings and invitations, told apart by `intent`. */
export const MemberActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("change_office"), member_id: memberId, board_office: z.enum(BOARD_OFFICES) }),
  z.object({ intent: z.literal("remove"), member_id: memberId }),
  z.object({ intent: z.literal("leave") }),
  z.object({ intent: z.literal("revoke"), invitation_id: z.string().uuid() }),
  z.object({ intent: z.literal("approve"), member_id: memberId }),
  z.object({ intent: z.literal("decline"), member_id: memberId }),
]);

export const JoinRequestSchema = z.object({
  association_id: z.string().uuid("Choose an association"),
  unit: z
    .string({ required_error: "Unit is required" })
    .trim()
    .min(1, "Unit is required")
    .max(ASSOCIATION_LIMITS.unitMax, `Unit must be at most ${ASSOCIATION_LIMITS.unitMax} characters`),
});

export const SwitchAssociationSchema = z.object({
  association_id: z.string().uuid(),
  redirectTo: z.string().max(2000).optional(),
});
