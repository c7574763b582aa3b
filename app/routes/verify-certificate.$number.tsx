import { CERTIFICATE_MESSAGES, longDate, VERIFICATION_LABELS } from "@domain/learning/certificates";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GuestLayout, PageHero } from "~/components/marketing/guest-layout";
import type { PublicVerification } from "~/queries/learning-certificates.server";
import { verificationLoader } from "./verify-certificate.$number.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.certificate ? VERIFICATION_LABELS[data.certificate.status] : CERTIFICATE_MESSAGES.notFound} · Association Commons`,
  },
  { name: "robots", content: "noindex" },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => verificationLoader(request, params.number);

const STATUS_CLASSES = {
  valid: "border-emerald-300 bg-emerald-50 text-emerald-900",
  expired: "border-red-300 bg-red-50 text-red-900",
  revoked: "border-red-300 bg-red-50 text-red-900",
} as const;

/**
 * The public verification page (the certification card's public variant): who holds the certificate,
 * for which course, when it was issued and expires, and whether it is valid, expired or revoked (with
 * the reason). Outside the signed-in shell.
 */
export default function VerifyCertificatePage() {
  const data = useLoaderData<typeof loader>();
  const cert = data.certificate as Omit<PublicVerification, "id"> | null;
  if (!cert)
    return (
      <GuestLayout signedIn={data.signedIn}>
        <PageHero
          eyebrow="Certificate verification"
          title={CERTIFICATE_MESSAGES.notFound}
          lead={CERTIFICATE_MESSAGES.unknownNumber}
        />
        <div className="mx-auto max-w-3xl px-4 py-10">
          <p className="text-slate-700">{CERTIFICATE_MESSAGES.unknownNumberHelp}</p>
          <p className="mt-4">
            <Link to="/" className="font-medium text-blue-700 underline">
              Go home
            </Link>
          </p>
        </div>
      </GuestLayout>
    );
  const rows: [string, string][] = [
    ["Holder", cert.holderName],
    ["Course", cert.course.title],
    ["Certificate number", cert.displayNumber],
    ["Issued", longDate(new Date(cert.issuedAt))],
    ...(cert.renewedAt ? ([["Renewed", longDate(new Date(cert.renewedAt))]] as [string, string][]) : []),
    ["Expires", cert.expiresAt ? longDate(new Date(cert.expiresAt)) : "Never expires"],
  ];
  return (
    <GuestLayout signedIn={data.signedIn}>
      <PageHero eyebrow="Certificate verification" title={cert.certificateName} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
        <div
          className={`rounded-lg border p-4 ${STATUS_CLASSES[cert.status]}`}
          role="status"
          data-testid="verification-status"
          data-status={cert.status}
        >
          <p className="text-lg font-semibold">{VERIFICATION_LABELS[cert.status]}</p>
          {cert.status === "valid" ? (
            <p className="text-sm">
              Issued by Association Commons to {cert.holderName} for completing the course.
            </p>
          ) : null}
          {cert.status === "expired" && cert.expiresAt ? (
            <p className="text-sm">This certificate expired on {longDate(new Date(cert.expiresAt))}.</p>
          ) : null}
          {cert.status === "revoked" && cert.revokedAt ? (
            <p className="text-sm">
              Revoked on {longDate(new Date(cert.revokedAt))}. Reason: {cert.revocationReason}
            </p>
          ) : null}
        </div>
        {data.manageHref ? (
          <p className="text-sm">
            <Link to={data.manageHref} className="font-medium text-blue-700 underline">
              Manage this certificate (admin)
            </Link>
          </p>
        ) : null}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-sm font-medium text-slate-600">{k}</dt>
              <dd className={k === "Certificate number" ? "break-all font-mono" : ""}>{v}</dd>
            </div>
          ))}
        </dl>
      </div>
    </GuestLayout>
  );
}
