import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ClosingCta, GuestLayout, PageHero, Section } from "~/components/marketing/guest-layout";
import { guestPageData } from "~/queries/guest.server";

export const meta: MetaFunction = () => [{ title: "About · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await guestPageData(request));
}

const PRINCIPLES = [
  {
    title: "One person, many hats",
    body: "In association work one person is often a board member, a homeowner and a professional at once. Every role gets its own context and permissions, and switching between them takes one click.",
  },
  {
    title: "Verified professionals",
    body: "Managers, vendors, attorneys, accountants and board members are verified before they count as verified, so you know who you are working with.",
  },
  {
    title: "Fair for vendors",
    body: "Membership is free. Vendors pay only for the proposals they choose to submit, with credits bought in packages.",
  },
  {
    title: "Your data stays yours",
    body: "Verification documents and private RFP attachments are visible only to the people who should see them, and every rule is enforced on the server.",
  },
];

export default function About() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <GuestLayout signedIn={signedIn}>
      <PageHero
        eyebrow="About"
        title="Built for the people who run and serve associations"
        lead="Association Commons is a professional platform for condominium and homeowner associations: board members, property managers, vendors and contractors, attorneys, CPAs and accountants, and homeowners."
      />
      <Section id="mission" title="Why we built it">
        <div className="max-w-3xl space-y-4 text-slate-700">
          <p>
            Running an association means finding trustworthy vendors, keeping up with rules and best practice,
            and working with people who wear several hats. That work usually happens across e-mail threads,
            spreadsheets and phone calls.
          </p>
          <p>
            We bring it together: a marketplace for requests for proposals, a learning hub, a professional
            profile, a community and a back office, in one account that knows which role you are acting in.
          </p>
        </div>
      </Section>
      <Section id="principles" title="What we stand for" tone="slate">
        <ul className="grid gap-6 sm:grid-cols-2">
          {PRINCIPLES.map((p) => (
            <li key={p.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <h3 className="font-semibold text-slate-900">{p.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{p.body}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="talk" title="Talk to us">
        <p className="max-w-3xl text-slate-700">
          Questions, ideas or a partnership in mind?{" "}
          <Link to="/contact" className="font-medium text-blue-700 underline">
            Send us a message
          </Link>
          .
        </p>
      </Section>
      <ClosingCta
        signedIn={signedIn}
        title="Join the community"
        body="Membership is free, and setup takes under 5 minutes."
      />
    </GuestLayout>
  );
}
