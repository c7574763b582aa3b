import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { AUTH_ERRORS, AUTH_MESSAGES } from "@domain/rules/accounts";
import { AUTH_FLOW_MESSAGES, SignInLinkRequestSchema, SignInLinkUseSchema } from "@domain/rules/email-tokens";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { limitAttempts } from "~/auth/auth-limits.server";
import { createUserSession, requireAnonymous } from "~/auth/session.server";
import { peekEmailToken } from "~/commands/email-tokens.server";
import { redeemSignInLink, requestSignInLink } from "~/commands/sign-in-link.server";
import { AuthCard } from "~/components/shell/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";
import { honeypotRefusal, honeypotStamp } from "~/honeypot.server";
import { clientIp } from "~/load-context";
import { hasUnfinishedOnboarding } from "~/queries/onboarding.server";

export const meta: MetaFunction = () => [{ title: "Sign in with a link · Association Commons" }];

const linkProblem = {
  title: AUTH_FLOW_MESSAGES.signInLinkFailed,
  message: AUTH_FLOW_MESSAGES.signInLinkProblem,
};

/**
 * One-time sign-in links (issue 11, part 3.4), the way in when failed passwords from elsewhere have
 * locked the account:
 * /auth/sign-in-link               ask for a link by e-mail
 * /auth/sign-in-link?sent=1        the same neutral answer, whether or not the address has an account
 * /auth/sign-in-link?token=...     a button that signs in (a POST, so a mail scanner opening the link
 *                                  does not use it up); the link works once and for 15 minutes
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token) {
    const check = await peekEmailToken(await getDb(), token, "sign_in_link");
    return json({
      state: check.ok ? ("use" as const) : ("problem" as const),
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

  if (formData.get("intent") === "use") {
    const submission = parseWithZod(formData, { schema: SignInLinkUseSchema });
    if (submission.status !== "success") {
      return json({ formError: linkProblem, linkProblem: true }, { status: 400 });
    }
    const result = await redeemSignInLink(db, submission.value.token);
    if (!result.ok && result.problem === "disabled") {
      // As the password sign-in tells someone who proved they own the account (issue 11, part 5.3).
      return json(
        {
          formError: { title: AUTH_MESSAGES.accountDisabled, message: AUTH_ERRORS.ACCOUNT_DISABLED.message },
          linkProblem: true,
        },
        { status: 403 },
      );
    }
    if (!result.ok) return json({ formError: linkProblem, linkProblem: true }, { status: 400 });
    const to = (await hasUnfinishedOnboarding(db, result.userId)) ? "/onboarding" : "/dashboard";
    return createUserSession(request, result.userId, to, ip);
  }

  const limitedByIp = await limitAttempts(db, ["sign_in_link_ip", ip]);
  if (limitedByIp) return limitedByIp;
  const submission = parseWithZod(formData, { schema: SignInLinkRequestSchema });
  if (submission.status !== "success") {
    return json(
      {
        result: submission.reply(),
        formError: {
          title: AUTH_FLOW_MESSAGES.signInLinkFailed,
          message: "Please enter your email address.",
        },
        linkProblem: false,
      },
      { status: 400 },
    );
  }
  const limited = await limitAttempts(db, ["sign_in_link_account", submission.value.email]);
  if (limited) return limited;
  await requestSignInLink(db, submission.value.email).catch((error) =>
    // Answer as usual: an error here must not reveal that the address has an account.
    console.error("sign-in-link: mail not sent", error),
  );
  return redirect("/auth/sign-in-link?sent=1");
}

export default function SignInLink() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const formError = actionData && "formError" in actionData ? actionData.formError : null;
  const [form, fields] = useForm<z.input<typeof SignInLinkRequestSchema>>({
    id: "sign-in-link",
    lastResult: data.state === "request" ? lastResult : undefined,
    constraint: { email: { required: true } },
  });
  const signIn = (
    <>
      Know your password?{" "}
      <Link to="/auth/sign-in" className="font-medium text-blue-700 underline">
        Sign in
      </Link>
    </>
  );

  if (data.state === "problem" || (actionData && "linkProblem" in actionData && actionData.linkProblem)) {
    const problem = formError ?? linkProblem;
    return (
      <AuthCard title="Sign in with a link" subtitle={signIn}>
        <div className="flex flex-col gap-4">
          <Alert title={problem.title}>{problem.message}</Alert>
          <Link to="/auth/sign-in-link" className="text-sm font-medium text-blue-700 underline">
            Request a new sign-in link
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (data.state === "use") {
    return (
      <AuthCard
        title="Sign in with a link"
        subtitle="The link works once and expires 15 minutes after it was sent."
      >
        <Form method="post" className="flex flex-col gap-4">
          <Honeypot stamp={data.honeypot} />
          <input type="hidden" name="intent" value="use" />
          <input type="hidden" name="token" value={data.token ?? ""} />
          <Button disabled={busy}>{busy ? "Signing in..." : "Sign in"}</Button>
        </Form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in with a link" subtitle={signIn}>
      {data.state === "sent" ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-blue-300 bg-blue-50 p-3 text-sm text-blue-900"
        >
          <p className="font-semibold">Check your email</p>
          <p className="mt-1">{AUTH_FLOW_MESSAGES.signInLinkSent}</p>
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        {formError ? <Alert title={formError.title}>{formError.message}</Alert> : null}
        <p className="text-sm text-slate-700">
          Enter the email address of your account and we'll send you a link that signs you in once, without
          your password. Use it when too many wrong passwords have locked your account.
        </p>
        <Honeypot stamp={data.honeypot} />
        <input type="hidden" name="intent" value="request" />
        <Field
          label="Email"
          autoComplete="email"
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: "email" })}
        />
        <Button disabled={busy}>{busy ? "Sending..." : "Send sign-in link"}</Button>
      </Form>
    </AuthCard>
  );
}
