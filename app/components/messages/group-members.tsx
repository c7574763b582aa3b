import { GROUP_MAX_PARTICIPANTS } from "@domain/messages";
import { Form, useActionData } from "@remix-run/react";
import { LogOut, UsersRound } from "~/components/ui/icons";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { PeopleChecklist } from "./people-checklist";

const MEMBERSHIP_INTENTS = ["add-members", "remove-member", "leave"];

/**
 * A group's members after it is made: who is in it (and who runs it), add people one may message
 * (any member, up to 10 in all), remove someone (the admin only), leave. Plain forms: they work
 * without JavaScript, and the thread shows a line for each change.
 */
export function GroupMembers({
  action,
  conversationId,
  me,
  adminId,
  participants,
  candidates,
}: {
  action: string;
  conversationId: string;
  me: string;
  adminId: string | null;
  participants: { id: string; name: string }[];
  candidates: { id: string; name: string }[];
}) {
  const answer = useActionData<{
    intent?: string | null;
    result?: { error?: Record<string, string[] | null> } | null;
  }>();
  const error =
    answer?.intent && MEMBERSHIP_INTENTS.includes(answer.intent)
      ? Object.values(answer.result?.error ?? {})
          .flat()
          .filter(Boolean)[0]
      : null;
  const isAdmin = adminId === me;
  const count = participants.length + 1;
  const room = GROUP_MAX_PARTICIPANTS - count;
  return (
    <details
      className="w-full border-t border-slate-200 pt-2 text-sm dark:border-slate-800"
      open={Boolean(error)}
      data-testid="group-members"
    >
      <summary className="inline-flex cursor-pointer items-center gap-1 text-blue-700 underline dark:text-blue-300">
        <UsersRound aria-hidden="true" className="h-4 w-4" /> Members ({count})
      </summary>
      <ul className="mt-2 space-y-1" aria-label="Members">
        <li>
          You
          {adminId === me ? (
            <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">(admin)</span>
          ) : null}
        </li>
        {participants.map((p) => (
          <li key={p.id} className="flex items-center gap-2">
            <span>
              {p.name}
              {adminId === p.id ? (
                <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">(admin)</span>
              ) : null}
            </span>
            {isAdmin ? (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="remove-member" />
                <input type="hidden" name="conversationId" value={conversationId} />
                <input type="hidden" name="memberId" value={p.id} />
                <button
                  type="submit"
                  className="text-xs text-red-700 underline dark:text-red-300"
                  aria-label={`Remove ${p.name}`}
                >
                  Remove
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {room > 0 ? (
        <Form method="post" action={action} className="mt-3">
          <input type="hidden" name="intent" value="add-members" />
          <input type="hidden" name="conversationId" value={conversationId} />
          <IdempotencyKey />
          <PeopleChecklist
            legend={<>Add people (up to {room} more)</>}
            empty="Everyone you can message is already here."
            candidates={candidates}
            listClassName="max-h-40"
          />
          {candidates.length > 0 ? (
            <button type="submit" className="btn btn-secondary mt-2 px-2 py-1 text-xs">
              Add to group
            </button>
          ) : null}
        </Form>
      ) : (
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          The group is full ({GROUP_MAX_PARTICIPANTS} people).
        </p>
      )}
      <Form method="post" action={action} className="mt-3">
        <input type="hidden" name="intent" value="leave" />
        <input type="hidden" name="conversationId" value={conversationId} />
        <button
          type="submit"
          className="inline-flex items-center gap-1 text-xs text-red-700 underline dark:text-red-300"
        >
          <LogOut aria-hidden="true" className="h-3 w-3" /> Leave group
        </button>
      </Form>
      {error ? (
        <p role="alert" className="mt-2 text-red-800 dark:text-red-300" data-testid="group-members-error">
          {error}
        </p>
      ) : null}
    </details>
  );
}
