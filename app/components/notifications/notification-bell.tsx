import { COMPACT_LIST_LIMIT } from "@domain/notifications";
import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Bell } from "~/components/ui/icons";
import { onLive } from "~/live/live-source";
import type { BellItem, NotificationItem } from "~/queries/notification-present.server";

/** The menu comes in a chunk of its own, when the bell is first pressed (or pointed at, or focused). */
const loadMenu = () => import("./notification-menu");
const NotificationMenu = lazy(loadMenu);

export interface BellData {
  unread: number;
  items: BellItem[];
}

/**
 * Follows the person's live stream (/api/notifications/stream): the unread count and new items as
 * they come, and a reload of role data when their roles or contexts change, through the tab's one
 * live stream (app/live/live-source.ts), which reconnects by itself and sends the last event id.
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
    const stops = [
      onLive<{ count: number }>("unread", ({ count }) =>
        setState((s) => ({ ...s, unread: Math.max(0, count) })),
      ),
      onLive<NotificationItem>("notification", (item) => {
        setState((s) =>
          s.items.some((i) => i.id === item.id)
            ? s
            : { ...s, items: [item, ...s.items].slice(0, COMPACT_LIST_LIMIT) },
        );
        if (pathname.current === "/notifications") revalidate.current();
      }),
      onLive("context", () => revalidate.current()),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, []);
  return state;
}

export function CountBadge({ count }: { count: number }) {
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
  // The Radix menu (notification-menu.tsx) is loaded when the bell is first pressed.
  const [wanted, setWanted] = useState(false);
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
  if (!wanted) {
    return (
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => setWanted(true)}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        className={buttonClass}
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        <CountBadge count={unread} />
      </button>
    );
  }
  return (
    <Suspense fallback={null}>
      <NotificationMenu unread={unread} items={items} label={label} buttonClass={buttonClass} />
    </Suspense>
  );
}
