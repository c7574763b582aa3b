import type { ReactNode } from "react";

/** One titled section of an admin page; `empty` replaces the content with a short line when set. */
export function AdminSection({
  id,
  title,
  empty,
  className = "mt-6",
  children,
}: {
  id: string;
  title: ReactNode;
  empty?: string | null;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {empty ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{empty}</p> : children}
    </section>
  );
}

export type AdminColumn = string | { label: ReactNode; key: string; align: "right" };

/** A cell's padding; rows use `adminRow`. */
export const adminCell = "px-3 py-2";
export const adminRow =
  "border-t border-slate-200 bg-white align-top dark:border-slate-800 dark:bg-slate-900";

/** The admin pages' table: scrolls sideways on small screens, a caption for screen readers, a header row. */
export function AdminTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly AdminColumn[];
  children: ReactNode;
}) {
  return (
    <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            {columns.map((c) =>
              typeof c === "string" ? (
                <th key={c} scope="col" className={adminCell}>
                  {c}
                </th>
              ) : (
                <th key={c.key} scope="col" className={`${adminCell} text-right`}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
