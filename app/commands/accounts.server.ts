import type { Database, Queryable } from "@db/client";
import { pgErrorCode } from "@db/pipeline";
import { emailTokens, sessions, userProfiles, users } from "@db/schema";
import type { SignUpInput } from "@domain/rules/accounts";
import { and, eq, isNull, sql } from "drizzle-orm";
import { hashPassword } from "~/auth/password.server";
import { confirmationMail, passwordResetMail, signUpAttemptMail } from "~/mail/auth-mails.server";
import { sendMail } from "~/mail/mailer.server";
import {
  consumeEmailToken,
  type EmailTokenResult,
  issueEmailToken,
  reissueEmailToken,
} from "./email-tokens.server";
import { assignUsername } from "./usernames.server";

export class EmailTakenError extends Error {
  constructor() {
    super("Email already registered");
  }
}

export interface NewAccount {
  email: string;
  passwordHash: string | null;
  full_name?: string | undefined;
  phone?: string | undefined;
  location?: string | undefined;
  emailConfirmed: boolean;
}

/** Inserts a user and the profile row with the spec's defaults and a username (inside the caller's transaction). */
export async function insertAccount(
  tx: Queryable,
  input: NewAccount,
): Promise<{ id: string; email: string }> {
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      emailConfirmedAt: input.emailConfirmed ? sql`now()` : null,
    })
    .returning({ id: users.id, email: users.email });
  if (!user) throw new Error("User insert returned nothing");
  await tx.insert(userProfiles).values({
    id: user.id,
    email: user.email,
    fullName: input.full_name ?? null,
    phone: input.phone ?? null,
    location: input.location ?? null,
  });
  // Every profile has its address from the start: /professional/{username} (issue 28).
  await assignUsername(tx, user.id, input.full_name, user.email);
  return user;
}

/**
 * Creates a user and the profile row with the spec's defaults, in one transaction. The address is
 * unconfirmed (no sign-in until the confirmation link is used) unless `emailConfirmed` says otherwise
 * (the demo seed).
 */
export async function createAccount(
  db: Database,
  input: SignUpInput,
  options: { emailConfirmed?: boolean } = {},
): Promise<{ id: string; email: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction((tx) =>
      insertAccount(tx, { ...input, passwordHash, emailConfirmed: options.emailConfirmed ?? false }),
    );
  } catch (error) {
    if (pgErrorCode(error).code === "23505") throw new EmailTakenError();
    throw error;
  }
}

async function findUserByEmail(db: Queryable, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      confirmedAt: users.emailConfirmedAt,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user ?? null;
}

/** Mails a confirmation link to an account that is still unconfirmed. */
export async function sendEmailConfirmation(db: Database, userId: string, email: string) {
  const token = await issueEmailToken(db, userId, "confirm_email");
  await sendMail(confirmationMail(email, token));
}

/**
 * Resends the confirmation link when `email` belongs to an unconfirmed account; otherwise does
 * nothing. Callers answer the same either way, so nobody learns which addresses have accounts.
 */
export async function resendEmailConfirmation(db: Database, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.confirmedAt || user.disabledAt) return;
  await sendEmailConfirmation(db, user.id, user.email);
}

/**
 * Someone signed up with an address that already has an account (issue 11, part 5.5). The page
 * answers as for a new address; the owner is told by e-mail: an unconfirmed account gets its
 * confirmation link again, a confirmed one a note with links to sign in and to reset the password.
 * A disabled account gets nothing.
 */
export async function warnOfSignUpAttempt(db: Database, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt) return;
  if (!user.confirmedAt) return sendEmailConfirmation(db, user.id, user.email);
  await sendMail(signUpAttemptMail(user.email));
}

/**
 * Uses a confirmation token: marks the address confirmed and every other confirmation link of the
 * user used, in one transaction.
 */
export async function confirmEmail(db: Database, token: string): Promise<EmailTokenResult> {
  return db.transaction(async (tx) => {
    const result = await consumeEmailToken(tx, token, "confirm_email");
    if (!result.ok) return result;
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, result.userId));
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, result.userId),
          eq(emailTokens.purpose, "confirm_email"),
          isNull(emailTokens.usedAt),
        ),
      );
    return result;
  });
}

/**
 * Mails a password reset link when `email` belongs to an account that may sign in; otherwise does
 * nothing (the answer is the same either way). Earlier reset links of the account stop working.
 */
export async function requestPasswordReset(db: Database, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt) return;
  const token = await reissueEmailToken(db, user.id, "reset_password");
  await sendMail(passwordResetMail(user.email, token));
}

/**
 * Uses a reset token: sets the new password, ends every session of the user and (since the link
 * reached the inbox) confirms the address. One transaction; a token works once.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
): Promise<EmailTokenResult> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const result = await consumeEmailToken(tx, token, "reset_password");
    if (!result.ok) return result;
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, result.userId));
    await tx.delete(sessions).where(eq(sessions.userId, result.userId));
    return result;
  });
}
