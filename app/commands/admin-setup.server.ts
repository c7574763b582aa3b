import { createHash, randomBytes } from "node:crypto";
import type { Database, Queryable } from "@db/client";
import { adminSetupTokens, userProfessionalRoles, userProfiles, users } from "@db/schema";
import type { AdminSetupInput } from "@domain/rules/admin-setup";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { hashPassword } from "~/auth/password.server";
import { insertAccount } from "./accounts.server";
import { addRole } from "./roles.server";

/** How long a printed setup link stays usable. */
export const ADMIN_SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const ADMIN_SETUP_MESSAGES = {
  invalidLink:
    "This setup link is invalid, already used or expired. Restart the server to print a new one (it is printed only while no administrator exists).",
  alreadySetUp: "An administrator already exists: sign in as one to see the set-up checks.",
  emailTaken:
    'An account with this e-mail already exists: choose "Make an existing account the administrator".',
  noSuchAccount: "No account has this e-mail address.",
} as const;

export class AdminSetupError extends Error {}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** True when some enabled account holds a verified System Administrator role. */
export async function hasAdministrator(db: Queryable): Promise<boolean> {
  const [row] = await db
    .select({ id: userProfessionalRoles.id })
    .from(userProfessionalRoles)
    .innerJoin(users, eq(users.id, userProfessionalRoles.userId))
    .where(
      and(
        eq(userProfessionalRoles.roleType, "admin"),
        eq(userProfessionalRoles.verificationStatus, "verified"),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * While no administrator exists: a new random setup token (only its hash is stored; earlier unused
 * tokens are dropped, so only the newest printed link works). Null once an administrator exists.
 */
export async function issueAdminSetupToken(db: Database, now = new Date()): Promise<string | null> {
  if (await hasAdministrator(db)) return null;
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.delete(adminSetupTokens).where(isNull(adminSetupTokens.usedAt));
    await tx.insert(adminSetupTokens).values({
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + ADMIN_SETUP_TOKEN_TTL_MS).toISOString(),
    });
  });
  return token;
}

/** At server start: print the one-time setup link when the database has no administrator. */
export async function announceAdminSetup(db: Database, appUrl: string): Promise<string | null> {
  const token = await issueAdminSetupToken(db);
  if (token) {
    const link = new URL(`/debug/admin-setup?token=${token}`, appUrl).toString();
    console.log(
      `No administrator yet. Create the first one at this one-time link (valid ${ADMIN_SETUP_TOKEN_TTL_MS / 3_600_000} h): ${link}`,
    );
  }
  return token;
}

/** The row of this token while it is usable: unused and unexpired. */
const usable = (token: string) =>
  and(
    eq(adminSetupTokens.tokenHash, hashToken(token)),
    isNull(adminSetupTokens.usedAt),
    gt(adminSetupTokens.expiresAt, sql`now()`),
  );

/** Whether a token is usable now (unused, unexpired), without using it. */
export async function isValidAdminSetupToken(db: Queryable, token: string | null): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ hash: adminSetupTokens.tokenHash })
    .from(adminSetupTokens)
    .where(usable(token));
  return Boolean(row);
}

/**
 * Uses a setup token once: creates the first administrator (a new confirmed account) or grants the
 * System Administrator role to an existing account. The token row is locked and marked used in the same
 * transaction, and no administrator may exist yet, so two requests with one link make one administrator.
 * Returns the administrator's user id.
 */
export async function completeAdminSetup(
  db: Database,
  token: string,
  input: AdminSetupInput,
): Promise<string> {
  const passwordHash = input.mode === "create" ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ hash: adminSetupTokens.tokenHash })
      .from(adminSetupTokens)
      .where(usable(token))
      .for("update");
    if (!row) throw new AdminSetupError(ADMIN_SETUP_MESSAGES.invalidLink);
    // Every token row is locked by its own user; an advisory lock makes "no administrator yet" hold for
    // the whole transaction even across two tokens issued by two servers.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin-setup'))`);
    if (await hasAdministrator(tx)) throw new AdminSetupError(ADMIN_SETUP_MESSAGES.alreadySetUp);
    await tx
      .update(adminSetupTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(adminSetupTokens.tokenHash, row.hash));

    let userId: string;
    if (input.mode === "create") {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email}`);
      if (taken) throw new AdminSetupError(ADMIN_SETUP_MESSAGES.emailTaken);
      const user = await insertAccount(tx, {
        email: input.email,
        passwordHash,
        full_name: input.full_name,
        emailConfirmed: true,
      });
      userId = user.id;
    } else {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email}`);
      if (!user) throw new AdminSetupError(ADMIN_SETUP_MESSAGES.noSuchAccount);
      userId = user.id;
      // The operator holding the printed link vouches for the address.
      await tx
        .update(users)
        .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
        .where(eq(users.id, userId));
    }
    const { contextId } = await addRole(
      tx as unknown as Database,
      userId,
      {
        role_type: "admin",
        title: "System Administrator",
        organization_name: "Association Commons",
        responsibilities: [],
      },
      { allowAdmin: true, verified: true },
    );
    // The new administrator starts in the administrator context, past onboarding.
    await tx
      .update(userProfiles)
      .set({ activeRoleContext: contextId, onboardingCompleted: true, onboardingStep: "complete" })
      .where(eq(userProfiles.id, userId));
    return userId;
  });
}
