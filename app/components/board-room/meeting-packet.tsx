import { LIBRARY_ACCEPT, LIBRARY_MAX_MB } from "@domain/documents";
import { PACKET_MESSAGES } from "@domain/meeting";
import { Form, useNavigation } from "@remix-run/react";
import { Download, FileText } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { Panel } from "./badges";

/** One packet document as the pages show it (app/routes/_app.board-room_.meetings.$id_.packet.tsx). */
export interface PacketItem {
  id: string;
  name: string;
  fileName: string;
  size: string;
  sourceLabel: string;
}

export interface PacketManage {
  /** The meeting still takes changes (scheduled or in progress). */
  open: boolean;
  library: { id: string; label: string }[];
}

const inputClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/**
 * The board packet panel: the documents with their downloads for everyone who may read the packet;
 * for the board and managers while the meeting is open, attaching a file, linking a library document
 * and removing. Every control is a plain form post to the packet route (`from` says which page to
 * return to), so it works without JavaScript.
 */
export function MeetingPacketPanel({
  meetingId,
  documents,
  manage,
  from,
  error,
}: {
  meetingId: string;
  documents: PacketItem[];
  manage: PacketManage | null;
  from: "meeting" | "packet";
  error?: { intent: string; message: string } | null;
}) {
  const busy = useNavigation().state === "submitting";
  const action = `/board-room/meetings/${meetingId}/packet`;
  const errorFor = (intent: string) => (error?.intent === intent ? error.message : null);
  return (
    <Panel title="Board packet" id="packet-heading">
      {errorFor("packet-remove") ? <Alert title={errorFor("packet-remove") as string} /> : null}
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{PACKET_MESSAGES.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Board packet documents">
          {documents.map((d) => (
            <li
              key={d.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="packet-document"
            >
              <div className="flex min-w-0 items-start gap-2">
                <FileText aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                <div className="min-w-0">
                  <a
                    href={`/documents/meeting/${d.id}`}
                    className="font-medium text-blue-700 underline [overflow-wrap:anywhere] dark:text-blue-400"
                    download
                  >
                    {d.name}
                  </a>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {d.fileName !== d.name ? `${d.fileName} · ` : ""}
                    {d.size} · {d.sourceLabel}
                  </p>
                </div>
              </div>
              <div className="flex gap-1">
                <a
                  href={`/documents/meeting/${d.id}`}
                  className={buttonClass("secondary", "px-2 py-1 text-xs")}
                  aria-label={`Download ${d.name}`}
                  download
                >
                  <Download aria-hidden="true" className="h-3 w-3" />
                </a>
                {manage?.open ? (
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="packet-remove" />
                    <input type="hidden" name="document_id" value={d.id} />
                    <input type="hidden" name="from" value={from} />
                    <button
                      type="submit"
                      className={buttonClass("ghost", "px-2 py-1 text-xs")}
                      disabled={busy}
                      aria-label={`Remove ${d.name} from the packet`}
                    >
                      Remove
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {manage && !manage.open ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{PACKET_MESSAGES.closed}.</p>
      ) : null}
      {manage?.open ? (
        <div className="grid grid-cols-1 gap-4 border-t border-slate-200 pt-3 md:grid-cols-2 dark:border-slate-800">
          <Form method="post" action={action} encType="multipart/form-data" className="space-y-2">
            <input type="hidden" name="intent" value="packet-upload" />
            <IdempotencyKey />
            <input type="hidden" name="from" value={from} />
            <div className="flex flex-col gap-1">
              <label htmlFor="packet-file" className="text-sm font-medium">
                Attach a file
              </label>
              <input
                id="packet-file"
                type="file"
                name="file"
                required
                accept={LIBRARY_ACCEPT}
                aria-invalid={errorFor("packet-upload") ? true : undefined}
                aria-describedby={errorFor("packet-upload") ? "packet-file-error" : "packet-file-hint"}
                className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
              />
              {errorFor("packet-upload") ? (
                <p id="packet-file-error" className="text-sm text-red-700 dark:text-red-400">
                  {errorFor("packet-upload")}
                </p>
              ) : (
                <p id="packet-file-hint" className="text-xs text-slate-600 dark:text-slate-400">
                  PDF, Word, Excel, PowerPoint, PNG, JPEG, text or CSV, up to {LIBRARY_MAX_MB} MB.
                </p>
              )}
            </div>
            <button type="submit" className={buttonClass("secondary")} disabled={busy}>
              Attach File
            </button>
          </Form>
          <Form method="post" action={action} className="space-y-2">
            <input type="hidden" name="intent" value="packet-link" />
            <IdempotencyKey />
            <input type="hidden" name="from" value={from} />
            <div className="flex flex-col gap-1">
              <label htmlFor="packet-library" className="text-sm font-medium">
                Add from the document library
              </label>
              <select
                id="packet-library"
                name="library_document_id"
                className={`${inputClass} w-full`}
                disabled={manage.library.length === 0}
                aria-invalid={errorFor("packet-link") ? true : undefined}
                aria-describedby={errorFor("packet-link") ? "packet-library-error" : undefined}
              >
                {manage.library.length === 0 ? <option value="">The library has no documents</option> : null}
                {manage.library.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.label}
                  </option>
                ))}
              </select>
              {errorFor("packet-link") ? (
                <p id="packet-library-error" className="text-sm text-red-700 dark:text-red-400">
                  {errorFor("packet-link")}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              className={buttonClass("secondary")}
              disabled={busy || manage.library.length === 0}
            >
              Add to Packet
            </button>
          </Form>
        </div>
      ) : null}
    </Panel>
  );
}
