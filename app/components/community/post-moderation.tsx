import { MODERATION_MESSAGES } from "@domain/community/moderation";
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ReportForm } from "./report-form";

const small =
  "inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

/**
 * The Report of a post card, a comment or a live discussion message (issue 29, part 10; decisions 073
 * and 094): a link to the report form's own page, /report/{kind}/{id} (how it works without
 * JavaScript); with JavaScript the same form opens in place under the link. The form is rendered only
 * when opened, so a feed of cards carries no form per card. Once the reader has reported the item it
 * reads "Reported" and sending again updates the report.
 */
export function ReportMenu({
  kind = "post",
  postId,
  redirectTo,
  reported,
  what = "post",
  label,
  inline = false,
}: {
  kind?: "post" | "comment" | "live_message";
  /** The reported item's id (a post, a comment or a live message, as `kind` says). */
  postId: string;
  redirectTo: string;
  reported: boolean;
  /** How the notice names the item ("post", "comment", "message"). */
  what?: string;
  /** An accessible name for the link when many show on a page ("Report comment by Ann"). */
  label?: string;
  /**
   * The form opens in the flow, on its own line, rather than floating: inside a scrolled box (a live
   * discussion's chat) a floating form below the last message would be cut off by the box's edge.
   */
  inline?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const link = useRef<HTMLAnchorElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Opened, the form takes the focus; Escape inside it closes it and gives the focus back to the link.
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector("select")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !panel.current?.contains(document.activeElement)) return;
      setOpen(false);
      link.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);
  const panelId = `report-${postId}-panel`;
  const href = `/report/${kind}/${postId}?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <div
      className={open ? (inline ? "relative basis-full" : "relative basis-full sm:basis-auto") : "relative"}
      data-testid="report-menu"
    >
      <a
        ref={link}
        href={href}
        className={small}
        aria-label={label ? `${reported ? "Reported" : "Report"} ${label}` : undefined}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={open ? panelId : undefined}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          setOpen((was) => !was);
        }}
      >
        {reported ? "Reported" : "Report"}
      </a>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className={`mt-1 w-full rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900 ${
            inline ? "sm:max-w-sm" : "sm:absolute sm:right-0 sm:z-10 sm:w-72"
          }`}
        >
          {reported ? (
            <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
              You reported this {what}. Sending again updates your report.
            </p>
          ) : null}
          <ReportForm
            kind={kind}
            targetId={postId}
            redirectTo={redirectTo}
            idPrefix={`report-${postId}`}
            onSubmit={() => setOpen(false)}
          />
        </div>
      ) : null}
    </div>
  );
}

/** What moderators did to a post, as its author (and administrators) see it. */
export function ModerationNotice({
  moderation,
  mine,
  what = "post",
}: {
  moderation: { state: "hidden" | "removed"; reason: string };
  mine: boolean;
  /** The item's name in the hidden notice ("post", "comment", "message"). */
  what?: string;
}) {
  return (
    <div
      role="note"
      data-testid="moderation-notice"
      className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">
        {moderation.state === "removed"
          ? MODERATION_MESSAGES.removedNotice(moderation.reason)
          : mine
            ? what === "post"
              ? MODERATION_MESSAGES.hiddenNotice
              : MODERATION_MESSAGES.hiddenItemNotice(what)
            : "Hidden by a moderator."}
      </p>
      {moderation.state === "hidden" && moderation.reason ? (
        <p className="mt-1">{moderation.reason}</p>
      ) : null}
      {mine ? (
        <p className="mt-1">
          <Link to="/moderation" className="underline">
            Appeal or see details
          </Link>
        </p>
      ) : null}
    </div>
  );
}
