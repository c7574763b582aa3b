import { REPORT_CATEGORIES, REPORT_DETAILS_MAX } from "@domain/community/moderation";
import { Form } from "@remix-run/react";

const control =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/**
 * The report form (issue 29, part 10): a category of spec 002 and optional details, posted to
 * /report/{kind}/{id} (a plain POST without JavaScript). `idPrefix` keeps ids unique when many cards
 * show one each.
 */
export function ReportForm({
  kind,
  targetId,
  redirectTo,
  idPrefix,
  errors,
  defaults,
  onSubmit,
}: {
  kind: string;
  targetId: string;
  redirectTo: string;
  idPrefix: string;
  errors?: { category?: string[]; details?: string[]; form?: string[] };
  defaults?: { category?: string; details?: string };
  /** Called as the form is sent (the card's panel closes; the answer is a page or a redirect back). */
  onSubmit?: () => void;
}) {
  const categoryId = `${idPrefix}-category`;
  const detailsId = `${idPrefix}-details`;
  return (
    <Form
      method="post"
      action={`/report/${kind}/${targetId}`}
      className="flex flex-col gap-2"
      data-testid="report-form"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {errors?.form?.length ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.form.join(" ")}
        </p>
      ) : null}
      <label htmlFor={categoryId} className="text-sm font-medium">
        Category
      </label>
      <select
        id={categoryId}
        name="category"
        required
        defaultValue={defaults?.category ?? ""}
        className={control}
        aria-invalid={errors?.category?.length ? true : undefined}
        aria-describedby={errors?.category?.length ? `${categoryId}-error` : undefined}
      >
        <option value="">Choose a category</option>
        {REPORT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      {errors?.category?.length ? (
        <p id={`${categoryId}-error`} className="text-sm text-red-700 dark:text-red-400">
          {errors.category.join(" ")}
        </p>
      ) : null}
      <label htmlFor={detailsId} className="text-sm font-medium">
        Details (optional)
      </label>
      <textarea
        id={detailsId}
        name="details"
        rows={3}
        maxLength={REPORT_DETAILS_MAX}
        defaultValue={defaults?.details ?? ""}
        className={control}
        aria-invalid={errors?.details?.length ? true : undefined}
      />
      {errors?.details?.length ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errors.details.join(" ")}</p>
      ) : null}
      <div>
        <button
          type="submit"
          className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800"
        >
          Send report
        </button>
      </div>
    </Form>
  );
}
