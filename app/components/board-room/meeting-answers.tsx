import type { SubmissionResult } from "@conform-to/react";
import { Alert } from "~/components/ui/alert";
import type { MeetingFormAnswer } from "~/routes/_app.board-room_.meetings.$id.server";

/**
 * What the meeting's pages (the meeting, its minutes) share to show an action's answer on the form it
 * answers: the meeting page's actions answer `{ intent, target, error, result }` (MeetingFormAnswer).
 */

/** The Conform result of the page's last answer, when it answers this form (its intent and row). */
export function resultFor<Intent extends string>(
  answer: MeetingFormAnswer<Intent> | undefined,
  intent: Intent,
  target = "",
): SubmissionResult<string[]> | undefined {
  return answer && answer.intent === intent && answer.target === target && !answer.current
    ? answer.result
    : undefined;
}

export function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

/** The form's own message (a rule the command refused), above its fields. */
export function FormError({ errors }: { errors: string[] | undefined }) {
  return errors?.length ? <Alert title={errors.join(" ")} /> : null;
}
