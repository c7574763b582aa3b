import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { GuestTopBar } from "~/components/shell/guest-top-bar";
import { buttonClass } from "~/components/ui/button";
import { Logo } from "~/components/ui/logo";
import { Toast } from "~/components/ui/toast";
import { ALL_FEATURES_LINK, FEATURE_LINKS, PAGE_LINKS, RESOURCE_LINKS } from "./nav";

/** The frame of every public page: the guest top bar, the page, and the guest footer. */
export function GuestLayout({ signedIn = false, children }: { signedIn?: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col bg-white text-slate-900">
      <GuestTopBar signedIn={signedIn} />
      <main className="flex-1">
        <Toast className="mx-auto max-w-6xl px-4 pt-4" />
        {children}
      </main>
      <GuestFooter />
    </div>
  );
}

export function GuestFooter() {
  const columns = [
    { title: "Features", links: [...FEATURE_LINKS, ALL_FEATURES_LINK] },
    { title: "Product", links: PAGE_LINKS },
    { title: "Resources", links: RESOURCE_LINKS },
  ];
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-slate-600">
            Built for board members, property managers, vendors, attorneys, accountants and homeowners.
          </p>
        </div>
        {columns.map((c) => (
          <nav key={c.title} aria-label={`Footer: ${c.title}`}>
            <p className="text-sm font-semibold text-slate-900">{c.title}</p>
            <ul className="mt-3 space-y-2">
              {c.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-sm text-slate-600 hover:text-blue-800 hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 px-4 py-6 text-center text-xs text-slate-500">
        Association Commons: the professional platform for condominium and homeowner associations.
      </p>
    </footer>
  );
}

/** The opening band of a public page, with its one h1. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-blue-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          {title}
        </h1>
        {lead ? <p className="mt-5 max-w-2xl text-lg text-slate-600">{lead}</p> : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}

/** A page section with an h2. */
export function Section({
  id,
  title,
  lead,
  tone = "white",
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  tone?: "white" | "slate";
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={tone === "slate" ? "border-y border-slate-200 bg-slate-50" : "bg-white"}
    >
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id={`${id}-title`} className="text-2xl font-semibold text-slate-900">
          {title}
        </h2>
        {lead ? <p className="mt-3 max-w-3xl text-slate-600">{lead}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** Sign up (or, signed in, go to the dashboard). */
export function GetStarted({
  signedIn,
  secondary,
}: {
  signedIn: boolean;
  secondary?: { label: string; to: string };
}) {
  return (
    <div className="flex flex-wrap gap-3">
      {signedIn ? (
        <Link to="/dashboard" className={buttonClass("primary")}>
          Go to your dashboard
        </Link>
      ) : (
        <Link to="/auth/sign-up" className={buttonClass("primary")}>
          Create your free account
        </Link>
      )}
      {secondary ? (
        <Link to={secondary.to} className={buttonClass("secondary")}>
          {secondary.label}
        </Link>
      ) : null}
    </div>
  );
}

/** The closing call to action of a page. */
export function ClosingCta({ signedIn, title, body }: { signedIn: boolean; title: string; body: string }) {
  return (
    <section aria-labelledby="cta-title" className="bg-blue-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="cta-title" className="text-2xl font-semibold text-white">
            {title}
          </h2>
          <p className="mt-2 max-w-2xl text-blue-100">{body}</p>
        </div>
        {signedIn ? (
          <Link to="/dashboard" className={buttonClass("secondary", "shrink-0")}>
            Go to your dashboard
          </Link>
        ) : (
          <Link to="/auth/sign-up" className={buttonClass("secondary", "shrink-0")}>
            Create your free account
          </Link>
        )}
      </div>
    </section>
  );
}
