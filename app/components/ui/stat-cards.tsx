/** One figure on a dashboard: its label (also its data-testid, `stat-${label}`), its value and an optional hint. */
export interface StatCard {
  label: string;
  value: string;
  hint?: string;
}

/**
 * A dashboard's row of stat cards (the RFP dashboard and the vendor dashboard). `className` goes
 * before the grid classes (e.g. a margin), `label` names the list, `tabularNums` lines figures up.
 */
export function StatCards({
  cards,
  label,
  className,
  tabularNums = false,
}: {
  cards: StatCard[];
  label?: string;
  className?: string;
  tabularNums?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      className={`${className ? `${className} ` : ""}grid grid-cols-2 gap-3 lg:grid-cols-4`}
    >
      {cards.map((c) => (
        <li
          key={c.label}
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <p className="text-sm text-slate-600 dark:text-slate-400">{c.label}</p>
          <p
            className={`mt-1 text-2xl font-semibold [overflow-wrap:anywhere]${tabularNums ? " tabular-nums" : ""}`}
            data-testid={`stat-${c.label}`}
          >
            {c.value}
          </p>
          {c.hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{c.hint}</p> : null}
        </li>
      ))}
    </ul>
  );
}
