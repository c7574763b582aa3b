import { parseWithZod } from "@conform-to/zod";
import { AUTH_ERRORS } from "@domain/rules/accounts";
import { AUTH_RATE_LIMITS } from "@domain/rules/rate-limits";
import { SECURITY_INTENTS, SecurityActionSchema } from "@domain/rules/security";
import { intentOf } from "~/forms.server";

/**
 * The security page's forms (/settings/security), parsed on the server only: the page's JavaScript
 * carries no zod (issue 27, part 3); Conform shows the errors the action answers (lastResult).
 */

/** Wrong current passwords count like failed sign-ins against the account. */
export const CHANGE_PASSWORD_LIMIT = AUTH_RATE_LIMITS.sign_in_account;
export const RATE_LIMITED_MESSAGE = AUTH_ERRORS.RATE_LIMITED.message;

export const parseSecurityForm = (formData: FormData) =>
  parseWithZod(formData, { schema: SecurityActionSchema });

/** The intent a refused form named, when it is one of the page's (else null: an unknown form). */
export const refusedIntent = (payload: Record<string, unknown>) => intentOf(payload, SECURITY_INTENTS);
