import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CheckCircle2, Info, X } from "~/components/ui/icons";
import type { Flash } from "~/flash.server";

/**
 * The one place a flash message shows (issue 11, part 4.1): the message the last redirect carried
 * ("Profile updated"), read once by the root loader (app/flash.server.ts) and rendered by the server,
 * so it shows without JavaScript too. Announced politely (role="status"). Dismissing it is a link to
 * the same page (the cookie is already cleared, so without JavaScript the page comes back without it);
 * with JavaScript the link only hides it. Moving to another page puts it away. It sits above the page's
 * content, in the flow, so it never covers a control.
 */
export function Toast({ className = "" }: { className?: string }) {
  const root = useRouteLoaderData<{ flash: Flash | null }>("root");
  const flash = root?.flash ?? null;
  // The message stays once it came: a live refresh of the page right after (revalidate) reads the root
  // loader again, finds the cookie cleared, and must not take the message away. Moving to another page
  // still puts it away (ToastMessage).
  const [last, setLast] = useState<Flash | null>(flash);
  if (flash && flash.at !== last?.at) setLast(flash);
  const shown = flash ?? last;
  if (!shown) return null;
  return <ToastMessage key={shown.at} flash={shown} className={className} />;
}

function ToastMessage({ flash, className }: { flash: Flash; className: string }) {
  const [open, setOpen] = useState(true);
  const location = useLocation();
  const [shownAt] = useState(location.pathname);
  useEffect(() => {
    if (location.pathname !== shownAt) setOpen(false);
  }, [location.pathname, shownAt]);
  if (!open) return null;
  const Icon = flash.tone === "success" ? CheckCircle2 : Info;
  const tone =
    flash.tone === "success"
      ? "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
      : "border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100";
  return (
    <div className={className}>
      <div
        role="status"
        data-testid="toast"
        className={`flex items-start gap-3 rounded-md border p-3 text-sm shadow-sm ${tone}`}
      >
        <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <p className="flex-1 font-medium">{flash.message}</p>
        <Link
          to={`${location.pathname}${location.search}`}
          replace
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            setOpen(false);
          }}
          aria-label="Dismiss message"
          className="rounded p-0.5 hover:bg-black/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-current"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </div>
  );
}
