import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminSection, AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { CourseDetailsForm } from "~/components/learning/course-details-form";
import { InstructorsAdmin } from "~/components/learning/instructors-admin";
import { manageAction, manageLoader } from "./_app.learning-hub.manage._index.server";

export const meta: MetaFunction = () => [{ title: "Manage Courses · Learning Hub · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => manageLoader(request);
export const action = ({ request }: ActionFunctionArgs) => manageAction(request);

const STATUS = { draft: "Draft", published: "Published", archived: "Archived" } as Record<string, string>;

/**
 * /learning-hub/manage (issue 30, part 2; decision 091): the courses one writes with their status, New
 * Course, and for administrators the learning hub's instructors.
 */
export default function ManageCoursesPage() {
  const { courses, instructors, authoring } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-bold">Manage Courses</h1>
      <AdminSection
        id="manage-courses"
        title="Courses"
        empty={
          courses.length === 0
            ? authoring === "admin"
              ? "No courses yet."
              : "You are not on any course yet. Create one below, or ask an administrator to add you to one."
            : null
        }
      >
        <AdminTable
          caption="Every course with its status"
          columns={[
            "Course",
            "Status",
            "Version",
            { key: "enrollments", label: "Enrolments", align: "right" },
          ]}
        >
          {courses.map((c) => (
            <tr key={c.id} className={adminRow} data-testid="manage-course">
              <th scope="row" className={`${adminCell} font-medium`}>
                <Link to={`/learning-hub/manage/${c.id}`} className="hover:underline">
                  {c.title}
                </Link>
              </th>
              <td className={adminCell}>{STATUS[c.status] ?? c.status}</td>
              <td className={adminCell}>
                {c.version}
                {c.revision_id ? (
                  <>
                    {" · "}
                    <Link to={`/learning-hub/manage/${c.revision_id}`} className="hover:underline">
                      version {Number(c.version) + 1} in draft
                    </Link>
                  </>
                ) : null}
              </td>
              <td className={`${adminCell} text-right tabular-nums`}>{c.enrollments}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>
      <section aria-labelledby="new-course" className="flex max-w-2xl flex-col gap-2">
        <h2 id="new-course" className="text-lg font-semibold">
          New Course
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A new course starts as a draft: add its modules, lessons and quizzes, then publish it.
        </p>
        <CourseDetailsForm
          id="new-course-form"
          lastResult={
            actionData?.intent === "create" ? (actionData.result as SubmissionResult<string[]>) : undefined
          }
          defaults={null}
          submitLabel="Create draft"
          busy={busy}
          canFeature={authoring === "admin"}
        />
      </section>
      {authoring === "admin" ? (
        <InstructorsAdmin
          instructors={instructors}
          busy={busy}
          appointResult={
            actionData?.intent === "appoint" ? (actionData.result as SubmissionResult<string[]>) : undefined
          }
          removeResult={
            actionData?.intent === "removeInstructor"
              ? (actionData.result as SubmissionResult<string[]>)
              : undefined
          }
        />
      ) : null}
    </div>
  );
}
