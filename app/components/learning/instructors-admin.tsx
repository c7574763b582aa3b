import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { INSTRUCTOR_LIMITS } from "@domain/learning/instructors";
import { Form } from "@remix-run/react";
import { AdminSection, AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";

type Result = SubmissionResult<string[]> | undefined;

/**
 * The learning hub's instructors on Manage Courses, for administrators (decision 091): who is appointed
 * and on how many courses, Remove (which takes them off every course), and Appoint by e-mail address.
 */
export function InstructorsAdmin({
  instructors,
  busy,
  appointResult,
  removeResult,
}: {
  instructors: { user_id: string; name: string; email: string; appointed_on: string; courses: number }[];
  busy: boolean;
  appointResult: Result;
  removeResult: Result;
}) {
  const [form, fields] = useForm<{ email: string }>({
    id: "appoint-instructor",
    lastResult: appointResult,
    shouldValidate: "onSubmit",
  });
  const removeErrors = removeResult?.error?.userId ?? removeResult?.error?.[""] ?? undefined;
  const email = fields.email.initialValue;
  return (
    <>
      <AdminSection
        id="instructors"
        title="Instructors"
        empty={instructors.length === 0 ? "No instructors yet: only administrators write courses." : null}
      >
        {removeErrors?.length ? <Alert title={removeErrors.join(" ")} /> : null}
        <AdminTable
          caption="The learning hub's instructors"
          columns={[
            "Instructor",
            "E-mail",
            "Appointed",
            { key: "courses", label: "Courses", align: "right" },
            "Actions",
          ]}
        >
          {instructors.map((i) => (
            <tr key={i.user_id} className={adminRow} data-testid="instructor">
              <th scope="row" className={`${adminCell} font-medium`}>
                {i.name}
              </th>
              <td className={adminCell}>{i.email}</td>
              <td className={adminCell}>{i.appointed_on}</td>
              <td className={`${adminCell} text-right tabular-nums`}>{i.courses}</td>
              <td className={adminCell}>
                <Form method="post">
                  <input type="hidden" name="intent" value="removeInstructor" />
                  <input type="hidden" name="userId" value={i.user_id} />
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Remove ${i.name} as an instructor`}
                  >
                    Remove
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>
      <section aria-labelledby="appoint-heading" className="flex max-w-2xl flex-col gap-2">
        <h2 id="appoint-heading" className="text-lg font-semibold">
          Appoint an instructor
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          An instructor creates courses and writes the courses you add them to. They cannot archive or feature
          a course.
        </p>
        <Form method="post" className="flex flex-wrap items-end gap-2" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="appoint" />
          {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
          <div className="min-w-72 flex-1">
            <Field
              label="E-mail address"
              type="email"
              name={fields.email.name}
              id={fields.email.id}
              defaultValue={typeof email === "string" ? email : ""}
              errors={fields.email.errors}
              maxLength={INSTRUCTOR_LIMITS.emailMax}
              autoComplete="off"
              required
            />
          </div>
          <Button disabled={busy}>Appoint</Button>
        </Form>
      </section>
    </>
  );
}
