import {
  formatFileSize,
  RFP_DOCUMENT_ACCEPT,
  RFP_DOCUMENT_MAX_FILES,
  RFP_DOCUMENT_MAX_MB,
} from "@domain/rfp/documents";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FileText, Trash2, Upload } from "~/components/ui/icons";

export interface WizardDocument {
  id: string;
  fileName: string;
  fileSize: number;
}

/**
 * The RFP document uploader (spec 001 sections 2.5, 3 and 9): a multipart form of its own beside the
 * step's form, a list of attached files with their downloads, and a remove button per file.
 */
export function RfpDocuments({
  rfpId,
  step,
  documents,
  errors,
  editable,
  busy,
}: {
  rfpId: string | null;
  step: string;
  documents: WizardDocument[];
  errors?: string[];
  editable: boolean;
  busy: boolean;
}) {
  const full = documents.length >= RFP_DOCUMENT_MAX_FILES;
  return (
    <section
      aria-labelledby="rfp-documents-heading"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <div>
        <h2 id="rfp-documents-heading" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          Attachments
        </h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Up to {RFP_DOCUMENT_MAX_FILES} files, {RFP_DOCUMENT_MAX_MB} MB each: PDF, Word, Excel, PNG, JPG, TXT
          or CSV. Only people who may view the RFP can download them.
        </p>
      </div>
      {documents.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {documents.map((d) => (
            <li key={d.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <FileText aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
              <a
                href={`/documents/rfp/${d.id}`}
                className="min-w-0 flex-1 truncate text-blue-700 underline dark:text-blue-300"
              >
                {d.fileName}
              </a>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                {formatFileSize(d.fileSize)}
              </span>
              {editable && rfpId ? (
                <Form method="post" action={`/rfps/${rfpId}/edit?step=${step}`}>
                  <input type="hidden" name="intent" value="remove-document" />
                  <input type="hidden" name="step" value={step} />
                  <input type="hidden" name="documentId" value={d.id} />
                  <Button
                    variant="ghost"
                    className="px-2 py-1"
                    aria-label={`Remove ${d.fileName}`}
                    disabled={busy}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">No files attached.</p>
      )}
      {!editable ? null : rfpId ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action={`/rfps/${rfpId}/edit?step=${step}`}
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="step" value={step} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label
              htmlFor="rfp-documents-input"
              className="text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Add files
            </label>
            <input
              id="rfp-documents-input"
              type="file"
              name="documents"
              multiple
              accept={RFP_DOCUMENT_ACCEPT}
              disabled={full}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={errors?.length ? "rfp-documents-error" : undefined}
              className="w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
            />
          </div>
          <Button variant="secondary" disabled={busy || full}>
            <Upload aria-hidden="true" className="h-4 w-4" />
            Upload
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Save the draft first to attach documents.
        </p>
      )}
      {errors?.length ? (
        <ul
          id="rfp-documents-error"
          role="alert"
          className="flex flex-col gap-1 text-sm text-red-700 dark:text-red-400"
        >
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
