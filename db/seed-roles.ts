import type { RoleType } from "@domain/roles";
import { eq, sql } from "drizzle-orm";
import { addRole } from "../app/commands/roles.server";
import type { Database } from "./client";
import { userProfessionalRoles, userProfiles } from "./schema";

interface DemoRole {
  role_type: RoleType;
  title: string;
  organization_name?: string;
  /** verified: approved; submitted: waiting in the admin verification queue; else as a new role starts. */
  state?: "verified" | "submitted";
  reference?: string;
}

/** The demo accounts' roles: every role type, one person with two roles, one vendor verified and one pending. */
export const DEMO_ROLES: Record<string, DemoRole[]> = {
  "admin@demo.test": [
    {
      role_type: "admin",
      title: "Platform Administrator",
      organization_name: "Association Commons",
      state: "verified",
    },
    {
      role_type: "manager",
      title: "Community Association Manager",
      organization_name: "Sunshine Property Management",
      state: "verified",
    },
  ],
  "board@demo.test": [
    {
      role_type: "board_member",
      title: "Board President",
      organization_name: "Bayview Towers Condominium",
      state: "verified",
    },
    { role_type: "homeowner", title: "Unit Owner" },
  ],
  "manager@demo.test": [
    {
      role_type: "manager",
      title: "Portfolio Manager",
      organization_name: "Gulf Coast Management",
      state: "verified",
    },
  ],
  "vendor@demo.test": [
    {
      role_type: "vendor",
      title: "Owner",
      organization_name: "Val's Roofing & Restoration",
      state: "verified",
    },
  ],
  "vendor2@demo.test": [
    {
      role_type: "vendor",
      title: "Operations Lead",
      organization_name: "Naples Pool Services",
      state: "submitted",
      reference: "L21000123456",
    },
  ],
  "homeowner@demo.test": [{ role_type: "homeowner", title: "Unit Owner" }],
  "attorney@demo.test": [
    {
      role_type: "attorney",
      title: "Association Counsel",
      organization_name: "Reyes & Park Law",
      state: "verified",
    },
  ],
  "cpa@demo.test": [
    { role_type: "cpa", title: "Audit Partner", organization_name: "Coastal CPA Group", state: "verified" },
  ],
  "treasurer@demo.test": [
    {
      role_type: "board_member",
      title: "Treasurer",
      organization_name: "Bayview Towers Condominium",
      state: "verified",
    },
  ],
  "secretary@demo.test": [
    {
      role_type: "board_member",
      title: "Secretary",
      organization_name: "Bayview Towers Condominium",
      state: "verified",
    },
  ],
  "director@demo.test": [
    { role_type: "board_member", title: "Director", organization_name: "Oak Hollow HOA", state: "verified" },
  ],
  "other@demo.test": [
    { role_type: "other", title: "Community Volunteer", organization_name: "Friends of Bayview" },
  ],
};

/** Gives each demo account its roles once (skipped for anyone who already has a role). */
export async function seedRoles(db: Database, ids: Map<string, string>) {
  for (const [email, roles] of Object.entries(DEMO_ROLES)) {
    const userId = ids.get(email);
    if (!userId) continue;
    const [existing] = await db
      .select({ id: userProfessionalRoles.id })
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.userId, userId))
      .limit(1);
    if (existing) continue;
    for (const role of roles) {
      const { roleId } = await addRole(
        db,
        userId,
        {
          role_type: role.role_type,
          title: role.title,
          organization_name: role.organization_name,
          responsibilities: [],
        },
        { allowAdmin: true, verified: role.state === "verified" },
      );
      if (role.state === "submitted") {
        await db
          .update(userProfessionalRoles)
          .set({
            verificationStatus: "submitted",
            verificationMethod: "sunbiz",
            verificationReference: role.reference ?? null,
            verificationSubmittedAt: sql`now()`,
          })
          .where(eq(userProfessionalRoles.id, roleId));
      }
    }
    await db
      .update(userProfiles)
      .set({ onboardingCompleted: true, onboardingStep: "complete" })
      .where(eq(userProfiles.id, userId));
  }
}
