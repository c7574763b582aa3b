import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { AUTH_FALLBACK_MESSAGES } from "@domain/rules/account-messages";
import { AUTH_ERRORS, AUTH_MESSAGES, type SignInSchema } from "@domain/rules/accounts";
import { AUTH_FLOW_MESSAGES } from "@domain/rules/email-tokens";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import type { z } from "zod";
import { claimSignInAttempt, returnSignInAttempt, type SignInClient } from "~/auth/auth-limits.server";
import {
  AccountDisabledError,
  authenticator,
  EmailNotConfirmedError,
  InvalidCredentialsError,
  oauthProvider,
} from "~/auth/authenticator.server";
import { issueDeviceCookie, trustedDeviceNonce } from "~/auth/device-cookie.server";
import { createUserSession, requireAnonymous, safeRedirect } from "~/auth/session.server";
import { AuthCard } from "~/components/shell/auth-card";
import { OAuthButton } from "~/components/shell/oauth-button";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { getDb } from "~/db.server";
import { readForm, withFormBody } from "~/forms.server";
import { honeypotRefusal, honeypotStamp } from "~/honeypot.server";
import { clientIp } from "~/load-context";
import { hasUnfinishedOnboarding } from "~/queries/onboarding.server";

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
  // Own keys only: "?error=__proto__" names no message.
  const message = code && Object.hasOwn(OAUTH_ERRORS, code) ? OAUTH_ERRORS[code] : undefined;
  return json({
    oauthName: oauthProvider()?.name ?? null,
    // A disabled account signing in through OAuth hears what the password sign-in says (issue 11, 5.3).
    oauthError:
      code === "account_disabled"
        ? { title: AUTH_MESSAGES.accountDisabled, message: AUTH_ERRORS.ACCOUNT_DISABLED.message }
        : message
          ? { title: AUTH_FALLBACK_MESSAGES.oauthFailed, message }
          : null,
    disabled: code === "account_disabled",
    honeypot: honeypotStamp(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The body is read through the one bounded entry (415/400/413 on malformed input); the sign-in limits
  // need the e-mail and the device cookie, so they run right after it, before the password is checked.
  const form = await readForm(request);
  // The honeypot and its signed timestamp (issue 11, part 4.3): a bot is refused before anything else.
  const bot = honeypotRefusal(form);
  if (bot) return json({ formError: bot }, { status: 400 });
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const ip = clientIp(context);
  const db = await getDb();
  // Only failures count (issue 11, parts 3.4 and 5.2): against this browser when it signed in to the
  // account before (a device cookie), else against the account and the address. The attempt is counted
  // before the password is checked, atomically (issue 26, part 4.1): over the limit, refused unchecked;
  // anything but a wrong password gives the attempt back.
  const device = email ? await trustedDeviceNonce(request, email) : null;
  const client: SignInClient = device ? { device } : { email, ip };
  const claim = await claimSignInAttempt(db, client);
  if ("refused" in claim) return claim.refused;
  let failed = false;
  try {
    const user = await authenticator.authenticate("form", withFormBody(request, form));
    const to = (await hasUnfinishedOnboarding(db, user.id)) ? "/onboarding" : redirectTo;
    const response = await createUserSession(request, user.id, to, ip);
    response.headers.append("Set-Cookie", await issueDeviceCookie(request, email));
    return response;
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      failed = true;
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
    if (error instanceof AccountDisabledError) {
      return json(
        {
          formError: { title: AUTH_MESSAGES.accountDisabled, message: AUTH_ERRORS.ACCOUNT_DISABLED.message },
          code: "ACCOUNT_DISABLED" as const,
          email,
        },
        { status: 403 },
      );
    }
    throw error;
  } finally {
    if (!failed) {
      await returnSignInAttempt(db, claim.attempt).catch((error) =>
        console.error("Sign-in attempt not given back", error),
      );
    }
  }
}

export default function SignIn() {
  const { oauthName, oauthError, disabled, honeypot } = useLoaderData<typeof loader>();
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
          <Alert title={formError.title}>
            {formError.message}
            {(actionData && "code" in actionData && actionData.code === "ACCOUNT_DISABLED") ||
            (!actionData && disabled) ? (
              <>
                {" "}
                <Link to="/contact" className="font-medium underline">
                  Contact support
                </Link>
              </>
            ) : null}
          </Alert>
        </div>
      ) : null}
      {notConfirmed && "email" in actionData ? (
        <Form method="post" action="/auth/confirm" className="mb-4 flex flex-col gap-2">
          <Honeypot stamp={honeypot} />
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={actionData.email} />
          <Button variant="secondary">Resend confirmation email</Button>
        </Form>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <Honeypot stamp={honeypot} />
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
          </Link>{" "}
          ·{" "}
          <Link to="/auth/sign-in-link" className="font-medium text-blue-700 underline">
            E-mail me a sign-in link
          </Link>
        </p>
      </Form>
      {oauthName ? <OAuthButton name={oauthName} redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
