import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { X } from "~/components/ui/icons";

/**
 * A panel that slides over the page from the left (Radix Dialog: focus is trapped inside, Escape or
 * a click on the overlay closes it, focus returns to what opened it).
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  children,
  className = "",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="sheet-overlay"
          className={`fixed inset-0 z-40 bg-slate-900/50 ${className}`}
        />
        <Dialog.Content
          aria-describedby={undefined}
          className={`fixed inset-y-0 left-0 z-50 flex w-64 flex-col bg-white shadow-xl dark:bg-slate-900 ${className}`}
        >
          <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
            <Dialog.Title className="font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={`Close ${title.toLowerCase()}`}
              className="rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
