/**
 * One form pipeline (issue 11, part 4.1): each form converted to Conform and one Zod schema answers bad
 * input with 400 and its field errors in Conform's shape (`result.error`, what was typed in
 * `result.initialValue`), and writes nothing. The bid form's case is in rfp-pages.test.ts.
 */
import { notifications, userProfessionalRoles, userProfiles } from "@db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notify } from "~/commands/notifications.server";
import { unsubscribeToken } from "~/mail/unsubscribe.server";
import { action as adminAction } from "~/routes/_app.admin";
import { action as diagnosticsAction } from "~/routes/_app.admin_.diagnostics";
import { action as notificationsAction } from "~/routes/_app.notifications";
import { action as rolesAction } from "~/routes/_app.settings.roles";
import { action as unsubscribeAction } from "~/routes/email.unsubscribe";
import { action as preferencesAction } from "~/routes/preferences";
import { formRequest, routeArgs, thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Reply = {
  result: { status?: string; error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
};

describe.each(engines)("forms answer bad input in Conform's shape on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  const post = (
    action: (args: ReturnType<typeof routeArgs>) => Promise<unknown>,
    path: string,
    fields: Record<string, string>,
    cookie?: string,
  ) => thrown(() => action(routeArgs(formRequest(path, fields, cookie ? { Cookie: cookie } : {}))));

  it("notifications: archiving without a selection", async () => {
    const person = await personWithRole(t.db, "vendor");
    const id = await notify(t.db, { userId: person.id, type: "welcome", title: "Hello" });
    const response = await post(notificationsAction, "/notifications", { intent: "archive" }, person.cookie);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply & { intent: string };
    // The error is the checkboxes' own, shown beside them (no second copy of it at the top).
    expect(body.intent).toBe("archive");
    expect(body.result.error).toEqual({ ids: ["Select at least one notification."] });
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, id as string));
    expect(row?.archivedAt ?? null).toBeNull();
  });

  it("admin verification review: rejecting without a reason", async () => {
    const admin = await personWithRole(t.db, "admin");
    const vendor = await personWithRole(t.db, "vendor", { verified: false });
    await t.db
      .update(userProfessionalRoles)
      .set({ verificationStatus: "submitted" })
      .where(eq(userProfessionalRoles.id, vendor.roleId as string));
    const response = await post(
      adminAction,
      "/admin",
      { intent: "reject", roleId: vendor.roleId as string, reason: "  " },
      admin.cookie,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply & { roleId: string; error: string };
    expect(body.result.error).toEqual({ reason: ["Give a reason for the rejection"] });
    // The message goes beside the role's own form.
    expect(body.roleId).toBe(vendor.roleId);
    const [role] = await t.db
      .select()
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.id, vendor.roleId as string));
    expect(role?.verificationStatus).toBe("submitted");
  });

  it("admin diagnostics: an unknown intent", async () => {
    const admin = await personWithRole(t.db, "admin");
    const response = await post(diagnosticsAction, "/admin/diagnostics", { intent: "explode" }, admin.cookie);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(Object.keys(body.result.error ?? {})).toEqual(["intent"]);
  });

  it("settings roles: adding a role without a title or organization, editing with a blank title", async () => {
    const person = await personWithRole(t.db, "manager");
    const before = await t.db
      .select()
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.userId, person.id));
    const added = await post(
      rolesAction,
      "/settings/roles",
      { intent: "add", role_type: "vendor", title: "", organization_name: "" },
      person.cookie,
    );
    expect(added.status).toBe(400);
    const body = (await added.json()) as Reply & { intent: string };
    expect(body.intent).toBe("add");
    expect(body.result.error).toEqual({
      title: ["Job title is required"],
      organization_name: ["Organization name is required for this role"],
    });
    const updated = await post(
      rolesAction,
      "/settings/roles",
      { intent: "update", roleId: person.roleId as string, title: " ", organization_name: "Elsewhere" },
      person.cookie,
    );
    expect(updated.status).toBe(400);
    const edit = (await updated.json()) as Reply & { roleId: string };
    expect(edit.roleId).toBe(person.roleId);
    expect(edit.result.error).toEqual({ title: ["Job title is required"] });
    expect(edit.result.initialValue).toMatchObject({ organization_name: "Elsewhere" });
    // A form the page does not have: told as such on the page, nothing changed.
    const unknown = await post(
      rolesAction,
      "/settings/roles",
      { intent: "rename", title: "X" },
      person.cookie,
    );
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe("Unknown action");
    const after = await t.db
      .select()
      .from(userProfessionalRoles)
      .where(eq(userProfessionalRoles.userId, person.id));
    expect(after).toEqual(before);
  });

  it("preferences: a sidebar state that is neither true nor false", async () => {
    const person = await personWithRole(t.db, "vendor");
    const response = await post(
      preferencesAction,
      "/preferences",
      { intent: "sidebar", collapsed: "maybe" },
      person.cookie,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(Object.keys(body.result.error ?? {})).toEqual(["collapsed"]);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, person.id));
    expect(profile?.sidebarCollapsed).toBe(false);
  });

  it("e-mail unsubscribe: a post without its token, and one with a forged token", async () => {
    const person = await personWithRole(t.db, "vendor");
    const missing = await post(unsubscribeAction, "/email/unsubscribe", { intent: "unsubscribe" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Reply).result.error).toEqual({
      token: ["This unsubscribe link is not valid"],
    });
    const forged = await post(unsubscribeAction, "/email/unsubscribe", {
      intent: "unsubscribe",
      token: `${unsubscribeToken(person.id)}x`,
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as Reply).result.error).toEqual({
      token: ["This unsubscribe link is not valid"],
    });
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, person.id));
    expect(profile?.emailNotifications).toBe(true);
  });
});
