import { ASSOCIATION_MESSAGES, INVITATION_STATE_MESSAGES } from "@domain/associations";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getSessionUser, requireUser } from "~/auth/session.server";
import { acceptInvitation, previewInvitation } from "~/commands/associations.server";
import { AuthCard } from "~/components/shell/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, readForm } from "~/forms.server";

export const meta: MetaFunction = () => [{ title: "Invitation · Association Commons" }];

/**
 * An invitation link (issue 12, section 1): anyone holding it sees what it is for. A signed-in person
 * accepts with a button (a POST, so a mail scanner that follows the link does not use it up); someone
 * signed out signs in, or creates an account, and comes back here (redirectTo, through the one
 * safe-redirect check). Expired, used and withdrawn links say so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const [preview, user] = await Promise.all([
    previewInvitation(await getDb(), token),
    getSessionUser(request),
  ]);
  const here = `/invitations/${encodeURIComponent(token)}`;
  return json({
    preview,
    problem: preview.state === "valid" ? null : INVITATION_STATE_MESSAGES[preview.state],
    signedInAs: user?.email ?? null,
    otherEmail:
      user && preview.email && preview.email.toLowerCase() !== user.email.toLowerCase()
        ? ASSOCIATION_MESSAGES.invitationOtherEmail(preview.email)
        : null,
    signInHref: `/auth/sign-in?${new URLSearchParams({ redirectTo: here })}`,
    signUpHref: `/auth/sign-up?${new URLSearchParams({ redirectTo: here })}`,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await readForm(request);
  const outcome = await acceptInvitation(await getDb(), params.token ?? "", user);
  if (!outcome.ok) {
    return json({ error: outcome.error.message }, { status: domainErrorStatus(outcome.error.kind) });
  }
  return redirectWithFlash(`/properties/${outcome.associationId}`, {
    tone: "success",
    message: ASSOCIATION_MESSAGES.invitationAccepted,
  });
}

export default function Invitation() {
  const { preview, problem, signedInAs, otherEmail, signInHref, signUpHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const title = preview.associationName ? `Join ${preview.associationName}` : "Invitation";
  return (
    <AuthCard
      title={title}
      subtitle={
        preview.role && !problem ? `You are invited as ${preview.role}.` : "An invitation to an association."
      }
    >
      <div className="flex flex-col gap-4">
        {problem ? (
          <Alert title="This invitation cannot be used">{problem}</Alert>
        ) : actionData?.error ? (
          <Alert title="The invitation was not accepted">{actionData.error}</Alert>
        ) : otherEmail ? (
          <Alert title="Another account is signed in">
            {otherEmail} You are signed in as {signedInAs}.
          </Alert>
        ) : null}
        {!problem && signedInAs && !otherEmail ? (
          <Form method="post">
            <p className="mb-3 text-sm text-slate-700">Signed in as {signedInAs}.</p>
            <Button className="w-full">Accept invitation</Button>
          </Form>
        ) : null}
        {!problem && !signedInAs ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-slate-700">
              The invitation was sent to {preview.email}. Sign in with that address, or create an account with
              it, to accept.
            </p>
            <Link to={signInHref} className={buttonClass("primary")}>
              Sign in to accept
            </Link>
            <Link to={signUpHref} className={buttonClass("secondary")}>
              Create an account
            </Link>
          </div>
        ) : null}
        {signedInAs ? (
          <Link to="/properties" className="text-sm text-blue-700 underline">
            Go to your associations
          </Link>
        ) : null}
      </div>
    </AuthCard>
  );
}
