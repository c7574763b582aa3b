import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CertificationCardView } from "~/components/learning/certification-card";
import type { CertificationCard } from "~/queries/learning-certificates.server";
import { certificationsLoader } from "./_app.learning-hub.certifications._index.server";

export const meta: MetaFunction = () => [{ title: "Certifications · Learning Hub · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => certificationsLoader(request);

export default function CertificationsPage() {
  const certificates = useLoaderData<typeof loader>().certificates as CertificationCard[];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Certifications</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Certificates you earned by completing certification courses. Anyone can check one on its public
          verification page.{" "}
          <Link
            to="/learning-hub/courses?certification=true"
            className="text-blue-700 underline dark:text-blue-300"
          >
            Certification courses
          </Link>
        </p>
      </div>
      {certificates.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">No certifications yet</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Complete a certification course (every lesson, every quiz passed) to earn one.
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Your certifications">
          {certificates.map((c) => (
            <li key={c.id}>
              <CertificationCardView cert={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
