import type { Database } from "@db/client";
import { pgErrorCode } from "@db/pipeline";
import { userProfiles, users } from "@db/schema";
import type { SignUpInput } from "@domain/rules/accounts";
import { hashPassword } from "~/auth/password.server";

export class EmailTakenError extends Error {
  constructor() {
    super("Email already registered");
  }
}

/** Creates a user and the profile row with the spec's defaults, in one transaction. */
export async function createAccount(
  db: Database,
  input: SignUpInput,
): Promise<{ id: string; email: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash })
        .returning({ id: users.id, email: users.email });
      if (!user) throw new Error("User insert returned nothing");
      await tx.insert(userProfiles).values({
        id: user.id,
        email: user.email,
        fullName: input.full_name ?? null,
        phone: input.phone ?? null,
        location: input.location ?? null,
      });
      return user;
    });
  } catch (error) {
    if (pgErrorCode(error).code === "23505") throw new EmailTakenError();
    throw error;
  }
}
