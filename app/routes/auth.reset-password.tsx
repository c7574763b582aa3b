import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { AUTH_FALLBACK_MESSAGES, PASSWORD_MIN_LENGTH } from "@domain/rules/accounts";
import { AUTH_FLOW_MESSAGES, ResetPasswordSchema, ResetRequestSchema } from "@domain/rules/email-tokens";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { limitAttempts } from "~/auth/auth-limits.server";
import { createUserSession } from "~/auth/session.server";
import { requestPasswordReset, resetPassword } from "~/commands/accounts.server";
import { peekEmailToken } from "~/commands/email-tokens.server";
import { AuthCard } from "~/components/shell/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";
import { honeypotRefusal, honeypotStamp } from "~/honeypot.server";
import { clientIp } from "~/load-context";

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
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token) {
    const check = await peekEmailToken(await getDb(), token, "reset_password");
    return json({
      state: check.ok ? ("reset" as const) : ("problem" as const),
      token,
      honeypot: honeypotStamp(),
    });
  }
  return json({
    state: url.searchParams.has("sent") ? ("sent" as const) : ("request" as const),
    token: null,
    honeypot: honeypotStamp(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // The honeypot and its signed timestamp (issue 11, part 4.3): a bot is refused before anything else.
  const bot = honeypotRefusal(formData);
  if (bot) return json({ formError: bot }, { status: 400 });
  const db = await getDb();
  const ip = clientIp(context);

  if (formData.get("intent") === "reset") {
    const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
    if (submission.status !== "success") {
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

  const limitedByIp = await limitAttempts(db, ["reset_ip", ip]);
  if (limitedByIp) return limitedByIp;
  const submission = parseWithZod(formData, { schema: ResetRequestSchema });
  if (submission.status !== "success") {
    return json(
      {
        result: submission.reply(),
        formError: {
          title: AUTH_FALLBACK_MESSAGES.passwordResetFailed,
          message: "Please enter your email address.",
        },
        linkProblem: false,
      },
      { status: 400 },
    );
  }
  const limited = await limitAttempts(db, ["reset_account", submission.value.email]);
  if (limited) return limited;
  await requestPasswordReset(db, submission.value.email).catch((error) =>
    // Answer as usual: an error here must not reveal that the address has an account.
    console.error("reset-password: reset mail not sent", error),
  );
  return redirect("/auth/reset-password?sent=1");
}

export default function ResetPassword() {
  const data = useLoaderData<typeof loader>();
  const honeypot = data.honeypot;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const formError = actionData?.formError ?? null;
  const [requestForm, requestFields] = useForm<z.input<typeof ResetRequestSchema>>({
    id: "reset-request",
    lastResult: data.state === "request" ? lastResult : undefined,
    constraint: { email: { required: true } },
  });
  const [resetForm, resetFields] = useForm<z.input<typeof ResetPasswordSchema>>({
    id: "reset-password",
    lastResult: data.state === "reset" ? lastResult : undefined,
    shouldRevalidate: "onInput",
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
      <AuthCard title="Reset your password" subtitle={signInLink}>
        <div className="flex flex-col gap-4">
          <Alert title={linkProblem.title}>{linkProblem.message}</Alert>
          <Link to="/auth/reset-password" className="text-sm font-medium text-blue-700 underline">
            Request a new reset link
          </Link>
        </div>
      </AuthCard>
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
    <AuthCard title="Reset your password" subtitle={signInLink}>
      {data.state === "sent" ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-blue-300 bg-blue-50 p-3 text-sm text-blue-900"
        >
          <p className="font-semibold">Check your email</p>
          <p className="mt-1">{AUTH_FLOW_MESSAGES.resetRequestSent}</p>
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(requestForm)}>
        {formError ? <Alert title={formError.title}>{formError.message}</Alert> : null}
        <p className="text-sm text-slate-700">
          Enter the email address of your account and we'll send you a link to choose a new password.
        </p>
        <Honeypot stamp={honeypot} />
        <input type="hidden" name="intent" value="request" />
        <Field
          label="Email"
          autoComplete="email"
          errors={requestFields.email.errors}
          {...getInputProps(requestFields.email, { type: "email" })}
        />
        <Button disabled={busy}>{busy ? "Sending..." : "Send reset link"}</Button>
      </Form>
    </AuthCard>
  );
}
