import {
  activeFilterCount,
  type RfpSearchFilters,
  readSavedSearches,
  rfpSearchParams,
  SAVED_SEARCHES_KEY,
  type SavedSearch,
  savedSearchNameError,
} from "@domain/rfp/search";
import * as Dialog from "@radix-ui/react-dialog";
import { Link } from "@remix-run/react";
import { Bookmark as LucideBookmark, X as LucideX } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { staticIcon } from "~/components/ui/static-icon";

// Drawn from one string each (see staticIcon): these appear on every page.
const Bookmark = staticIcon(LucideBookmark);
const X = staticIcon(LucideX);

function load(): SavedSearch[] {
  try {
    return readSavedSearches(window.localStorage.getItem(SAVED_SEARCHES_KEY));
  } catch (error) {
    console.error("Failed to load saved searches", error);
    return [];
  }
}

function store(list: SavedSearch[]) {
  window.localStorage.setItem(SAVED_SEARCHES_KEY, JSON.stringify(list));
}

const panel =
  "fixed left-1/2 top-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-5 shadow-2xl dark:border-slate-800 dark:bg-slate-900";

/**
 * Save Search and Saved Searches (spec 001 sections 2.2 and 3): kept in this browser under
 * `rfp_saved_searches`, as the spec keeps them. Rendered only once JavaScript runs (it needs storage).
 */
export function SavedSearches({ filters, total }: { filters: RfpSearchFilters; total: number }) {
  const [saved, setSaved] = useState<SavedSearch[]>([]);
  const [saveOpen, setSaveOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Saved searches live in this browser: read once hydrated (the buttons render on the server, js-only).
  useEffect(() => {
    setSaved(load());
  }, []);
  const canSave = activeFilterCount(filters) > 0;

  const save = () => {
    const problem = savedSearchNameError(name);
    if (problem) {
      setError(problem);
      return;
    }
    const entry: SavedSearch = {
      id: crypto.randomUUID(),
      name: name.trim(),
      filters: rfpSearchParams(filters, { page: 1 }).toString(),
      createdAt: new Date().toISOString(),
      resultCount: total,
    };
    const next = [entry, ...load()];
    store(next);
    setSaved(next);
    setName("");
    setError(null);
    setSaveOpen(false);
  };
  const remove = (id: string) => {
    const next = load().filter((s) => s.id !== id);
    store(next);
    setSaved(next);
  };

  return (
    <>
      <Dialog.Root open={saveOpen} onOpenChange={setSaveOpen}>
        <Dialog.Trigger asChild>
          <button
            type="button"
            disabled={!canSave}
            className={buttonClass("secondary", "js-only px-3 py-1.5")}
          >
            Save Search
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
          <Dialog.Content className={panel}>
            <Dialog.Title className="text-lg font-semibold">Save Search</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Keep these filters in this browser to run them again later.
            </Dialog.Description>
            <form
              className="mt-4 space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                save();
              }}
            >
              <label htmlFor="saved-search-name" className="block text-sm font-medium">
                Name
              </label>
              <input
                id="saved-search-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "saved-search-error" : undefined}
                maxLength={100}
                className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
              />
              {error ? (
                <p id="saved-search-error" className="text-sm text-red-700 dark:text-red-400">
                  {error}
                </p>
              ) : null}
              <div className="flex justify-end gap-2">
                <Dialog.Close className={buttonClass("ghost")}>Cancel</Dialog.Close>
                <button type="submit" disabled={name.trim() === ""} className={buttonClass("primary")}>
                  Save
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <Dialog.Root open={listOpen} onOpenChange={setListOpen}>
        <Dialog.Trigger className={buttonClass("secondary", "js-only px-3 py-1.5")}>
          <Bookmark aria-hidden="true" className="h-4 w-4" />
          Saved Searches{saved.length > 0 ? ` (${saved.length})` : ""}
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
          <Dialog.Content className={panel}>
            <div className="flex items-start justify-between">
              <Dialog.Title className="text-lg font-semibold">Saved Searches</Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">Searches saved in this browser</Dialog.Description>
            {saved.length === 0 ? (
              <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">No saved searches yet.</p>
            ) : (
              <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
                {saved.map((s) => (
                  <li key={s.id} className="flex items-center justify-between gap-2 py-2">
                    <Link
                      to={s.filters ? `/rfps?${s.filters}` : "/rfps"}
                      onClick={() => setListOpen(false)}
                      className="min-w-0 flex-1 text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
                    >
                      {s.name}
                      <span className="block text-xs font-normal text-slate-500">
                        {s.resultCount} {s.resultCount === 1 ? "result" : "results"} when saved
                      </span>
                    </Link>
                    <button
                      type="button"
                      onClick={() => remove(s.id)}
                      className={buttonClass("ghost", "px-2 py-1 text-xs")}
                    >
                      Delete<span className="sr-only"> {s.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
