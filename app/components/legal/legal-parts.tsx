import {
  LEGAL_DISCLAIMER,
  LEGAL_KIND_LABELS,
  LEGAL_STATUS_LABELS,
  LEGAL_TOPIC_LABELS,
  type LegalKind,
  type LegalStatus,
  type LegalTopic,
  stateLabel,
} from "@domain/legal/resources";
import { Link } from "@remix-run/react";
import { Scale } from "~/components/ui/icons";

/** "Consult an attorney; not legal advice": on every page of Legal Resources. */
export function LegalDisclaimer() {
  return (
    <p
      role="note"
      aria-label="Not legal advice"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <strong>Not legal advice.</strong> {LEGAL_DISCLAIMER}
    </p>
  );
}

/** A resource's kind, state and topic, as small labels. */
export function LegalTags({ kind, state, topic }: { kind: LegalKind; state: string; topic: string }) {
  const tag =
    "rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200";
  return (
    <p className="flex flex-wrap gap-2">
      <span className={tag}>{LEGAL_KIND_LABELS[kind]}</span>
      <span className={tag}>{stateLabel(state)}</span>
      <span className={tag}>{LEGAL_TOPIC_LABELS[topic as LegalTopic] ?? topic}</span>
    </p>
  );
}

export function LegalStatusBadge({ status }: { status: LegalStatus }) {
  const tone =
    status === "published"
      ? "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100"
      : status === "rejected"
        ? "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100"
        : "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100";
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-medium ${tone}`}>{LEGAL_STATUS_LABELS[status]}</span>
  );
}

/** The area's heading and its links (the library, an attorney's submissions, the admins' review). */
export function LegalHeader({
  title,
  access,
}: {
  title: string;
  access: { submit: boolean; review: boolean };
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <Scale aria-hidden="true" className="h-6 w-6" />
          {title}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Articles and templates for associations, by state and topic.
        </p>
      </div>
      <nav aria-label="Legal Resources" className="flex flex-wrap gap-3 text-sm">
        <Link to="/legal" className="text-blue-700 underline dark:text-blue-300">
          Library
        </Link>
        {access.submit ? (
          <Link to="/legal/submissions" className="text-blue-700 underline dark:text-blue-300">
            My Submissions
          </Link>
        ) : null}
        {access.review ? (
          <Link to="/legal/review" className="text-blue-700 underline dark:text-blue-300">
            Review Submissions
          </Link>
        ) : null}
      </nav>
    </header>
  );
}

/** The rendered Markdown of a resource (micromark's HTML: raw HTML escaped, unsafe links dropped). */
export function LegalBody({ html }: { html: string }) {
  return (
    <article
      className="legal-body flex flex-col gap-3 leading-relaxed [&_a]:text-blue-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_h2]:mt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc dark:[&_a]:text-blue-300"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered safely on the server (queries/legal.server.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
