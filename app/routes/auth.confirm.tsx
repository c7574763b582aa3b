import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { AUTH_FLOW_MESSAGES } from "@domain/rules/email-token-messages";
import type { ResendConfirmationSchema } from "@domain/rules/email-tokens";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { limitAttempts } from "~/auth/auth-limits.server";
import {
  afterConfirmationCookie,
  pendingConfirmationCookie,
  readFlowCookie,
} from "~/auth/flow-cookies.server";
import { createUserSession, safeRedirect } from "~/auth/session.server";
import { confirmEmail, resendEmailConfirmation } from "~/commands/accounts.server";
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
import { parseConfirmPage } from "~/routes/auth.confirm.server";

export const meta: MetaFunction = () => [{ title: "Confirm your email · Association Commons" }];

const CONFIRM_FAILED = "Email confirmation failed";

/**
 * /auth/confirm             "check your email", with a form to resend the link
 * /auth/confirm?token=...   a button that confirms the address and signs in (a POST, so a mail
 *                           scanner that follows the link does not use it up)
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token) {
    const check = await peekEmailToken(await getDb(), token, "confirm_email");
    return json({
      state: check.ok ? ("confirm" as const) : ("problem" as const),
      token,
      email: null,
      resent: false,
      honeypot: honeypotStamp(),
      // Where sign-up was asked to come back to (an invitation); checked again when used.
      redirectTo: safeRedirect(await readFlowCookie(afterConfirmationCookie(), request), ""),
    });
  }
  const email = await readFlowCookie(pendingConfirmationCookie(), request);
  return json({
    state: "check" as const,
    token: null,
    email,
    resent: url.searchParams.has("resent"),
    honeypot: honeypotStamp(),
    redirectTo: "",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // The honeypot and its signed timestamp (issue 11, part 4.3): a bot is refused before anything else.
  const bot = honeypotRefusal(formData);
  if (bot) return json({ formError: bot }, { status: 400 });
  const db = await getDb();
  const ip = clientIp(context);
  const { submission, intent } = parseConfirmPage(formData);
  if (intent === "confirm") {
    const value =
      submission.status === "success" && submission.value.intent === "confirm" ? submission.value : null;
    const result = value ? await confirmEmail(db, value.token) : null;
    if (!value || !result?.ok) {
      return json(
        {
          formError: { title: CONFIRM_FAILED, message: AUTH_FLOW_MESSAGES.confirmLinkProblem },
          result: null,
        },
        { status: 400 },
      );
    }
    return createUserSession(request, result.userId, safeRedirect(value.redirectTo, "/onboarding"), ip);
  }
  if (submission.status !== "success" || submission.value.intent !== "resend") {
    return json({ formError: null, result: submission.reply() }, { status: 400 });
  }
  const { email } = submission.value;
  const limited = await limitAttempts(db, ["sign_up_ip", ip], ["confirm_resend_account", email]);
  if (limited) return limited;
  await resendEmailConfirmation(db, email).catch((error) =>
    console.error("confirm: confirmation mail not resent", error),
  );
  // The same answer whether or not the address has an account waiting.
  return redirect("/auth/confirm?resent=1", {
    headers: { "Set-Cookie": await pendingConfirmationCookie().serialize(email) },
  });
}

export default function ConfirmEmail() {
  const data = useLoaderData<typeof loader>();
  const honeypot = data.honeypot;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm<z.input<typeof ResendConfirmationSchema>>({
    id: "resend-confirmation",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    // Checked on the server only (decision 056); the browser's own check comes from `constraint`.
    shouldValidate: "onSubmit",
    defaultValue: { email: data.email ?? "" },
    constraint: { email: { required: true } },
  });
  const formError = actionData && "formError" in actionData ? actionData.formError : null;

  if (data.state === "confirm" || data.state === "problem") {
    const problem = data.state === "problem" || Boolean(formError);
    return (
      <AuthCard title="Confirm your email" subtitle="One click and you're in.">
        {problem ? (
          <div className="flex flex-col gap-4">
            <Alert title={formError?.title ?? CONFIRM_FAILED}>
              {formError?.message ?? AUTH_FLOW_MESSAGES.confirmLinkProblem}
            </Alert>
            <p className="text-sm text-slate-700">
              If your address is already confirmed,{" "}
              <Link to="/auth/sign-in" className="font-medium text-blue-700 underline">
                sign in
              </Link>
              . Otherwise{" "}
              <Link to="/auth/confirm" className="font-medium text-blue-700 underline">
                ask for a new confirmation link
              </Link>
              .
            </p>
          </div>
        ) : (
          <Form method="post" className="flex flex-col gap-4">
            <Honeypot stamp={honeypot} />
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="token" value={data.token ?? ""} />
            {data.redirectTo ? <input type="hidden" name="redirectTo" value={data.redirectTo} /> : null}
            <Button disabled={busy}>{busy ? "Confirming..." : "Confirm email"}</Button>
          </Form>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={AUTH_FLOW_MESSAGES.checkEmailTitle}
      subtitle={
        <>
          Already confirmed?{" "}
          <Link to="/auth/sign-in" className="font-medium text-blue-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div role="status" className="rounded-md border border-blue-300 bg-blue-50 p-3 text-sm text-blue-900">
          {data.resent ? (
            <p>{AUTH_FLOW_MESSAGES.resendSent}</p>
          ) : (
            <p>
              {data.email ? (
                <>
                  We sent a confirmation link to <strong>{data.email}</strong>. Click it to confirm your
                  address and finish creating your account. The link works once and expires in 24 hours.
                </>
              ) : (
                AUTH_FLOW_MESSAGES.checkEmail
              )}
            </p>
          )}
        </div>
        {formError ? <Alert title={formError.title}>{formError.message}</Alert> : null}
        <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
          <p className="text-sm text-slate-700">No email? Check your spam folder, or send the link again.</p>
          <Honeypot stamp={honeypot} />
          <input type="hidden" name="intent" value="resend" />
          <Field
            label="Email"
            autoComplete="email"
            errors={fields.email.errors}
            {...getInputProps(fields.email, { type: "email" })}
          />
          <Button variant="secondary" disabled={busy}>
            {busy ? "Sending..." : "Resend confirmation email"}
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}
