import { GROUP_MAX_PARTICIPANTS } from "@domain/messages";
import { Form, useActionData } from "@remix-run/react";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { PeopleChecklist } from "./people-checklist";

/** A new group (up to 10 people with its creator, a title), from the people one may message. */
export function GroupForm({ candidates }: { candidates: { id: string; name: string }[] }) {
  const answer = useActionData<{
    intent?: string | null;
    result?: { error?: Record<string, string[] | null> } | null;
  }>();
  const error =
    answer?.intent === "create-group"
      ? Object.values(answer.result?.error ?? {})
          .flat()
          .filter(Boolean)[0]
      : null;
  return (
    <Form
      method="post"
      action="/messages?new=group"
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="mb-3 font-semibold">New group</h2>
      <input type="hidden" name="intent" value="create-group" />
      <IdempotencyKey />
      <label htmlFor="group-title" className="block text-sm font-medium">
        Title
      </label>
      <input
        id="group-title"
        name="title"
        required
        maxLength={100}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-800"
      />
      <PeopleChecklist
        className="mt-3"
        legend={<>People (up to {GROUP_MAX_PARTICIPANTS - 1} besides you)</>}
        empty="Connect with people or join an association to start a group."
        candidates={candidates}
        listClassName="max-h-64"
        textClassName="text-sm"
      />
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary mt-3">
        Create group
      </button>
    </Form>
  );
}
