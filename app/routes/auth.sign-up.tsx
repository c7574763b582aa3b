import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { PASSWORD_MIN_LENGTH } from "@domain/rules/account-messages";
import { AUTH_MESSAGES, SignUpSchema } from "@domain/rules/accounts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { limitAttempts } from "~/auth/auth-limits.server";
import { oauthProvider } from "~/auth/authenticator.server";
import { afterConfirmationCookie, pendingConfirmationCookie } from "~/auth/flow-cookies.server";
import { requireAnonymous, safeRedirect } from "~/auth/session.server";
import {
  createAccount,
  EmailTakenError,
  sendEmailConfirmation,
  warnOfSignUpAttempt,
} from "~/commands/accounts.server";
import { AuthCard } from "~/components/shell/auth-card";
import { OAuthButton } from "~/components/shell/oauth-button";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";
import { honeypotRefusal, honeypotStamp } from "~/honeypot.server";
import { clientIp } from "~/load-context";

export const meta: MetaFunction = () => [{ title: "Create your account · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  // An invitation link sends people here with where to come back to once they are in.
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  return json({ oauthName: oauthProvider()?.name ?? null, honeypot: honeypotStamp(), redirectTo });
}

const FIX_FIELDS = "Please correct the highlighted fields and try again.";

/**
 * Creates the account unconfirmed, mails the confirmation link and shows "check your email"
 * (/auth/confirm). Nobody is signed in until the link is used. An address that already has an
 * account gets the same answer (issue 11, part 5.5), and its owner an e-mail instead.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // The address limit runs before the body is read.
  const db = await getDb();
  const limited = await limitAttempts(db, ["sign_up_ip", clientIp(context)]);
  if (limited) return limited;
  const formData = await readForm(request);
  // The honeypot and its signed timestamp (issue 11, part 4.3): a bot is refused before anything else.
  const bot = honeypotRefusal(formData);
  if (bot) return json({ formError: bot }, { status: 400 });
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  if (submission.status !== "success") {
    return json(
      {
        result: submission.reply({ hideFields: ["password"] }),
        formError: { title: AUTH_MESSAGES.signUpFailed, message: FIX_FIELDS },
      },
      { status: 400 },
    );
  }
  const email = submission.value.email;
  try {
    const user = await createAccount(db, submission.value);
    // A mail that cannot be sent now can be resent from the next page.
    await sendEmailConfirmation(db, user.id, user.email).catch((error) =>
      console.error("sign-up: confirmation mail not sent", error),
    );
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    await warnOfSignUpAttempt(db, email).catch((e) => console.error("sign-up: warning mail not sent", e));
  }
  const headers = new Headers({ "Set-Cookie": await pendingConfirmationCookie().serialize(email) });
  const redirectTo = safeRedirect(formData.get("redirectTo"), "");
  if (redirectTo) headers.append("Set-Cookie", await afterConfirmationCookie().serialize(redirectTo));
  return redirect("/auth/confirm", { headers });
}

export default function SignUp() {
  const { oauthName, honeypot, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm<z.input<typeof SignUpSchema>>({
    id: "sign-up",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    shouldRevalidate: "onInput",
    constraint: { email: { required: true }, password: { required: true, minLength: PASSWORD_MIN_LENGTH } },
  });
  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{" "}
          <Link
            to={redirectTo ? `/auth/sign-in?${new URLSearchParams({ redirectTo })}` : "/auth/sign-in"}
            className="font-medium text-blue-700 underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        {actionData?.formError ? (
          <Alert title={actionData.formError.title}>{actionData.formError.message}</Alert>
        ) : null}
        <Honeypot stamp={honeypot} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          label="Email"
          autoComplete="email"
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: "email" })}
        />
        <Field
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          errors={fields.password.errors}
          {...getInputProps(fields.password, { type: "password" })}
        />
        <Field
          label="Full name (optional)"
          autoComplete="name"
          errors={fields.full_name.errors}
          {...getInputProps(fields.full_name, { type: "text" })}
        />
        <Field
          label="Phone (optional)"
          autoComplete="tel"
          errors={fields.phone.errors}
          {...getInputProps(fields.phone, { type: "tel" })}
        />
        <Field
          label="Location (optional)"
          autoComplete="address-level2"
          errors={fields.location.errors}
          {...getInputProps(fields.location, { type: "text" })}
        />
        <Button disabled={busy}>{busy ? "Creating account..." : "Create account"}</Button>
      </Form>
      {oauthName ? <OAuthButton name={oauthName} /> : null}
    </AuthCard>
  );
}
