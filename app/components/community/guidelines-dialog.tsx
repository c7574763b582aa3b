import * as Dialog from "@radix-ui/react-dialog";
import { X } from "~/components/ui/icons";
import { CommunityGuidelines } from "./guidelines";

/**
 * The Community Guidelines modal (spec 002: five sections), loaded only when a person opens it
 * (guidelines-link.tsx): Radix Dialog traps focus, closes on Escape and returns focus to the link.
 */
export default function GuidelinesDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          data-testid="guidelines-dialog"
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl border border-slate-200 bg-slate-50 shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Community Guidelines</Dialog.Title>
            <Dialog.Close
              aria-label="Close community guidelines"
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">
            <CommunityGuidelines headingLevel={3} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
