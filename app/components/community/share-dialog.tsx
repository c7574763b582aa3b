import { SHARE_POST_TEXTS } from "@domain/messages";
import * as Dialog from "@radix-ui/react-dialog";
import { type Form, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { X } from "~/components/ui/icons";
import { ShareForm, type ShareFormAnswer, type ShareFormData } from "./share-form";

/**
 * "Send in a message" over the feed or the post's page (issue 29, part 1), loaded on first open
 * (post-card.tsx): the form of /posts/{id}/share in a Radix dialog, its data and search through one
 * fetcher and the send through another. A send that went redirects to the conversation; a refused one
 * shows its errors here.
 */
export default function ShareDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const loader = useFetcher();
  const sender = useFetcher();
  const href = `/posts/${postId}/share`;
  useEffect(() => {
    if (loader.state === "idle" && !loader.data) loader.load(href);
  }, [loader, href]);
  const data = loader.data as ShareFormData | undefined;
  return (
    <Dialog.Root open onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="share-dialog"
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl dark:bg-slate-900"
        >
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{SHARE_POST_TEXTS.action}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {data ? (
            <ShareForm
              data={data}
              answer={sender.data as ShareFormAnswer | undefined}
              idPrefix={`share-${postId}`}
              SearchForm={loader.Form as unknown as typeof Form}
              SendForm={sender.Form as unknown as typeof Form}
              busy={sender.state !== "idle"}
            />
          ) : (
            <p className="text-sm" role="status">
              Loading…
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
