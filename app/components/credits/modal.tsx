import * as Dialog from "@radix-ui/react-dialog";
import { Link, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { X } from "~/components/ui/icons";

/**
 * A dialog whose open state lives in the URL (`?dialog=...`), so it opens from a plain link and works
 * without JavaScript: before hydration it is rendered in place as a fixed panel with a close link; once
 * hydrated, Radix Dialog takes over (focus trap, Escape, focus return).
 */
export function UrlDialog({
  open,
  closeHref,
  title,
  description,
  children,
  footer,
  testId,
}: {
  open: boolean;
  closeHref: string;
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const navigate = useNavigate();
  const contentRef = useRef<HTMLDivElement>(null);
  if (!open) return null;

  const panel =
    "fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl dark:border-slate-800 dark:bg-slate-900";
  const overlay = "fixed inset-0 z-40 bg-slate-900/60";
  const header = (TitleTag: typeof Dialog.Title | "h2", DescTag: typeof Dialog.Description | "p") => (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
      <div>
        <TitleTag {...(TitleTag === "h2" ? { id: `${testId}-title` } : {})} className="text-lg font-semibold">
          {title}
        </TitleTag>
        {description ? (
          <DescTag className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</DescTag>
        ) : null}
      </div>
      <Link
        to={closeHref}
        replace
        preventScrollReset
        aria-label={`Close ${title.toLowerCase()}`}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </Link>
    </div>
  );
  const body = (
    <>
      <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
      {footer ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
          {footer}
        </div>
      ) : null}
    </>
  );

  if (!hydrated) {
    return (
      <>
        <div className={overlay} />
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby={`${testId}-title`}
          data-testid={testId}
          className={panel}
        >
          {header("h2", "p")}
          {body}
        </div>
      </>
    );
  }
  return (
    <Dialog.Root
      open
      onOpenChange={(next) => {
        if (!next) navigate(closeHref, { replace: true, preventScrollReset: true });
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          ref={contentRef}
          data-testid={testId}
          onOpenAutoFocus={(event) => {
            // Start on the selected choice (a checked radio) when there is one.
            const checked = contentRef.current?.querySelector<HTMLElement>("input[type=radio]:checked");
            if (checked) {
              event.preventDefault();
              checked.focus();
            }
          }}
          {...(description ? {} : { "aria-describedby": undefined })}
          className={panel}
        >
          {header(Dialog.Title, Dialog.Description)}
          {body}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
