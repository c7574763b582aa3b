import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { LIBRARY_ACCEPT, LIBRARY_MAX_MB } from "@domain/documents";
import { PACKET_MESSAGES } from "@domain/meeting/packet-messages";
import { Form, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Download, FileText } from "~/components/ui/icons";
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

/** A refused packet form, as the packet route answers it (its intent, message and Conform result). */
export interface PacketFormAnswer {
  intent: string | null;
  message: string;
  result: SubmissionResult<string[]>;
}

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
  answer,
}: {
  meetingId: string;
  documents: PacketItem[];
  manage: PacketManage | null;
  from: "meeting" | "packet";
  answer?: PacketFormAnswer | null;
}) {
  const busy = useNavigation().state === "submitting";
  const action = `/board-room/meetings/${meetingId}/packet`;
  // The remove buttons' refusals, and a form the route does not know, show on top of the panel.
  const topError =
    answer && answer.intent !== "packet-upload" && answer.intent !== "packet-link" ? answer.message : null;
  const resultFor = (intent: string) => (answer?.intent === intent ? answer.result : undefined);
  return (
    <Panel title="Board packet" id="packet-heading">
      {topError ? <Alert title={topError} /> : null}
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
          <UploadForm action={action} from={from} busy={busy} lastResult={resultFor("packet-upload")} />
          <LinkForm
            action={action}
            from={from}
            busy={busy}
            library={manage.library}
            lastResult={resultFor("packet-link")}
          />
        </div>
      ) : null}
    </Panel>
  );
}

interface PacketFormProps {
  action: string;
  from: "meeting" | "packet";
  busy: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}

/** Attaching a file: the file is checked by the server (type, size) as it streams in. */
function UploadForm({ action, from, busy, lastResult }: PacketFormProps) {
  const [form, fields] = useForm<{ intent: "packet-upload"; file: File }>({
    id: "packet-upload",
    lastResult,
    shouldValidate: "onSubmit",
  });
  const errors = [...(form.errors ?? []), ...(fields.file.errors ?? [])];
  const errorId = fields.file.errorId;
  const hintId = `${fields.file.id}-hint`;
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="space-y-2"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="packet-upload" />
      <IdempotencyKey />
      <input type="hidden" name="from" value={from} />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.file.id} className="text-sm font-medium">
          Attach a file
        </label>
        <input
          {...getInputProps(fields.file, { type: "file" })}
          required
          accept={LIBRARY_ACCEPT}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? errorId : hintId}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
        />
        {errors.length ? (
          <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
            {errors.join(" ")}
          </p>
        ) : (
          <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
            PDF, Word, Excel, PowerPoint, PNG, JPEG, text or CSV, up to {LIBRARY_MAX_MB} MB.
          </p>
        )}
      </div>
      <button type="submit" className={buttonClass("secondary")} disabled={busy}>
        Attach File
      </button>
    </Form>
  );
}

/** Linking a document of the association's library (the version it has now is pinned). */
function LinkForm({
  action,
  from,
  busy,
  library,
  lastResult,
}: PacketFormProps & { library: PacketManage["library"] }) {
  const [form, fields] = useForm<{ intent: "packet-link"; library_document_id: string }>({
    id: "packet-link",
    lastResult,
    shouldValidate: "onSubmit",
  });
  const field = fields.library_document_id;
  const errors = [...(form.errors ?? []), ...(field.errors ?? [])];
  return (
    <Form method="post" action={action} className="space-y-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="packet-link" />
      <IdempotencyKey />
      <input type="hidden" name="from" value={from} />
      <div className="flex flex-col gap-1">
        <label htmlFor={field.id} className="text-sm font-medium">
          Add from the document library
        </label>
        <select
          {...getSelectProps(field)}
          className={`${inputClass} w-full`}
          disabled={library.length === 0}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? field.errorId : undefined}
        >
          {library.length === 0 ? <option value="">The library has no documents</option> : null}
          {library.map((d) => (
            <option key={d.id} value={d.id}>
              {d.label}
            </option>
          ))}
        </select>
        {errors.length ? (
          <p id={field.errorId} className="text-sm text-red-700 dark:text-red-400">
            {errors.join(" ")}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass("secondary")} disabled={busy || library.length === 0}>
        Add to Packet
      </button>
    </Form>
  );
}
