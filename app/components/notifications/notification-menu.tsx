import { EMPTY_STATES } from "@domain/notifications";
import { Link, useSubmit } from "@remix-run/react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Bell } from "~/components/ui/icons";
import type { BellItem } from "~/queries/notification-present.server";
import { CountBadge } from "./notification-bell";
import { PriorityBadge } from "./notification-open-form";

/**
 * The bell's menu (spec 000 section 2.4): the unread count and the 10 newest, as a Radix menu that
 * opens as it mounts, in place of the bell's plain button (notification-bell.tsx loads it when the bell
 * is first pressed).
 */
export default function NotificationMenu({
  unread,
  items,
  label,
  buttonClass,
}: {
  unread: number;
  items: BellItem[];
  label: string;
  buttonClass: string;
}) {
  const submit = useSubmit();
  return (
    <DropdownMenu modal={false} defaultOpen>
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
