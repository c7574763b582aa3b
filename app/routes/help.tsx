import { CREDIT_PACKAGES, creditCount, formatCents, packageTotalCredits } from "@domain/credits/packages";
import {
  CREDIT_STATUS_MESSAGES,
  DEFAULT_PROPOSAL_CREDIT_COST,
  LOW_CREDIT_THRESHOLD,
} from "@domain/credits/status";
import { PROPOSAL_MESSAGES } from "@domain/proposal/rules";
import {
  CONTEXT_PERMISSIONS,
  PERMISSION_FLAGS,
  ROLE_LABELS,
  requiresVerification,
  SELF_SERVICE_ROLE_TYPES,
  VERIFICATION_FILE_MAX_BYTES,
  VERIFICATION_METHOD_HINTS,
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_METHODS,
  VERIFICATION_REVIEW_TIME,
  verificationMethodsFor,
} from "@domain/roles";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@domain/rules/account-messages";
import { AUTH_ERRORS } from "@domain/rules/accounts";
import { EMAIL_TOKEN_TTL_SECONDS } from "@domain/rules/email-tokens";
import { AUTH_RATE_LIMITS } from "@domain/rules/rate-limits";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { type FaqItem, FaqList } from "~/components/marketing/faq";
import { GuestLayout, PageHero } from "~/components/marketing/guest-layout";
import { guestPageData } from "~/queries/guest.server";

export const meta: MetaFunction = () => [{ title: "Help Center · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await guestPageData(request));
}

const hours = (seconds: number) => {
  const h = seconds / 3600;
  return `${h} hour${h === 1 ? "" : "s"}`;
};
const minutes = (seconds: number) => `${seconds / 60} minutes`;
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
const labels = (types: readonly (keyof typeof ROLE_LABELS)[]) => types.map((t) => ROLE_LABELS[t]);

const VERIFIED_ROLES = SELF_SERVICE_ROLE_TYPES.filter(requiresVerification);
const UNVERIFIED_ROLES = SELF_SERVICE_ROLE_TYPES.filter((t) => !requiresVerification(t));
const RFP_AUTHOR_ROLES = SELF_SERVICE_ROLE_TYPES.filter((t) => CONTEXT_PERMISSIONS[t].can_create_rfp);
const inline = "font-medium text-blue-700 underline";

const SECTIONS: { id: string; title: string; items: FaqItem[] }[] = [
  {
    id: "accounts",
    title: "Accounts and signing in",
    items: [
      {
        question: "What makes a valid password?",
        answer: (
          <p>
            A password needs at least {PASSWORD_MIN_LENGTH} characters and may have up to{" "}
            {PASSWORD_MAX_LENGTH}. A long phrase you can remember works well.
          </p>
        ),
      },
      {
        question: "I signed up but cannot sign in yet",
        answer: (
          <p>
            Every new account confirms its e-mail address first: follow the link in the confirmation e-mail.
            The link works once and expires after {hours(EMAIL_TOKEN_TTL_SECONDS.confirm_email)}; “Resend
            confirmation email” on the confirmation page sends a new one.
          </p>
        ),
      },
      {
        question: "I forgot my password",
        answer: (
          <p>
            Choose “Forgot your password?” on the{" "}
            <Link to="/auth/sign-in" className={inline}>
              sign-in page
            </Link>
            . We e-mail a reset link that works once and expires after{" "}
            {hours(EMAIL_TOKEN_TTL_SECONDS.reset_password)}. Setting a new password signs out every session.
          </p>
        ),
      },
      {
        question: "Why does it say “Too many attempts”?",
        answer: (
          <>
            <p>“{AUTH_ERRORS.RATE_LIMITED.message}”</p>
            <p>
              To protect accounts, we limit how often a form can be sent: for example, after{" "}
              {AUTH_RATE_LIMITS.sign_in_account.limit} failed sign-ins to one account, signing in to it pauses
              for up to {minutes(AUTH_RATE_LIMITS.sign_in_account.windowSeconds)}.
            </p>
          </>
        ),
      },
    ],
  },
  {
    id: "roles",
    title: "Professional roles and verification",
    items: [
      {
        question: "Can I hold more than one professional role?",
        answer: (
          <p>
            Yes. Each role you hold has its own context with its own {PERMISSION_FLAGS.length} permission
            flags, and you switch between them from the user menu. What you can do depends on the role you are
            acting in.
          </p>
        ),
      },
      {
        question: "Which roles need verification?",
        answer: (
          <p>
            {list(labels(VERIFIED_ROLES))} roles are verified before they count as verified professionals.{" "}
            {list(labels(UNVERIFIED_ROLES))} roles need no verification.
          </p>
        ),
      },
      {
        question: "How long does verification take?",
        answer: (
          <p>
            {VERIFICATION_REVIEW_TIME}. You are notified when your role is approved or rejected, and you can
            follow its status in your settings.
          </p>
        ),
      },
      {
        question: "How can I verify my role?",
        answer: (
          <ul className="list-disc space-y-1 pl-5">
            {VERIFICATION_METHODS.map((m) => {
              const roles = VERIFIED_ROLES.filter((t) => verificationMethodsFor(t).includes(m));
              return (
                <li key={m}>
                  <span className="font-medium text-slate-800">{VERIFICATION_METHOD_LABELS[m]}</span>:{" "}
                  {VERIFICATION_METHOD_HINTS[m]}{" "}
                  {roles.length < VERIFIED_ROLES.length ? `(${list(labels(roles))})` : "(every role)"}
                </li>
              );
            })}
          </ul>
        ),
      },
      {
        question: "Which documents can I upload, and who sees them?",
        answer: (
          <p>
            PDF, JPG or PNG files under {VERIFICATION_FILE_MAX_BYTES / (1024 * 1024)} MB, checked by their
            content. Verification documents are private: only you and the administrators who review them can
            open them.
          </p>
        ),
      },
    ],
  },
  {
    id: "rfps",
    title: "RFPs, proposals and credits",
    items: [
      {
        question: "Who can create RFPs?",
        answer: (
          <p>
            People acting as a {list(labels(RFP_AUTHOR_ROLES))} create requests for proposals with a six-step
            wizard, and can save a draft at any step before publishing.
          </p>
        ),
      },
      {
        question: "Who can submit proposals?",
        answer: (
          <>
            <p>{PROPOSAL_MESSAGES.verifiedVendorsOnly}.</p>
            <p>
              You cannot submit a proposal to your own RFP, nor once the proposal deadline has passed, and you
              submit one proposal per RFP.
            </p>
          </>
        ),
      },
      {
        question: "What does a proposal cost?",
        answer: (
          <p>
            Submitting a proposal costs {DEFAULT_PROPOSAL_CREDIT_COST} credit
            {DEFAULT_PROPOSAL_CREDIT_COST === 1 ? "" : "s"} by default. Everything else, including membership,
            is free.
          </p>
        ),
      },
      {
        question: "Which credit packages are there?",
        answer: (
          <>
            <ul className="list-disc space-y-1 pl-5">
              {CREDIT_PACKAGES.map((p) => (
                <li key={p.id}>
                  {p.name}: {creditCount(packageTotalCredits(p))} for {formatCents(p.price)}
                  {p.savings ? ` (${p.savings})` : ""}
                </li>
              ))}
            </ul>
            <p>
              See{" "}
              <Link to="/pricing" className={inline}>
                Pricing
              </Link>{" "}
              for the price per credit.
            </p>
          </>
        ),
      },
      {
        question: "What do the credit balance messages mean?",
        answer: (
          <ul className="list-disc space-y-1 pl-5">
            <li>With no credits: “{CREDIT_STATUS_MESSAGES.empty}”</li>
            <li>
              With 1 to {LOW_CREDIT_THRESHOLD} credits: “{CREDIT_STATUS_MESSAGES.low}”
            </li>
            <li>
              With more than {LOW_CREDIT_THRESHOLD}: “{CREDIT_STATUS_MESSAGES.good}”
            </li>
          </ul>
        ),
      },
    ],
  },
  {
    id: "community",
    title: "The community",
    items: [
      {
        question: "What may I post in the community?",
        answer: (
          <p>
            Questions, lessons learned, vendor experiences and events for people who run and serve
            associations, written to colleagues. The{" "}
            <Link to="/community-guidelines" className={inline}>
              Community Guidelines
            </Link>{" "}
            set out the rules, how moderation and reporting work, and how good contributions are recognised.
          </p>
        ),
      },
    ],
  },
];

export default function Help() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <GuestLayout signedIn={signedIn}>
      <PageHero
        eyebrow="Help Center"
        title="How can we help?"
        lead="Answers about accounts, professional roles, verification, RFPs and vendor credits."
      >
        <nav aria-label="Help topics" className="flex flex-wrap gap-2">
          {SECTIONS.map((s) => (
            <a
              key={s.id}
              href={`#${s.id}`}
              className="rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-medium text-slate-700 hover:border-blue-400 hover:text-blue-800"
            >
              {s.title}
            </a>
          ))}
        </nav>
      </PageHero>
      <div className="mx-auto max-w-3xl space-y-12 px-4 py-12">
        {SECTIONS.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-6">
            <h2 id={`${s.id}-title`} className="mb-4 text-xl font-semibold text-slate-900">
              {s.title}
            </h2>
            <FaqList items={s.items} />
          </section>
        ))}
        <section aria-labelledby="more-help" className="rounded-xl bg-slate-50 p-6">
          <h2 id="more-help" className="text-lg font-semibold text-slate-900">
            Still need help?
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            <Link to="/contact?topic=support" className={inline}>
              Contact us
            </Link>{" "}
            and a person answers by e-mail.
          </p>
        </section>
      </div>
    </GuestLayout>
  );
}
