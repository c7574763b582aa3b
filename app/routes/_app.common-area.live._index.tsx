import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import {
  durationLabel,
  LIVE_CATEGORIES,
  LIVE_DURATIONS,
  LIVE_SORT_LABELS,
  LIVE_SORTS,
  LIVE_STATUS_LABELS,
  LIVE_STATUSES,
  LIVE_TITLE_MAX,
  liveListQuery,
} from "@domain/community/live";
import { relativeTime } from "@domain/community/posts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";
import { liveBrowserAction, liveBrowserLoader } from "./_app.common-area.live._index.server";

export const meta: MetaFunction = () => [{ title: "Live discussions · Community · Association Commons" }];

/**
 * Live discussions (issue 29, part 6; spec 002 "Live discussion browser"): the running discussions
 * (or the ended ones' transcripts), searched, filtered and sorted on the server from the query string,
 * and the Start a discussion form. Works without JavaScript.
 */
export const loader = ({ request }: LoaderFunctionArgs) => liveBrowserLoader(request);
export const action = ({ request }: ActionFunctionArgs) => liveBrowserAction(request);

const control =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

type Fields = {
  title: string;
  description: string;
  category: string;
  tags: string;
  estimated_minutes: string;
};

function StartForm() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<Fields>({
    id: "start-discussion",
    lastResult: (actionData?.result as SubmissionResult<string[]> | null | undefined) ?? undefined,
    defaultValue: { estimated_minutes: "60" },
    shouldValidate: "onSubmit",
  });
  return (
    <section
      aria-labelledby="start-heading"
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="start-heading" className="text-xl font-semibold">
        Start a discussion
      </h2>
      <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
        <IdempotencyKey />
        <input type="hidden" name="intent" value="start" />
        {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
        {actionData?.error ? <Alert title={actionData.error} /> : null}
        <Field
          label="Title"
          {...getInputProps(fields.title, { type: "text" })}
          errors={fields.title.errors}
          maxLength={LIVE_TITLE_MAX}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.description.id} className="text-sm font-medium">
            Description
          </label>
          <textarea
            {...getInputProps(fields.description, { type: "text" })}
            rows={3}
            className={control}
            aria-invalid={fields.description.errors ? true : undefined}
            aria-describedby={fields.description.errors ? `${fields.description.id}-error` : undefined}
          />
          {fields.description.errors ? (
            <p id={`${fields.description.id}-error`} className="text-sm text-red-700 dark:text-red-400">
              {fields.description.errors.join(" ")}
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Category"
            {...getSelectProps(fields.category)}
            errors={fields.category.errors}
            placeholder="Choose a category"
            options={LIVE_CATEGORIES.map((c) => ({ value: c, label: c }))}
          />
          <SelectField
            label="Estimated duration"
            {...getSelectProps(fields.estimated_minutes)}
            errors={fields.estimated_minutes.errors}
            options={LIVE_DURATIONS.map((m) => ({ value: String(m), label: durationLabel(m) }))}
          />
        </div>
        <Field
          label="Tags"
          hint="Up to 5, separated by commas or spaces."
          {...getInputProps(fields.tags, { type: "text" })}
          errors={fields.tags.errors}
        />
        <div>
          <Button type="submit" disabled={busy}>
            Start discussion
          </Button>
        </div>
      </Form>
    </section>
  );
}

export default function LiveDiscussions() {
  const data = useLoaderData<typeof loader>();
  const p = data.params;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-3xl font-semibold">Live discussions</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Talk it through in real time with other community members.
          </p>
        </div>
        <Link
          to="/common-area"
          className="text-sm font-medium text-blue-800 hover:underline dark:text-blue-300"
        >
          Back to the Common Area feed
        </Link>
      </div>
      <nav aria-label="Discussions" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {LIVE_STATUSES.map((s) => (
          <Link
            key={s}
            to={`/common-area/live${liveListQuery({ ...p, status: s })}`}
            aria-current={p.status === s ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              p.status === s
                ? "border-blue-700 text-blue-800 dark:border-blue-300 dark:text-blue-200"
                : "border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300"
            }`}
          >
            {LIVE_STATUS_LABELS[s]}
          </Link>
        ))}
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Find discussions">
        {p.status !== "live" ? <input type="hidden" name="status" value={p.status} /> : null}
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
          Search
          <input
            type="search"
            name="q"
            defaultValue={p.q}
            className={control}
            placeholder="Title, description or tag"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Category
          <select name="category" defaultValue={p.category ?? ""} className={control}>
            <option value="">All categories</option>
            {LIVE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Sort
          <select name="sort" defaultValue={p.sort} className={control}>
            {LIVE_SORTS.map((s) => (
              <option key={s} value={s}>
                {LIVE_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </Form>
      {data.discussions.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          {p.status === "ended" ? "No ended discussions found." : "No live discussions right now."}
        </p>
      ) : (
        <ul className="grid gap-3" data-testid="live-discussions">
          {data.discussions.map((d) => (
            <li
              key={d.id}
              data-testid="live-discussion"
              className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            >
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                  {d.category}
                </span>
                {d.endedAt ? (
                  <span className="rounded-full bg-slate-200 px-2 py-0.5 font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                    Ended
                  </span>
                ) : (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-800 dark:bg-red-900 dark:text-red-100">
                    Live
                  </span>
                )}
              </div>
              <h2 className="mt-2 text-lg font-semibold">
                <Link
                  to={`/common-area/live/${d.id}`}
                  className="text-blue-800 hover:underline dark:text-blue-300"
                >
                  {d.title}
                </Link>
              </h2>
              {d.description ? (
                <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
                  {d.description}
                </p>
              ) : null}
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                Hosted by {d.hostName} · started{" "}
                <time dateTime={d.startedAt}>{relativeTime(new Date(d.startedAt), new Date(data.now))}</time>{" "}
                · {d.participantCount} {d.participantCount === 1 ? "participant" : "participants"} ·{" "}
                {d.messageCount} {d.messageCount === 1 ? "message" : "messages"} · about{" "}
                {durationLabel(d.estimatedMinutes)}
              </p>
              {d.tags.length > 0 ? (
                <p className="mt-1 flex flex-wrap gap-2 text-xs text-slate-600 dark:text-slate-400">
                  {d.tags.map((t) => (
                    <span key={t}>#{t}</span>
                  ))}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <StartForm />
    </div>
  );
}
