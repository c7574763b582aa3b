import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { SelectField } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

export interface ApprovalView {
  approval: "none" | "awaiting" | "approved";
  approvalLabel: string;
  /** The cited motion; `href` (its minutes) only for a viewer the board room admits. */
  citation: { motion: string; href: string | null } | null;
}

/**
 * A budget's or expense's board approval on its page (issue 13, part 9): the motion it cites, linked
 * to the minutes when the viewer may open them, or, while it awaits the board, a form to cite one of
 * the association's passed motions. A Conform form checked on the server only (the route's
 * record-edit schema; `lastResult` is the action's answer to an "approve" post): the motion's error
 * beside the select, a stale version or another refusal of the whole form above it. A plain post: it
 * works without JavaScript.
 */
export function ApprovalPanel({
  approval,
  motions,
  version,
  lastResult,
}: {
  approval: ApprovalView;
  motions: readonly { id: string; label: string }[];
  version: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<{ motion_id: string; version: string }>({
    id: "approve",
    lastResult,
    shouldValidate: "onSubmit",
  });
  if (approval.approval === "none") return null;
  // The version is a hidden field: its error (a form without it) is the form's.
  const formErrors = [...(form.errors ?? []), ...(fields.version.errors ?? [])];
  return (
    <section
      aria-labelledby="approval-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      data-testid="approval-panel"
      data-approval={approval.approval}
    >
      <h2 id="approval-heading" className="text-xl font-semibold">
        Board approval
      </h2>
      <p className="mt-1 text-sm">
        <span className="font-semibold">{approval.approvalLabel}.</span>{" "}
        {approval.citation ? (
          <>
            Motion: “{approval.citation.motion}”.
            {approval.citation.href ? (
              <>
                {" "}
                <a href={approval.citation.href} className="text-blue-700 underline dark:text-blue-400">
                  Read the minutes
                </a>
              </>
            ) : null}
          </>
        ) : (
          "It is over the association's approval threshold: it counts in no total (an expense stays pending) until a passed motion of the board is cited."
        )}
      </p>
      {approval.approval === "awaiting" ? (
        motions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            No passed motion in the minutes of a completed board meeting yet. Record the board's vote in the
            board room, then come back to cite it.
          </p>
        ) : (
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="version" value={version} />
            {formErrors.length ? (
              <div className="w-full" id={form.errorId}>
                <Alert title={formErrors.join(" ")} />
              </div>
            ) : null}
            <SelectField
              label="Passed motion"
              errors={fields.motion_id.errors}
              {...getSelectProps(fields.motion_id)}
              // The placeholder until one is chosen (Conform leaves an empty default unset, and the
              // browser would then pick the first motion).
              defaultValue={fields.motion_id.initialValue ?? ""}
              key={fields.motion_id.key}
            >
              <option value="" disabled>
                Choose a motion
              </option>
              {motions.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
            </SelectField>
            <Button disabled={busy}>Approve with this motion</Button>
          </Form>
        )
      ) : null}
    </section>
  );
}
