import { EVENT_TYPE_LABELS, type EventType, entryColor, SOURCE_LABELS } from "@domain/calendar";
import type { ChipView, EntryView } from "~/components/calendar/entry";
import type { CalendarEntry } from "./calendar.server";

/** Calendar entries formatted for the pages, in the viewer's zone. */

/** The formats the pages use, each made once per zone (a month shows hundreds of labels). */
const FORMATS = {
  time: { hour: "numeric", minute: "2-digit" },
  date: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  longDateTime: { dateStyle: "full", timeStyle: "short" },
  longDate: { dateStyle: "full" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();
function fmt(zone: string, format: keyof typeof FORMATS) {
  const key = `${format}|${zone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { ...FORMATS[format], timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

export const timeLabel = (iso: string, zone: string) => fmt(zone, "time").format(new Date(iso));
export const dateLabel = (iso: string, zone: string) => fmt(zone, "date").format(new Date(iso));
export const longDateTime = (iso: string, zone: string) => fmt(zone, "longDateTime").format(new Date(iso));
export const longDate = (iso: string, zone: string) => fmt(zone, "longDate").format(new Date(iso));

export function entryView(e: CalendarEntry, zone: string): EntryView {
  // An all-day event shows on its own days, whatever the viewer's zone.
  const shownZone = e.isAllDay ? e.timeZone : zone;
  return {
    key: e.key,
    title: e.title,
    href: e.href,
    color: entryColor(e.source, e.eventType),
    source: e.source,
    sourceLabel: SOURCE_LABELS[e.source] ?? e.source,
    typeLabel: EVENT_TYPE_LABELS[e.eventType as EventType] ?? e.eventType,
    time: e.isAllDay ? "All day" : timeLabel(e.startsAt, zone),
    date: dateLabel(e.startsAt, shownZone),
    association: e.associationName,
    recurring: e.recurring,
  };
}

/** An entry as a month cell's chip shows it (what EntryChip reads: the page carries no more). */
export function chipView(e: CalendarEntry, zone: string): ChipView {
  return {
    key: e.key,
    title: e.title,
    href: e.href,
    color: entryColor(e.source, e.eventType),
    typeLabel: EVENT_TYPE_LABELS[e.eventType as EventType] ?? e.eventType,
    time: e.isAllDay ? "All day" : timeLabel(e.startsAt, zone),
  };
}
