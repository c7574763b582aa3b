import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getSessionUser } from "~/auth/session.server";
import { GuestTopBar } from "~/components/shell/guest-top-bar";
import { buttonClass } from "~/components/ui/button";

/** The five features the marketing pages present (spec 000 section 1). */
const FEATURES = [
  {
    name: "RFP Hub",
    summary:
      "Boards and managers publish requests for proposals; verified vendors answer them with proposals paid for with credits.",
  },
  {
    name: "Learning Hub",
    summary:
      "Courses, learning paths, certifications and streaks for everyone who runs or serves an association.",
  },
  {
    name: "Professional Center",
    summary: "Your profile, portfolio, skills and endorsements, with every professional role you hold.",
  },
  {
    name: "Common Area",
    summary: "The community: social feed, forums, Q&A, industry news, events, messages and connections.",
  },
  {
    name: "The Office",
    summary: "Documents, templates, resources and analytics for the work of running an association.",
  },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  return json({ signedIn: Boolean(user) });
}

export default function Home() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-full bg-white">
      <GuestTopBar />
      <main>
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
                <li key={f.name} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
                  <h3 className="text-lg font-semibold text-blue-800">{f.name}</h3>
                  <p className="mt-2 text-sm text-slate-600">{f.summary}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 px-4 py-8 text-center text-sm text-slate-500">
        Built for board members, property managers, vendors, attorneys, accountants and homeowners.
      </footer>
    </div>
  );
}
