import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FEATURE_STATUS_LABELS, FEATURES } from "~/components/marketing/features";
import { ClosingCta, GetStarted, GuestLayout, PageHero, Section } from "~/components/marketing/guest-layout";
import { StatusBadge } from "~/components/marketing/status-badge";
import { guestPageData } from "~/queries/guest.server";

export const meta: MetaFunction = () => [{ title: "Features · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await guestPageData(request));
}

export default function Features() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <GuestLayout signedIn={signedIn}>
      <PageHero
        eyebrow="Features"
        title="Five areas, one account, every professional hat you wear"
        lead="Association Commons brings the marketplace, the learning, the profile, the community and the back office of association work together. Each area respects the role you are acting in right now."
      >
        <GetStarted signedIn={signedIn} secondary={{ label: "How it works", to: "/how-it-works" }} />
      </PageHero>
      <Section id="all-features" title="The five features">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li
              key={f.slug}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="text-lg font-semibold text-blue-800">{f.name}</h3>
                <StatusBadge status={f.status} />
              </div>
              <p className="mt-2 flex-1 text-sm text-slate-600">{f.summary}</p>
              <ul className="mt-4 space-y-1 text-sm text-slate-700">
                {f.capabilities.map((c) => (
                  <li key={c.title} className="flex gap-2">
                    <span aria-hidden="true" className="text-blue-700">
                      ✓
                    </span>
                    {c.title}
                  </li>
                ))}
              </ul>
              <Link
                to={`/features/${f.slug}`}
                className="mt-5 text-sm font-semibold text-blue-700 hover:underline"
                aria-label={`Learn more about ${f.name}`}
              >
                Learn more <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-500">
          “{FEATURE_STATUS_LABELS.building}” areas are described as the product specifies them; they appear in
          your menu as they open.
        </p>
      </Section>
      <ClosingCta
        signedIn={signedIn}
        title="Setup takes under 5 minutes"
        body="Create a free account, add your first professional role, and get verified if your role needs it."
      />
    </GuestLayout>
  );
}
