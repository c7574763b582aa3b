import type { Database } from "@db/client";
import { userProfiles } from "@db/schema";
import type { RoleType } from "@domain/roles";
import { eq } from "drizzle-orm";
import { createUserSession } from "~/auth/session.server";
import { createAccount } from "~/commands/accounts.server";
import { addRole } from "~/commands/roles.server";
import { cookieFrom } from "./app";

let counter = 0;

/** A new account (with an onboarded role of `roleType`, verified unless told otherwise) and its session cookie. */
export async function personWithRole(
  db: Database,
  roleType: RoleType | null,
  options: { verified?: boolean; label?: string } = {},
) {
  counter += 1;
  const email = `${options.label ?? roleType ?? "none"}-${counter}-${Date.now()}@example.test`;
  const user = await createAccount(db, {
    email,
    password: "correct-horse-battery",
    full_name: `Test ${roleType ?? "Person"}`,
  });
  let roleId: string | null = null;
  let contextId: string | null = null;
  if (roleType) {
    const added = await addRole(
      db,
      user.id,
      {
        role_type: roleType,
        title: `Test ${roleType}`,
        organization_name: roleType === "homeowner" ? undefined : "Test Org",
        responsibilities: [],
      },
      { allowAdmin: true, verified: options.verified ?? true },
    );
    roleId = added.roleId;
    contextId = added.contextId;
    await db
      .update(userProfiles)
      .set({ onboardingCompleted: true, onboardingStep: "complete" })
      .where(eq(userProfiles.id, user.id));
  }
  const response = await createUserSession(new Request("http://localhost/"), user.id, "/dashboard");
  return { id: user.id, email, roleId, contextId, cookie: cookieFrom(response) };
}
