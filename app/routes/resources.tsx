import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FEATURES } from "~/components/marketing/features";
import { GuestLayout, PageHero, Section } from "~/components/marketing/guest-layout";
import {
  BookOpen,
  CircleHelp,
  CreditCard,
  LayoutGrid,
  Mail,
  Route,
  ShieldCheck,
} from "~/components/ui/icons";
import { guestPageData } from "~/queries/guest.server";

export const meta: MetaFunction = () => [{ title: "Resources · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await guestPageData(request));
}

const RESOURCES = [
  {
    title: "Help Center",
    to: "/help",
    icon: CircleHelp,
    body: "Answers about accounts, professional roles, verification, RFPs and vendor credits.",
  },
  {
    title: "Contact Sales",
    to: "/contact?topic=sales",
    icon: Mail,
    body: "Tell us about your association or company and we will show you how the platform fits.",
  },
  {
    title: "Community Guidelines",
    to: "/community-guidelines",
    icon: ShieldCheck,
    body: "The community's rules, how moderation and reporting work, and how good contributions are recognised.",
  },
  {
    title: "How It Works",
    to: "/how-it-works",
    icon: Route,
    body: "From sign-up and verification to your first RFP or proposal, step by step.",
  },
  {
    title: "Pricing",
    to: "/pricing",
    icon: CreditCard,
    body: "Free membership, and the vendor credit packages with their price per credit.",
  },
  {
    title: "All features",
    to: "/features",
    icon: LayoutGrid,
    body: `The five areas of the product: ${FEATURES.map((f) => f.name).join(", ")}.`,
  },
  {
    title: "About us",
    to: "/about",
    icon: BookOpen,
    body: "Who the platform is for and what we stand for.",
  },
];

export default function Resources() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <GuestLayout signedIn={signedIn}>
      <PageHero
        eyebrow="Resources"
        title="All resources"
        lead="Everything that helps you get started and get answers, in one place."
      />
      <Section id="resources" title="Guides and help">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {RESOURCES.map((r) => (
            <li key={r.to}>
              <Link
                to={r.to}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:border-blue-300 hover:bg-blue-50"
              >
                <r.icon aria-hidden="true" className="h-6 w-6 text-blue-700" />
                <span className="mt-3 font-semibold text-slate-900">{r.title}</span>
                <span className="mt-1 text-sm text-slate-600">{r.body}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="coming"
        title="Coming with the Learning Hub and The Office"
        tone="slate"
        lead="Courses, learning paths and certifications, and document templates and reference material, will appear here as those areas open."
      >
        <Link to="/features/learning-hub" className="font-medium text-blue-700 underline">
          Read about the Learning Hub
        </Link>
      </Section>
    </GuestLayout>
  );
}
