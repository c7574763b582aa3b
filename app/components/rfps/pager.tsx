import { pagerNumbers } from "@domain/rfp/search";
import { Link } from "@remix-run/react";

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
  // Each is a `.page-link` (app/tailwind.css): the current page and a disabled end by their attributes.
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} className="page-link" rel="prev">
          Previous
        </Link>
      ) : (
        <span className="page-link" aria-disabled="true">
          Previous
        </span>
      )}
      {pagerNumbers(page, pages).map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className="page-link">
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} className="page-link" aria-label={`Page ${n}`}>
            {n}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link to={href(page + 1)} className="page-link" rel="next">
          Next
        </Link>
      ) : (
        <span className="page-link" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
