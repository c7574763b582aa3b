import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import {
  CATEGORY_LABELS,
  dateLabel,
  FINANCE_CATEGORIES,
  type FinanceCategory,
  formatMoney,
} from "@domain/finance";
import { IMPORT_MAX_MB, IMPORT_MESSAGES, IMPORT_PREVIEW_LINES } from "@domain/finance/import";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { FinanceViewer } from "~/auth/finance.server";
import { requireFinance } from "~/auth/finance.server";
import { pageNotFound } from "~/auth/guards.server";
import { confirmImport, createImport, discardReceipts, readImportUpload } from "~/commands/finance.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ArrowLeft } from "~/components/ui/icons";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { intentOf, isMultipart, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { previewImport } from "~/queries/finance.server";
import { looksLikeText } from "~/storage/files.server";
import { IMPORT_INTENTS, ImportQuerySchema, parseImportForm } from "./_app.financial.import.server";

export const meta: MetaFunction = () => [{ title: "Import · Financials · Association Commons" }];

/** The stored file read and planned against the books; an import not the association's is not found. */
async function preview(viewer: FinanceViewer, id: string, fallback: FinanceCategory) {
  const p = await previewImport(await getDb(), viewer.association.id, id, fallback);
  return p ?? pageNotFound();
}

/**
 * /financial/import (issue 13, part 8): upload a bank CSV (Date, Description, Amount), see the preview
 * (type from the sign, a category by the description's words or the chosen default, duplicates and
 * unreadable lines marked), choose, and confirm; nothing reaches the books before that.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireFinance(request);
  const query = ImportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.id) return json({ preview: null, category: query.category });
  const p = await preview(viewer, query.id, query.category);
  const fresh = p.plan.filter((l) => !l.duplicate);
  return json({
    category: query.category,
    preview: {
      id: p.found.id,
      fileName: p.found.fileName,
      confirmed: p.found.confirmedAt !== null,
      importedCount: p.found.importedCount,
      fatal: p.fatal,
      errors: p.errors,
      counts: { lines: p.plan.length, fresh: fresh.length, duplicates: p.plan.length - fresh.length },
      lines: p.plan.slice(0, IMPORT_PREVIEW_LINES).map((l) => ({
        ...l,
        dateLabel: dateLabel(l.date),
        amount: formatMoney(Math.abs(l.amountCents)),
      })),
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireFinance(request);
  const actor = { associationId: viewer.association.id, actorId: viewer.user.id };
  // The upload streams its file (with its limits) before the fields are parsed; a confirmation is a
  // small url-encoded form. Both are parsed as the one union.
  let upload: Awaited<ReturnType<typeof readImportUpload>> | null = null;
  if (isMultipart(request)) {
    try {
      upload = await readImportUpload(request);
    } catch (error) {
      if (error instanceof Response && error.status === 413)
        return json({ error: IMPORT_MESSAGES.tooLarge }, { status: 413 });
      throw error;
    }
  }
  const formData = upload ? upload.formData : await readForm(request);
  const submission = parseImportForm(formData);
  if (submission.status !== "success") {
    if (upload) await discardReceipts(upload.files);
    const intent = intentOf(submission.payload, IMPORT_INTENTS);
    // A confirmation of an import that is not there (or not this association's) is not found.
    if (intent === "confirm" && submission.error?.id) pageNotFound();
    return json({ intent, result: submission.reply() }, { status: 400 });
  }
  // A file only with the upload, and the upload only with its file (multipart).
  if (submission.value.intent !== (upload ? "upload" : "confirm")) {
    if (upload) await discardReceipts(upload.files);
    return json({ intent: submission.value.intent, error: IMPORT_MESSAGES.noFile }, { status: 400 });
  }
  const input = submission.value;
  if (input.intent === "upload") {
    const file = upload?.files[0];
    if (!file) return json({ intent: input.intent, error: IMPORT_MESSAGES.noFile }, { status: 400 });
    if (file.truncated) {
      await discardReceipts([file]);
      return json({ intent: input.intent, error: IMPORT_MESSAGES.tooLarge }, { status: 413 });
    }
    if (!looksLikeText(file.head)) {
      await discardReceipts([file]);
      return json({ intent: input.intent, error: IMPORT_MESSAGES.notText }, { status: 400 });
    }
    const id = await createImport(await getDb(), { ...actor, file });
    return redirect(`/financial/import?id=${id}&category=${input.category}`);
  }
  const p = await preview(viewer, input.id, input.category);
  if (p.fatal) return json({ intent: input.intent, error: p.fatal }, { status: 400 });
  // Previewed lines go in when ticked, with the category chosen for them; the rest as planned
  // (new lines in, duplicates out).
  const asked = new Map(input.lines.map((l) => [l.line, l]));
  const chosen = p.plan.flatMap((l, index) => {
    if (index < IMPORT_PREVIEW_LINES) {
      const line = asked.get(l.line);
      if (line?.include !== "1") return [];
      return [{ ...l, category: line.category ?? l.category }];
    }
    return l.duplicate ? [] : [l];
  });
  const outcome = await once(request, actor.actorId, formData, (db) =>
    confirmImport(db, { ...actor, importId: input.id, lines: chosen }),
  );
  if (!outcome.ok) {
    if (outcome.kind === "not_found") pageNotFound();
    return json({ intent: input.intent, error: outcome.message }, { status: 409 });
  }
  return redirectWithFlash("/financials/expenses?type=all", {
    tone: "success",
    message: `Imported ${outcome.count} ${outcome.count === 1 ? "transaction" : "transactions"}`,
  });
}

const cell = "px-3 py-2 align-top text-sm";
const selectClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export default function ImportPage() {
  const { preview, category } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const answer = actionData && "result" in actionData ? actionData : undefined;
  // Checked by the action only (no zod in the page): its errors show beside each field.
  const [uploadForm, uploadFields] = useForm<{ category: string }>({
    id: "import-upload",
    lastResult: answer?.intent === "upload" ? answer.result : undefined,
    defaultValue: { category },
    shouldValidate: "onSubmit",
  });
  const [confirmForm] = useForm({
    id: "import-confirm",
    lastResult: answer?.intent === "confirm" ? answer.result : undefined,
    shouldValidate: "onSubmit",
  });
  const refused = [...(uploadForm.errors ?? []), ...(confirmForm.errors ?? [])];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/financials/expenses"
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the expenses
      </Link>
      <h1 className="text-3xl font-semibold">Import bank transactions</h1>
      {actionData && "error" in actionData ? <Alert title={String(actionData.error)} /> : null}
      {refused.length > 0 ? <Alert title={refused.join(" ")} /> : null}
      {!preview ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-700"
          {...getFormProps(uploadForm)}
        >
          <input type="hidden" name="intent" value="upload" />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            A CSV file from the bank, up to {IMPORT_MAX_MB} MB, whose first line names the columns Date,
            Description and Amount (negative amounts are expenses). You will see every line before anything is
            saved.
          </p>
          <label className="flex flex-col gap-1 text-sm font-medium">
            CSV file
            <input type="file" name="file" accept=".csv,text/csv" required className="text-sm" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Category when the description does not say
            <select {...getSelectProps(uploadFields.category)} className={selectClass}>
              {FINANCE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          </label>
          {uploadFields.category.errors ? (
            <p id={uploadFields.category.errorId} className="text-sm text-red-700 dark:text-red-400">
              {uploadFields.category.errors.join(" ")}
            </p>
          ) : null}
          <Button disabled={busy}>Preview</Button>
        </Form>
      ) : preview.confirmed ? (
        <Alert tone="info" title={IMPORT_MESSAGES.confirmed}>
          {preview.importedCount ?? 0} transactions were imported from {preview.fileName}.
        </Alert>
      ) : preview.fatal ? (
        <>
          <Alert title={preview.fatal} />
          <Link to="/financial/import" className="text-blue-700 underline dark:text-blue-400">
            Choose another file
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm" data-testid="import-counts">
            {preview.fileName}: {preview.counts.lines} lines read, {preview.counts.fresh} new,{" "}
            {preview.counts.duplicates} {preview.counts.duplicates === 1 ? "duplicate" : "duplicates"},{" "}
            {preview.errors.length} {preview.errors.length === 1 ? "line" : "lines"} with errors.
          </p>
          {preview.errors.length > 0 ? (
            <section aria-labelledby="errors-heading">
              <h2 id="errors-heading" className="text-xl font-semibold">
                Lines that cannot be imported
              </h2>
              <ul className="mt-2 list-disc pl-5 text-sm" data-testid="import-errors">
                {preview.errors.slice(0, IMPORT_PREVIEW_LINES).map((e) => (
                  <li key={e.line}>
                    Line {e.line}: {e.message}{" "}
                    <span className="text-slate-600 dark:text-slate-400">({e.text})</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Form method="post" className="space-y-4" {...getFormProps(confirmForm)}>
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="id" value={preview.id} />
            <IdempotencyKey />
            <input type="hidden" name="category" value={category} />
            <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
              <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
                <caption className="sr-only">Lines to import</caption>
                <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  <tr>
                    {["Import", "Line", "Date", "Description", "Type", "Amount", "Category"].map((h) => (
                      <th key={h} scope="col" className={cell}>
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {preview.lines.map((l, i) => (
                    <tr
                      key={l.line}
                      data-testid="import-line"
                      data-duplicate={l.duplicate ? "true" : "false"}
                    >
                      <td className={cell}>
                        <input type="hidden" name={`lines[${i}].line`} value={l.line} />
                        <input
                          type="checkbox"
                          name={`lines[${i}].include`}
                          value="1"
                          defaultChecked={!l.duplicate}
                          aria-label={`Import line ${l.line}`}
                        />
                        {l.duplicate ? (
                          <span className="ml-2 text-xs font-semibold text-amber-800 dark:text-amber-300">
                            Duplicate
                          </span>
                        ) : null}
                      </td>
                      <td className={cell}>{l.line}</td>
                      <td className={`${cell} whitespace-nowrap`}>{l.dateLabel}</td>
                      <td className={cell}>{l.description}</td>
                      <td className={cell}>{l.type === "income" ? "Income" : "Expense"}</td>
                      <td className={`${cell} tabular-nums`}>{l.amount}</td>
                      <td className={cell}>
                        <select
                          name={`lines[${i}].category`}
                          defaultValue={l.category}
                          className={selectClass}
                          aria-label={`Category of line ${l.line}`}
                        >
                          {FINANCE_CATEGORIES.map((c) => (
                            <option key={c} value={c}>
                              {CATEGORY_LABELS[c]}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {preview.counts.lines > preview.lines.length ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                The first {preview.lines.length} lines are shown; the other{" "}
                {preview.counts.lines - preview.lines.length} are imported with the categories their
                descriptions suggest, duplicates left out.
              </p>
            ) : null}
            <Button disabled={busy}>Confirm import</Button>
          </Form>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
