import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getSessionUser } from "~/auth/session.server";
import { FEATURES } from "~/components/marketing/features";
import { GuestLayout } from "~/components/marketing/guest-layout";
import { buttonClass } from "~/components/ui/button";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  return json({ signedIn: Boolean(user) });
}

export default function Home() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <GuestLayout signedIn={signedIn}>
      <section className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          The professional platform for condominium and homeowner associations
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-600">
          Connect with professionals in your area, switch between your professional contexts with role-based
          permissions, and work with verified professionals. Setup takes under 5 minutes.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          {signedIn ? (
            <Link to="/dashboard" className={buttonClass("primary")}>
              Go to your dashboard
            </Link>
          ) : (
            <>
              <Link to="/auth/sign-up" className={buttonClass("primary")}>
                Get Started Free
              </Link>
              <Link to="/auth/sign-in" className={buttonClass("secondary")}>
                Sign In
              </Link>
            </>
          )}
        </div>
      </section>
      <section
        id="features"
        aria-labelledby="features-title"
        className="border-t border-slate-200 bg-slate-50"
      >
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="features-title" className="text-2xl font-semibold text-slate-900">
            Everything an association needs, in one place
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li
                key={f.name}
                className="flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h3 className="text-lg font-semibold text-blue-800">{f.name}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-600">{f.summary}</p>
                <Link
                  to={`/features/${f.slug}`}
                  className="mt-4 text-sm font-semibold text-blue-700 hover:underline"
                  aria-label={`Learn more about ${f.name}`}
                >
                  Learn more <span aria-hidden="true">→</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </GuestLayout>
  );
}
