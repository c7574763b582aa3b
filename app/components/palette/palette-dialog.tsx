import {
  addRecent,
  NO_RESULTS_HINT,
  NO_SEARCH_RESULTS,
  noResultsTitle,
  PALETTE_SEARCH_DEBOUNCE_MS,
  PALETTE_SEARCH_MIN_LENGTH,
  type PaletteGroup,
  type PaletteItem,
  type PaletteViewer,
  paletteItems,
  parseRecent,
  type RecentItem,
  recentItemsKey,
  type SiteSearchResults,
} from "@domain/palette";
import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { Command } from "cmdk";
import { useEffect, useMemo, useRef, useState } from "react";
import { Search } from "~/components/ui/icons";

const GROUP_LABELS: Record<PaletteGroup, string> = {
  recent: "Recent",
  navigation: "Page",
  actions: "Action",
  roles: "Role",
  rfps: "RFP",
  people: "Person",
  organizations: "Organization",
};

const RECENT_TYPE_LABELS: Record<RecentItem["type"], string> = {
  page: "Page",
  document: "Document",
  user: "Person",
  rfp: "RFP",
  property: "Property",
  message: "Message",
};

const badge = (item: PaletteItem) =>
  item.group === "recent"
    ? (RECENT_TYPE_LABELS[item.kind as RecentItem["type"]] ?? "Page")
    : GROUP_LABELS[item.group];

const RECENT_TYPES: Partial<Record<PaletteGroup, RecentItem["type"]>> = { rfps: "rfp", people: "user" };

function readRecent(userId: string): RecentItem[] {
  try {
    return parseRecent(window.localStorage.getItem(recentItemsKey(userId)), Date.now());
  } catch {
    return [];
  }
}

/** Asks /api/search for records a short while after the last key; a newer query aborts the older request. */
function useServerSearch(query: string, enabled: boolean) {
  const [state, setState] = useState<{ q: string; results: SiteSearchResults; loading: boolean }>({
    q: "",
    results: NO_SEARCH_RESULTS,
    loading: false,
  });
  useEffect(() => {
    const q = query.trim();
    if (!enabled || q.length < PALETTE_SEARCH_MIN_LENGTH) {
      setState({ q, results: NO_SEARCH_RESULTS, loading: false });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`/api/search?${new URLSearchParams({ q })}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        const body = response.ok ? ((await response.json()) as SiteSearchResults) : NO_SEARCH_RESULTS;
        if (!controller.signal.aborted) setState({ q, results: body, loading: false });
      } catch {
        // Aborted by a newer query, or the network failed: the page matches still show.
        if (!controller.signal.aborted) setState({ q, results: NO_SEARCH_RESULTS, loading: false });
      }
    }, PALETTE_SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, enabled]);
  return { ...state, current: state.q === query.trim() };
}

/**
 * Consecutive entries of the same kind, in the domain's order. With an empty query they are headed
 * "Recent" and "Navigation"; a search result list has no headings.
 */
function groupsOf(items: readonly PaletteItem[], headed: boolean) {
  const groups: { key: string; heading?: string; items: PaletteItem[] }[] = [];
  for (const item of items) {
    const key = item.group === "recent" ? "recent" : "navigation";
    const last = groups.at(-1);
    if (headed && last?.key === key) last.items.push(item);
    else if (!headed && last) last.items.push(item);
    else
      groups.push({
        key: headed ? key : "results",
        heading: headed ? (key === "recent" ? "Recent" : "Navigation") : undefined,
        items: [item],
      });
  }
  return groups;
}

/**
 * The command palette's dialog (spec 000 section 2.5), loaded when the palette is first opened
 * (command-palette.tsx): arrows move, Enter runs, Escape closes. It lists pages, the gated actions the
 * active context may run, one role switch per other role, recent items, and records from the server
 * search. Built on cmdk (the combobox, listbox, arrow keys and Enter) inside a Radix Dialog; the
 * ranking and gating are the domain's (domain/palette), so cmdk's own filtering is off.
 */
export default function PaletteDialog({
  userId,
  viewer,
  open,
  setOpen,
  mod,
}: {
  userId: string;
  viewer: PaletteViewer;
  open: boolean;
  setOpen: (open: boolean) => void;
  mod: string;
}) {
  const [query, setQuery] = useState("");
  // The highlighted entry, by its id (cmdk's value).
  const [active, setActive] = useState("");
  const [recent, setRecent] = useState<RecentItem[]>(() => readRecent(userId));
  const navigate = useNavigate();
  const location = useLocation();
  const switcher = useFetcher();
  const search = useServerSearch(query, open);

  // Each opening starts from an empty query and the stored recent items.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) {
      setQuery("");
      setRecent(readRecent(userId));
    }
    wasOpen.current = open;
  }, [open, userId]);

  const items = useMemo(
    () => paletteItems(query, viewer, recent, search.current ? search.results : NO_SEARCH_RESULTS),
    [query, viewer, recent, search.current, search.results],
  );

  // A new list starts at its first entry.
  useEffect(() => setActive(items[0]?.id ?? ""), [items]);

  function run(item: PaletteItem) {
    setOpen(false);
    if (item.contextId) {
      switcher.submit(
        { intent: "switch", contextId: item.contextId, redirectTo: `${location.pathname}${location.search}` },
        { method: "post", action: "/settings/roles" },
      );
      return;
    }
    if (!item.href) return;
    const now = Date.now();
    const next = addRecent(
      readRecent(userId),
      {
        id: item.id.replace(/^recent:/, ""),
        title: item.title,
        subtitle: item.subtitle,
        href: item.href,
        type:
          item.group === "recent"
            ? ((item.kind as RecentItem["type"] | undefined) ?? "page")
            : (RECENT_TYPES[item.group] ?? "page"),
        timestamp: now,
      },
      now,
    );
    try {
      window.localStorage.setItem(recentItemsKey(userId), JSON.stringify(next));
    } catch {
      // Storage full or disabled: the palette works without recent items.
    }
    navigate(item.href);
  }

  const trimmed = query.trim();
  const searching = search.loading && trimmed.length >= PALETTE_SEARCH_MIN_LENGTH;
  const showEmpty = trimmed.length > 0 && items.length === 0 && !searching;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-[12vh] z-50 flex max-h-[70vh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <Command
            shouldFilter={false}
            loop
            vimBindings={false}
            value={active}
            onValueChange={setActive}
            label="Search pages, actions and records"
            className="flex min-h-0 flex-1 flex-col"
          >
            <div className="flex items-center gap-2 border-b border-slate-200 px-3 dark:border-slate-700">
              <Search aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
              <Command.Input
                value={query}
                onValueChange={setQuery}
                placeholder="Type a command or search…"
                className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-slate-400"
              />
              {searching ? (
                <span role="status" className="shrink-0 text-xs text-slate-500">
                  Searching…
                </span>
              ) : null}
            </div>
            <Command.List aria-label="Results" className="flex-1 overflow-y-auto p-2">
              {groupsOf(items, !trimmed).map((group) => (
                <Command.Group
                  key={group.key}
                  heading={group.heading}
                  className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-500"
                >
                  {group.items.map((item) => (
                    <Command.Item
                      key={item.id}
                      value={item.id}
                      onSelect={() => run(item)}
                      className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-blue-50 data-[selected=true]:text-blue-900 dark:data-[selected=true]:bg-blue-950 dark:data-[selected=true]:text-blue-100"
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-medium">{item.title}</span>
                        {item.subtitle ? (
                          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                            {item.subtitle}
                          </span>
                        ) : null}
                      </span>
                      <span
                        aria-hidden="true"
                        className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                      >
                        {badge(item)}
                      </span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ))}
            </Command.List>
          </Command>
          {trimmed && items.length > 0 && !searching ? (
            <p role="status" className="sr-only">
              {items.length === 1 ? "1 result" : `${items.length} results`}
            </p>
          ) : null}
          {showEmpty ? (
            <div role="status" className="px-4 pb-6 pt-2 text-center">
              <p className="font-medium">{noResultsTitle(trimmed)}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{NO_RESULTS_HINT}</p>
            </div>
          ) : null}
          <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
            ↑↓ to move · Enter to open · Esc to close · {mod}+D dashboard · {mod}+, settings
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
