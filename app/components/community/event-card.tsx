import {
  attendeeCountText,
  CANCEL_REASON_MAX,
  COMMUNITY_EVENT_TYPE_LABELS,
  type CommunityEventType,
  EVENT_MESSAGES,
  isPastEvent,
  mayJoinMeeting,
  RSVP_LABELS,
  RSVP_STATUSES,
  rsvpOpen,
} from "@domain/community/events";
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import type { EventCardData } from "~/queries/community-events.server";

const dateTime = (iso: string, zone: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  }).format(new Date(iso));

const dateOnly = (iso: string, zone: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: zone }).format(
    new Date(iso),
  );

/**
 * The event card (spec 002 "Event card"): type badge, Past Event badge, title, date and time, location
 * or "Virtual Event", attendee count, RSVP deadline, RSVP buttons while open, and Join Meeting for a
 * virtual event the person attends (the link reaches the page only for them). RSVP is a plain form.
 */
export function EventCard({
  event: e,
  now,
  viewerId,
  canManageAny = false,
}: {
  event: EventCardData;
  now: string;
  viewerId: string;
  /** Administrators may edit and cancel any event. */
  canManageAny?: boolean;
}) {
  const at = new Date(now);
  const past = isPastEvent(e.startsAt, at);
  const open = rsvpOpen(e, at);
  const join =
    !e.cancelledAt && e.meetingLink && (e.authorId === viewerId ? !past : mayJoinMeeting(e, e.myStatus, at));
  // Editing and cancelling: the host or an administrator, until the event is cancelled or starts.
  const mayCancel = (e.authorId === viewerId || canManageAny) && !e.cancelledAt && !past;
  return (
    <article
      id={`event-${e.id}`}
      aria-labelledby={`event-${e.id}-title`}
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="event-card"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
        <span className="rounded-full bg-blue-100 px-2 py-0.5 text-blue-900 dark:bg-blue-900/60 dark:text-blue-100">
          {COMMUNITY_EVENT_TYPE_LABELS[e.eventType as CommunityEventType] ?? e.eventType}
        </span>
        {e.cancelledAt ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-red-900 dark:bg-red-900/60 dark:text-red-100">
            Cancelled
          </span>
        ) : past ? (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-slate-800 dark:bg-slate-700 dark:text-slate-100">
            Past Event
          </span>
        ) : null}
        {e.associationName ? (
          <span className="text-slate-600 dark:text-slate-300">{e.associationName}</span>
        ) : null}
      </div>
      <h3 id={`event-${e.id}-title`} className="mt-2 text-lg font-semibold break-words">
        {e.title}
      </h3>
      <dl className="mt-2 grid gap-1 text-sm text-slate-700 dark:text-slate-200">
        <div>
          <dt className="sr-only">When</dt>
          <dd>
            <time dateTime={e.startsAt}>{dateTime(e.startsAt, e.timeZone)}</time>
          </dd>
        </div>
        <div>
          <dt className="sr-only">Where</dt>
          <dd>{e.isVirtual ? "Virtual Event" : e.location}</dd>
        </div>
        <div>
          <dt className="sr-only">Attendees</dt>
          <dd data-testid="attendee-count">
            {attendeeCountText(e.attendeeCount, e.maxAttendees)}
            {e.waitlistCount > 0 ? ` · ${e.waitlistCount} on the waitlist` : ""}
          </dd>
        </div>
        {e.rsvpDeadline ? (
          <div>
            <dt className="inline">RSVP deadline: </dt>
            <dd className="inline">{dateOnly(e.rsvpDeadline, e.timeZone)}</dd>
          </div>
        ) : null}
        <div className="text-slate-600 dark:text-slate-400">
          <dt className="inline">Hosted by </dt>
          <dd className="inline">{e.authorName}</dd>
        </div>
      </dl>
      {e.cancelledAt ? (
        <p className="mt-2 text-sm text-red-800 dark:text-red-300" data-testid="event-cancelled">
          {EVENT_MESSAGES.CANCELLED}
          {e.cancellationReason ? `: ${e.cancellationReason}` : "."}
        </p>
      ) : null}
      {e.myStatus ? (
        <p className="mt-2 text-sm font-medium" data-testid="my-rsvp">
          Your answer: {RSVP_LABELS[e.myStatus]}
          {e.myStatus === "waitlisted" && e.myWaitlistPlace ? ` (number ${e.myWaitlistPlace} in line)` : ""}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {open ? (
          <Form method="post" className="flex flex-wrap gap-2" aria-label={`RSVP to ${e.title}`}>
            <input type="hidden" name="intent" value="rsvp" />
            <input type="hidden" name="event_id" value={e.id} />
            {RSVP_STATUSES.map((s) => (
              <button
                key={s}
                type="submit"
                name="status"
                value={s}
                aria-pressed={e.myStatus === s || (s === "attending" && e.myStatus === "waitlisted")}
                className={buttonClass(e.myStatus === s ? "primary" : "secondary")}
              >
                {RSVP_LABELS[s]}
              </button>
            ))}
          </Form>
        ) : null}
        {mayCancel ? (
          <Link to={`/common-area/events?edit=${e.id}#edit-event`} className={buttonClass("secondary")}>
            Edit Event
          </Link>
        ) : null}
        {join ? (
          <a
            href={e.meetingLink ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("primary")}
          >
            Join Meeting
          </a>
        ) : null}
      </div>
      {mayCancel ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-red-800 dark:text-red-300">Cancel Event</summary>
          <Form method="post" className="mt-2 flex flex-col gap-2" aria-label={`Cancel ${e.title}`}>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="event_id" value={e.id} />
            <label htmlFor={`cancel-reason-${e.id}`} className="font-medium">
              Reason (optional, shown to everyone who answered)
            </label>
            <textarea
              id={`cancel-reason-${e.id}`}
              name="reason"
              maxLength={CANCEL_REASON_MAX}
              rows={2}
              className="rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
            />
            <div>
              <button
                type="submit"
                className={buttonClass(
                  "primary",
                  "bg-red-700 hover:bg-red-800 dark:bg-red-700 dark:hover:bg-red-600",
                )}
              >
                Cancel this event
              </button>
            </div>
          </Form>
        </details>
      ) : null}
    </article>
  );
}
