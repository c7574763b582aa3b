import { z } from "zod";

/**
 * The OpenID Connect userinfo claims we use. `email_verified` is a boolean in the standard; some
 * providers send the string "true", which counts as verified too. Anything else is not verified.
 */
export const OAuthProfileSchema = z.object({
  sub: z.union([z.string().min(1), z.number()]).transform(String),
  email: z.string().trim().toLowerCase().email().max(254).optional().catch(undefined),
  email_verified: z
    .unknown()
    .transform((v) => v === true || v === "true")
    .optional(),
  name: z.string().trim().max(120).optional().catch(undefined),
});
export type OAuthProfile = z.output<typeof OAuthProfileSchema>;

export type OAuthDecision =
  /** This provider account is already linked: sign its user in. */
  | { kind: "sign_in"; userId: string }
  /** Link to the account with the same, provider-verified, e-mail and sign it in. */
  | { kind: "link"; userId: string; accountWasConfirmed: boolean }
  /** Nobody has this verified e-mail: create a confirmed account and link it. */
  | { kind: "create"; email: string }
  | { kind: "refuse"; reason: "email_not_verified" | "no_email" };

/**
 * Who an OAuth sign-in belongs to. An existing account is linked only when the provider says the
 * e-mail is verified; an unverified or missing e-mail never creates or links an account (it would let
 * someone claim an address they do not own).
 */
export function decideOAuthSignIn(input: {
  profile: OAuthProfile;
  linkedUserId: string | null;
  userWithEmail: { id: string; emailConfirmed: boolean } | null;
}): OAuthDecision {
  if (input.linkedUserId) return { kind: "sign_in", userId: input.linkedUserId };
  const { email, email_verified } = input.profile;
  if (!email) return { kind: "refuse", reason: "no_email" };
  if (email_verified !== true) return { kind: "refuse", reason: "email_not_verified" };
  if (input.userWithEmail) {
    return {
      kind: "link",
      userId: input.userWithEmail.id,
      accountWasConfirmed: input.userWithEmail.emailConfirmed,
    };
  }
  return { kind: "create", email };
}
