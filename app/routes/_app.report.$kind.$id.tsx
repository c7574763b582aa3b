import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ReportForm } from "~/components/community/report-form";
import { reportAction, reportLoader } from "./_app.report.$kind.$id.server";

export const meta: MetaFunction = () => [{ title: "Report · Association Commons" }];

/** /report/{kind}/{id} (issue 29, part 10): the report form on its own page, and the card form's target. */
export const loader = ({ request, params }: LoaderFunctionArgs) => reportLoader(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => reportAction(request, params);

export default function ReportPage() {
  const { item, redirectTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as
    | { result: SubmissionResult<string[]> | null; error: string | null }
    | undefined;
  const fieldErrors = (answer?.result?.error ?? {}) as Record<string, string[] | null>;
  const formErrors = answer?.error ? [answer.error] : (fieldErrors[""] ?? undefined);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Report a {item.what}</h1>
      <blockquote className="rounded-lg border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
        <p className="font-semibold">{item.authorName}</p>
        <p className="mt-1 whitespace-pre-wrap break-words">{item.content}</p>
      </blockquote>
      {item.mine ? (
        <p>You cannot report your own content.</p>
      ) : (
        <>
          {item.reportedByMe ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              You reported this {item.what}. Sending again updates your report.
            </p>
          ) : null}
          <ReportForm
            kind={item.kind}
            targetId={item.id}
            redirectTo={redirectTo}
            idPrefix="report"
            errors={{
              category: fieldErrors.category ?? undefined,
              details: fieldErrors.details ?? undefined,
              form: formErrors,
            }}
          />
        </>
      )}
      <p className="text-sm">
        <Link to={redirectTo} className="text-blue-700 underline dark:text-blue-300">
          Back
        </Link>
      </p>
    </div>
  );
}
