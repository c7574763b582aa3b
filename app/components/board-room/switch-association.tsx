import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { ArrowLeft, Building2 } from "~/components/ui/icons";

/**
 * A board room page of a meeting that belongs to another of the person's associations (openOrOfferSwitch
 * in app/auth/board-room.server.ts): which association holds it, and a plain form to the association
 * switcher (/properties/switch) that comes back to `redirectTo`, the page asked for. Works without
 * JavaScript. Nothing of the meeting beyond its title.
 */
export function SwitchAssociationForMeeting({
  associationId,
  associationName,
  meetingTitle,
  redirectTo,
}: {
  associationId: string;
  associationName: string;
  meetingTitle: string;
  redirectTo: string;
}) {
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <Link
        to="/calendar"
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the calendar
      </Link>
      <section
        aria-labelledby="switch-association-heading"
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <h1 id="switch-association-heading" className="text-2xl font-semibold [overflow-wrap:anywhere]">
          {meetingTitle}
        </h1>
        <p className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <Building2 aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span>
            This meeting belongs to <strong className="[overflow-wrap:anywhere]">{associationName}</strong>,
            not to the association you are working in. Switch to it to open the meeting.
          </span>
        </p>
        <Form method="post" action="/properties/switch">
          <input type="hidden" name="association_id" value={associationId} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className={buttonClass("primary")}>
            Switch to {associationName}
          </button>
        </Form>
      </section>
    </div>
  );
}
