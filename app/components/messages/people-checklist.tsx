/**
 * The people a group may take, as checkboxes named `participants` (a new group's form and the Members
 * panel's "Add people"): plain form fields, so both work without JavaScript.
 */
export function PeopleChecklist({
  legend,
  empty,
  candidates,
  className,
  listClassName,
  textClassName = "",
}: {
  legend: React.ReactNode;
  empty: string;
  candidates: readonly { id: string; name: string }[];
  className?: string;
  listClassName: string;
  textClassName?: string;
}) {
  const text = (rest: string) => [textClassName, rest].filter(Boolean).join(" ");
  return (
    <fieldset className={className}>
      <legend className={text("font-medium")}>{legend}</legend>
      {candidates.length === 0 ? (
        <p className={`mt-1 ${text("text-slate-600 dark:text-slate-300")}`}>{empty}</p>
      ) : (
        <ul className={`mt-1 ${listClassName} space-y-1 overflow-y-auto`}>
          {candidates.map((c) => (
            <li key={c.id}>
              <label className={text("inline-flex items-center gap-2")}>
                <input type="checkbox" name="participants" value={c.id} />
                {c.name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
