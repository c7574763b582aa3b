import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import {
  AUTH_ERRORS,
  AUTH_FALLBACK_MESSAGES,
  AUTH_MESSAGES,
  type SignInSchema,
} from "@domain/rules/accounts";
import { AUTH_FLOW_MESSAGES } from "@domain/rules/email-tokens";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import type { z } from "zod";
import { accountLockedOut, limitAttempts, recordFailedSignIn } from "~/auth/auth-limits.server";
import {
  authenticator,
  EmailNotConfirmedError,
  InvalidCredentialsError,
  oauthProvider,
} from "~/auth/authenticator.server";
import { rateLimitedResponse } from "~/auth/rate-limit.server";
import { createUserSession, requireAnonymous, safeRedirect } from "~/auth/session.server";
import { AuthCard } from "~/components/shell/auth-card";
import { OAuthButton } from "~/components/shell/oauth-button";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { getDb } from "~/db.server";
import { readForm, withFormBody } from "~/forms.server";
import { assertNotBot } from "~/honeypot";
import { clientIp } from "~/load-context";

export const meta: MetaFunction = () => [{ title: "Sign in · Association Commons" }];

/** Why an OAuth sign-in came back here (the callback passes a code, never free text). */
const OAUTH_ERRORS: Record<string, string> = {
  oauth: AUTH_FLOW_MESSAGES.oauthGeneric,
  oauth_unverified: AUTH_FLOW_MESSAGES.oauthUnverifiedEmail,
  oauth_no_email: AUTH_FLOW_MESSAGES.oauthNoEmail,
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const code = new URL(request.url).searchParams.get("error");
  const message = code ? OAUTH_ERRORS[code] : undefined;
  return json({
    oauthName: oauthProvider()?.name ?? null,
    oauthError: message ? { title: AUTH_FALLBACK_MESSAGES.oauthFailed, message } : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The address limit runs before the body is read.
  const ip = clientIp(context);
  const db = await getDb();
  const limited = await limitAttempts(db, ["sign_in_ip", ip]);
  if (limited) return limited;
  const form = await readForm(request);
  assertNotBot(form);
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  // Too many failures against this account: refuse before checking the password.
  if (email && (await accountLockedOut(db, email))) return rateLimitedResponse();
  try {
    const user = await authenticator.authenticate("form", withFormBody(request, form));
    return await createUserSession(request, user.id, redirectTo, ip);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      if (email) await recordFailedSignIn(db, email);
      return json(
        {
          formError: { title: AUTH_MESSAGES.signInFailed, message: AUTH_ERRORS.INVALID_CREDENTIALS.message },
          code: "INVALID_CREDENTIALS" as const,
          email,
        },
        { status: 401 },
      );
    }
    if (error instanceof EmailNotConfirmedError) {
      return json(
        {
          formError: { title: AUTH_MESSAGES.signInFailed, message: AUTH_ERRORS.EMAIL_NOT_CONFIRMED.message },
          code: "EMAIL_NOT_CONFIRMED" as const,
          email: error.email,
        },
        { status: 403 },
      );
    }
    throw error;
  }
}

export default function SignIn() {
  const { oauthName, oauthError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth/sign-in");
  // Sign-in has no client-side rules (spec 000 section 5): the server answers.
  const [form, fields] = useForm<z.input<typeof SignInSchema>>({
    id: "sign-in",
    constraint: { email: { required: true }, password: { required: true } },
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const formError = actionData?.formError ?? oauthError;
  const notConfirmed = actionData && "code" in actionData && actionData.code === "EMAIL_NOT_CONFIRMED";
  return (
    <AuthCard
      title="Sign in"
      subtitle={
        <>
          New here?{" "}
          <Link to="/auth/sign-up" className="font-medium text-blue-700 underline">
            Create an account
          </Link>
        </>
      }
    >
      {formError ? (
        <div className="mb-4">
          <Alert title={formError.title}>{formError.message}</Alert>
        </div>
      ) : null}
      {notConfirmed && "email" in actionData ? (
        <Form method="post" action="/auth/confirm" className="mb-4 flex flex-col gap-2">
          <Honeypot />
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={actionData.email} />
          <Button variant="secondary">Resend confirmation email</Button>
        </Form>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <Honeypot />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email" })}
          defaultValue={actionData && "email" in actionData ? actionData.email : undefined}
        />
        <Field
          label="Password"
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password" })}
        />
        <Button disabled={busy}>{busy ? "Signing in..." : "Sign In"}</Button>
        <p className="text-sm">
          <Link to="/auth/reset-password" className="font-medium text-blue-700 underline">
            Forgot your password?
          </Link>
        </p>
      </Form>
      {oauthName ? <OAuthButton name={oauthName} redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
