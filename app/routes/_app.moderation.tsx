import type { SubmissionResult } from "@conform-to/react";
import { APPEAL_MESSAGE_MAX, MODERATION_MESSAGES, targetKindLabel } from "@domain/community/moderation";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { moderationAction, moderationLoader } from "./_app.moderation.server";

export const meta: MetaFunction = () => [{ title: "Moderation notices · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => moderationLoader(request);
export const action = ({ request }: ActionFunctionArgs) => moderationAction(request);

type Answer = { result: SubmissionResult<string[]>; subjectId: string } | undefined;

const APPEAL_STATUS: Record<string, string> = {
  open: "Appeal sent: waiting for a moderator",
  upheld: "Appeal reviewed: the decision stands",
  reversed: "Appeal granted",
};

function AppealForm({ kind, id, answer }: { kind: string; id: string; answer: Answer }) {
  const errors = answer?.subjectId === id ? (answer.result.error ?? {}) : {};
  const messages = [...(errors[""] ?? []), ...(errors.message ?? [])];
  const fieldId = `appeal-${id}`;
  return (
    <Form method="post" className="mt-3 flex flex-col gap-2" data-testid="appeal-form">
      <input type="hidden" name="subjectKind" value={kind} />
      <input type="hidden" name="subjectId" value={id} />
      <label htmlFor={fieldId} className="text-sm font-medium">
        Appeal (you can appeal once)
      </label>
      <textarea
        id={fieldId}
        name="message"
        rows={3}
        required
        maxLength={APPEAL_MESSAGE_MAX}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={messages.length ? `${fieldId}-error` : undefined}
      />
      {messages.length ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {messages.join(" ")}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary">
          Send appeal
        </button>
      </div>
    </Form>
  );
}

/** /moderation: the person's moderated content and suspensions, with reasons and the appeal form. */
export default function ModerationNotices() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer;
  const nothing = data.items.length === 0 && data.suspensions.length === 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Moderation notices</h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          What moderators did to your content or your posting, and why. See the{" "}
          <Link to="/community-guidelines#moderation" className="text-blue-700 underline dark:text-blue-300">
            Community Guidelines
          </Link>
          .
        </p>
      </div>
      {nothing ? <p>Nothing here: none of your content has been moderated.</p> : null}
      {data.suspensions.length > 0 ? (
        <section aria-labelledby="suspensions-title" className="flex flex-col gap-3">
          <h2 id="suspensions-title" className="text-lg font-semibold">
            Posting suspensions
          </h2>
          {data.suspensions.map((s) => (
            <article
              key={s.id}
              data-testid="my-suspension"
              className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="font-semibold">
                {s.lifted
                  ? "Suspension lifted"
                  : s.active
                    ? MODERATION_MESSAGES.suspendedUntil(new Date(s.endsAt))
                    : "Suspension ended"}
              </p>
              <p className="mt-1 text-sm">Reason: {s.reason}</p>
              {s.appeal ? (
                <p className="mt-2 text-sm font-medium">
                  {APPEAL_STATUS[s.appeal.status] ?? s.appeal.status}
                </p>
              ) : s.active ? (
                <AppealForm kind="suspension" id={s.id} answer={answer} />
              ) : null}
            </article>
          ))}
        </section>
      ) : null}
      {data.items.length > 0 ? (
        <section aria-labelledby="items-title" className="flex flex-col gap-3">
          <h2 id="items-title" className="text-lg font-semibold">
            Your moderated content
          </h2>
          {data.items.map((item) => (
            <article
              key={`${item.kind}-${item.targetId}`}
              data-testid="my-moderated-item"
              className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="font-semibold">
                {targetKindLabel(item.kind)}{" "}
                {item.state === "removed" ? "removed by a moderator" : "hidden by a moderator"}
              </p>
              {item.stateReason ? <p className="mt-1 text-sm">Reason: {item.stateReason}</p> : null}
              {item.context ? (
                <p className="mt-1 text-sm">
                  {item.context.label}{" "}
                  <Link to={item.context.href} className="text-blue-700 underline dark:text-blue-300">
                    {item.context.title.trim() || "(untitled)"}
                  </Link>
                </p>
              ) : null}
              {item.content !== null ? (
                <blockquote className="mt-2 whitespace-pre-wrap break-words border-l-4 border-slate-300 pl-3 text-sm text-slate-700 dark:border-slate-600 dark:text-slate-300">
                  {item.content.slice(0, 300)}
                </blockquote>
              ) : null}
              {item.href && !item.deleted ? (
                <p className="mt-2 text-sm">
                  <Link to={item.href} className="text-blue-700 underline dark:text-blue-300">
                    Open
                  </Link>
                </p>
              ) : null}
              {item.appeal ? (
                <p className="mt-2 text-sm font-medium">
                  {APPEAL_STATUS[item.appeal.status] ?? item.appeal.status}
                </p>
              ) : (
                <AppealForm kind={item.kind} id={item.targetId} answer={answer} />
              )}
            </article>
          ))}
        </section>
      ) : null}
    </div>
  );
}
