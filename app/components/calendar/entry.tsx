/** An entry as the pages show it (formatted on the server in the viewer's zone). */
export interface EntryView {
  key: string;
  title: string;
  href: string;
  color: string;
  source: string;
  sourceLabel: string;
  typeLabel: string;
  time: string;
  date: string;
  association: string | null;
  recurring: boolean;
}

/** What a month cell's chip shows. */
export type ChipView = Pick<EntryView, "key" | "title" | "href" | "color" | "typeLabel" | "time">;

/**
 * A coloured chip in a month cell: a dot (drawn by the .calendar-chip class) and the title, the colour
 * never the only signal; its accessible name leads with the time. Chips and rows are plain anchors: the
 * page navigates them in the app (useClientLinks, decision 095).
 */
export function EntryChip({ entry }: { entry: ChipView }) {
  return (
    <a
      href={entry.href}
      data-discover="true"
      data-testid="calendar-entry"
      className={`calendar-chip ${entry.color}`}
      title={`${entry.time} ${entry.title} (${entry.typeLabel})`}
      aria-label={`${entry.time}, ${entry.title}`}
    >
      {entry.title}
    </a>
  );
}

/** A row of a list (agenda, Events This Month, a day). */
export function EntryRow({ entry }: { entry: EntryView }) {
  const notes = [entry.recurring ? "Repeats" : null, entry.association].filter(Boolean).join(" · ");
  return (
    <li className="calendar-row" data-testid="calendar-row">
      <span className="calendar-row-when">{`${entry.date} · ${entry.time}`}</span>
      <a href={entry.href} data-discover="true" className="calendar-row-title">
        {entry.title}
      </a>
      <span className={`rounded px-1.5 py-0.5 text-xs ${entry.color}`}>
        {entry.source === "event" ? entry.typeLabel : entry.sourceLabel}
      </span>
      {notes ? <span className="text-xs text-slate-600 dark:text-slate-400">{notes}</span> : null}
    </li>
  );
}
