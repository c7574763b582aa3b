import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MessageSquare } from "~/components/ui/icons";
import { onLive } from "~/live/live-source";

/**
 * The top bar's link to /messages with the unread messages count (issue 28), live: the stream's
 * `messages` event carries the new count. Without JavaScript it shows the server's count.
 */
export function MessagesBadge({ unread: initial }: { unread: number }) {
  const [unread, setUnread] = useState(initial);
  useEffect(() => setUnread(initial), [initial]);
  useEffect(() => onLive<{ unread: number }>("messages", (d) => setUnread(Math.max(0, d.unread))), []);
  const label = unread > 0 ? `Messages, ${unread} unread` : "Messages";
  return (
    <Link
      to="/messages"
      aria-label={label}
      className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <MessageSquare aria-hidden="true" className="h-5 w-5" />
      {unread > 0 ? (
        <span
          data-testid="unread-messages"
          className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-blue-700 px-1 text-center text-[11px] font-bold leading-5 text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
