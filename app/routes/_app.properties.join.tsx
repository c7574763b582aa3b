import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { ASSOCIATION_LIMITS, ASSOCIATION_MESSAGES } from "@domain/associations";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { joinAction, joinLoader } from "./_app.properties.join.server";

export const meta: MetaFunction = () => [{ title: "Join an Association · Association Commons" }];

/** Its loader and action (the schema with them) are in _app.properties.join.server.ts. */
export const loader = (args: LoaderFunctionArgs) => joinLoader(args);
export const action = (args: ActionFunctionArgs) => joinAction(args);

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
                  <JoinForm
                    associationId={r.id}
                    associationName={r.name}
                    lastResult={actionData?.associationId === r.id ? actionData.result : undefined}
                  />
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** One result's request: the unit, checked on the server (decision 056), its error beside it. */
function JoinForm({
  associationId,
  associationName,
  lastResult,
}: {
  associationId: string;
  associationName: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<{ association_id: string; unit: string }>({
    id: `join-${associationId}`,
    lastResult,
    shouldValidate: "onSubmit",
  });
  const unit = fields.unit;
  const errors = [...(form.errors ?? []), ...(unit.errors ?? [])];
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" {...getFormProps(form)}>
      <IdempotencyKey />
      <input type="hidden" name="association_id" value={associationId} />
      <div className="flex flex-col gap-1">
        <label htmlFor={unit.id} className="text-sm font-medium">
          Your unit
        </label>
        <input
          {...getInputProps(unit, { type: "text", ariaAttributes: false })}
          required
          maxLength={ASSOCIATION_LIMITS.unitMax}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? unit.errorId : undefined}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      <button type="submit" className={buttonClass("primary")}>
        Request to join<span className="sr-only"> {associationName}</span>
      </button>
      {errors.length ? (
        <div id={unit.errorId} className="basis-full">
          <Alert title="Your request was not sent">{errors.join(" ")}</Alert>
        </div>
      ) : null}
    </Form>
  );
}
