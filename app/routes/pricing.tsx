import { INTERVAL_LABELS, PLANS, type Plan, yearlySavingPercent } from "@domain/billing/plans";
import {
  CREDIT_PACKAGES,
  type CreditPackage,
  creditCount,
  formatCents,
  packageTotalCredits,
  pricePerCreditCents,
} from "@domain/credits/packages";
import {
  CREDIT_STATUS_MESSAGES,
  DEFAULT_PROPOSAL_CREDIT_COST,
  LOW_CREDIT_THRESHOLD,
} from "@domain/credits/status";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ClosingCta, GuestLayout, PageHero, Section } from "~/components/marketing/guest-layout";
import { buttonClass } from "~/components/ui/button";
import { guestPageData } from "~/queries/guest.server";

export const meta: MetaFunction = () => [{ title: "Pricing · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await guestPageData(request));
}

export default function Pricing() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <GuestLayout signedIn={signedIn}>
      <PageHero
        eyebrow="Pricing"
        title="Free to join. Vendors pay only to propose."
        lead={`Membership costs nothing. Vendors buy credits in packages and spend ${creditCount(DEFAULT_PROPOSAL_CREDIT_COST)} by default to submit a proposal in the RFP Hub; the larger the package, the less each credit costs.`}
      />
      <Section
        id="plans"
        title="Plans"
        lead="Start free. Professionals add tools for their own work; an association adds the board's workspace, with a 30-day trial."
      >
        <ul className="grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} signedIn={signedIn} />
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-600">
          Prices in US dollars. Plans are paid by card through Stripe; change your card, switch or cancel at
          any time under Billing. When a plan ends nothing is deleted: your data stays and reading stays open.
        </p>
      </Section>
      <Section
        id="credit-packages"
        title="Vendor credit packages"
        tone="slate"
        lead="Credits are bought through a secure hosted card checkout and every purchase and spend is listed in your credit history."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CREDIT_PACKAGES.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} signedIn={signedIn} />
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-600">
          Prices in US dollars. Credits are for vendor roles, and buying them needs a verified vendor role.
        </p>
      </Section>
      <Section id="credit-balance" title="How your balance is shown">
        <dl className="grid gap-4 sm:grid-cols-3">
          <BalanceRule label="No credits" value={CREDIT_STATUS_MESSAGES.empty} tone="red" />
          <BalanceRule
            label={`1 to ${LOW_CREDIT_THRESHOLD} credits`}
            value={CREDIT_STATUS_MESSAGES.low}
            tone="amber"
          />
          <BalanceRule
            label={`More than ${LOW_CREDIT_THRESHOLD} credits`}
            value={CREDIT_STATUS_MESSAGES.good}
            tone="green"
          />
        </dl>
      </Section>
      <ClosingCta
        signedIn={signedIn}
        title="Questions about pricing?"
        body="Our Help Center answers the common ones, and our team answers the rest."
      />
    </GuestLayout>
  );
}

function PlanCard({ plan, signedIn }: { plan: Plan; signedIn: boolean }) {
  const saving = yearlySavingPercent(plan);
  const featured = plan.id === "professional";
  const target =
    plan.prices.length === 0
      ? signedIn
        ? "/dashboard"
        : "/auth/sign-up"
      : signedIn
        ? `/settings/billing${plan.subject === "association" ? "?for=association" : ""}`
        : "/auth/sign-up";
  return (
    <li
      aria-labelledby={`plan-${plan.id}`}
      data-plan={plan.id}
      className={`flex flex-col rounded-xl border bg-white p-6 shadow-sm ${
        featured ? "border-blue-600 ring-2 ring-blue-600" : "border-slate-200"
      }`}
    >
      <h3 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="text-sm text-slate-600">{plan.tagline}</p>
      {plan.prices.length === 0 ? (
        <p className="mt-4 text-3xl font-bold text-slate-900">$0</p>
      ) : (
        <ul className="mt-4 space-y-1" aria-label={`${plan.name} prices`}>
          {plan.prices.map((price) => (
            <li key={price.interval} className="text-slate-900">
              <span className="text-3xl font-bold">{formatCents(price.amount)}</span>
              <span className="text-sm text-slate-600">
                {" "}
                per {INTERVAL_LABELS[price.interval].per}
                {plan.subject === "association" ? " per association" : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 min-h-6 text-sm">
        {plan.trialDays > 0 ? (
          <span className="rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-900">
            {plan.trialDays}-day free trial
          </span>
        ) : null}{" "}
        {saving > 0 ? (
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
            Yearly saves {saving}%
          </span>
        ) : null}
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {plan.includes.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true" className="text-green-700">
              ✓
            </span>
            {item}
          </li>
        ))}
      </ul>
      <Link to={target} className={buttonClass(featured ? "primary" : "secondary", "mt-6")}>
        {plan.prices.length === 0 ? (
          signedIn ? (
            "Go to your dashboard"
          ) : (
            "Get Started Free"
          )
        ) : !signedIn ? (
          <>
            Sign up to choose<span className="sr-only"> the {plan.name} plan</span>
          </>
        ) : plan.trialDays > 0 ? (
          <>
            Start free trial<span className="sr-only"> of the {plan.name} plan</span>
          </>
        ) : (
          `Choose ${plan.name}`
        )}
      </Link>
    </li>
  );
}

function PackageCard({ pkg, signedIn }: { pkg: CreditPackage; signedIn: boolean }) {
  const total = packageTotalCredits(pkg);
  return (
    <li
      aria-labelledby={`package-${pkg.id}`}
      className={`relative flex flex-col rounded-xl border bg-white p-6 shadow-sm ${
        pkg.popular ? "border-blue-600 ring-2 ring-blue-600" : "border-slate-200"
      }`}
    >
      {pkg.popular ? (
        <span className="absolute -top-3 left-6 rounded-full bg-blue-700 px-3 py-0.5 text-xs font-semibold text-white">
          Most Popular
        </span>
      ) : null}
      <h3 id={`package-${pkg.id}`} className="text-lg font-semibold text-slate-900">
        {pkg.name}
      </h3>
      <p className="text-sm text-slate-500">{pkg.description}</p>
      <p className="mt-4 text-3xl font-bold text-slate-900">{formatCents(pkg.price)}</p>
      <p className="text-sm text-slate-600">
        {creditCount(pkg.credits)}
        {pkg.bonus_credits > 0 ? ` + ${creditCount(pkg.bonus_credits)} bonus` : ""}
      </p>
      <dl className="mt-4 space-y-1 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-slate-500">Per credit</dt>
          <dd className="font-medium text-slate-900">{formatCents(pricePerCreditCents(pkg))}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-500">Credits added</dt>
          <dd className="font-medium text-slate-900">{total}</dd>
        </div>
      </dl>
      <p className="mt-3 min-h-6">
        {pkg.savings ? (
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
            {pkg.savings}
          </span>
        ) : null}
      </p>
      <Link
        to={signedIn ? "/credits" : "/auth/sign-up"}
        className={buttonClass(pkg.popular ? "primary" : "secondary", "mt-5")}
      >
        {signedIn ? "Buy credits" : "Sign up to buy"}
        <span className="sr-only">: the {pkg.name}</span>
      </Link>
    </li>
  );
}

const TONES = {
  red: "border-red-200 bg-red-50",
  amber: "border-amber-200 bg-amber-50",
  green: "border-green-200 bg-green-50",
} as const;

function BalanceRule({ label, value, tone }: { label: string; value: string; tone: keyof typeof TONES }) {
  return (
    <div className={`rounded-lg border p-4 ${TONES[tone]}`}>
      <dt className="text-sm font-semibold text-slate-900">{label}</dt>
      <dd className="mt-1 text-sm text-slate-700">{value}</dd>
    </div>
  );
}
