import type { Database } from "@db/client";
import { users } from "@db/schema";
import { eq, sql } from "drizzle-orm";
import { signInLinkMail } from "~/mail/auth-mails.server";
import { sendMail } from "~/mail/mailer.server";
import { consumeEmailToken, type EmailTokenResult, reissueEmailToken } from "./email-tokens.server";

/**
 * One-time sign-in links (issue 11, part 3.4): the way in for the owner of an account that failed
 * passwords from elsewhere have locked. The link is a single-use e-mail token (256 bits, only its
 * SHA-256 stored) valid for 15 minutes; asking for a new one ends the earlier ones.
 */

/**
 * Mails a sign-in link when `email` belongs to a confirmed account that is not disabled; otherwise does
 * nothing (the answer is the same either way, so it reveals no account).
 */
export async function requestSignInLink(db: Database, email: string): Promise<void> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      confirmedAt: users.emailConfirmedAt,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  if (!user?.confirmedAt || user.disabledAt) return;
  const token = await reissueEmailToken(db, user.id, "sign_in_link");
  await sendMail(signInLinkMail(user.email, token));
}

/**
 * Uses a sign-in link: once (a single conditional UPDATE, so two requests with the same link cannot both
 * sign in), within its 15 minutes, for an account that is not disabled meanwhile.
 */
export async function redeemSignInLink(
  db: Database,
  token: string,
): Promise<EmailTokenResult | { ok: false; problem: "disabled" }> {
  return db.transaction(async (tx) => {
    const result = await consumeEmailToken(tx, token, "sign_in_link");
    if (!result.ok) return result;
    const [user] = await tx
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, result.userId));
    if (!user || user.disabledAt) return { ok: false, problem: "disabled" } as const;
    return result;
  });
}
