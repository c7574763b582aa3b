import { pagerNumbers } from "@domain/rfp/search";
import { Link } from "~/components/ui/link";

/** Previous, at most 5 page numbers, Next (spec 001 section 2.3), as plain links. */
export function Pager({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  const base = "inline-flex min-w-9 items-center justify-center rounded-md border px-3 py-1.5 text-sm";
  const idle = `${base} border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800`;
  const disabled = `${base} border-slate-200 text-slate-400 dark:border-slate-800`;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} className={idle} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Previous
        </span>
      )}
      {pagerNumbers(page, pages).map((n) =>
        n === page ? (
          <span
            key={n}
            aria-current="page"
            className={`${base} border-blue-700 bg-blue-700 font-semibold text-white`}
          >
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} className={idle} aria-label={`Page ${n}`}>
            {n}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link to={href(page + 1)} className={idle} rel="next">
          Next
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
