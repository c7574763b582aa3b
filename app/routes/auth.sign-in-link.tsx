import { AUTH_FLOW_MESSAGES } from "@domain/rules/email-token-messages";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { answerEmailLinkRequest, emailLinkPageState } from "~/auth/email-link-page.server";
import { createUserSession, requireAnonymous } from "~/auth/session.server";
import { redeemSignInLink } from "~/commands/sign-in-link.server";
import { AuthCard } from "~/components/shell/auth-card";
import { EmailLinkProblemCard, EmailLinkRequestCard } from "~/components/shell/email-link-request";
import { Button } from "~/components/ui/button";
import { Honeypot } from "~/components/ui/honeypot";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";
import { honeypotRefusal } from "~/honeypot.server";
import { clientIp } from "~/load-context";
import { hasUnfinishedOnboarding } from "~/queries/onboarding.server";
import { ACCOUNT_DISABLED_PROBLEM, parseSignInLinkPage } from "~/routes/auth.sign-in-link.server";

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
  return json(await emailLinkPageState(request, "sign_in_link", "use"));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // The honeypot and its signed timestamp (issue 11, part 4.3): a bot is refused before anything else.
  const bot = honeypotRefusal(formData);
  if (bot) return json({ formError: bot }, { status: 400 });
  const db = await getDb();
  const ip = clientIp(context);

  const { submission, intent } = parseSignInLinkPage(formData);
  if (intent === "use") {
    if (submission.status !== "success" || submission.value.intent !== "use") {
      return json({ formError: linkProblem, linkProblem: true }, { status: 400 });
    }
    const result = await redeemSignInLink(db, submission.value.token);
    if (!result.ok && result.problem === "disabled") {
      // As the password sign-in tells someone who proved they own the account (issue 11, part 5.3).
      return json(
        {
          formError: ACCOUNT_DISABLED_PROBLEM,
          linkProblem: true,
        },
        { status: 403 },
      );
    }
    if (!result.ok) return json({ formError: linkProblem, linkProblem: true }, { status: 400 });
    const to = (await hasUnfinishedOnboarding(db, result.userId)) ? "/onboarding" : "/dashboard";
    return createUserSession(request, result.userId, to, ip);
  }

  // Asking for a link, or a form this page does not have: answerEmailLinkRequest limits by IP before
  // it answers the fields.
  return answerEmailLinkRequest(db, formData, {
    ip,
    limits: { ip: "sign_in_link_ip", account: "sign_in_link_account" },
    failedTitle: AUTH_FLOW_MESSAGES.signInLinkFailed,
    purpose: "sign_in_link",
    sentUrl: "/auth/sign-in-link?sent=1",
  });
}

export default function SignInLink() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const formError = actionData && "formError" in actionData ? actionData.formError : null;
  const signIn = (
    <>
      Know your password?{" "}
      <Link to="/auth/sign-in" className="font-medium text-blue-700 underline">
        Sign in
      </Link>
    </>
  );

  if (data.state === "problem" || (actionData && "linkProblem" in actionData && actionData.linkProblem)) {
    return (
      <EmailLinkProblemCard
        title="Sign in with a link"
        subtitle={signIn}
        problem={formError ?? linkProblem}
        retryHref="/auth/sign-in-link"
        retryLabel="Request a new sign-in link"
      />
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
    <EmailLinkRequestCard
      id="sign-in-link"
      title="Sign in with a link"
      subtitle={signIn}
      intro="Enter the email address of your account and we'll send you a link that signs you in once, without your password. Use it when too many wrong passwords have locked your account."
      sent={data.state === "sent"}
      sentMessage={AUTH_FLOW_MESSAGES.signInLinkSent}
      buttonLabel="Send sign-in link"
      honeypot={data.honeypot}
      lastResult={data.state === "sent" || data.state === "request" ? lastResult : undefined}
      formError={formError}
      busy={busy}
    />
  );
}
