import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { setEmailNotifications } from "~/commands/profile.server";
import { AuthCard } from "~/components/shell/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";
import { verifyUnsubscribeToken } from "~/mail/unsubscribe.server";
import { getEmailNotificationSetting } from "~/queries/profile.server";
import { parseUnsubscribe } from "~/routes/email.unsubscribe.server";

export const meta: MetaFunction = () => [{ title: "Notification e-mails · Association Commons" }];

const INVALID_LINK = "This unsubscribe link is not valid";
const INVALID_LINK_HELP =
  "Copy the whole link from the e-mail, or sign in and turn notification e-mails off under Settings, Account.";

/**
 * The one-click way out of notification e-mail (issue 5, part 3). Every notification e-mail links here
 * with a signed token; no sign-in is needed.
 * - GET shows the address and one button (a POST, so a mail scanner following the link changes nothing).
 * - POST turns notification e-mail off, or back on with intent=resubscribe.
 * - A mail client's RFC 8058 one-click POST (body List-Unsubscribe=One-Click) gets a plain 200.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const userId = verifyUnsubscribeToken(token);
  const setting = userId ? await getEmailNotificationSetting(await getDb(), userId) : null;
  if (!setting) return json({ valid: false as const, token, email: null, on: false }, { status: 400 });
  return json({ valid: true as const, token, email: setting.email, on: setting.on });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  // A mail client's RFC 8058 one-click POST is a protocol, not this page's form: its body is fixed
  // ("List-Unsubscribe=One-Click") and the token is in the link.
  if (form.get("List-Unsubscribe") === "One-Click") {
    const userId = verifyUnsubscribeToken(new URL(request.url).searchParams.get("token") ?? "");
    const email = userId ? await setEmailNotifications(await getDb(), userId, false) : null;
    if (email === null) return new Response(INVALID_LINK, { status: 400 });
    return new Response("Unsubscribed", { headers: { "Content-Type": "text/plain" } });
  }
  const submission = parseUnsubscribe(form, INVALID_LINK);
  if (submission.status !== "success") {
    return json({ ok: false as const, on: null, result: submission.reply() }, { status: 400 });
  }
  const userId = verifyUnsubscribeToken(submission.value.token);
  const on = submission.value.intent === "resubscribe";
  const email = userId ? await setEmailNotifications(await getDb(), userId, on) : null;
  if (email === null) {
    return json(
      { ok: false as const, on: null, result: submission.reply({ fieldErrors: { token: [INVALID_LINK] } }) },
      { status: 400 },
    );
  }
  return json({ ok: true as const, on });
}

export default function Unsubscribe() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const on = result?.ok ? result.on : data.on;

  if (!data.valid || result?.ok === false) {
    return (
      <AuthCard title="Notification e-mails" subtitle="Unsubscribe">
        <div className="flex flex-col gap-4">
          <Alert title={INVALID_LINK}>{INVALID_LINK_HELP}</Alert>
          <Link to="/auth/sign-in" className="text-sm font-medium text-blue-700 underline">
            Sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Notification e-mails" subtitle={data.email}>
      <div className="flex flex-col gap-4">
        {result?.ok ? (
          <div
            role="status"
            className="rounded-md border border-blue-300 bg-blue-50 p-3 text-sm text-blue-900"
          >
            {on
              ? "Notification e-mails are on again."
              : "You are unsubscribed. We will not e-mail you about notifications any more."}
          </div>
        ) : null}
        <p className="text-sm text-slate-700">
          {on
            ? "You get an e-mail for urgent and high priority notifications, and at most one summary a day of the rest."
            : "Notification e-mails are off. You still see every notification in Association Commons, and account e-mails (password resets, confirmations) still arrive."}
        </p>
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="token" value={data.token} />
          {on ? (
            <Button name="intent" value="unsubscribe" disabled={busy}>
              {busy ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          ) : (
            <Button variant="secondary" name="intent" value="resubscribe" disabled={busy}>
              {busy ? "Saving..." : "Turn notification e-mails back on"}
            </Button>
          )}
        </Form>
        <p className="text-sm text-slate-600">
          You can change this any time under{" "}
          <Link to="/settings/account" className="font-medium text-blue-700 underline">
            Settings, Account
          </Link>
          .
        </p>
      </div>
    </AuthCard>
  );
}
