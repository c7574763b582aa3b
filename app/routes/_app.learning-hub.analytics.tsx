import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { AdminSection, AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { getDb } from "~/db.server";
import { learningAnalytics } from "~/queries/learning-dashboard.server";

export const meta: MetaFunction = () => [
  { title: "Learning Analytics · Learning Hub · Association Commons" },
];

/** /learning-hub/analytics (issue 30, part 7): enrolments, completions and pass rates, for admins. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(await learningAnalytics(await getDb()));
}

const percent = (n: number | null) => (n === null ? "N/A" : `${n}%`);

export default function LearningAnalyticsPage() {
  const { courses, quizzes } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-2">
      <h1 className="text-2xl font-bold">Learning Analytics</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        From what people did: enrolments and completions per course, and per quiz the share of attempts that
        passed and that answered each question right. Low rates point at a lesson or a question to rewrite.
      </p>
      <AdminSection
        id="analytics-courses"
        title="Courses"
        empty={courses.length === 0 ? "No courses yet." : null}
      >
        <AdminTable
          caption="Enrolments and completions per course"
          columns={[
            "Course",
            { key: "enrollments", label: "Enrolments", align: "right" },
            { key: "completions", label: "Completions", align: "right" },
            { key: "rate", label: "Completion rate", align: "right" },
          ]}
        >
          {courses.map((c) => (
            <tr key={c.slug} className={adminRow} data-testid="analytics-course">
              <th scope="row" className={`${adminCell} font-medium`}>
                <Link to={`/learning-hub/courses/${c.slug}`} className="hover:underline">
                  {c.title}
                </Link>
                {c.status !== "published" ? <span className="ml-2 text-xs">({c.status})</span> : null}
              </th>
              <td className={`${adminCell} text-right tabular-nums`}>{c.enrollments}</td>
              <td className={`${adminCell} text-right tabular-nums`}>{c.completions}</td>
              <td className={`${adminCell} text-right tabular-nums`}>{percent(c.completionRate)}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>
      <AdminSection
        id="analytics-quizzes"
        title="Quizzes"
        empty={quizzes.length === 0 ? "No quizzes yet." : null}
      >
        {quizzes.map((q) => (
          <div key={q.id} className="mt-4" data-testid="analytics-quiz">
            <h4 className="font-semibold">
              {q.title}{" "}
              <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                in {q.courseTitle}
              </span>
            </h4>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {q.attempts} {q.attempts === 1 ? "attempt" : "attempts"} by {q.people}{" "}
              {q.people === 1 ? "person" : "people"} · pass rate {percent(q.passRate)}
            </p>
            <AdminTable
              caption={`Questions of ${q.title}`}
              columns={["Question", { key: "right", label: "Answered right", align: "right" }]}
            >
              {q.questions.map((question) => (
                <tr key={question.id} className={adminRow}>
                  <th scope="row" className={`${adminCell} font-normal`}>
                    {question.prompt}
                  </th>
                  <td className={`${adminCell} text-right tabular-nums`}>{percent(question.rightRate)}</td>
                </tr>
              ))}
            </AdminTable>
          </div>
        ))}
      </AdminSection>
    </div>
  );
}
