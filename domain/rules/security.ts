import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./account-messages";

import { SECURITY_MESSAGES } from "./security-messages";

const required = (message: string) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.string({ required_error: message }));

const ChangePasswordFields = z.object({
  intent: z.literal("change-password"),
  current_password: required(SECURITY_MESSAGES.currentPasswordRequired).pipe(
    z.string().max(PASSWORD_MAX_LENGTH, SECURITY_MESSAGES.currentPasswordWrong),
  ),
  new_password: required(SECURITY_MESSAGES.newPasswordRequired).pipe(
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, SECURITY_MESSAGES.newPasswordTooShort)
      .max(PASSWORD_MAX_LENGTH, SECURITY_MESSAGES.newPasswordTooLong),
  ),
  confirm_password: required(SECURITY_MESSAGES.confirmRequired),
});

/** The rules across the password fields: the confirmation matches, the new password is new. */
function refineChangePassword(value: z.output<typeof ChangePasswordFields>, ctx: z.RefinementCtx) {
  if (value.confirm_password !== value.new_password) {
    ctx.addIssue({
      code: "custom",
      path: ["confirm_password"],
      message: SECURITY_MESSAGES.confirmMismatch,
    });
  }
  if (value.new_password === value.current_password) {
    ctx.addIssue({ code: "custom", path: ["new_password"], message: SECURITY_MESSAGES.newPasswordSame });
  }
}

export const ChangePasswordSchema = ChangePasswordFields.superRefine(refineChangePassword);
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;

/** Sessions are named on the page by a digest of their id, never by the id (the id is the credential). */
export const SessionHandleSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, SECURITY_MESSAGES.sessionNotFound);

export const RevokeSessionSchema = z.object({
  intent: z.literal("revoke-session"),
  session: SessionHandleSchema,
});

export const RevokeOtherSessionsSchema = z.object({ intent: z.literal("revoke-other-sessions") });

/** The security page's forms, told apart by their intent (one union, parsed with Conform). */
export const SecurityActionSchema = z
  .discriminatedUnion("intent", [ChangePasswordFields, RevokeSessionSchema, RevokeOtherSessionsSchema])
  .superRefine((value, ctx) => {
    if (value.intent === "change-password") refineChangePassword(value, ctx);
  });
export const SECURITY_INTENTS = ["change-password", "revoke-session", "revoke-other-sessions"] as const;
