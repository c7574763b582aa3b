import { users } from "@db/schema";
import { SignInSchema } from "@domain/rules/accounts";
import { sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "~/db.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";

export class InvalidCredentialsError extends Error {
  constructor() {
    super("INVALID_CREDENTIALS");
  }
}

/** The signed-in user's id. OAuth strategies join here in a later slice. */
export const authenticator = new Authenticator<{ id: string }>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = SignInSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new InvalidCredentialsError();
    const db = await getDb();
    const [user] = await db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.email}) = ${parsed.data.email}`);
    // Verify against a dummy hash when there is no account, so response time does not reveal it.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), parsed.data.password);
    if (!user?.passwordHash || !ok) throw new InvalidCredentialsError();
    return { id: user.id };
  }),
  "form",
);
