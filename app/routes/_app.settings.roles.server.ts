import type { RoleType } from "@domain/roles/types";
import {
  ROLE_MESSAGES,
  refineOrganization,
  refineRole,
  roleFields,
  roleType,
  toRoleInput,
} from "@domain/rules/roles";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { requireViewer } from "~/auth/guards.server";
import { safeRedirect } from "~/auth/session.server";
import {
  addRole,
  deleteRole,
  RoleNotFoundError,
  reorderRoles,
  switchContext,
  updateRole,
} from "~/commands/roles.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { intentOf, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";

/**
 * The roles page's forms as one schema, told apart by their hidden intent (issue 11, part 4.1): add a
 * role, edit one, delete, move up or down, switch to a role's context (also from the user menu). An
 * edited role keeps its type, and the organization rule follows it: `typeOf` names the type of the
 * person's role being edited (undefined for a role that is not theirs).
 */
export function rolesActionSchema(typeOf: (roleId: string) => RoleType | undefined) {
  const roleId = z.string().uuid();
  return z
    .discriminatedUnion("intent", [
      z.object({ intent: z.literal("add"), role_type: roleType, ...roleFields }),
      z.object({ intent: z.literal("update"), roleId, ...roleFields }),
      z.object({ intent: z.literal("delete"), roleId }),
      z.object({ intent: z.literal("move"), roleId, direction: z.enum(["up", "down"]) }),
      z.object({
        intent: z.literal("switch"),
        contextId: z.string().uuid(),
        redirectTo: z.string().max(2000).optional(),
      }),
    ])
    .superRefine((value, ctx) => {
      if (value.intent === "add") refineRole(value, ctx);
      if (value.intent === "update") refineOrganization({ ...value, role_type: typeOf(value.roleId) }, ctx);
    });
}

const DONE_MESSAGES = {
  added: "Role added. It is pending verification where the role requires it.",
  updated: "Role updated.",
  reverify: "Role updated. A new organization needs verification again: it is pending verification.",
  deleted: "Role deleted.",
  moved: "Order saved. Your first role is your primary role.",
  switched: "Role switched.",
} as const;

export async function rolesLoader(request: Request) {
  const viewer = await requireViewer(request);
  return json({
    activeContextId: viewer.context?.id ?? null,
    roles: viewer.roles.map((r) => ({
      ...r,
      contextId: viewer.contexts.find((c) => c.professionalRoleId === r.id)?.id ?? null,
    })),
  });
}

const INTENTS = ["add", "update", "delete", "move", "switch"] as const;

export async function rolesAction(request: Request) {
  const viewer = await requireViewer(request);
  const db = await getDb();
  const typeOf = (id: string) => viewer.roles.find((r) => r.id === id)?.roleType;
  const { submission } = await parseSubmission(request, rolesActionSchema(typeOf));
  const done = (what: keyof typeof DONE_MESSAGES) =>
    redirectWithFlash("/settings/roles", { message: DONE_MESSAGES[what], tone: "success" });
  if (submission.status !== "success") {
    const result = submission.reply();
    const intent = intentOf(submission.payload, INTENTS);
    if (intent === "add") {
      return json({ intent: "add" as const, result, error: ROLE_MESSAGES.addFailed }, { status: 400 });
    }
    const roleId = submission.payload.roleId;
    if (intent === "update" && typeof roleId === "string" && typeOf(roleId)) {
      return json(
        { intent: "update" as const, roleId, result, error: ROLE_MESSAGES.updateFailed },
        { status: 400 },
      );
    }
    return json({ error: "Unknown action", result }, { status: 400 });
  }
  const input = submission.value;
  const owned = "roleId" in input ? viewer.roles.find((r) => r.id === input.roleId) : undefined;

  switch (input.intent) {
    case "add": {
      await once(request, viewer.user.id, submission.payload, (db) =>
        addRole(db, viewer.user.id, toRoleInput(input.role_type as RoleType, input)),
      );
      return done("added");
    }
    case "update": {
      if (!owned) return json({ error: ROLE_MESSAGES.updateFailed }, { status: 404 });
      const { reverify } = await updateRole(db, viewer.user.id, owned.id, toRoleInput(owned.roleType, input));
      return done(reverify ? "reverify" : "updated");
    }
    case "delete": {
      if (!owned) return json({ error: ROLE_MESSAGES.deleteFailed }, { status: 404 });
      if (viewer.roles.length === 1) {
        return json(
          { error: `${ROLE_MESSAGES.deleteFailed}: you need at least one role. Add another role first.` },
          { status: 409 },
        );
      }
      await deleteRole(db, viewer.user.id, owned.id);
      return done("deleted");
    }
    case "move": {
      if (!owned) return json({ error: ROLE_MESSAGES.updateFailed }, { status: 400 });
      const ids = viewer.roles.map((r) => r.id);
      const from = ids.indexOf(owned.id);
      const to = input.direction === "up" ? from - 1 : from + 1;
      if (to < 0 || to >= ids.length) return done("moved");
      [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
      try {
        await reorderRoles(db, viewer.user.id, ids);
      } catch (error) {
        if (error instanceof RoleNotFoundError)
          return json({ error: ROLE_MESSAGES.updateFailed }, { status: 409 });
        throw error;
      }
      return done("moved");
    }
    case "switch": {
      const ok = await switchContext(db, viewer.user.id, input.contextId);
      if (!ok)
        return json({ error: `Failed to switch role: ${ROLE_MESSAGES.switchFailed}` }, { status: 404 });
      // Switching from the user menu: go back to the page the person was on, with the new role's navigation.
      return redirect(safeRedirect(input.redirectTo));
    }
  }
}
