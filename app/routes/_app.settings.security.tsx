import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@domain/rules/account-messages";
import type { ChangePasswordSchema } from "@domain/rules/security";
import { SECURITY_MESSAGES } from "@domain/rules/security-messages";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { hitRateLimit, peekRateLimit } from "~/auth/rate-limit.server";
import { destroyUserSession, requireUser } from "~/auth/session.server";
import {
  changePassword,
  pruneExpiredSessions,
  revokeOtherSessions,
  revokeSession,
} from "~/commands/security.server";
import { SettingsSection } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { MonitorSmartphone } from "~/components/ui/icons";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { getSecurityAccount, listActiveSessions, sessionHandle } from "~/queries/security.server";
import {
  CHANGE_PASSWORD_LIMIT,
  parseSecurityForm,
  RATE_LIMITED_MESSAGE,
  refusedIntent,
} from "./_app.settings.security.server";

export const meta: MetaFunction = () => [{ title: "Security · Settings · Association Commons" }];

/** Dates are written on the server, in the person's time zone when they set one (else UTC). */
function dateFormatter(timeZone: string | null) {
  const options: Intl.DateTimeFormatOptions = {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: timeZone ?? "UTC",
    timeZoneName: "short",
  };
  try {
    return new Intl.DateTimeFormat("en-US", options);
  } catch {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  await pruneExpiredSessions(db, user.id);
  const [sessions, account] = await Promise.all([
    listActiveSessions(db, user.id, user.sessionId),
    getSecurityAccount(db, user.id),
  ]);
  const format = dateFormatter(account.timezone);
  return json({
    email: user.email,
    hasPassword: account.hasPassword,
    sessions: sessions.map((s) => ({
      ...s,
      createdLabel: format.format(new Date(s.createdAt)),
      lastSeenLabel: format.format(new Date(s.lastSeenAt)),
    })),
  });
}

/** "Password update failed" plus the reason, with the form's result (passwords never sent back). */
const failed = (message: string, status: number, result?: SubmissionResult<string[]>) =>
  json(
    {
      intent: "change-password" as const,
      formError: { title: SECURITY_MESSAGES.passwordUpdateFailed, message },
      result,
    },
    { status },
  );

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const submission = parseSecurityForm(await readForm(request));
  const intent =
    submission.status === "success" ? submission.value.intent : refusedIntent(submission.payload);
  const hide = ["current_password", "new_password", "confirm_password"];
  const rateKey = `change_password:account:${user.id}`;
  const sessionNotFound = () =>
    json(
      {
        intent: "revoke-session" as const,
        formError: { title: "Sign out failed", message: SECURITY_MESSAGES.sessionNotFound },
      },
      { status: 404 },
    );
  // A locked account is told so before its fields are checked, as before the union.
  if (intent === "change-password" && !(await peekRateLimit(db, rateKey, CHANGE_PASSWORD_LIMIT)).allowed) {
    return failed(RATE_LIMITED_MESSAGE, 429);
  }
  if (submission.status !== "success") {
    switch (intent) {
      case "change-password":
        return failed(
          "Please correct the highlighted fields and try again.",
          400,
          submission.reply({ hideFields: hide }),
        );
      case "revoke-session":
        return sessionNotFound();
      default:
        return json(
          {
            intent: "unknown" as const,
            formError: { title: "Unknown action", message: "Please try again." },
          },
          400,
        );
    }
  }

  const value = submission.value;
  switch (value.intent) {
    case "change-password": {
      const outcome = await changePassword(db, user.id, user.sessionId, value);
      if (!outcome.ok) {
        if (outcome.reason === "no_password") {
          return failed(SECURITY_MESSAGES.noPassword, 400, submission.reply({ hideFields: hide }));
        }
        await hitRateLimit(db, rateKey, CHANGE_PASSWORD_LIMIT);
        return failed(
          SECURITY_MESSAGES.currentPasswordWrong,
          400,
          submission.reply({
            fieldErrors: { current_password: [SECURITY_MESSAGES.currentPasswordWrong] },
            hideFields: hide,
          }),
        );
      }
      return redirectWithFlash("/settings/security", {
        message: SECURITY_MESSAGES.passwordUpdated,
        tone: "success",
      });
    }
    case "revoke-other-sessions": {
      const count = await revokeOtherSessions(db, user.id, user.sessionId);
      return redirectWithFlash("/settings/security", {
        message: SECURITY_MESSAGES.otherSessionsSignedOut(count),
        tone: "success",
      });
    }
    case "revoke-session": {
      // Signing out this device is signing out.
      if (value.session === sessionHandle(user.sessionId)) {
        return destroyUserSession(request, "/auth/sign-in");
      }
      const ended = await revokeSession(db, user.id, value.session);
      if (!ended) return sessionNotFound();
      return redirectWithFlash("/settings/security", {
        message: SECURITY_MESSAGES.sessionSignedOut,
        tone: "success",
      });
    }
    default: {
      const never: never = value;
      throw new Error(`Unhandled intent ${JSON.stringify(never)}`);
    }
  }
}

type PasswordForm = z.input<typeof ChangePasswordSchema>;

function ChangePassword({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const mine = actionData?.intent === "change-password" ? actionData : undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";
  const [form, fields] = useForm<PasswordForm>({
    id: "change-password",
    lastResult: mine?.result as SubmissionResult<string[]> | undefined,
    // Checked on the server only (issue 27, part 3: no zod in the page): the action's answer shows
    // the errors per field (lastResult); without onValidate, validating on blur would post the form.
    shouldValidate: "onSubmit",
  });
  return (
    <SettingsSection
      id="password"
      title="Change password"
      description="After the change, every other device signed in to your account is signed out."
    >
      {hasPassword ? null : (
        <div className="mb-4">
          <Alert title="No password yet" tone="info">
            {SECURITY_MESSAGES.noPassword}
          </Alert>
        </div>
      )}
      <Form method="post" className="flex max-w-md flex-col gap-4" {...getFormProps(form)}>
        {mine?.formError ? <Alert title={mine.formError.title}>{mine.formError.message}</Alert> : null}
        <input type="hidden" name="intent" value="change-password" />
        {/* Lets password managers tie the new password to the account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field
          label="Current password"
          autoComplete="current-password"
          errors={fields.current_password.errors}
          {...getInputProps(fields.current_password, { type: "password" })}
        />
        <Field
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters.`}
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          errors={fields.new_password.errors}
          {...getInputProps(fields.new_password, { type: "password" })}
        />
        <Field
          label="Confirm new password"
          autoComplete="new-password"
          errors={fields.confirm_password.errors}
          {...getInputProps(fields.confirm_password, { type: "password" })}
        />
        <div>
          <Button disabled={busy}>{busy ? "Updating password..." : "Update password"}</Button>
        </div>
      </Form>
    </SettingsSection>
  );
}

export default function SecuritySettings() {
  const { email, hasPassword, sessions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const others = sessions.filter((s) => !s.current);
  const sessionError =
    actionData?.intent === "revoke-session" || actionData?.intent === "unknown"
      ? actionData.formError
      : undefined;

  return (
    <div className="flex flex-col gap-6">
      <ChangePassword email={email} hasPassword={hasPassword} />

      <SettingsSection
        id="sessions"
        title="Active sessions"
        description="The devices signed in to your account. Sign out any you do not recognise."
      >
        {sessionError ? (
          <div className="mb-4">
            <Alert title={sessionError.title}>{sessionError.message}</Alert>
          </div>
        ) : null}
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {sessions.map((s) => (
            <li key={s.handle} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="flex items-start gap-3">
                <MonitorSmartphone
                  aria-hidden="true"
                  className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400"
                />
                <div className="text-sm">
                  <p className="font-medium text-slate-900 dark:text-slate-100">
                    {s.device}
                    {s.current ? (
                      <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-600 dark:text-slate-400">
                    <dt>IP address</dt>
                    <dd>{s.ipAddress ?? "Unknown"}</dd>
                    <dt>Signed in</dt>
                    <dd>
                      <time dateTime={s.createdAt}>{s.createdLabel}</time>
                    </dd>
                    <dt>Last active</dt>
                    <dd>
                      <time dateTime={s.lastSeenAt}>{s.lastSeenLabel}</time>
                    </dd>
                  </dl>
                </div>
              </div>
              {s.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="session" value={s.handle} />
                  <Button variant="secondary" disabled={pendingIntent === "revoke-session"}>
                    Sign out<span className="sr-only"> {s.device}</span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          {others.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-other-sessions" />
              <Button variant="secondary" disabled={pendingIntent === "revoke-other-sessions"}>
                Sign out other sessions
              </Button>
            </Form>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              You are signed in on this device only.
            </p>
          )}
        </div>
      </SettingsSection>
    </div>
  );
}
