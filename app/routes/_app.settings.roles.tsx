import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  CONTEXT_DESCRIPTIONS,
  ROLE_LABELS,
  type RoleType,
  VERIFICATION_REVIEW_TIME,
  VERIFICATION_STATUS_LABELS,
  type VerificationStatus,
} from "@domain/roles";
import {
  ROLE_MESSAGES,
  refineOrganization,
  roleFields,
  roleType,
  SELECTABLE_ROLE_TYPES,
  toRoleInput,
} from "@domain/rules/roles";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
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
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { Link } from "~/components/ui/link";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";

export const meta: MetaFunction = () => [{ title: "Roles · Settings · Association Commons" }];

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
      if (value.intent === "add") {
        if (!value.role_type) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ["role_type"],
            message: ROLE_MESSAGES.roleRequired,
          });
        }
        refineOrganization(value, ctx);
      }
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

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return json({
    activeContextId: viewer.context?.id ?? null,
    roles: viewer.roles.map((r) => ({
      ...r,
      contextId: viewer.contexts.find((c) => c.professionalRoleId === r.id)?.id ?? null,
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireViewer(request);
  const db = await getDb();
  const typeOf = (id: string) => viewer.roles.find((r) => r.id === id)?.roleType;
  const { submission } = await parseSubmission(request, rolesActionSchema(typeOf));
  const done = (what: keyof typeof DONE_MESSAGES) =>
    redirectWithFlash("/settings/roles", { message: DONE_MESSAGES[what], tone: "success" });
  if (submission.status !== "success") {
    const result = submission.reply();
    const intent = result.initialValue?.intent;
    if (intent === "add") {
      return json({ intent: "add" as const, result, error: ROLE_MESSAGES.addFailed }, { status: 400 });
    }
    const roleId = result.initialValue?.roleId;
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

interface ActionData {
  intent?: "add" | "update";
  roleId?: string;
  result?: SubmissionResult<string[]>;
  error?: string;
}
const useRolesAction = () => useActionData<typeof action>() as ActionData | undefined;

type LoaderRole = ReturnType<typeof useLoaderData<typeof loader>>["roles"][number];

function RoleFields({
  fields,
  type,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: Conform field metadata of either role schema
  fields: any;
  type: RoleType | null;
}) {
  return (
    <>
      <Field
        label="Job title"
        errors={fields.title.errors}
        {...getInputProps(fields.title, { type: "text" })}
      />
      {type === "homeowner" ? null : (
        <Field
          label="Organization name"
          hint="Not needed for homeowners."
          errors={fields.organization_name.errors}
          {...getInputProps(fields.organization_name, { type: "text" })}
        />
      )}
      <Field
        label="Description (optional)"
        errors={fields.description.errors}
        {...getInputProps(fields.description, { type: "text" })}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.responsibilities.id} className="text-sm font-medium">
          Responsibilities (one per line, optional)
        </label>
        <textarea
          {...getTextareaProps(fields.responsibilities)}
          rows={3}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-800"
        />
      </div>
    </>
  );
}

function EditRole({ role }: { role: LoaderRole }) {
  const actionData = useRolesAction();
  const last =
    actionData?.intent === "update" && actionData.roleId === role.id ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: `edit-${role.id}`,
    lastResult: last,
    defaultValue: {
      title: role.title,
      organization_name: role.organizationName ?? "",
      description: role.description ?? "",
      responsibilities: role.responsibilities.join("\n"),
    },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: rolesActionSchema(() => role.roleType as RoleType) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <details open={Boolean(last)} className="mt-3">
      <summary className="cursor-pointer text-sm font-medium text-blue-700 dark:text-blue-300">Edit</summary>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="roleId" value={role.id} />
        <RoleFields fields={fields} type={role.roleType} />
        <div>
          <Button>Save role</Button>
        </div>
      </Form>
    </details>
  );
}

function AddRole() {
  const actionData = useRolesAction();
  const last = actionData?.intent === "add" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "add-role",
    lastResult: last,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rolesActionSchema(() => undefined) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const type = (fields.role_type.value as RoleType | undefined) ?? null;
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="add" />
      <IdempotencyKey />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.role_type.id} className="text-sm font-medium">
          Professional role
        </label>
        <select
          {...getSelectProps(fields.role_type)}
          aria-invalid={fields.role_type.errors ? true : undefined}
          aria-describedby={fields.role_type.errors ? `${fields.role_type.id}-error` : undefined}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-800"
        >
          <option value="">Choose a role</option>
          {SELECTABLE_ROLE_TYPES.map((t) => (
            <option key={t} value={t}>
              {ROLE_LABELS[t]} — {CONTEXT_DESCRIPTIONS[t]}
            </option>
          ))}
        </select>
        {fields.role_type.errors ? (
          <p id={`${fields.role_type.id}-error`} className="text-sm text-red-700">
            {fields.role_type.errors.join(" ")}
          </p>
        ) : null}
      </div>
      <RoleFields fields={fields} type={type} />
      <div>
        <Button>Add role</Button>
      </div>
    </Form>
  );
}

export default function RolesSettings() {
  const { roles, activeContextId } = useLoaderData<typeof loader>();
  const actionData = useRolesAction();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="flex flex-col gap-8">
      {actionData?.error ? <Alert title={actionData.error} /> : null}
      <section aria-labelledby="roles-heading">
        <h2 id="roles-heading" className="text-xl font-semibold">
          Your roles
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Each role opens its own context with its own permissions. Your first role is your primary role.
        </p>
        {roles.length === 0 ? (
          <p className="mt-4 text-sm">
            You have no role yet.{" "}
            <Link to="/onboarding" className="text-blue-700 underline">
              Finish setting up
            </Link>{" "}
            or add one below.
          </p>
        ) : (
          <ol className="mt-4 flex flex-col gap-3">
            {roles.map((role, index) => {
              const active = role.contextId === activeContextId;
              return (
                <li
                  key={role.id}
                  data-testid="role-item"
                  className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <p className="font-semibold">
                        {ROLE_LABELS[role.roleType]}
                        {role.isPrimary ? (
                          <span className="ml-2 rounded bg-blue-100 px-2 py-0.5 text-xs text-blue-800">
                            Primary
                          </span>
                        ) : null}
                        {active ? (
                          <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">
                            Active
                          </span>
                        ) : null}
                      </p>
                      <p className="text-sm">
                        {role.title}
                        {role.organizationName ? ` · ${role.organizationName}` : ""}
                      </p>
                      <p className="text-sm text-slate-600 dark:text-slate-400">
                        Verification:{" "}
                        {VERIFICATION_STATUS_LABELS[role.verificationStatus as VerificationStatus] ??
                          role.verificationStatus}
                        {role.verificationStatus === "submitted" ? ` · ${VERIFICATION_REVIEW_TIME}` : ""}
                        {role.verificationStatus === "pending" ? (
                          <>
                            {" · "}
                            <Link
                              to="/settings/verification"
                              className="text-blue-700 underline dark:text-blue-300"
                            >
                              Verify this role
                            </Link>
                          </>
                        ) : null}
                      </p>
                      {role.verificationStatus === "rejected" && role.rejectionReason ? (
                        <p className="text-sm text-red-700">Reason: {role.rejectionReason}</p>
                      ) : null}
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {!active && role.contextId ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="switch" />
                          <input type="hidden" name="contextId" value={role.contextId} />
                          <Button variant="secondary" disabled={busy}>
                            Switch to this role
                          </Button>
                        </Form>
                      ) : null}
                      <Form method="post">
                        <input type="hidden" name="intent" value="move" />
                        <input type="hidden" name="roleId" value={role.id} />
                        <input type="hidden" name="direction" value="up" />
                        <Button variant="ghost" disabled={busy || index === 0}>
                          Move up
                          <span className="sr-only">: {role.title}</span>
                        </Button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="move" />
                        <input type="hidden" name="roleId" value={role.id} />
                        <input type="hidden" name="direction" value="down" />
                        <Button variant="ghost" disabled={busy || index === roles.length - 1}>
                          Move down
                          <span className="sr-only">: {role.title}</span>
                        </Button>
                      </Form>
                    </div>
                  </div>
                  <EditRole role={role} />
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-medium text-red-700">Delete</summary>
                    <Form method="post" className="mt-2 flex items-center gap-3">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="roleId" value={role.id} />
                      <p className="text-sm">
                        Delete {role.title}? {active ? "You will be switched to another role first." : ""}
                      </p>
                      <Button variant="secondary" disabled={busy}>
                        Confirm delete
                      </Button>
                    </Form>
                  </details>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <section
        aria-labelledby="add-role-heading"
        className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="add-role-heading" className="text-xl font-semibold">
          Add a role
        </h2>
        <p className="mb-3 mt-1 text-sm text-slate-600 dark:text-slate-400">
          A new role that needs verification starts pending. {VERIFICATION_REVIEW_TIME}.
        </p>
        <AddRole />
      </section>
    </div>
  );
}
