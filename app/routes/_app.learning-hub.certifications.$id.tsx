import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { longDate } from "@domain/learning/certificates";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CertificateStateBadge, CopyLink, VerifiedBadge } from "~/components/learning/certification-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { CertificationCard } from "~/queries/learning-certificates.server";
import { certificationAction, certificationLoader } from "./_app.learning-hub.certifications.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.cert.certificateName ?? "Certificate"} · Certifications · Association Commons` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => certificationLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => certificationAction(request, params.id);

const when = (iso: string | null) => (iso ? longDate(new Date(iso)) : null);

/** A certificate (spec 002 "Certification"): its fields, state, verification link, PDF and credential. */
export default function CertificationPage() {
  const data = useLoaderData<typeof loader>();
  const cert = data.cert as CertificationCard;
  const rows: [string, string][] = [
    ["Holder", cert.holder.name],
    ["Course", cert.course.title],
    ["Certificate number", cert.displayNumber],
    ["Issued", when(cert.issuedAt) ?? ""],
    ...(cert.renewedAt ? ([["Renewed", when(cert.renewedAt) ?? ""]] as [string, string][]) : []),
    ["Expires", when(cert.expiresAt) ?? "Never expires"],
  ];
  if (cert.revokedAt) rows.push(["Revoked", `${when(cert.revokedAt)}: ${cert.revocationReason ?? ""}`]);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <p className="text-sm">
        <Link to="/learning-hub/certifications" className="text-blue-700 underline dark:text-blue-300">
          Certifications
        </Link>
      </p>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">{cert.certificateName}</h1>
        <div className="flex flex-wrap items-center gap-1.5">
          <CertificateStateBadge label={cert.state.label} tone={cert.state.tone} />
          {cert.isVerified ? <VerifiedBadge /> : null}
        </div>
        <p className="text-slate-700 dark:text-slate-300">{cert.certificateDescription}</p>
      </header>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-slate-200 p-4 sm:grid-cols-[max-content_1fr] dark:border-slate-800">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{k}</dt>
            <dd className={k === "Certificate number" ? "break-all font-mono" : ""}>{v}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="share" className="flex flex-col gap-2">
        <h2 id="share" className="text-lg font-semibold">
          Share and verify
        </h2>
        <p className="text-sm">
          Anyone can check this certificate, without signing in, at{" "}
          <Link to={cert.verificationPath} className="break-all text-blue-700 underline dark:text-blue-300">
            {data.verificationUrl}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <CopyLink path={cert.verificationPath} />
          {data.owner ? (
            <>
              <a href={cert.pdfPath} className="btn btn-secondary text-sm" download>
                Download PDF
              </a>
              <a href={cert.credentialPath} className="btn btn-secondary text-sm" download>
                Download Open Badge
              </a>
            </>
          ) : null}
          <Link
            to={`/learning-hub/courses/${cert.course.slug}`}
            className="text-sm text-blue-700 underline dark:text-blue-300"
          >
            The course
          </Link>
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The Open Badge is an Open Badges 3.0 credential signed by the platform (VC-JWT, Ed25519); other
          platforms verify it with the key published at /.well-known/jwks.json.
        </p>
      </section>
      {data.canRevoke ? <RevokeForm reasonMax={data.reasonMax} /> : null}
    </div>
  );
}

/** Admins: revoke with a reason (required), shown on the public page. */
function RevokeForm({ reasonMax }: { reasonMax: number }) {
  const answer = useActionData<typeof action>() as { error: string | null; result: unknown } | undefined;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<{ reason: string }>({
    id: "revoke-certificate",
    lastResult: answer?.result as SubmissionResult<string[]> | undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <section
      aria-labelledby="revoke"
      className="flex flex-col gap-3 rounded-lg border border-red-200 p-4 dark:border-red-900"
    >
      <h2 id="revoke" className="text-lg font-semibold">
        Revoke this certificate
      </h2>
      {answer?.error ? <Alert title={answer.error} /> : null}
      <Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="revoke" />
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.reason.id} className="text-sm font-medium">
            Reason
          </label>
          <textarea
            {...getTextareaProps(fields.reason)}
            maxLength={reasonMax}
            rows={3}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          />
          {fields.reason.errors ? (
            <p id={fields.reason.errorId} className="text-sm text-red-700 dark:text-red-400">
              {fields.reason.errors.join(" ")}
            </p>
          ) : null}
        </div>
        <div>
          <Button disabled={busy}>{busy ? "Revoking..." : "Revoke certificate"}</Button>
        </div>
      </Form>
    </section>
  );
}
