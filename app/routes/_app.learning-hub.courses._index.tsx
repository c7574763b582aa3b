import { CATALOGUE_LIMITS, catalogueHref, DIFFICULTIES, DIFFICULTY_LABELS } from "@domain/learning/courses";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CourseCardView } from "~/components/learning/course-card";
import { Button } from "~/components/ui/button";
import type { CourseCard } from "~/queries/learning.server";
import { catalogueLoader } from "./_app.learning-hub.courses._index.server";

export const meta: MetaFunction = () => [{ title: "Courses · Learning Hub · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => catalogueLoader(request);

const control =
  "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export default function CoursesPage() {
  const data = useLoaderData<typeof loader>();
  const { params } = data;
  const courses = data.courses as CourseCard[];
  const filtered = Boolean(params.search || params.difficulty || params.certification || params.featured);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Courses</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Self-paced courses for the people who run and serve associations, with quizzes graded as you go.{" "}
          <Link to="/learning-hub/paths" className="text-blue-700 underline dark:text-blue-300">
            Learning Paths
          </Link>{" "}
          ·{" "}
          <Link to="/learning-hub/certifications" className="text-blue-700 underline dark:text-blue-300">
            My Certifications
          </Link>
          {" · "}
          <Link
            to="/learning-hub/continuing-education"
            className="text-blue-700 underline dark:text-blue-300"
          >
            Continuing Education
          </Link>
        </p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find courses">
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto sm:flex-1">
          <label htmlFor="courses-search" className="text-sm font-medium">
            Search
          </label>
          <input
            id="courses-search"
            type="search"
            name="search"
            defaultValue={params.search}
            maxLength={CATALOGUE_LIMITS.searchMax}
            placeholder="Search courses"
            className={control}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="courses-difficulty" className="text-sm font-medium">
            Difficulty
          </label>
          <select
            id="courses-difficulty"
            name="difficulty"
            defaultValue={params.difficulty ?? ""}
            className={control}
          >
            <option value="">All levels</option>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {DIFFICULTY_LABELS[d]}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 py-2 text-sm">
          <input type="checkbox" name="certification" value="true" defaultChecked={params.certification} />
          With certification
        </label>
        <label className="flex items-center gap-2 py-2 text-sm">
          <input type="checkbox" name="featured" value="true" defaultChecked={params.featured} />
          Featured
        </label>
        <Button variant="secondary">Apply</Button>
        {filtered ? (
          <Link
            to={catalogueHref({ search: "", difficulty: null, certification: false, featured: false })}
            className="py-2 text-sm text-blue-700 underline dark:text-blue-300"
          >
            Clear Filters
          </Link>
        ) : null}
      </Form>
      {courses.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">No courses found</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {filtered
              ? "No courses match these filters."
              : "Courses will appear here when they are published."}
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Courses">
          {courses.map((c) => (
            <li key={c.id}>
              <CourseCardView course={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
