import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FEATURES, findFeature } from "~/components/marketing/features";
import { ClosingCta, GetStarted, GuestLayout, PageHero, Section } from "~/components/marketing/guest-layout";
import { StatusBadge } from "~/components/marketing/status-badge";
import { guestPageData } from "~/queries/guest.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.feature.name} · Features · Association Commons`
      : "Feature not found · Association Commons",
  },
  ...(data ? [{ name: "description", content: data.feature.summary }] : []),
];

/** /features/rfp-hub, /features/learning-hub, /features/professional-center, /features/common-area, /features/the-office. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const feature = findFeature(params.feature);
  if (!feature) throw new Response("Not found", { status: 404 });
  return json({
    ...(await guestPageData(request)),
    slug: feature.slug,
    feature: { name: feature.name, summary: feature.summary },
  });
}

export default function FeaturePage() {
  const { signedIn, slug } = useLoaderData<typeof loader>();
  // The content comes from the module (the loader only chose it), so its types stay exact.
  const feature = findFeature(slug);
  if (!feature) return null;
  const others = FEATURES.filter((f) => f.slug !== feature.slug);
  return (
    <GuestLayout signedIn={signedIn}>
      <PageHero eyebrow="Features" title={feature.name} lead={feature.intro}>
        <GetStarted
          signedIn={signedIn}
          secondary={
            feature.slug === "rfp-hub"
              ? { label: "See credit packages", to: "/pricing" }
              : { label: "All features", to: "/features" }
          }
        />
      </PageHero>
      <Section id="capabilities" title={`What ${feature.name} does`} lead={feature.audience}>
        <ul className="grid gap-6 sm:grid-cols-2">
          {feature.capabilities.map((c) => (
            <li key={c.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{c.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{c.body}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="today" title="Where it stands today" tone="slate">
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-start">
          <StatusBadge status={feature.status} />
          <p className="text-slate-700">{feature.today}</p>
        </div>
      </Section>
      <Section id="more-features" title="More features">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {others.map((f) => (
            <li key={f.slug}>
              <Link
                to={`/features/${f.slug}`}
                className="block h-full rounded-xl border border-slate-200 p-5 hover:border-blue-300 hover:bg-blue-50"
              >
                <span className="block font-semibold text-blue-800">{f.name}</span>
                <span className="mt-1 block text-sm text-slate-600">{f.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <ClosingCta
        signedIn={signedIn}
        title="Free to join"
        body="Membership is free. Vendors buy credits only when they submit proposals in the RFP Hub."
      />
    </GuestLayout>
  );
}
