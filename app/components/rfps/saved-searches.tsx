import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  FREE_SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCH_UPGRADE_URL,
} from "@domain/rfp/saved-searches";
import { type RfpSearchFilters, savedSearchFilters, searchIsSavable } from "@domain/rfp/search";
import { Form, Link, useLocation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { Bell, BellOff, Bookmark } from "~/components/ui/icons";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { LazyPanelToggle, lazyPanelId, useLazyPanel } from "~/components/ui/lazy-panel";

export interface SavedSearchActionData {
  /** The form the answer is for: "save-search", "search-<id>" (rename) or "row-<id>" (alerts, delete). */
  formId: string;
  /** Conform's answer for the save and rename forms. */
  result: SubmissionResult<string[]> | null;
  /** The refusal of a row's buttons (alerts, delete). */
  message: string | null;
  upgradeUrl: string | null;
}

export interface SavedSearchItem {
  id: string;
  name: string;
  filters: string;
  alerts: boolean;
  resultCount: number;
  createdAt: string;
  lastAlertedAt: string | null;
}

const panel =
  "absolute right-0 z-30 mt-2 w-[min(24rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white p-4 text-left shadow-2xl dark:border-slate-800 dark:bg-slate-900";
const summary = buttonClass("secondary");

function UpgradeLink() {
  return (
    <Link to={SAVED_SEARCH_UPGRADE_URL} className="font-semibold text-blue-700 underline dark:text-blue-400">
      Upgrade to Professional
    </Link>
  );
}

function FormError({ errors, upgradeUrl }: { errors?: string[]; upgradeUrl: string | null }) {
  if (!errors?.length) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {errors.join(" ")} {upgradeUrl ? <UpgradeLink /> : null}
    </div>
  );
}

/**
 * Save Search and Saved Searches (spec 001 sections 2.2 and 3; issue 14): kept on the server, per
 * person. Panels with plain forms, rendered when opened (a button, or a link without JavaScript).
 * E-mail alerts for new matching RFPs are a Professional feature; Free keeps up to 3 searches.
 */
export function SavedSearches({
  filters,
  total,
  saved,
  professional,
  actionData,
}: {
  filters: RfpSearchFilters;
  total: number;
  saved: SavedSearchItem[];
  professional: boolean;
  actionData: SavedSearchActionData | undefined;
}) {
  // Each navigation (a search, a saved form's redirect) closes the panels; a refused form keeps its own open.
  const { key } = useLocation();
  const mine = (formId: string) => (actionData?.formId === formId ? actionData : undefined);
  const saveAnswer = mine("save-search");
  const listAnswer = actionData && actionData.formId !== "save-search";
  return (
    <>
      <SaveSearchPanel
        key={`save-${key}`}
        filters={filters}
        total={total}
        savedCount={saved.length}
        professional={professional}
        answer={saveAnswer}
      />
      <SavedSearchesPanel
        key={`list-${key}`}
        saved={saved}
        professional={professional}
        forced={Boolean(listAnswer)}
        mine={mine}
      />
    </>
  );
}

interface SaveSearchProps {
  filters: RfpSearchFilters;
  total: number;
  savedCount: number;
  professional: boolean;
  /** The action's answer to this form (a refusal keeps the panel open and shows it). */
  answer: SavedSearchActionData | undefined;
}

/** Save Search: its content (a Conform form) rendered only when opened (decision 039). */
function SaveSearchPanel(props: SaveSearchProps) {
  const { filters, answer } = props;
  const lazy = useLazyPanel("save", Boolean(answer));
  return (
    <div className="relative">
      <LazyPanelToggle panel={lazy} className={summary} label={() => "Save Search"} />
      {lazy.open ? (
        <div id={lazyPanelId(lazy)} className={panel}>
          <h2 className="text-lg font-semibold">Save Search</h2>
          {searchIsSavable(filters) ? (
            <SaveSearchForm {...props} />
          ) : (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {SAVED_SEARCH_MESSAGES.noFilters}.
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}

function SaveSearchForm({ filters, total, savedCount, professional, answer }: SaveSearchProps) {
  const [form, fields] = useForm<{ name: string; alerts: boolean }>({
    id: "save-search",
    lastResult: answer?.result ?? undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="save-search" />
      <IdempotencyKey />
      <input type="hidden" name="filters" value={savedSearchFilters(filters)} />
      <input type="hidden" name="resultCount" value={total} />
      <FormError errors={form.errors} upgradeUrl={answer?.upgradeUrl ?? null} />
      <div className="space-y-1">
        <label htmlFor={fields.name.id} className="block text-sm font-medium">
          Name
        </label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          maxLength={SAVED_SEARCH_NAME_MAX}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        {fields.name.errors ? (
          <p id={fields.name.errorId} className="text-sm text-red-700 dark:text-red-400">
            {fields.name.errors.join(" ")}
          </p>
        ) : null}
      </div>
      <div className="flex items-start gap-2 text-sm">
        <input
          {...getInputProps(fields.alerts, { type: "checkbox" })}
          key={fields.alerts.key}
          className="mt-0.5 h-4 w-4"
        />
        <label htmlFor={fields.alerts.id}>
          E-mail me when a new RFP matches
          {professional ? null : (
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              A Professional feature. <UpgradeLink />
            </span>
          )}
        </label>
      </div>
      {professional ? null : (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The Free plan keeps up to {FREE_SAVED_SEARCH_LIMIT} saved searches ({savedCount} saved).
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("primary")}>
          Save
        </button>
      </div>
    </Form>
  );
}

/** Saved Searches: the list (a rename form per search) rendered only when opened (decision 039). */
function SavedSearchesPanel({
  saved,
  professional,
  forced,
  mine,
}: {
  saved: SavedSearchItem[];
  professional: boolean;
  forced: boolean;
  mine: (formId: string) => SavedSearchActionData | undefined;
}) {
  const lazy = useLazyPanel("saved", forced);
  const paused = !professional && saved.some((s) => s.alerts);
  return (
    <div className="relative">
      <LazyPanelToggle
        panel={lazy}
        className={summary}
        label={() => (
          <>
            <Bookmark aria-hidden="true" className="h-4 w-4" />
            Saved Searches{saved.length > 0 ? ` (${saved.length})` : ""}
          </>
        )}
      />
      {lazy.open ? (
        <div id={lazyPanelId(lazy)} className={panel}>
          <h2 className="text-lg font-semibold">Saved Searches</h2>
          {paused ? (
            <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {SAVED_SEARCH_MESSAGES.alertsPaused} <UpgradeLink />
            </p>
          ) : null}
          {saved.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No saved searches yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Saved searches">
              {saved.map((s) => (
                <SavedSearchRow
                  key={s.id}
                  search={s}
                  renameAnswer={mine(`search-${s.id}`)}
                  rowAnswer={mine(`row-${s.id}`)}
                />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

function SavedSearchRow({
  search: s,
  renameAnswer,
  rowAnswer,
}: {
  search: SavedSearchItem;
  renameAnswer: SavedSearchActionData | undefined;
  rowAnswer: SavedSearchActionData | undefined;
}) {
  const [form, fields] = useForm<{ name: string }>({
    id: `search-${s.id}`,
    lastResult: renameAnswer?.result ?? undefined,
    shouldValidate: "onSubmit",
    defaultValue: { name: s.name },
  });
  return (
    <li className="space-y-2 py-2">
      <Link
        to={s.filters ? `/rfps?${s.filters}` : "/rfps"}
        className="block text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
      >
        {s.name}
        <span className="block text-xs font-normal text-slate-500">
          {s.resultCount} {s.resultCount === 1 ? "result" : "results"} when saved
          {s.alerts ? " · e-mail alerts on" : ""}
        </span>
      </Link>
      <FormError errors={form.errors} upgradeUrl={renameAnswer?.upgradeUrl ?? null} />
      <FormError
        errors={rowAnswer?.message ? [rowAnswer.message] : undefined}
        upgradeUrl={rowAnswer?.upgradeUrl ?? null}
      />
      <div className="flex flex-wrap items-center gap-1">
        <Form method="post">
          <input type="hidden" name="id" value={s.id} />
          <input type="hidden" name="alerts" value={s.alerts ? "" : "on"} />
          <button
            type="submit"
            name="intent"
            value="search-alerts"
            className={buttonClass("ghost", "px-2 py-1 text-xs")}
          >
            {s.alerts ? (
              <BellOff aria-hidden="true" className="h-3 w-3" />
            ) : (
              <Bell aria-hidden="true" className="h-3 w-3" />
            )}
            {s.alerts ? "Turn alerts off" : "Turn alerts on"}
            <span className="sr-only"> for {s.name}</span>
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="id" value={s.id} />
          <button
            type="submit"
            name="intent"
            value="delete-search"
            className={buttonClass("ghost", "px-2 py-1 text-xs")}
          >
            Delete<span className="sr-only"> {s.name}</span>
          </button>
        </Form>
      </div>
      <Form method="post" className="flex items-end gap-1" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="rename-search" />
        <input type="hidden" name="id" value={s.id} />
        <label htmlFor={fields.name.id} className="sr-only">
          New name for {s.name}
        </label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          maxLength={SAVED_SEARCH_NAME_MAX}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button type="submit" className={buttonClass("secondary", "px-2 py-1 text-xs")}>
          Rename<span className="sr-only"> {s.name}</span>
        </button>
      </Form>
      {fields.name.errors ? (
        <p id={fields.name.errorId} className="text-sm text-red-700 dark:text-red-400">
          {fields.name.errors.join(" ")}
        </p>
      ) : null}
    </li>
  );
}
