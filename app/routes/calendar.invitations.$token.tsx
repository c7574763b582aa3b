import { ATTENDEE_ANSWERS, ATTENDEE_STATUS_LABELS } from "@domain/calendar";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { answerAnyInvitation, findAnyInvitation } from "~/commands/invitation-answers.server";
import { GuestLayout } from "~/components/marketing/guest-layout";
import { buttonClass } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { parseSubmission } from "~/forms.server";

export const meta: MetaFunction = () => [
  { title: "Invitation · Association Commons" },
  { name: "robots", content: "noindex" },
];

const ANSWER_LABELS = { accepted: "Accept", tentative: "Tentative", declined: "Decline" } as const;

/**
 * An invitation's answer page (issue 12 part 3): reached from the e-mailed links without signing in,
 * for calendar events and board meetings alike (app/commands/invitation-answers.server.ts).
 * Opening the link changes nothing (mail scanners open links); the person's button does, once.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const invitation = await findAnyInvitation(await getDb(), params.token ?? "");
  const asked = new URL(request.url).searchParams.get("answer");
  if (!invitation) return json({ invitation: null, asked: null }, { status: 404 });
  return json({
    invitation,
    asked: (ATTENDEE_ANSWERS as readonly string[]).includes(asked ?? "") ? asked : null,
  });
}

const AnswerSchema = z.object({ answer: z.enum(ATTENDEE_ANSWERS) });

export async function action({ request, params }: ActionFunctionArgs) {
  const { submission } = await parseSubmission(request, AnswerSchema);
  if (submission.status !== "success") return json({ ok: false as const, answer: null }, { status: 400 });
  const done = await answerAnyInvitation(await getDb(), params.token ?? "", submission.value.answer);
  if (!done.ok) return json({ ok: false as const, answer: null }, { status: 404 });
  return json({
    ok: true as const,
    answer: ATTENDEE_STATUS_LABELS[submission.value.answer],
    title: done.title,
  });
}

export default function InvitationAnswer() {
  const { invitation, asked } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <GuestLayout>
      <div className="mx-auto max-w-xl px-4 py-12">
        <h1 className="text-2xl font-semibold">Invitation</h1>
        {result?.ok ? (
          <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            Thank you. Your answer to "{result.title}" is recorded: {result.answer}.
          </p>
        ) : !invitation || result ? (
          <div className="mt-4">
            <p>
              This answer link is no longer valid: it was already used, or the event was changed or cancelled.
            </p>
            <p className="mt-2 text-sm text-slate-600">
              The latest invitation e-mail for the event has a link that works.
            </p>
            <p className="mt-4">
              <Link to="/" className="text-blue-800 underline">
                Association Commons
              </Link>
            </p>
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              {invitation.organizer} invited {invitation.email} to:
            </p>
            <h2 className="mt-4 text-xl font-semibold">{invitation.title}</h2>
            <p className="mt-1">
              {invitation.when}
              {invitation.repeats ? " (repeats)" : ""}
            </p>
            {invitation.location ? <p className="mt-1">{invitation.location}</p> : null}
            <p className="mt-3 text-sm text-slate-600">Your answer so far: {invitation.status}</p>
            <Form method="post" className="mt-6 flex flex-wrap gap-2">
              {ATTENDEE_ANSWERS.map((a) => (
                <button
                  key={a}
                  type="submit"
                  name="answer"
                  value={a}
                  className={buttonClass(asked === a ? "primary" : "secondary")}
                >
                  {ANSWER_LABELS[a]}
                </button>
              ))}
            </Form>
            <p className="mt-3 text-xs text-slate-600">The link works once.</p>
          </>
        )}
      </div>
    </GuestLayout>
  );
}
