import type { SubmissionResult } from "@conform-to/react";
import {
  ACTION_LABELS,
  MODERATION_REASON_MAX,
  SUSPENSION_LABELS,
  SUSPENSION_PERIODS,
  targetKindLabel,
} from "@domain/community/moderation";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { buttonClass } from "~/components/ui/button";
import type { QueueItem } from "~/queries/moderation.server";
import { contentAction, contentLoader } from "./_app.admin_.content.server";

export const meta: MetaFunction = () => [{ title: "Admin · Content · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => contentLoader(request);
export const action = ({ request }: ActionFunctionArgs) => contentAction(request);

type Answer = { result: SubmissionResult<string[]>; key: string } | undefined;

const control =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const small = "px-2 py-1 text-sm";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });

function errorsFor(answer: Answer, key: string) {
  if (!answer || answer.key !== key)
    return { form: [] as string[], reason: [] as string[], period: [] as string[] };
  const e = answer.result.error ?? {};
  return { form: e[""] ?? [], reason: e.reason ?? [], period: e.period ?? [] };
}

/** The severity badge's colours (decision 073), each readable in both themes. */
const SEVERITY_TONE: Record<string, string> = {
  low: "bg-slate-100 text-slate-900",
  medium: "bg-amber-100 text-amber-950",
  high: "bg-orange-200 text-orange-950",
  critical: "bg-red-700 text-white",
};

/** The reported item: its kind, author and text (a kind without a renderer shows its id). */
function ItemView({ item }: { item: QueueItem }) {
  return (
    <div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {targetKindLabel(item.kind)} by <span className="font-semibold">{item.authorName ?? "unknown"}</span>
        {item.state ? (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-950">
            {item.state === "hidden" ? "Hidden" : "Removed"}
          </span>
        ) : null}
        {item.deleted ? (
          <span className="ml-2 text-xs">
            {item.kind === "live_message" ? "(removed by its room's moderators)" : "(deleted by its author)"}
          </span>
        ) : null}
      </p>
      {item.context ? (
        <p className="mt-1 text-sm" data-testid="queue-context">
          {item.context.label}{" "}
          <Link to={item.context.href} className="text-blue-700 underline dark:text-blue-300">
            {item.context.title.trim() || "(untitled)"}
          </Link>
        </p>
      ) : null}
      {item.content !== null ? (
        <blockquote
          data-testid="queue-content"
          className="mt-2 whitespace-pre-wrap break-words border-l-4 border-slate-300 pl-3 text-sm dark:border-slate-600"
        >
          {item.content.slice(0, 600)}
        </blockquote>
      ) : (
        <p className="mt-2 text-sm italic">
          Content not available here ({item.kind} {item.targetId}).
        </p>
      )}
      {item.href && !item.deleted ? (
        <Link to={item.href} className="mt-1 inline-block text-sm text-blue-700 underline dark:text-blue-300">
          Open
        </Link>
      ) : null}
    </div>
  );
}

function Errors({ list, id }: { list: string[]; id?: string }) {
  return list.length ? (
    <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-400">
      {list.join(" ")}
    </p>
  ) : null;
}

/**
 * /admin/content (issue 29, part 10): reports grouped per item with reasons and counts, one form per
 * item whose buttons hide, remove, dismiss, warn or suspend (plain POSTs), open appeals to uphold or
 * reverse, and the log of every action.
 */

/** The queue's buttons for an item, each its own intent (Suspend has its period beside it). */
const ITEM_ACTIONS = [
  ["hide", "Hide"],
  ["remove", "Remove"],
  ["dismiss", "Dismiss"],
  ["warn", "Warn"],
] as const;
export default function AdminContent() {
  const { reports, appeals, history } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer;
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="content" />
      <section aria-labelledby="reports-title" className="mt-6">
        <h2 id="reports-title" className="text-xl font-semibold">
          Reported content ({reports.length})
        </h2>
        {reports.length === 0 ? <p className="mt-2 text-sm">No open reports.</p> : null}
        <ul className="mt-3 flex flex-col gap-4">
          {reports.map((r) => {
            const key = r.targetId;
            const errors = errorsFor(answer, key);
            const reasonId = `reason-${key}`;
            return (
              <li
                key={`${r.kind}-${r.targetId}`}
                data-testid="reported-item"
                className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <ItemView item={r} />
                <p className="mt-3">
                  <span
                    data-testid="report-severity"
                    className={`rounded px-1.5 py-0.5 text-xs font-semibold ${SEVERITY_TONE[r.severity]}`}
                  >
                    Severity: {r.severity}
                  </span>
                </p>
                <p className="mt-2 text-sm font-medium">
                  {r.reportCount} {r.reportCount === 1 ? "report" : "reports"}:{" "}
                  {r.categories.map((c) => `${c.category} (${c.count})`).join(", ")}
                </p>
                <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
                  {r.details.map((d) => (
                    <li key={`${d.reporterName}-${d.at}`}>
                      {d.category}
                      {d.details ? `: ${d.details}` : ""}{" "}
                      <span className="text-xs text-slate-500 dark:text-slate-400">
                        ({d.reporterName}, {when(d.at)})
                      </span>
                    </li>
                  ))}
                </ul>
                <Form method="post" className="mt-3 flex flex-col gap-2" data-testid="moderate-form">
                  <input type="hidden" name="kind" value={r.kind} />
                  <input type="hidden" name="targetId" value={r.targetId} />
                  <Errors list={errors.form} />
                  <label htmlFor={reasonId} className="text-sm font-medium">
                    Reason shown to the author (needed to remove, warn or suspend)
                  </label>
                  <textarea
                    id={reasonId}
                    name="reason"
                    rows={2}
                    maxLength={MODERATION_REASON_MAX}
                    className={control}
                    aria-invalid={errors.reason.length ? true : undefined}
                    aria-describedby={errors.reason.length ? `${reasonId}-error` : undefined}
                  />
                  <Errors list={errors.reason} id={`${reasonId}-error`} />
                  <div className="flex flex-wrap items-end gap-2">
                    {ITEM_ACTIONS.map(([intent, label]) => (
                      <button
                        key={intent}
                        type="submit"
                        name="intent"
                        value={intent}
                        className={buttonClass("secondary", small)}
                      >
                        {label}
                      </button>
                    ))}
                    <label className="flex items-center gap-1 text-sm">
                      <span>Suspend for</span>
                      <select
                        name="period"
                        defaultValue="1d"
                        className="rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
                      >
                        {SUSPENSION_PERIODS.map((p) => (
                          <option key={p} value={p}>
                            {SUSPENSION_LABELS[p]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="submit"
                      name="intent"
                      value="suspend"
                      className={buttonClass("secondary", small)}
                    >
                      Suspend posting
                    </button>
                  </div>
                  <Errors list={errors.period} />
                </Form>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="appeals-title" className="mt-8">
        <h2 id="appeals-title" className="text-xl font-semibold">
          Appeals ({appeals.length})
        </h2>
        {appeals.length === 0 ? <p className="mt-2 text-sm">No open appeals.</p> : null}
        <ul className="mt-3 flex flex-col gap-4">
          {appeals.map((a) => {
            const errors = errorsFor(answer, a.id);
            const reasonId = `appeal-reason-${a.id}`;
            return (
              <li
                key={a.id}
                data-testid="appeal-item"
                className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <p className="text-sm">
                  <span className="font-semibold">{a.appellantName}</span> appeals{" "}
                  {a.suspension
                    ? "a posting suspension"
                    : `a ${targetKindLabel(a.subjectKind).toLowerCase()}`}{" "}
                  <span className="text-xs text-slate-500 dark:text-slate-400">({when(a.createdAt)})</span>
                </p>
                <blockquote className="mt-2 whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-sm dark:bg-slate-800">
                  {a.message}
                </blockquote>
                {a.item ? (
                  <div className="mt-2">
                    <ItemView item={a.item} />
                    {a.item.stateReason ? (
                      <p className="mt-1 text-sm">Reason given: {a.item.stateReason}</p>
                    ) : null}
                  </div>
                ) : null}
                {a.suspension ? (
                  <p className="mt-2 text-sm">
                    Suspended until {when(a.suspension.endsAt)}. Reason given: {a.suspension.reason}
                  </p>
                ) : null}
                <Form method="post" className="mt-3 flex flex-col gap-2">
                  <input type="hidden" name="appealId" value={a.id} />
                  <Errors list={errors.form} />
                  <label htmlFor={reasonId} className="text-sm font-medium">
                    Answer to the author (optional)
                  </label>
                  <textarea
                    id={reasonId}
                    name="reason"
                    rows={2}
                    maxLength={MODERATION_REASON_MAX}
                    className={control}
                  />
                  <Errors list={errors.reason} />
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="submit"
                      name="intent"
                      value="uphold"
                      className={buttonClass("secondary", small)}
                    >
                      Uphold
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="reverse"
                      className={buttonClass("primary", small)}
                    >
                      Reverse
                    </button>
                  </div>
                </Form>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="history-title" className="mt-8">
        <h2 id="history-title" className="text-xl font-semibold">
          History
        </h2>
        {history.length === 0 ? (
          <p className="mt-2 text-sm">No moderation actions yet.</p>
        ) : (
          <AdminTable
            caption="Moderation actions, newest first"
            columns={["When", "Action", "Target", "By", "Reason"]}
          >
            {history.map((h) => (
              <tr key={h.id} data-testid="moderation-log" className={adminRow}>
                <td className={adminCell}>{when(h.createdAt)}</td>
                <td className={adminCell}>
                  {(ACTION_LABELS as Record<string, string>)[h.action] ?? h.action}
                  {h.endsAt ? <span className="block text-xs">until {when(h.endsAt)}</span> : null}
                </td>
                <td className={adminCell}>
                  {h.targetKind === "suspension" ? "Suspension" : targetKindLabel(h.targetKind)}
                  {h.subjectName ? ` of ${h.subjectName}` : ""}
                </td>
                <td className={adminCell}>{h.actorName}</td>
                <td className={adminCell}>{h.reason || "—"}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </div>
  );
}
