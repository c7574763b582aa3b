import { users } from "@db/schema";
import { SignInSchema } from "@domain/rules/accounts";
import { OAuthProfileSchema } from "@domain/rules/oauth";
import { sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { signInWithOAuth } from "~/commands/oauth.server";
import { getDb } from "~/db.server";
import { oauthConfig } from "~/env.server";
import { withCircuit } from "~/monitoring/circuits.server";
import { secureCookies } from "./cookie-security.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";

export class InvalidCredentialsError extends Error {
  constructor() {
    super("INVALID_CREDENTIALS");
  }
}

/** The password was right but the address is not confirmed yet (spec 000 section 8, EMAIL_NOT_CONFIRMED). */
export class EmailNotConfirmedError extends Error {
  constructor(readonly email: string) {
    super("EMAIL_NOT_CONFIRMED");
  }
}

/** The password was right but an administrator disabled the account (issue 11, part 5.3). */
export class AccountDisabledError extends Error {
  constructor() {
    super("ACCOUNT_DISABLED");
  }
}

/** The provider's userinfo endpoint failed or answered something unusable. */
export class OAuthProfileError extends Error {}

/** The signed-in user's id; `isNew` when an OAuth sign-in just created the account. */
export interface AuthenticatedUser {
  id: string;
  isNew?: boolean;
}

export const authenticator = new Authenticator<AuthenticatedUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = SignInSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new InvalidCredentialsError();
    const db = await getDb();
    const [user] = await db
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.passwordHash,
        confirmedAt: users.emailConfirmedAt,
        disabledAt: users.disabledAt,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${parsed.data.email}`);
    // Verify against a dummy hash when there is no account, so response time does not reveal it.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), parsed.data.password);
    if (!user?.passwordHash || !ok) throw new InvalidCredentialsError();
    // Only someone who knows the password learns that the account is disabled, and whom to ask.
    if (user.disabledAt) throw new AccountDisabledError();
    // Only someone who knows the password learns that the address still needs confirming.
    if (!user.confirmedAt) throw new EmailNotConfirmedError(user.email);
    return { id: user.id };
  }),
  "form",
);

/**
 * The OAuth2 strategy with its token exchange through the OAuth circuit breaker. A provider's refusal
 * of the code (an OAuth error answer such as invalid_grant) is the request's fault and is not counted;
 * network errors, time-outs and unexpected answers are.
 */
class GuardedOAuth2Strategy<U> extends OAuth2Strategy<U> {
  protected override validateAuthorizationCode(code: string, codeVerifier: string) {
    return withCircuit("oauth", () => super.validateAuthorizationCode(code, codeVerifier), {
      isFailure: (error) => !(error instanceof Error && error.message.startsWith("OAuth request error:")),
    });
  }
}

export const OAUTH_STRATEGY = "oauth";
let registeredOAuth: string | null = null;

/**
 * The configured OAuth2 provider, with its strategy registered on the authenticator; null (and no
 * strategy) when the environment configures none. Every OAuth route and button asks this first, so
 * the strategy is registered on first use and follows the environment (tests change it).
 */
export function oauthProvider() {
  const config = oauthConfig();
  const key = config ? JSON.stringify(config) : null;
  if (key === registeredOAuth) return config;
  registeredOAuth = key;
  if (!config) {
    authenticator.unuse(OAUTH_STRATEGY);
    return null;
  }
  // Links are keyed by the provider's origin, so renaming the button keeps them.
  const providerId = new URL(config.authorizationEndpoint).origin;
  authenticator.use(
    new GuardedOAuth2Strategy<AuthenticatedUser>(
      {
        cookie: {
          name: "oauth2",
          path: "/auth",
          httpOnly: true,
          sameSite: "Lax",
          ...(secureCookies() ? { secure: true as const } : {}),
          maxAge: 10 * 60,
        },
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        authorizationEndpoint: config.authorizationEndpoint,
        tokenEndpoint: config.tokenEndpoint,
        redirectURI: config.redirectURI,
        scopes: config.scopes,
      },
      async ({ tokens }) => {
        const profile = await fetchUserInfo(config.userInfoEndpoint, tokens.accessToken());
        const result = await signInWithOAuth(await getDb(), providerId, profile);
        return { id: result.userId, isNew: result.isNew };
      },
    ),
    OAUTH_STRATEGY,
  );
  return config;
}

/** Reads the person's claims from the provider's userinfo endpoint. */
export async function fetchUserInfo(endpoint: string, accessToken: string) {
  let response: Response;
  try {
    // Through the OAuth circuit breaker: a provider that keeps failing is not called for a while.
    response = await withCircuit("oauth", async () => {
      const answer = await fetch(endpoint, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
        signal: AbortSignal.timeout(10_000),
      });
      if (answer.status >= 500) {
        throw Object.assign(new Error(`userinfo answered ${answer.status}`), { statusCode: answer.status });
      }
      return answer;
    });
  } catch (error) {
    throw new OAuthProfileError(`userinfo request failed: ${String(error)}`);
  }
  if (!response.ok) throw new OAuthProfileError(`userinfo answered ${response.status}`);
  const parsed = OAuthProfileSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new OAuthProfileError("userinfo answer is not a profile");
  return parsed.data;
}
