import { DEFAULT_PROPOSAL_CREDIT_COST } from "@domain/credits/status";
import {
  CONTEXT_DESCRIPTIONS,
  ROLE_LABELS,
  requiresVerification,
  SELF_SERVICE_ROLE_TYPES,
  VERIFICATION_REVIEW_TIME,
} from "@domain/roles";
import { ONBOARDING_STEPS } from "@domain/rules/onboarding";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClosingCta, GetStarted, GuestLayout, PageHero, Section } from "~/components/marketing/guest-layout";
import { guestPageData } from "~/queries/guest.server";

export const meta: MetaFunction = () => [{ title: "How It Works · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await guestPageData(request));
}

const STEPS = [
  {
    title: "Create your free account",
    body: "Sign up with your e-mail address and a password, or with your sign-in provider, and confirm your address from the e-mail we send.",
  },
  {
    title: "Set up your profile and first role",
    body: `A short wizard of ${ONBOARDING_STEPS.length} steps asks for your profile and your first professional role. Setup takes under 5 minutes.`,
  },
  {
    title: "Get verified",
    body: `Roles that need it are verified by a document, a license or registration number, or a manual review. ${VERIFICATION_REVIEW_TIME}.`,
  },
  {
    title: "Work in the role you are in",
    body: "Add every role you hold and switch between them from the user menu; each has its own permissions, so the product shows what that role may do.",
  },
];

const TRACKS = [
  {
    title: "For boards and property managers",
    points: [
      "Describe a project once with the six-step RFP wizard: basics, location and timeline, budget and scope, requirements, settings, review.",
      "Save drafts as you go, attach documents, and publish when ready.",
      "Receive proposals from verified vendors only, and review them in one place.",
    ],
  },
  {
    title: "For vendors and contractors",
    points: [
      "Verify your vendor role so boards and managers know who they are dealing with.",
      "Buy credits in packages through a secure hosted card checkout.",
      `Submit proposals to published RFPs before their deadline, at ${DEFAULT_PROPOSAL_CREDIT_COST} credit${DEFAULT_PROPOSAL_CREDIT_COST === 1 ? "" : "s"} each by default.`,
    ],
  },
];

export default function HowItWorks() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <GuestLayout signedIn={signedIn}>
      <PageHero
        eyebrow="How It Works"
        title="From sign-up to your first RFP in minutes"
        lead="One account for every professional hat you wear, verified where it matters."
      >
        <GetStarted signedIn={signedIn} secondary={{ label: "See pricing", to: "/pricing" }} />
      </PageHero>
      <Section id="steps" title="Four steps to get started">
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-9 w-9 items-center justify-center rounded-full bg-blue-700 font-semibold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{s.body}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="rfp-hub" title="How the RFP Hub works" tone="slate">
        <div className="grid gap-6 md:grid-cols-2">
          {TRACKS.map((t) => (
            <div key={t.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-blue-800">{t.title}</h3>
              <ul className="mt-4 space-y-3 text-sm text-slate-700">
                {t.points.map((p) => (
                  <li key={p} className="flex gap-2">
                    <span aria-hidden="true" className="text-blue-700">
                      →
                    </span>
                    {p}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>
      <Section
        id="roles"
        title="Roles you can hold"
        lead="Each role comes with the tools its work needs. Roles marked “Verified” are reviewed before they count as verified professionals."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SELF_SERVICE_ROLE_TYPES.map((t) => (
            <li key={t} className="rounded-lg border border-slate-200 p-4">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{ROLE_LABELS[t]}</h3>
                {requiresVerification(t) ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                    Verified
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-sm text-slate-600">{CONTEXT_DESCRIPTIONS[t]}</p>
            </li>
          ))}
        </ul>
      </Section>
      <ClosingCta
        signedIn={signedIn}
        title="Setup takes under 5 minutes"
        body="Create your free account and add your first professional role."
      />
    </GuestLayout>
  );
}
