import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/select-field";

type Result = SubmissionResult<string[]> | undefined;

/**
 * A course's instructors on its authoring page (decision 091): listed for everyone who writes it; an
 * administrator takes one off or adds an appointed instructor.
 */
export function CourseInstructors({
  instructors,
  addable,
  admin,
  busy,
  addResult,
  removeResult,
}: {
  instructors: { user_id: string; name: string; email: string }[];
  addable: { user_id: string; name: string }[];
  admin: boolean;
  busy: boolean;
  addResult: Result;
  removeResult: Result;
}) {
  const addErrors = addResult?.error?.userId ?? addResult?.error?.[""] ?? undefined;
  const removeErrors = removeResult?.error?.userId ?? removeResult?.error?.[""] ?? undefined;
  return (
    <section aria-labelledby="instructors" className="flex flex-col gap-2">
      <h2 id="instructors" className="text-lg font-semibold">
        Instructors
      </h2>
      {removeErrors?.length ? <Alert title={removeErrors.join(" ")} /> : null}
      {instructors.length === 0 ? (
        <p className="text-sm">
          {admin ? "No instructors: only administrators write this course." : "No instructors."}
        </p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="course-instructors">
          {instructors.map((i) => (
            <li key={i.user_id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{i.name}</span>
              <span className="text-slate-600 dark:text-slate-400">{i.email}</span>
              {admin ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="removeInstructor" />
                  <input type="hidden" name="userId" value={i.user_id} />
                  <Button variant="secondary" disabled={busy} aria-label={`Remove ${i.name} from the course`}>
                    Remove
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {admin ? (
        addable.length > 0 ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="addInstructor" />
            <div className="min-w-64">
              <SelectField
                label="Add an instructor"
                name="userId"
                id="add-instructor"
                placeholder="Choose an instructor"
                options={addable.map((i) => ({ value: i.user_id, label: i.name }))}
                errors={addErrors}
                required
              />
            </div>
            <Button disabled={busy}>Add instructor</Button>
          </Form>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Appoint instructors on Manage Courses to add them here.
          </p>
        )
      ) : null}
    </section>
  );
}
