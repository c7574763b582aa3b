import { Form } from "@remix-run/react";
import type { NotificationItem } from "~/queries/notification-present.server";

export function PriorityBadge({ priority }: { priority: string }) {
  if (priority !== "urgent" && priority !== "high") return null;
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-[11px] font-semibold uppercase ${
        priority === "urgent"
          ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200"
          : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
      }`}
    >
      {priority}
    </span>
  );
}

/**
 * One notification as a button: clicking it marks it read and opens its link (spec 000 section 2.4),
 * a plain form post that works without JavaScript.
 */
export function NotificationOpenForm({ item }: { item: NotificationItem }) {
  return (
    <Form method="post" action="/notifications" className="min-w-0 flex-1">
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="id" value={item.id} />
      <button
        type="submit"
        className="block w-full rounded text-left focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <span className="flex items-start gap-2">
          {item.isRead ? null : (
            <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-blue-600" />
          )}
          <span className={`min-w-0 break-words text-sm ${item.isRead ? "" : "font-semibold"}`}>
            {item.title}
          </span>
          {item.isRead ? null : <span className="sr-only">(unread)</span>}
          <PriorityBadge priority={item.priority} />
        </span>
        {item.body ? (
          <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-300">{item.body}</span>
        ) : null}
        <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400" title={item.at}>
          {item.typeLabel} · {item.ago}
        </span>
      </button>
    </Form>
  );
}
