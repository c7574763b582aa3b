import { CERTIFICATE_MESSAGES, type CertificateTone, longDate } from "@domain/learning/certificates";
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { CertificationCard } from "~/queries/learning-certificates.server";

const TONE_CLASSES: Record<CertificateTone, string> = {
  error: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  success: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
};

/** The certificate's state (spec 002): Expired / Inactive, Expires in N days, Active. */
export function CertificateStateBadge({ label, tone }: { label: string; tone: CertificateTone }) {
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs font-semibold ${TONE_CLASSES[tone]}`}
      data-testid="certificate-state"
      data-tone={tone}
    >
      {label}
    </span>
  );
}

/** Spec 002: a 'Verified' badge when verified. */
export function VerifiedBadge() {
  return (
    <span className="rounded bg-blue-100 px-1.5 py-0.5 text-xs font-semibold text-blue-900 dark:bg-blue-900 dark:text-blue-100">
      Verified
    </span>
  );
}

/** Copies the verification link; 'Copied!' for 2 seconds (spec 002). Without JavaScript the link is there to copy. */
export function CopyLink({ path }: { path: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn btn-ghost text-sm"
      onClick={() => {
        if (!navigator.clipboard) return;
        void navigator.clipboard
          .writeText(new URL(path, window.location.origin).toString())
          .then(() => setCopied(true));
      }}
    >
      {copied ? CERTIFICATE_MESSAGES.copied : "Copy verification link"}
    </button>
  );
}

/**
 * The certification card (spec 002): variants default and compact (the public variant is the
 * verification page's). View goes to the certificate, the source course to its page.
 */
export function CertificationCardView({
  cert,
  variant = "default",
}: {
  cert: CertificationCard;
  variant?: "default" | "compact";
}) {
  return (
    <article
      className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="certification-card"
    >
      <h3 className="flex flex-wrap items-center gap-2 font-semibold">
        <Link to={`/learning-hub/certifications/${cert.id}`} className="hover:underline">
          {cert.certificateName}
        </Link>
      </h3>
      <div className="flex flex-wrap items-center gap-1.5">
        <CertificateStateBadge label={cert.state.label} tone={cert.state.tone} />
        {cert.isVerified ? <VerifiedBadge /> : null}
      </div>
      {variant === "default" ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Issued {longDate(new Date(cert.issuedAt))}
            {cert.expiresAt ? ` · Expires ${longDate(new Date(cert.expiresAt))}` : " · Never expires"}
          </p>
          <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{cert.displayNumber}</p>
        </>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-3 text-sm">
        <Link
          to={`/learning-hub/certifications/${cert.id}`}
          className="text-blue-700 underline dark:text-blue-300"
        >
          View
        </Link>
        <Link
          to={`/learning-hub/courses/${cert.course.slug}`}
          className="text-blue-700 underline dark:text-blue-300"
        >
          {cert.course.title}
        </Link>
      </div>
    </article>
  );
}
