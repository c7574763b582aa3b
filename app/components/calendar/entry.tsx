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
 * A coloured chip in a month cell: a dot and the title (the colour is never the only signal). Chips and
 * rows are plain anchors: the page navigates them in the app (useClientLinks, decision 095).
 */
export function EntryChip({ entry }: { entry: ChipView }) {
  return (
    <a
      href={entry.href}
      data-discover="true"
      data-testid="calendar-entry"
      className={`block truncate rounded px-1 py-0.5 text-xs font-medium hover:underline ${entry.color}`}
      title={`${entry.time} ${entry.title} (${entry.typeLabel})`}
    >
      <span aria-hidden="true">● </span>
      <span className="sr-only">{entry.time}, </span>
      {entry.title}
    </a>
  );
}

/** A row of a list (agenda, Events This Month, a day). */
export function EntryRow({ entry }: { entry: EntryView }) {
  return (
    <li
      className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-slate-200 py-2 dark:border-slate-800"
      data-testid="calendar-row"
    >
      <span className="w-44 shrink-0 text-sm text-slate-600 dark:text-slate-400">
        {entry.date} · {entry.time}
      </span>
      <a
        href={entry.href}
        data-discover="true"
        className="font-medium text-blue-800 hover:underline dark:text-blue-300"
      >
        {entry.title}
      </a>
      <span className={`rounded px-1.5 py-0.5 text-xs ${entry.color}`}>
        {entry.source === "event" ? entry.typeLabel : entry.sourceLabel}
      </span>
      {entry.recurring ? <span className="text-xs text-slate-600 dark:text-slate-400">Repeats</span> : null}
      {entry.association ? (
        <span className="text-xs text-slate-600 dark:text-slate-400">{entry.association}</span>
      ) : null}
    </li>
  );
}
