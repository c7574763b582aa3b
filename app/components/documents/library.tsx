import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LabelledControl } from "~/components/ui/labelled-control";

/** One row of a document list, as the loaders shape it. */
export interface DocumentRowView {
  id: string;
  title: string;
  category: string;
  visibility: string;
  version: number;
  size: string;
  uploadedBy: string;
  uploadedAt: string;
  versionId: string;
  association?: string;
}

const cell = "px-3 py-2 align-top text-sm";

/** A table of documents: title (to its page), category, visibility, current version, size, uploaded. */
export function DocumentTable({
  caption,
  rows,
  showAssociation = false,
}: {
  caption: string;
  rows: readonly DocumentRowView[];
  showAssociation?: boolean;
}) {
  return (
    <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className={cell}>
              Title
            </th>
            {showAssociation ? (
              <th scope="col" className={cell}>
                Association
              </th>
            ) : null}
            <th scope="col" className={cell}>
              Category
            </th>
            <th scope="col" className={cell}>
              Visibility
            </th>
            <th scope="col" className={cell}>
              Version
            </th>
            <th scope="col" className={cell}>
              Size
            </th>
            <th scope="col" className={cell}>
              Uploaded
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((d) => (
            <tr key={d.id} data-testid="document-row">
              <td className={cell}>
                <Link
                  to={`/documents/${d.id}`}
                  className="font-medium text-blue-700 underline dark:text-blue-400"
                >
                  {d.title}
                </Link>
              </td>
              {showAssociation ? <td className={cell}>{d.association}</td> : null}
              <td className={cell}>{d.category}</td>
              <td className={cell}>{d.visibility}</td>
              <td className={cell}>v{d.version}</td>
              <td className={cell}>{d.size}</td>
              <td className={cell}>
                {d.uploadedBy}
                <span className="block text-xs text-slate-600 dark:text-slate-400">{d.uploadedAt}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A titled section of the documents pages. */
export function DocumentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const textareaClass =
  "rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/** The visibility choice and, for "Named vendors", the vendors' e-mail addresses. */
export function VisibilityFields({
  idPrefix,
  visibility,
  vendors,
  options,
}: {
  idPrefix: string;
  visibility: { name: string; defaultValue?: string; errors?: string[] };
  vendors: { name: string; defaultValue?: string; errors?: string[] };
  options: readonly { value: string; label: string }[];
}) {
  const vendorsId = `${idPrefix}-vendors`;
  return (
    <>
      <LabelledControl id={`${idPrefix}-visibility`} label="Visibility" errors={visibility.errors}>
        {(wiring, invalid) => (
          <select
            name={visibility.name}
            defaultValue={visibility.defaultValue}
            {...wiring}
            className={`${selectClass} ${invalid ? "border-red-500" : ""}`}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
      <LabelledControl
        id={vendorsId}
        label="Named vendors (e-mail addresses)"
        errors={vendors.errors}
        hint="Only for Named vendors: the vendor accounts that may see the document, separated by commas or lines."
      >
        {(wiring) => (
          <textarea
            name={vendors.name}
            defaultValue={vendors.defaultValue}
            rows={2}
            {...wiring}
            className={textareaClass}
          />
        )}
      </LabelledControl>
    </>
  );
}

export const selectClass =
  "w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
