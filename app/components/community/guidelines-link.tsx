import { lazy, Suspense, useState } from "react";

const GuidelinesDialog = lazy(() => import("./guidelines-dialog"));

/**
 * "Community Guidelines" (spec 002: the Community Guidelines modal): with JavaScript the guidelines
 * open in a dialog over the page (its code loaded on first open); without, the link goes to the
 * /community-guidelines page. A modified click (new tab) follows the link.
 */
export function GuidelinesLink({ className = "" }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href="/community-guidelines"
        className={className}
        aria-haspopup="dialog"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        Community Guidelines
      </a>
      {open ? (
        <Suspense fallback={null}>
          <GuidelinesDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
