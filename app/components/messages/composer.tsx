import { checkContent } from "@domain/community/content-rules";
import { pickedFileCandidate } from "@domain/files/uploads";
import {
  checkAttachments,
  counterTone,
  MESSAGE_ATTACHMENT_ACCEPT,
  MESSAGE_MAX_LENGTH,
  TYPING_TIMEOUT_MS,
} from "@domain/messages";
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Paperclip, Send, X } from "~/components/ui/icons";
import { IdempotencyKey } from "~/components/ui/idempotency-key";

interface SendRefusal {
  intent: "send";
  error: string;
  attachmentErrors?: string[];
  rateLimited?: boolean;
}

const isSendRefusal = (d: unknown): d is SendRefusal =>
  typeof d === "object" && d !== null && (d as { intent?: unknown }).intent === "send" && "error" in d;

const TONE_CLASS = {
  normal: "text-slate-600 dark:text-slate-300",
  warning: "text-amber-700 dark:text-amber-300",
  danger: "text-red-700 dark:text-red-300",
} as const;

/** Tells the others that the person types (at most every 2 s), or stopped. */
function postTyping(conversationId: string, typing: boolean) {
  void fetch("/api/messages/live", {
    method: "POST",
    body: new URLSearchParams({ intent: "typing", conversationId, typing: String(typing) }),
  }).catch(() => {});
}

/**
 * The reply bar (spec 002 section 5): Enter sends, Shift+Enter adds a line; the counter n/2000 turns
 * yellow above 1600 and red above 1800; Send is off with nothing to send, invalid files or while
 * sending. Without JavaScript it is a plain multipart form whose answer reloads the page.
 */
export function Composer({
  action,
  conversationId,
  remainingHint,
}: {
  action: string;
  conversationId: string | null;
  remainingHint: string | null;
}) {
  const fetcher = useFetcher<SendRefusal>();
  const pageAnswer = useActionData<unknown>();
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [content, setContent] = useState("");
  const [fileCount, setFileCount] = useState(0);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const sending = fetcher.state !== "idle";

  // A send that ended without an answer of its own was accepted (the action redirected): clear the box.
  const before = useRef<unknown>(undefined);
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) {
      if (!wasSending.current) before.current = fetcher.data;
      wasSending.current = true;
      return;
    }
    if (!wasSending.current) return;
    wasSending.current = false;
    if (fetcher.data === before.current) {
      form.current?.reset();
      setContent("");
      setFileCount(0);
      setFileErrors([]);
    }
  }, [sending, fetcher.data]);

  // The typing signal: on while typing (re-sent at most every 2 s), off 3 s after the last keystroke
  // or when the box is emptied.
  const active = useRef(false);
  const lastSent = useRef(0);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopTyping = () => {
    if (stopTimer.current) clearTimeout(stopTimer.current);
    stopTimer.current = null;
    if (active.current && conversationId) postTyping(conversationId, false);
    active.current = false;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: stops the signal once, when the box goes away
  useEffect(() => () => stopTyping(), []);
  const onText = (value: string) => {
    setContent(value);
    if (!conversationId) return;
    if (value.length === 0) return stopTyping();
    const now = Date.now();
    if (!active.current || now - lastSent.current > 2000) {
      active.current = true;
      lastSent.current = now;
      postTyping(conversationId, true);
    }
    if (stopTimer.current) clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(stopTyping, TYPING_TIMEOUT_MS);
  };

  const onFiles = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    setFileCount(files.length);
    // The same rules as the server's, by the browser's idea of each type (the server sniffs content).
    setFileErrors(checkAttachments(files.map(pickedFileCandidate)).errors);
  };
  const dismissFiles = () => {
    if (fileInput.current) fileInput.current.value = "";
    setFileCount(0);
    setFileErrors([]);
  };

  const answer =
    isSendRefusal(fetcher.data) && !sending ? fetcher.data : isSendRefusal(pageAnswer) ? pageAnswer : null;
  const serverFileErrors = answer?.attachmentErrors ?? [];
  const tone = counterTone(content.length);
  const empty = content.trim().length === 0 && fileCount === 0;
  // The server's content rules, shown as they are typed (the text alone; "content or attachments" is
  // the disabled button's business).
  const contentErrors = hydrated && content.trim().length > 0 ? checkContent("message", content).errors : [];
  const disabled =
    hydrated &&
    (empty ||
      sending ||
      fileErrors.length > 0 ||
      contentErrors.length > 0 ||
      content.length > MESSAGE_MAX_LENGTH);
  const pendingText = sending ? String(fetcher.formData?.get("content") ?? "") : "";

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={action}
      encType="multipart/form-data"
      className="border-t border-slate-200 p-3 dark:border-slate-800"
      onSubmit={() => stopTyping()}
    >
      {pendingText ? (
        <p
          className="mb-2 ml-auto max-w-[80%] rounded-lg bg-blue-100 px-3 py-2 text-sm opacity-70 dark:bg-blue-950"
          data-testid="sending"
        >
          {pendingText} <span className="text-xs">(sending…)</span>
        </p>
      ) : null}
      <input type="hidden" name="intent" value="send" />
      <IdempotencyKey />
      <label htmlFor="message-content" className="sr-only">
        Message
      </label>
      <textarea
        id="message-content"
        name="content"
        rows={3}
        value={hydrated ? content : undefined}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          if (!disabled) form.current?.requestSubmit();
        }}
        placeholder="Type a message"
        aria-describedby="message-counter message-feedback"
        className="w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-800"
      />
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <label className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800">
          <Paperclip aria-hidden="true" className="h-4 w-4" />
          <span>Attach files</span>
          <input
            ref={fileInput}
            type="file"
            name="attachments"
            multiple
            accept={MESSAGE_ATTACHMENT_ACCEPT}
            onChange={(e) => onFiles(e.target.files)}
            className="sr-only"
          />
        </label>
        {fileCount > 0 ? (
          <span className="text-xs text-slate-600 dark:text-slate-300">
            {fileCount} file{fileCount === 1 ? "" : "s"}
          </span>
        ) : null}
        <span id="message-counter" data-tone={tone} className={`ml-auto text-xs ${TONE_CLASS[tone]}`}>
          {content.length}/{MESSAGE_MAX_LENGTH}
        </span>
        <button
          type="submit"
          disabled={disabled}
          className="btn btn-primary inline-flex items-center gap-1 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Send aria-hidden="true" className="h-4 w-4" />
          {sending ? "Sending…" : "Send"}
        </button>
      </div>
      <div id="message-feedback" aria-live="polite" className="mt-1 text-sm">
        {contentErrors.length > 0 ? (
          <ul className="list-disc pl-5 text-red-800 dark:text-red-300" data-testid="content-errors">
            {contentErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
        {fileErrors.length > 0 || serverFileErrors.length > 0 ? (
          <div className="rounded-md border border-red-300 bg-red-50 p-2 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <ul className="list-disc pl-5">
              {[...fileErrors, ...serverFileErrors].map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
            {hydrated ? (
              <button
                type="button"
                onClick={dismissFiles}
                className="mt-1 inline-flex items-center gap-1 text-xs underline"
              >
                <X aria-hidden="true" className="h-3 w-3" /> Dismiss
              </button>
            ) : null}
          </div>
        ) : null}
        {answer && serverFileErrors.length === 0 ? (
          <p role="alert" className="text-red-800 dark:text-red-300" data-testid="send-error">
            {answer.error}
          </p>
        ) : null}
        {remainingHint ? (
          <p className="text-amber-800 dark:text-amber-300" data-testid="remaining-hint">
            {remainingHint}
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
