import { COMPACT_LIST_LIMIT, EMPTY_STATES } from "@domain/notifications";
import { useLocation, useRevalidator, useSubmit } from "@remix-run/react";
import { Bell as LucideBell } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Link } from "~/components/ui/link";
import { staticIcon } from "~/components/ui/static-icon";
import type { NotificationItem } from "~/queries/notification-present.server";
import { PriorityBadge } from "./notification-open-form";

// Drawn from one string each (see staticIcon): these appear on every page.
const Bell = staticIcon(LucideBell);

export interface BellData {
  unread: number;
  items: NotificationItem[];
}

/**
 * Follows the person's live stream (/api/notifications/stream): the unread count and new items as
 * they come, and a reload of role data when their roles or contexts change. The browser's EventSource
 * reconnects by itself and sends the last event id, so nothing is missed.
 */
function useLiveNotifications(initial: BellData): BellData {
  const [state, setState] = useState(initial);
  // Fresh loader data (a navigation, a revalidation) replaces what the stream said.
  useEffect(() => setState(initial), [initial]);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // On /notifications itself a new notification also refreshes the list.
  const pathname = useRef("");
  pathname.current = useLocation().pathname;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/notifications/stream");
    source.addEventListener("unread", (e) => {
      const { count } = JSON.parse((e as MessageEvent<string>).data) as { count: number };
      setState((s) => ({ ...s, unread: Math.max(0, count) }));
    });
    source.addEventListener("notification", (e) => {
      const item = JSON.parse((e as MessageEvent<string>).data) as NotificationItem;
      setState((s) =>
        s.items.some((i) => i.id === item.id)
          ? s
          : { ...s, items: [item, ...s.items].slice(0, COMPACT_LIST_LIMIT) },
      );
      if (pathname.current === "/notifications") revalidate.current();
    });
    source.addEventListener("context", () => revalidate.current());
    return () => source.close();
  }, []);
  return state;
}

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-count"
      className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/**
 * The bell in the top bar (spec 000 section 2.4): the unread count and the 10 newest. Without
 * JavaScript it is a link to /notifications showing the server's count.
 */
export function NotificationBell(props: BellData) {
  const { unread, items } = useLiveNotifications(props);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const submit = useSubmit();
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  const buttonClass =
    "relative rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700 dark:text-slate-200 dark:hover:bg-slate-800";

  if (!hydrated) {
    return (
      <Link to="/notifications" aria-label={label} className={buttonClass}>
        <Bell aria-hidden="true" className="h-5 w-5" />
        <CountBadge count={unread} />
      </Link>
    );
  }
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger aria-label={label} className={buttonClass}>
        <Bell aria-hidden="true" className="h-5 w-5" />
        <CountBadge count={unread} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80 max-w-[calc(100vw-1rem)]">
        <div className="flex items-center justify-between px-2 py-1.5">
          <p className="text-sm font-semibold">Notifications</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{unread} unread</p>
        </div>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-slate-500">{EMPTY_STATES.none}</p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            {items.map((n) => (
              <DropdownMenuItem
                key={n.id}
                onSelect={() =>
                  submit({ intent: "open", id: n.id }, { method: "post", action: "/notifications" })
                }
              >
                <span className="flex w-full min-w-0 items-start gap-2">
                  <span
                    aria-hidden="true"
                    className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.isRead ? "bg-transparent" : "bg-blue-600"}`}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-1.5">
                      <span className={`truncate ${n.isRead ? "" : "font-semibold"}`}>{n.title}</span>
                      <PriorityBadge priority={n.priority} />
                    </span>
                    {n.body ? (
                      <span className="line-clamp-2 block text-xs text-slate-600 dark:text-slate-300">
                        {n.body}
                      </span>
                    ) : null}
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{n.ago}</span>
                  </span>
                </span>
              </DropdownMenuItem>
            ))}
          </div>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/notifications" className="justify-center font-medium text-blue-700 dark:text-blue-300">
            View all
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
