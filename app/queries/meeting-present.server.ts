import {
  attendanceRate,
  MEETING_STATUS_LABELS,
  MEETING_TYPE_LABELS,
  type MeetingStatus,
  type MeetingType,
  percentLabel,
} from "@domain/meeting";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, kind: "date" | "time" | "full") {
  const key = `${timeZone}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      "en-US",
      kind === "date"
        ? { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone }
        : kind === "time"
          ? { hour: "numeric", minute: "2-digit", timeZone }
          : { hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" },
    );
    formatters.set(key, f);
  }
  return f;
}

/** "Tue, Dec 1, 2026 · 6:00 PM – 8:00 PM EST" in the association's time zone. */
export function meetingWhen(start: string, end: string, timeZone: string) {
  const s = new Date(start);
  const e = new Date(end);
  return `${formatter(timeZone, "date").format(s)} · ${formatter(timeZone, "time").format(s)} – ${formatter(timeZone, "full").format(e)}`;
}

/** A meeting row as the list, the next-meeting card and the detail header show it. */
export function meetingSummary(
  m: {
    id: string;
    title: string;
    meetingType: string;
    status: string;
    startTime: string;
    endTime: string;
    location: string | null;
    meetingUrl: string | null;
    attendeeCount: number;
    presentCount: number;
    minutesStatus: string;
    cancelReason: string | null;
  },
  timeZone: string,
) {
  return {
    id: m.id,
    title: m.title,
    meetingType: m.meetingType as MeetingType,
    typeLabel: MEETING_TYPE_LABELS[m.meetingType as MeetingType] ?? m.meetingType,
    status: m.status as MeetingStatus,
    statusLabel: MEETING_STATUS_LABELS[m.status as MeetingStatus] ?? m.status,
    when: meetingWhen(m.startTime, m.endTime, timeZone),
    location: m.location,
    meetingUrl: m.meetingUrl,
    attendees: m.attendeeCount,
    attendance:
      m.status === "completed" ? percentLabel(attendanceRate(m.presentCount, m.attendeeCount)) : null,
    minutesStatus: m.minutesStatus,
    cancelReason: m.cancelReason,
  };
}
export type MeetingSummary = ReturnType<typeof meetingSummary>;

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}
