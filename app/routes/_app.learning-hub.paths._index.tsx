import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PathCardView } from "~/components/learning/course-card";
import type { PathCard } from "~/queries/learning.server";
import { pathsLoader } from "./_app.learning-hub.paths._index.server";

export const meta: MetaFunction = () => [{ title: "Learning Paths · Learning Hub · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => pathsLoader(request);

export default function PathsPage() {
  const paths = useLoaderData<typeof loader>().paths as PathCard[];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Learning Paths</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Courses in order toward a goal. Your progress on a path is your progress in its courses.{" "}
          <Link to="/learning-hub/courses" className="text-blue-700 underline dark:text-blue-300">
            All courses
          </Link>
        </p>
      </div>
      {paths.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">No learning paths yet</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Learning paths">
          {paths.map((p) => (
            <li key={p.id}>
              <PathCardView path={p} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
