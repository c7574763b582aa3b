import { notifications, roleContexts, userProfessionalRoles, userProfiles } from "@db/schema";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { requireContext } from "~/auth/guards.server";
import { addRole, deleteRole, reorderRoles, switchContext, updateRole } from "~/commands/roles.server";
import { ReviewConflictError, reviewRole } from "~/commands/verification-review.server";
import { action as adminAction, loader as adminLoader } from "~/routes/_app.admin";
import { action as rolesAction } from "~/routes/_app.settings.roles";
import { formRequest, routeArgs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

async function settle(promise: Promise<unknown>): Promise<Response | unknown> {
  try {
    return await promise;
  } catch (thrown) {
    return thrown;
  }
}

describe.each(engines)("professional roles and contexts on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  const rolesOf = (userId: string) =>
    t.db
      .select()
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.userId, userId))
      .orderBy(userProfessionalRoles.displayOrder);

  it("makes the first role primary with the default, active context; later roles are not", async () => {
    const person = await personWithRole(t.db, null);
    const first = await addRole(t.db, person.id, {
      role_type: "manager",
      title: "Manager",
      organization_name: "Acme",
      responsibilities: [],
    });
    const second = await addRole(t.db, person.id, {
      role_type: "homeowner",
      title: "Owner",
      responsibilities: [],
    });
    const roles = await rolesOf(person.id);
    expect(roles.map((r) => [r.roleType, r.isPrimary, r.displayOrder])).toEqual([
      ["manager", true, 0],
      ["homeowner", false, 1],
    ]);
    const contexts = await t.db.select().from(roleContexts).where(eq(roleContexts.userId, person.id));
    expect(contexts.find((c) => c.id === first.contextId)?.isDefault).toBe(true);
    expect(contexts.find((c) => c.id === second.contextId)?.isDefault).toBe(false);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, person.id));
    expect(profile?.activeRoleContext).toBe(first.contextId);
  });

  it("starts a role that needs verification pending and creates a role_added notification", async () => {
    const person = await personWithRole(t.db, null);
    const { roleId, contextId } = await addRole(t.db, person.id, {
      role_type: "vendor",
      title: "Owner",
      organization_name: "Roofers",
      responsibilities: [],
    });
    const [role] = await t.db
      .select()
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.id, roleId));
    expect(role).toMatchObject({ verificationStatus: "pending", verificationMethod: "document_upload" });
    const [context] = await t.db.select().from(roleContexts).where(eq(roleContexts.id, contextId));
    expect(context).toMatchObject({
      contextType: "vendor",
      canSubmitProposals: true,
      canCreateRfp: false,
      canAccessAcademy: true,
      canMessageUsers: true,
    });
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(rows.map((n) => n.type)).toEqual(["role_added"]);
    const homeowner = await addRole(t.db, person.id, {
      role_type: "homeowner",
      title: "Owner",
      organization_name: "ignored",
      responsibilities: [],
    });
    const [h] = await t.db
      .select()
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.id, homeowner.roleId));
    expect(h).toMatchObject({
      verificationStatus: "not_required",
      organizationName: null,
      organizationId: null,
    });
  });

  it("renaming a verified role's organization sends it back to verification (issue 11, part 7)", async () => {
    const person = await personWithRole(t.db, "vendor", { verified: true });
    const roleId = person.roleId ?? "";
    const statusOf = async () =>
      (
        await t.db
          .select({
            status: userProfessionalRoles.verificationStatus,
            verifiedAt: userProfessionalRoles.verifiedAt,
            method: userProfessionalRoles.verificationMethod,
          })
          .from(userProfessionalRoles)
          .where(eq(userProfessionalRoles.id, roleId))
      )[0];
    expect((await statusOf())?.status).toBe("verified");
    // Other fields, or the same name in other letters, keep the verification.
    const same = await updateRole(t.db, person.id, roleId, {
      title: "Chief Roofer",
      organization_name: "test org ",
      responsibilities: [],
    });
    expect(same).toEqual({ reverify: false });
    expect((await statusOf())?.status).toBe("verified");
    // A new organization does not.
    const renamed = await updateRole(t.db, person.id, roleId, {
      title: "Chief Roofer",
      organization_name: "Some Other Company",
      responsibilities: [],
    });
    expect(renamed).toEqual({ reverify: true });
    expect(await statusOf()).toEqual({ status: "pending", verifiedAt: null, method: "document_upload" });
  });

  it("records a context switch: active_role_context, last_context_switch, last_accessed, access_count", async () => {
    const person = await personWithRole(t.db, "board_member");
    const other = await addRole(t.db, person.id, {
      role_type: "homeowner",
      title: "Owner",
      responsibilities: [],
    });
    expect(await switchContext(t.db, person.id, other.contextId)).toBe(true);
    expect(await switchContext(t.db, person.id, other.contextId)).toBe(true);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, person.id));
    expect(profile?.activeRoleContext).toBe(other.contextId);
    expect(profile?.lastContextSwitch).not.toBeNull();
    const [context] = await t.db.select().from(roleContexts).where(eq(roleContexts.id, other.contextId));
    expect(context?.accessCount).toBe(2);
    expect(context?.lastAccessed).not.toBeNull();
    // Someone else's context cannot be switched to.
    const stranger = await personWithRole(t.db, "vendor");
    expect(await switchContext(t.db, stranger.id, other.contextId)).toBe(false);
  });

  it("switches to another context before deleting the active role, and passes primary on", async () => {
    const person = await personWithRole(t.db, "manager");
    const second = await addRole(t.db, person.id, {
      role_type: "cpa",
      title: "CPA",
      organization_name: "Numbers",
      responsibilities: [],
    });
    await deleteRole(t.db, person.id, person.roleId as string);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, person.id));
    expect(profile?.activeRoleContext).toBe(second.contextId);
    const roles = await rolesOf(person.id);
    expect(roles.map((r) => [r.roleType, r.isPrimary])).toEqual([["cpa", true]]);
    const [context] = await t.db.select().from(roleContexts).where(eq(roleContexts.id, second.contextId));
    expect(context?.isDefault).toBe(true);
  });

  it("reorders roles; the first becomes primary", async () => {
    const person = await personWithRole(t.db, "manager");
    const second = await addRole(t.db, person.id, {
      role_type: "attorney",
      title: "Counsel",
      organization_name: "Law",
      responsibilities: [],
    });
    await reorderRoles(t.db, person.id, [second.roleId, person.roleId as string]);
    const roles = await rolesOf(person.id);
    expect(roles.map((r) => [r.roleType, r.isPrimary, r.displayOrder])).toEqual([
      ["attorney", true, 0],
      ["manager", false, 1],
    ]);
    await expect(reorderRoles(t.db, person.id, [second.roleId])).rejects.toThrow("Role not found");
  });

  it("the roles page refuses to delete the last role and another person's role", async () => {
    const person = await personWithRole(t.db, "vendor");
    const last = (await settle(
      rolesAction(
        routeArgs(
          formRequest(
            "/settings/roles",
            { intent: "delete", roleId: person.roleId as string },
            { Cookie: person.cookie },
          ),
        ),
      ),
    )) as Response;
    expect(last.status).toBe(409);
    const stranger = await personWithRole(t.db, "manager");
    const foreign = (await settle(
      rolesAction(
        routeArgs(
          formRequest(
            "/settings/roles",
            { intent: "delete", roleId: stranger.roleId as string },
            { Cookie: person.cookie },
          ),
        ),
      ),
    )) as Response;
    expect(foreign.status).toBe(404);
    expect(await rolesOf(stranger.id)).toHaveLength(1);
  });

  it("the roles page shows the role step's messages for a bad new role", async () => {
    const person = await personWithRole(t.db, "vendor");
    const response = (await rolesAction(
      routeArgs(
        formRequest(
          "/settings/roles",
          { intent: "add", role_type: "attorney", title: "" },
          { Cookie: person.cookie },
        ),
      ),
    )) as Response;
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error).toMatchObject({
      title: ["Job title is required"],
      organization_name: ["Organization name is required for this role"],
    });
  });

  it("falls back to the default context when the profile names none, and saves it", async () => {
    const person = await personWithRole(t.db, "cpa");
    await t.db.update(userProfiles).set({ activeRoleContext: null }).where(eq(userProfiles.id, person.id));
    const viewer = await requireContext(
      new Request("http://localhost/dashboard", { headers: { Cookie: person.cookie } }),
    );
    expect(viewer.context.id).toBe(person.contextId);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, person.id));
    expect(profile?.activeRoleContext).toBe(person.contextId);
  });

  it("an admin approves or rejects a submitted role, and the person is notified", async () => {
    const admin = await personWithRole(t.db, "admin");
    const vendor = await personWithRole(t.db, "vendor", { verified: false });
    await t.db
      .update(userProfessionalRoles)
      .set({ verificationStatus: "submitted" })
      .where(eq(userProfessionalRoles.id, vendor.roleId as string));
    const queue = await adminLoader(
      routeArgs(
        new Request("http://localhost/admin?tab=verification", { headers: { Cookie: admin.cookie } }),
      ),
    );
    expect((await queue.json()).queue.map((r: { id: string }) => r.id)).toContain(vendor.roleId);

    const noReason = (await adminAction(
      routeArgs(
        formRequest(
          "/admin",
          { intent: "reject", roleId: vendor.roleId as string, reason: " " },
          { Cookie: admin.cookie },
        ),
      ),
    )) as Response;
    expect(noReason.status).toBe(400);

    const approved = (await adminAction(
      routeArgs(
        formRequest(
          "/admin",
          { intent: "approve", roleId: vendor.roleId as string },
          { Cookie: admin.cookie },
        ),
      ),
    )) as Response;
    expect(approved.status).toBe(302);
    const [role] = await t.db
      .select()
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.id, vendor.roleId as string));
    expect(role).toMatchObject({ verificationStatus: "verified", verifiedBy: admin.id });
    const types = await t.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.userId, vendor.id), eq(notifications.type, "role_verified")));
    expect(types).toHaveLength(1);
    // Deciding twice is a conflict, not a second notification.
    await expect(
      reviewRole(t.db, admin.id, vendor.roleId as string, { approve: true }),
    ).rejects.toBeInstanceOf(ReviewConflictError);

    const other = await personWithRole(t.db, "attorney", { verified: false });
    await reviewRole(t.db, admin.id, other.roleId as string, {
      approve: false,
      reason: "Bar number not found",
    });
    const [rejected] = await t.db
      .select()
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.id, other.roleId as string));
    expect(rejected).toMatchObject({
      verificationStatus: "rejected",
      rejectionReason: "Bar number not found",
    });
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, other.id), eq(notifications.type, "role_rejected")));
    expect(note?.body).toContain("Bar number not found");
  });

  it("refuses the admin panel to a non-admin context, even one of an admin who switched roles", async () => {
    const vendor = await personWithRole(t.db, "vendor");
    const refused = (await settle(
      adminLoader(routeArgs(new Request("http://localhost/admin", { headers: { Cookie: vendor.cookie } }))),
    )) as Response;
    expect(refused.status).toBe(403);
    const admin = await personWithRole(t.db, "admin");
    const manager = await addRole(t.db, admin.id, {
      role_type: "manager",
      title: "M",
      organization_name: "O",
      responsibilities: [],
    });
    await switchContext(t.db, admin.id, manager.contextId);
    const switched = (await settle(
      adminLoader(routeArgs(new Request("http://localhost/admin", { headers: { Cookie: admin.cookie } }))),
    )) as Response;
    expect(switched.status).toBe(403);
  });
});
