import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CommunityGuidelines } from "~/components/community/guidelines";
import { GuestLayout, PageHero } from "~/components/marketing/guest-layout";
import { guestPageData } from "~/queries/guest.server";

/**
 * The Community Guidelines (spec 002 "Community Guidelines modal": its five sections), public so that
 * anyone can read them before joining; linked from the footer, the resources page and the Help Center.
 */
export const meta: MetaFunction = () => [{ title: "Community Guidelines · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await guestPageData(request));
}

export default function CommunityGuidelinesPage() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <GuestLayout signedIn={signedIn}>
      <PageHero
        eyebrow="Community"
        title="Community Guidelines"
        lead="How we keep the community useful, respectful and safe for everyone who runs and serves associations."
      />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <CommunityGuidelines />
        <p className="mt-10 max-w-3xl text-sm text-slate-600">
          Questions about these guidelines?{" "}
          <Link to="/contact" className="font-medium text-blue-700 underline">
            Contact us
          </Link>{" "}
          or see the{" "}
          <Link to="/help" className="font-medium text-blue-700 underline">
            Help Center
          </Link>
          .
        </p>
      </div>
    </GuestLayout>
  );
}
