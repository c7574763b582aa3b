import { LEGAL_LIMITS } from "@domain/legal/resources";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { LegalBody, LegalDisclaimer, LegalStatusBadge, LegalTags } from "~/components/legal/legal-parts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Download } from "~/components/ui/icons";
import { legalResourceLoader } from "./_app.legal.$slug.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.resource.title ?? "Legal resource"} · Legal Resources · Association Commons` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => legalResourceLoader(request, params.slug);

/** A day as "Nov 29, 2026" (UTC, so the server and the browser agree). */
const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

const control =
  "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export default function LegalResourcePage() {
  const { resource } = useLoaderData<typeof loader>();
  const download = `/legal/${resource.slug}/download`;
  const shown = resource.versions.find((v) => v.version === resource.shownVersion);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/legal" className="text-blue-700 underline dark:text-blue-300">
          Legal Resources
        </Link>
      </nav>
      <header className="flex flex-col gap-2">
        <LegalTags kind={resource.kind} state={resource.state} topic={resource.topic} />
        <h1 className="text-2xl font-bold">{resource.title}</h1>
        <p className="text-slate-700 dark:text-slate-300">{resource.summary}</p>
        {resource.creditName ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Contributed by {resource.creditName}</p>
        ) : null}
        {resource.status === "published" ? (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="legal-version">
            Version {resource.shownVersion}
            {shown ? `, published ${formatDay(shown.publishedAt)}` : null}
          </p>
        ) : null}
        {resource.shownVersion !== resource.version ? (
          <Alert tone="info" title={`You are reading version ${resource.shownVersion}, an earlier version.`}>
            <Link to={`/legal/${resource.slug}`} className="underline">
              Read the current version ({resource.version})
            </Link>
          </Alert>
        ) : null}
        {resource.canRevise || (resource.mine && resource.status !== "published") ? (
          <p className="flex flex-wrap gap-3 text-sm">
            <Link to={`/legal/${resource.slug}/edit`} className="text-blue-700 underline dark:text-blue-300">
              {resource.status === "published"
                ? resource.pendingRevision
                  ? "Revision waiting for review"
                  : "Propose a revision"
                : resource.status === "rejected"
                  ? "Edit and submit again"
                  : "Edit"}
            </Link>
          </p>
        ) : null}
        {resource.status !== "published" ? (
          <p className="flex items-center gap-2 text-sm">
            <LegalStatusBadge status={resource.status} />
            {resource.status === "pending"
              ? "Only you and the reviewers can see this until it is published."
              : null}
            {resource.rejectionReason ? `Reason: ${resource.rejectionReason}` : null}
          </p>
        ) : null}
      </header>
      <LegalDisclaimer />
      {resource.kind === "template" ? (
        <section
          aria-labelledby="use-template"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
        >
          <h2 id="use-template" className="font-semibold">
            Use this template
          </h2>
          <p>
            <a href={download} download className="btn btn-secondary inline-flex items-center gap-2">
              <Download aria-hidden="true" className="h-4 w-4" />
              Download
            </a>
            <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">
              Plain text (.md) with placeholders such as [Association Name].
            </span>
          </p>
          {resource.placeholders.length > 0 ? (
            <details>
              <summary className="cursor-pointer text-sm font-medium">Fill in</summary>
              <Form method="post" action={download} reloadDocument className="mt-3 flex flex-col gap-3">
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  Fill in what you know; anything left blank stays as a placeholder in the download.
                </p>
                {resource.placeholders.map((name, i) => (
                  <div key={name} className="flex flex-col gap-1">
                    <label htmlFor={`placeholder-${i}`} className="text-sm font-medium">
                      {name}
                    </label>
                    <input
                      id={`placeholder-${i}`}
                      name={`v${i}`}
                      maxLength={LEGAL_LIMITS.placeholderValueMax}
                      className={control}
                    />
                  </div>
                ))}
                <div>
                  <Button>Download filled template</Button>
                </div>
              </Form>
            </details>
          ) : null}
        </section>
      ) : null}
      <LegalBody html={resource.html} />
      {resource.versions.length > 1 ? (
        <section aria-labelledby="version-history" className="flex flex-col gap-2">
          <h2 id="version-history" className="font-semibold">
            Version history
          </h2>
          <ol className="flex flex-col gap-1 text-sm" aria-label="Versions">
            {resource.versions.map((v) => (
              <li key={v.version} data-testid="legal-version-entry">
                {v.version === resource.shownVersion ? (
                  <span className="font-medium">Version {v.version}</span>
                ) : (
                  <Link
                    to={
                      v.version === resource.version
                        ? `/legal/${resource.slug}`
                        : `/legal/${resource.slug}?version=${v.version}`
                    }
                    className="text-blue-700 underline dark:text-blue-300"
                  >
                    Version {v.version}
                  </Link>
                )}{" "}
                · {formatDay(v.publishedAt)}
                {v.note ? ` · ${v.note}` : v.version === 1 ? " · first published" : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
