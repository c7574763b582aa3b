import { parseWithZod } from "@conform-to/zod";
import { ASSOCIATION_MESSAGES, propertyTypeLabel } from "@domain/associations";
import { ASSOCIATION_LIMITS, JoinRequestSchema } from "@domain/associations/forms";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireContext } from "~/auth/guards.server";
import { requestToJoin } from "~/commands/associations.server";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { Link } from "~/components/ui/link";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { listMyJoinRequests, searchAssociationsToJoin } from "~/queries/associations.server";

export const meta: MetaFunction = () => [{ title: "Join an Association · Association Commons" }];

/**
 * A homeowner finds their association by name or city and asks to join with their unit (issue 12,
 * section 1); a board member or the manager approves on the association's page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireContext(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, ASSOCIATION_LIMITS.searchMax);
  const db = await getDb();
  const [results, requests] = await Promise.all([
    searchAssociationsToJoin(db, viewer.user.id, q),
    listMyJoinRequests(db, viewer.user.id),
  ]);
  const requested = new Set(requests.map((r) => r.associationId));
  return json({
    q,
    results: results.map((r) => ({
      ...r,
      propertyTypeLabel: propertyTypeLabel(r.propertyType),
      requested: requested.has(r.id),
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireContext(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: JoinRequestSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return json(
      {
        associationId: String(formData.get("association_id") ?? ""),
        error: errors.unit?.[0] ?? errors.association_id?.[0] ?? "Choose an association and give your unit",
      },
      { status: 400 },
    );
  }
  const { association_id: associationId, unit } = submission.value;
  const outcome = await once(request, viewer.user.id, formData, (db) =>
    requestToJoin(db, associationId, viewer.user.id, unit),
  );
  if (!outcome.ok) {
    return json(
      { associationId, error: outcome.error.message },
      { status: domainErrorStatus(outcome.error.kind) },
    );
  }
  return redirectWithFlash("/properties", { tone: "success", message: ASSOCIATION_MESSAGES.requestSent });
}

export default function JoinAssociation() {
  const { q, results } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-sm">
        <Link to="/properties" className="text-blue-700 underline dark:text-blue-400">
          Properties Overview
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold">Join an Association</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Find your association by its name or city, then ask to join with your unit. A board member or the
        manager reviews your request.
      </p>
      <Form method="get" role="search" aria-label="Associations" className="mt-4 flex flex-wrap gap-2">
        <input
          type="search"
          name="q"
          defaultValue={q}
          aria-label="Association name or city"
          placeholder="Association name or city"
          maxLength={ASSOCIATION_LIMITS.searchMax}
          className="min-w-0 flex-1 basis-64 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
      </Form>
      {q ? (
        results.length === 0 ? (
          <p className="mt-6 text-slate-600 dark:text-slate-400">
            No association matches "{q}". Check the spelling, or ask your board or manager for an invitation.
          </p>
        ) : (
          <ul aria-label="Associations found" className="mt-6 flex flex-col gap-3">
            {results.map((r) => (
              <li
                key={r.id}
                data-testid="join-result"
                className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <h2 className="font-semibold">{r.name}</h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {r.propertyTypeLabel}
                  {r.city ? ` · ${r.city}${r.state ? `, ${r.state}` : ""}` : ""} · {r.unitCount} units
                </p>
                {r.requested ? (
                  <p className="mt-2 text-sm font-medium">{ASSOCIATION_MESSAGES.requestPending}</p>
                ) : (
                  <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                    <IdempotencyKey />
                    <input type="hidden" name="association_id" value={r.id} />
                    <div className="flex flex-col gap-1">
                      <label htmlFor={`unit-${r.id}`} className="text-sm font-medium">
                        Your unit
                      </label>
                      <input
                        id={`unit-${r.id}`}
                        name="unit"
                        required
                        maxLength={ASSOCIATION_LIMITS.unitMax}
                        aria-invalid={actionData?.associationId === r.id ? true : undefined}
                        aria-describedby={
                          actionData?.associationId === r.id ? `unit-${r.id}-error` : undefined
                        }
                        className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
                      />
                    </div>
                    <button type="submit" className={buttonClass("primary")}>
                      Request to join<span className="sr-only"> {r.name}</span>
                    </button>
                    {actionData?.associationId === r.id ? (
                      <div id={`unit-${r.id}-error`} className="basis-full">
                        <Alert title="Your request was not sent">{actionData.error}</Alert>
                      </div>
                    ) : null}
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
