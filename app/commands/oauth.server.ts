import type { Database } from "@db/client";
import { pgErrorCode } from "@db/pipeline";
import { emailTokens, oauthAccounts, users } from "@db/schema";
import { decideOAuthSignIn, type OAuthProfile } from "@domain/rules/oauth";
import { and, eq, isNull, sql } from "drizzle-orm";
import { insertAccount } from "./accounts.server";

export class OAuthSignInRefused extends Error {
  constructor(readonly reason: "email_not_verified" | "no_email" | "account_disabled") {
    super(`OAuth sign-in refused: ${reason}`);
  }
}

export interface OAuthSignIn {
  userId: string;
  /** A new account was created: the person goes on to onboarding. */
  isNew: boolean;
}

/**
 * Finds or creates the account behind a provider profile and records the link in oauth_accounts.
 * Linking to an existing account needs the provider to say the e-mail is verified
 * (decideOAuthSignIn). Linking to an account whose address was never confirmed confirms it and
 * drops its password: whoever chose that password never proved they own the address.
 */
export async function signInWithOAuth(
  db: Database,
  provider: string,
  profile: OAuthProfile,
): Promise<OAuthSignIn> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [link] = await tx
          .select({ userId: oauthAccounts.userId, disabledAt: users.disabledAt })
          .from(oauthAccounts)
          .innerJoin(users, eq(users.id, oauthAccounts.userId))
          .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerAccountId, profile.sub)));
        const [existing] = profile.email
          ? await tx
              .select({ id: users.id, confirmedAt: users.emailConfirmedAt, disabledAt: users.disabledAt })
              .from(users)
              .where(sql`lower(${users.email}) = ${profile.email}`)
          : [];
        const decision = decideOAuthSignIn({
          profile,
          linkedUserId: link?.userId ?? null,
          userWithEmail: existing ? { id: existing.id, emailConfirmed: Boolean(existing.confirmedAt) } : null,
        });
        switch (decision.kind) {
          case "sign_in":
            if (link?.disabledAt) throw new OAuthSignInRefused("account_disabled");
            return { userId: decision.userId, isNew: false };
          case "link":
            if (existing?.disabledAt) throw new OAuthSignInRefused("account_disabled");
            if (!decision.accountWasConfirmed) {
              await tx
                .update(users)
                .set({ emailConfirmedAt: sql`now()`, passwordHash: null })
                .where(eq(users.id, decision.userId));
              await tx
                .update(emailTokens)
                .set({ usedAt: sql`now()` })
                .where(and(eq(emailTokens.userId, decision.userId), isNull(emailTokens.usedAt)));
            }
            await tx.insert(oauthAccounts).values({
              provider,
              providerAccountId: profile.sub,
              userId: decision.userId,
            });
            return { userId: decision.userId, isNew: false };
          case "create": {
            const user = await insertAccount(tx, {
              email: decision.email,
              passwordHash: null,
              full_name: profile.name,
              emailConfirmed: true,
            });
            await tx
              .insert(oauthAccounts)
              .values({ provider, providerAccountId: profile.sub, userId: user.id });
            return { userId: user.id, isNew: true };
          }
          case "refuse":
            throw new OAuthSignInRefused(decision.reason);
          default: {
            const never: never = decision;
            throw new Error(`Unhandled decision ${JSON.stringify(never)}`);
          }
        }
      });
    } catch (error) {
      // Two first sign-ins racing: the loser re-reads and finds the link or the account.
      if (attempt < 2 && pgErrorCode(error).code === "23505") continue;
      throw error;
    }
  }
}
