/** One entry of the financial history as the loaders shape it. */
export interface HistoryEntryView {
  id: number;
  action: string;
  actionLabel: string;
  actor: string;
  at: string;
  lines: string[];
  record?: { kind: string; label: string; voided: boolean; href: string | null };
  /**
   * An approval's cited motion (its text is among `lines`) and its meeting's minutes (issue 13, part 9),
   * `href` only for a viewer the board room admits.
   */
  motion?: { text: string; href: string | null } | null;
}

/**
 * A record's history or the association's audit view (issue 13, part 3): who did what when, with the
 * values before and after.
 */
export function HistoryList({
  entries,
  showRecord = false,
}: {
  entries: readonly HistoryEntryView[];
  showRecord?: boolean;
}) {
  if (entries.length === 0)
    return <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No changes yet.</p>;
  return (
    <ol className="mt-2 space-y-3" data-testid="finance-history">
      {entries.map((e) => (
        <li
          key={e.id}
          className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
          data-action={e.action}
        >
          <p>
            <span className="font-semibold">{e.actionLabel}</span>
            {showRecord && e.record ? (
              <>
                {" "}
                {e.record.kind === "budget" ? "budget" : "transaction"}{" "}
                {e.record.href ? (
                  <a href={e.record.href} className="text-blue-700 underline dark:text-blue-400">
                    {e.record.label}
                  </a>
                ) : (
                  <span>{e.record.label}</span>
                )}
                {e.record.voided ? (
                  <span className="ml-1 rounded bg-slate-200 px-1.5 text-xs dark:bg-slate-700">voided</span>
                ) : null}
              </>
            ) : null}{" "}
            by {e.actor}, <span className="text-slate-600 dark:text-slate-400">{e.at}</span>
          </p>
          {e.lines.length > 0 ? (
            <ul className="mt-1 list-disc pl-5 text-slate-700 dark:text-slate-300">
              {e.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          {e.motion?.href ? (
            <p className="mt-1">
              <a href={e.motion.href} className="text-blue-700 underline dark:text-blue-400">
                Read the minutes of the motion
              </a>
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
