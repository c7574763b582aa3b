import { z } from "zod";
import {
  RECENT_ITEMS_KEY_PREFIX,
  RECENT_ITEMS_MAX,
  RECENT_ITEMS_MAX_AGE_MS,
  UNTRACKED_PATH_PREFIXES,
} from "./constants";

/** A recent item (spec 000 section 3), kept in the browser's local storage per user. */
export const RecentItemSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().optional(),
  description: z.string().optional(),
  href: z.string().startsWith("/"),
  type: z.enum(["page", "document", "user", "rfp", "property", "message"]),
  metadata: z.record(z.unknown()).optional(),
  /** Milliseconds since the epoch when it was last opened. */
  timestamp: z.number(),
});
export type RecentItem = z.infer<typeof RecentItemSchema>;

export const recentItemsKey = (userId: string) => `${RECENT_ITEMS_KEY_PREFIX}${userId}`;

/** Authentication, onboarding and error paths are not tracked. */
export function isTrackedPath(href: string): boolean {
  const path = href.split(/[?#]/)[0] ?? "";
  return !UNTRACKED_PATH_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Drops entries older than 30 days and keeps the newest 10, newest first. */
export function pruneRecent(items: readonly RecentItem[], now: number): RecentItem[] {
  return items
    .filter((i) => now - i.timestamp <= RECENT_ITEMS_MAX_AGE_MS && isTrackedPath(i.href))
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, RECENT_ITEMS_MAX);
}

/** Puts `item` first (once: an older entry for the same href goes), unless its path is not tracked. */
export function addRecent(items: readonly RecentItem[], item: RecentItem, now: number): RecentItem[] {
  if (!isTrackedPath(item.href)) return pruneRecent(items, now);
  return pruneRecent([item, ...items.filter((i) => i.href !== item.href && i.id !== item.id)], now);
}

/** Reads a stored list; anything malformed is ignored rather than breaking the palette. */
export function parseRecent(raw: string | null, now: number): RecentItem[] {
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return [];
    const items = parsed.flatMap((x) => {
      const r = RecentItemSchema.safeParse(x);
      return r.success ? [r.data] : [];
    });
    return pruneRecent(items, now);
  } catch {
    return [];
  }
}
