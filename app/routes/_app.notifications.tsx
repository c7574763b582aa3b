import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import {
  emptyStateFor,
  FILTER_LABELS,
  GROUPING_LABELS,
  groupNotifications,
  NOTIFICATION_FILTERS,
  NOTIFICATION_GROUPINGS,
  NOTIFICATION_SORTS,
  parseListParams,
  SORT_LABELS,
} from "@domain/notifications";
import { DEFAULT_TIME_ZONE } from "@domain/rfp/time";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireUser, safeRedirect } from "~/auth/session.server";
import {
  archiveNotifications,
  deleteNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
} from "~/commands/notifications.server";
import { NotificationOpenForm } from "~/components/notifications/notification-open-form";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Archive, BellOff, CheckCheck, Trash2 } from "~/components/ui/icons";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { intentOf } from "~/forms.server";
import { presentNotification } from "~/queries/notification-present.server";
import { getNotification, getReaderTimeZone, listNotifications } from "~/queries/notifications.server";
import { NOTIFICATION_INTENTS, parseNotificationForm } from "./_app.notifications.server";

export const meta: MetaFunction = () => [{ title: "Notifications · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = parseListParams(new URL(request.url).searchParams);
  const db = await getDb();
  const [{ items, total }, timeZone] = await Promise.all([
    listNotifications(db, user.id, params),
    getReaderTimeZone(db, user.id),
  ]);
  const now = new Date();
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const groups = groupNotifications(items, params.group, now, zone).map((g) => ({
    key: g.key,
    label: g.label,
    items: g.items.map((n) => presentNotification(n, now, zone)),
  }));
  return json({
    params,
    groups,
    shown: items.length,
    empty: emptyStateFor({ total, query: params.q, shown: items.length }),
  });
}

const plural = (n: number, word: string) => `${n} notification${n === 1 ? "" : "s"} ${word}`;

/** Where to go back to: this page with the same filters (never another site). */
function backTo(returnTo: string | undefined) {
  const to = safeRedirect(returnTo, "/notifications");
  return to.startsWith("/notifications") ? to : "/notifications";
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseNotificationForm(request);
  if (submission.status !== "success")
    return json(
      { intent: intentOf(submission.payload, NOTIFICATION_INTENTS), result: submission.reply() },
      { status: 400 },
    );
  const db = await getDb();
  const input = submission.value;
  switch (input.intent) {
    case "open": {
      // Clicking a notification marks it read and opens its link (spec 000 section 2.4).
      const row = await getNotification(db, user.id, input.id);
      if (!row) throw new Response("Notification not found", { status: 404 });
      await markNotificationsRead(db, user.id, [row.id]);
      return redirect(safeRedirect(row.actionUrl, "/notifications"));
    }
    case "read": {
      const n = await markNotificationsRead(db, user.id, input.ids);
      return redirectWithFlash(backTo(input.returnTo), {
        message: plural(n, "marked read"),
        tone: "success",
      });
    }
    case "archive": {
      const n = await archiveNotifications(db, user.id, input.ids);
      return redirectWithFlash(backTo(input.returnTo), { message: plural(n, "archived"), tone: "success" });
    }
    case "delete": {
      const n = await deleteNotifications(db, user.id, input.ids);
      return redirectWithFlash(backTo(input.returnTo), { message: plural(n, "deleted"), tone: "success" });
    }
    case "read-all": {
      await markAllNotificationsRead(db, user.id);
      return redirectWithFlash(backTo(input.returnTo), {
        message: "All notifications marked read",
        tone: "success",
      });
    }
    default: {
      const never: never = input;
      throw new Error(`Unknown intent ${JSON.stringify(never)}`);
    }
  }
}

const selectClass =
  "rounded-md border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-700 dark:bg-slate-800";

export default function NotificationsPage() {
  const { params, groups, shown, empty } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  // The bulk form (Conform, checked on the server only): a refusal of its ticked boxes shows beside them.
  const bulkAsked =
    actionData?.intent === "read" || actionData?.intent === "archive" || actionData?.intent === "delete";
  const [bulk, bulkFields] = useForm<{ ids: string[]; returnTo: string }>({
    id: "bulk",
    lastResult: bulkAsked ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  const idErrors = bulkFields.ids.errors;
  // Another form refused (a tampered post, or one without an action): said at the top.
  const otherRefusal =
    actionData && !bulkAsked
      ? (Object.values(actionData.result.error ?? {}).flat()[0] ?? "Choose an action.")
      : null;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Without JavaScript each box is ticked by hand; with it, "Select all" ticks them all.
  const selectAll = (on: boolean) => {
    for (const box of document.querySelectorAll<HTMLInputElement>('input[form="bulk"][name="ids"]'))
      box.checked = on;
  };

  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Notifications</h1>
        <Form method="post" action={returnTo}>
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit" name="intent" value="read-all" variant="secondary">
            <CheckCheck aria-hidden="true" className="h-4 w-4" /> Mark all read
          </Button>
        </Form>
      </div>

      <Form
        method="get"
        action="/notifications"
        className="mt-4 flex flex-wrap items-end gap-2"
        role="search"
      >
        <label className="flex min-w-[12rem] flex-1 flex-col text-sm">
          <span className="mb-1 font-medium">Search notifications</span>
          <input
            type="search"
            name="q"
            defaultValue={params.q}
            placeholder="Title or text"
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-800"
          />
        </label>
        <label className="flex flex-col text-sm">
          <span className="mb-1 font-medium">Show</span>
          <select name="filter" defaultValue={params.filter} className={selectClass}>
            {NOTIFICATION_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          <span className="mb-1 font-medium">Group by</span>
          <select name="group" defaultValue={params.group} className={selectClass}>
            {NOTIFICATION_GROUPINGS.map((g) => (
              <option key={g} value={g}>
                {GROUPING_LABELS[g]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          <span className="mb-1 font-medium">Sort</span>
          <select name="sort" defaultValue={params.sort} className={selectClass}>
            {NOTIFICATION_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </Form>

      {otherRefusal ? (
        <div className="mt-4">
          <Alert title={otherRefusal} />
        </div>
      ) : null}

      {empty ? (
        <div className="mt-10 flex flex-col items-center gap-2 text-center text-slate-600 dark:text-slate-300">
          <BellOff aria-hidden="true" className="h-10 w-10 text-slate-400" />
          <p className="text-lg font-semibold">{empty}</p>
        </div>
      ) : (
        <>
          <Form
            method="post"
            action={returnTo}
            className="mt-4 flex flex-wrap items-center gap-2 border-b border-slate-200 pb-3 dark:border-slate-800"
            {...getFormProps(bulk)}
          >
            <input type="hidden" name="returnTo" value={returnTo} />
            {hydrated ? (
              <label className="mr-2 flex items-center gap-2 text-sm">
                <input type="checkbox" onChange={(e) => selectAll(e.target.checked)} />
                Select all
              </label>
            ) : null}
            <span className="text-sm text-slate-600 dark:text-slate-400">{shown} shown</span>
            <span className="ml-auto flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value="read"
                className={buttonClass("ghost", "whitespace-nowrap px-3 py-1.5")}
              >
                <CheckCheck aria-hidden="true" className="h-4 w-4" /> Mark read
              </button>
              {params.filter !== "archived" ? (
                <button
                  type="submit"
                  name="intent"
                  value="archive"
                  className={buttonClass("ghost", "whitespace-nowrap px-3 py-1.5")}
                >
                  <Archive aria-hidden="true" className="h-4 w-4" /> Archive
                </button>
              ) : null}
              <button
                type="submit"
                name="intent"
                value="delete"
                className={buttonClass(
                  "ghost",
                  "whitespace-nowrap px-3 py-1.5 text-red-700 dark:text-red-300",
                )}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
              </button>
            </span>
            {idErrors?.length ? (
              <p
                id={bulkFields.ids.errorId}
                className="w-full text-sm font-semibold text-red-700 dark:text-red-400"
              >
                {idErrors.join(" ")}
              </p>
            ) : null}
          </Form>
          {groups.map((group) => (
            <section key={group.key} aria-label={group.label || "Notifications"} className="mt-4">
              {group.label ? (
                <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
                  {group.label}
                </h2>
              ) : null}
              <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
                {group.items.map((n) => (
                  <li key={n.id} className="flex items-start gap-3 p-3" data-read={n.isRead}>
                    <input
                      {...getInputProps(bulkFields.ids, { type: "checkbox", value: n.id })}
                      key={n.id}
                      id={`${bulkFields.ids.id}-${n.id}`}
                      aria-label={`Select ${n.title}`}
                      className="mt-1.5"
                    />
                    <NotificationOpenForm item={n} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
