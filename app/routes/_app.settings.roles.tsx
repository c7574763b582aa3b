import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import {
  CONTEXT_DESCRIPTIONS,
  ROLE_LABELS,
  type RoleType,
  SELF_SERVICE_ROLE_TYPES,
  VERIFICATION_REVIEW_TIME,
  VERIFICATION_STATUS_LABELS,
  type VerificationStatus,
} from "@domain/roles";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { rolesAction, rolesLoader } from "~/routes/_app.settings.roles.server";

export const meta: MetaFunction = () => [{ title: "Roles · Settings · Association Commons" }];

/** The roles page: its loader, action and the forms' one schema are in _app.settings.roles.server.ts. */
export const loader = ({ request }: LoaderFunctionArgs) => rolesLoader(request);

export const action = ({ request }: ActionFunctionArgs) => rolesAction(request);

interface ActionData {
  intent?: "add" | "update";
  roleId?: string;
  result?: SubmissionResult<string[]>;
  error?: string;
}
const useRolesAction = () => useActionData<typeof action>() as ActionData | undefined;

/** A role's fields as its forms send them (the add form also chooses the type). */
type RoleForm = {
  role_type?: string;
  title: string;
  organization_name: string;
  description: string;
  responsibilities: string;
};

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
  const [form, fields] = useForm<RoleForm>({
    id: `edit-${role.id}`,
    lastResult: last,
    defaultValue: {
      title: role.title,
      organization_name: role.organizationName ?? "",
      description: role.description ?? "",
      responsibilities: role.responsibilities.join("\n"),
    },
    // Checked on the server only (decision 056): the errors come back in lastResult.
    shouldValidate: "onSubmit",
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
  const [form, fields] = useForm<RoleForm & { role_type: string }>({
    id: "add-role",
    lastResult: last,
    // Checked on the server only (decision 056): the errors come back in lastResult.
    shouldValidate: "onSubmit",
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
          {SELF_SERVICE_ROLE_TYPES.map((t) => (
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
