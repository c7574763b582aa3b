import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { PASSWORD_MIN_LENGTH } from "@domain/rules/account-messages";
import { type AdminSetupInput, AdminSetupSchema } from "@domain/rules/admin-setup";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { createUserSession } from "~/auth/session.server";
import {
  ADMIN_SETUP_MESSAGES,
  AdminSetupError,
  completeAdminSetup,
  hasAdministrator,
  isValidAdminSetupToken,
} from "~/commands/admin-setup.server";
import { AuthCard } from "~/components/shell/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";
import { clientIp } from "~/load-context";
import { type SetupCheckStatus, setupChecks } from "~/queries/admin-setup.server";

export const meta: MetaFunction = () => [{ title: "Admin set-up · Association Commons" }];

/**
 * /debug/admin-setup (spec 000 section 1; issue 11 part 5.9).
 * - No administrator yet: only with the one-time link the server printed at start (?token=...): create
 *   the first administrator, or make an existing account the administrator.
 * - Afterwards: administrators only; the set-up checks (configuration, migrations, mail, payments, OAuth).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = await getDb();
  if (!(await hasAdministrator(db))) {
    const token = new URL(request.url).searchParams.get("token");
    if (!(await isValidAdminSetupToken(db, token))) {
      return json({ state: "invalid" as const, token: null, checks: null }, { status: 403 });
    }
    return json({ state: "setup" as const, token, checks: null });
  }
  await requireAdmin(request);
  return json(
    { state: "checks" as const, token: null, checks: await setupChecks(db) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const token = String(formData.get("token") ?? "");
  const submission = parseWithZod(formData, { schema: AdminSetupSchema });
  if (submission.status !== "success") {
    return json(
      { result: submission.reply({ hideFields: ["password"] }), error: null, mode: formData.get("mode") },
      { status: 400 },
    );
  }
  try {
    const userId = await completeAdminSetup(await getDb(), token, submission.value);
    return createUserSession(request, userId, "/debug/admin-setup", clientIp(context));
  } catch (error) {
    if (!(error instanceof AdminSetupError)) throw error;
    const linkProblem =
      error.message === ADMIN_SETUP_MESSAGES.invalidLink ||
      error.message === ADMIN_SETUP_MESSAGES.alreadySetUp;
    return json(
      {
        result: submission.reply({ hideFields: ["password"] }),
        error: error.message,
        mode: submission.value.mode,
      },
      { status: linkProblem ? 403 : 400 },
    );
  }
}

const STATUS_STYLE: Record<SetupCheckStatus, string> = {
  pass: "bg-green-100 text-green-900",
  warn: "bg-amber-100 text-amber-900",
  fail: "bg-red-100 text-red-900",
  not_configured: "bg-slate-100 text-slate-800",
};
const STATUS_LABEL: Record<SetupCheckStatus, string> = {
  pass: "ok",
  warn: "warning",
  fail: "fail",
  not_configured: "not configured",
};

export default function AdminSetup() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "checks") return <SetupChecks checks={data.checks} />;
  if (data.state === "invalid") {
    return (
      <AuthCard title="Admin set-up" subtitle="Creating the first administrator">
        <Alert title="Setup link needed">{ADMIN_SETUP_MESSAGES.invalidLink}</Alert>
      </AuthCard>
    );
  }
  return <FirstAdministrator token={data.token ?? ""} />;
}

function FirstAdministrator({ token }: { token: string }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [createForm, create] = useForm<Extract<AdminSetupInput, { mode: "create" }>>({
    id: "admin-create",
    lastResult: actionData?.mode === "create" ? actionData.result : undefined,
    constraint: {
      full_name: { required: true },
      email: { required: true },
      password: { required: true, minLength: PASSWORD_MIN_LENGTH },
    },
  });
  const [grantForm, grant] = useForm<Extract<AdminSetupInput, { mode: "grant" }>>({
    id: "admin-grant",
    lastResult: actionData?.mode === "grant" ? actionData.result : undefined,
    constraint: { email: { required: true } },
  });
  return (
    <AuthCard
      title="Create the first administrator"
      subtitle="This one-time link works once. Afterwards this page is for administrators only."
    >
      <div className="flex flex-col gap-8">
        {actionData?.error ? <Alert title="Admin set-up failed">{actionData.error}</Alert> : null}
        <Form method="post" className="flex flex-col gap-4" {...getFormProps(createForm)}>
          <h2 className="text-lg font-semibold text-slate-900">New administrator account</h2>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="mode" value="create" />
          <Field
            label="Full name"
            autoComplete="name"
            errors={create.full_name.errors}
            {...getInputProps(create.full_name, { type: "text" })}
          />
          <Field
            label="Email"
            autoComplete="email"
            errors={create.email.errors}
            {...getInputProps(create.email, { type: "email" })}
          />
          <Field
            label="Password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            errors={create.password.errors}
            {...getInputProps(create.password, { type: "password" })}
          />
          <Button disabled={busy}>Create administrator</Button>
        </Form>
        <Form method="post" className="flex flex-col gap-4" {...getFormProps(grantForm)}>
          <h2 className="text-lg font-semibold text-slate-900">Make an existing account the administrator</h2>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="mode" value="grant" />
          <Field
            label="Email of the account"
            autoComplete="email"
            errors={grant.email.errors}
            {...getInputProps(grant.email, { type: "email" })}
          />
          <Button disabled={busy} variant="secondary">
            Grant administrator role
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}

function SetupChecks({ checks }: { checks: Awaited<ReturnType<typeof setupChecks>> }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900">Admin set-up</h1>
      <p className="mt-1 text-sm text-slate-600">
        What this deployment has configured. Live connection tests are on{" "}
        <Link to="/admin/diagnostics" className="font-medium text-blue-700 underline">
          Authentication Debug
        </Link>
        ; go on to the{" "}
        <Link to="/admin" className="font-medium text-blue-700 underline">
          Admin Panel
        </Link>
        .
      </p>
      <ul className="mt-6 flex flex-col gap-3" aria-label="Set-up checks">
        {checks.map((check) => (
          <li key={check.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex items-center justify-between gap-4">
              <h2 className="font-medium text-slate-900">{check.name}</h2>
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[check.status]}`}>
                {STATUS_LABEL[check.status]}
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-700">{check.detail}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
