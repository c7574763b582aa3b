import { Link } from "@remix-run/react";
import type { ConversationSummary } from "~/queries/messages.server";

/**
 * The messages centre's compact variant (spec 002): the three latest conversations and the total
 * unread badge, each a link into its thread.
 */
export function MessagesCompact({
  conversations,
  unread,
}: {
  conversations: ConversationSummary[];
  unread: number;
}) {
  return (
    <section
      aria-labelledby="messages-compact-heading"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-2">
        <h2 id="messages-compact-heading" className="text-lg font-semibold">
          Messages
        </h2>
        {unread > 0 ? (
          <span
            className="rounded-full bg-blue-700 px-2 text-xs font-bold text-white"
            data-testid="messages-compact-unread"
          >
            {unread} unread
          </span>
        ) : null}
        <Link
          to="/messages"
          className="ml-auto text-sm font-medium text-blue-700 underline dark:text-blue-300"
        >
          All messages
        </Link>
      </div>
      {conversations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No conversations yet</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
          {conversations.map((c) => (
            <li key={c.id}>
              <Link
                to={`/messages?c=${c.id}`}
                className="block py-2 hover:bg-slate-50 dark:hover:bg-slate-800"
              >
                <span className={`block truncate text-sm ${c.unread > 0 ? "font-bold" : "font-medium"}`}>
                  {c.title}
                  {c.unread > 0 ? <span className="sr-only">, {c.unread} unread</span> : null}
                </span>
                <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                  {c.lastMessagePreview ?? "No messages yet"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
