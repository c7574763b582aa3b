import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { AUTH_FALLBACK_MESSAGES, PASSWORD_MIN_LENGTH } from "@domain/rules/account-messages";
import { AUTH_FLOW_MESSAGES } from "@domain/rules/email-token-messages";
import type { ResetPasswordSchema } from "@domain/rules/email-tokens";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { answerEmailLinkRequest, emailLinkPageState } from "~/auth/email-link-page.server";
import { createUserSession } from "~/auth/session.server";
import { resetPassword } from "~/commands/accounts.server";
import { AuthCard } from "~/components/shell/auth-card";
import { EmailLinkProblemCard, EmailLinkRequestCard } from "~/components/shell/email-link-request";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";
import { honeypotRefusal } from "~/honeypot.server";
import { clientIp } from "~/load-context";
import { parseResetPasswordPage } from "~/routes/auth.reset-password.server";

export const meta: MetaFunction = () => [{ title: "Reset your password · Association Commons" }];

const linkProblem = {
  title: AUTH_FALLBACK_MESSAGES.passwordResetFailed,
  message: AUTH_FLOW_MESSAGES.resetLinkProblem,
};

/**
 * /auth/reset-password               ask for a reset link by e-mail
 * /auth/reset-password?sent=1        the same neutral answer, whether or not the address has an account
 * /auth/reset-password?token=...     choose a new password (the link works once and for 1 hour)
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await emailLinkPageState(request, "reset_password", "reset"));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // The honeypot and its signed timestamp (issue 11, part 4.3): a bot is refused before anything else.
  const bot = honeypotRefusal(formData);
  if (bot) return json({ formError: bot }, { status: 400 });
  const db = await getDb();
  const ip = clientIp(context);

  const { submission, intent } = parseResetPasswordPage(formData);
  if (intent === "reset") {
    if (submission.status !== "success" || submission.value.intent !== "reset") {
      return json(
        {
          result: submission.reply({ hideFields: ["password", "confirm_password"] }),
          formError: {
            title: AUTH_FALLBACK_MESSAGES.passwordUpdateFailed,
            message: "Please correct the highlighted fields and try again.",
          },
          linkProblem: false,
        },
        { status: 400 },
      );
    }
    const result = await resetPassword(db, submission.value.token, submission.value.password);
    if (!result.ok) {
      return json(
        { result: submission.reply({ resetForm: true }), formError: linkProblem, linkProblem: true },
        { status: 400 },
      );
    }
    // Every session of the account ended with the reset; this one starts fresh.
    return createUserSession(request, result.userId, "/dashboard", ip);
  }

  // Asking for a link, or a form this page does not have: answerEmailLinkRequest limits by IP before
  // it answers the fields.
  return answerEmailLinkRequest(db, formData, {
    ip,
    limits: { ip: "reset_ip", account: "reset_account" },
    failedTitle: AUTH_FALLBACK_MESSAGES.passwordResetFailed,
    purpose: "reset_password",
    sentUrl: "/auth/reset-password?sent=1",
  });
}

export default function ResetPassword() {
  const data = useLoaderData<typeof loader>();
  const honeypot = data.honeypot;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const formError = actionData?.formError ?? null;
  const [resetForm, resetFields] = useForm<z.input<typeof ResetPasswordSchema>>({
    id: "reset-password",
    lastResult: data.state === "reset" ? lastResult : undefined,
    // Checked on the server only (decision 056); the browser's own checks come from `constraint`.
    shouldValidate: "onSubmit",
    constraint: {
      password: { required: true, minLength: PASSWORD_MIN_LENGTH },
      confirm_password: { required: true },
    },
  });
  const signInLink = (
    <>
      Remembered it?{" "}
      <Link to="/auth/sign-in" className="font-medium text-blue-700 underline">
        Sign in
      </Link>
    </>
  );

  if (data.state === "problem" || (actionData && "linkProblem" in actionData && actionData.linkProblem)) {
    return (
      <EmailLinkProblemCard
        title="Reset your password"
        subtitle={signInLink}
        problem={linkProblem}
        retryHref="/auth/reset-password"
        retryLabel="Request a new reset link"
      />
    );
  }

  if (data.state === "reset") {
    return (
      <AuthCard title="Choose a new password" subtitle="Setting it signs you out on every device.">
        <Form method="post" className="flex flex-col gap-4" {...getFormProps(resetForm)}>
          {formError ? <Alert title={formError.title}>{formError.message}</Alert> : null}
          <Honeypot stamp={honeypot} />
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={data.token ?? ""} />
          <Field
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            errors={resetFields.password.errors}
            {...getInputProps(resetFields.password, { type: "password" })}
          />
          <Field
            label="Repeat the new password"
            autoComplete="new-password"
            errors={resetFields.confirm_password.errors}
            {...getInputProps(resetFields.confirm_password, { type: "password" })}
          />
          <Button disabled={busy}>{busy ? "Saving..." : "Set new password"}</Button>
        </Form>
      </AuthCard>
    );
  }

  return (
    <EmailLinkRequestCard
      id="reset-request"
      title="Reset your password"
      subtitle={signInLink}
      intro="Enter the email address of your account and we'll send you a link to choose a new password."
      sent={data.state === "sent"}
      sentMessage={AUTH_FLOW_MESSAGES.resetRequestSent}
      buttonLabel="Send reset link"
      honeypot={honeypot}
      lastResult={data.state === "sent" || data.state === "request" ? lastResult : undefined}
      formError={formError}
      busy={busy}
    />
  );
}
