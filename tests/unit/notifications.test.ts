import {
  COMPACT_LIST_LIMIT,
  DATE_GROUPS,
  dateGroupOf,
  decodeCursor,
  EMPTY_STATES,
  emptyStateFor,
  encodeCursor,
  groupNotifications,
  matchesFilter,
  matchesSearch,
  NOTIFICATION_FILTERS,
  NOTIFICATION_GROUPINGS,
  NOTIFICATION_SORTS,
  NOTIFICATIONS_LIST_LIMIT,
  type NotificationFacts,
  nextUnreadCount,
  parseListParams,
  parseLiveSignal,
  priorityRank,
  STREAM_HEARTBEAT_MS,
  sortNotifications,
  THIS_MONTH_DAYS,
  THIS_WEEK_DAYS,
  visibleNotifications,
} from "@domain/notifications";
import { describe, expect, it } from "vitest";

const NOW = new Date("2026-11-23T15:00:00Z");
const UTC = "UTC";
const ago = (days: number, hours = 0) =>
  new Date(NOW.getTime() - (days * 24 + hours) * 3_600_000).toISOString();
let seq = 0;
const n = (patch: Partial<NotificationFacts> = {}): NotificationFacts => {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    type: "welcome",
    title: `Notification ${seq}`,
    body: null,
    isRead: false,
    isArchived: false,
    priority: "normal",
    createdAt: ago(0, 1),
    expiresAt: null,
    ...patch,
  };
};

describe("spec constants (spec 000 section 9 and 2.4)", () => {
  it("lists at most 50 notifications on the page", () => expect(NOTIFICATIONS_LIST_LIMIT).toBe(50));
  it("shows 10 in the compact list", () => expect(COMPACT_LIST_LIMIT).toBe(10));
  it("has the five date groups in order", () =>
    expect(DATE_GROUPS).toEqual(["Today", "Yesterday", "This Week", "This Month", "Older"]));
  it("This Week is 7 days and This Month 30", () => {
    expect(THIS_WEEK_DAYS).toBe(7);
    expect(THIS_MONTH_DAYS).toBe(30);
  });
  it("has the three empty states word for word", () =>
    expect(EMPTY_STATES).toEqual({
      none: "No notifications yet",
      search: "No notifications match your search",
      caughtUp: "You're all caught up!",
    }));
  it("filters: all, unread, priority, read, archived; groupings none, date, type; sorts recent, priority", () => {
    expect(NOTIFICATION_FILTERS).toEqual(["all", "unread", "priority", "read", "archived"]);
    expect(NOTIFICATION_GROUPINGS).toEqual(["none", "date", "type"]);
    expect(NOTIFICATION_SORTS).toEqual(["recent", "priority"]);
  });
  it("sends a heartbeat every 25 seconds", () => expect(STREAM_HEARTBEAT_MS).toBe(25_000));
});

describe("date groups", () => {
  it("puts each age in its group", () => {
    expect(dateGroupOf(ago(0, 2), NOW, UTC)).toBe("Today");
    expect(dateGroupOf(ago(1), NOW, UTC)).toBe("Yesterday");
    expect(dateGroupOf(ago(2), NOW, UTC)).toBe("This Week");
    expect(dateGroupOf(ago(6), NOW, UTC)).toBe("This Week");
    expect(dateGroupOf(ago(7), NOW, UTC)).toBe("This Month");
    expect(dateGroupOf(ago(29), NOW, UTC)).toBe("This Month");
    expect(dateGroupOf(ago(30), NOW, UTC)).toBe("Older");
  });
  it("counts calendar days in the reader's time zone", () => {
    // 02:00 UTC on the 23rd is still the 22nd in New York: yesterday at 10:00 there, today in UTC.
    const now = new Date("2026-11-23T15:00:00Z");
    expect(dateGroupOf("2026-11-23T02:00:00Z", now, "UTC")).toBe("Today");
    expect(dateGroupOf("2026-11-23T02:00:00Z", now, "America/New_York")).toBe("Yesterday");
  });
  it("groups by date in the spec's order, keeping the sorted order inside a group, dropping empty groups", () => {
    const items = sortNotifications(
      [
        n({ createdAt: ago(40) }),
        n({ createdAt: ago(0, 1) }),
        n({ createdAt: ago(0, 3) }),
        n({ createdAt: ago(3) }),
      ],
      "recent",
    );
    const groups = groupNotifications(items, "date", NOW, UTC);
    expect(groups.map((g) => g.label)).toEqual(["Today", "This Week", "Older"]);
    expect(groups[0]?.items.map((i) => i.createdAt)).toEqual([ago(0, 1), ago(0, 3)]);
  });
  it("groups by type with readable labels; none is one group; nothing gives no groups", () => {
    const items = [
      n({ type: "proposal_received" }),
      n({ type: "welcome" }),
      n({ type: "proposal_received" }),
    ];
    const byType = groupNotifications(items, "type", NOW, UTC);
    expect(byType.map((g) => [g.label, g.items.length])).toEqual([
      ["Proposal received", 2],
      ["Welcome", 1],
    ]);
    expect(groupNotifications(items, "none", NOW, UTC)).toHaveLength(1);
    expect(groupNotifications([], "date", NOW, UTC)).toEqual([]);
  });
});

describe("sorting", () => {
  it("most recent first", () => {
    const items = [n({ createdAt: ago(2) }), n({ createdAt: ago(0, 1) }), n({ createdAt: ago(1) })];
    expect(sortNotifications(items, "recent").map((i) => i.createdAt)).toEqual([ago(0, 1), ago(1), ago(2)]);
  });
  it("by priority: urgent, high, normal, low, then most recent", () => {
    const items = [
      n({ priority: "low", createdAt: ago(0, 1) }),
      n({ priority: "normal", createdAt: ago(0, 1) }),
      n({ priority: "urgent", createdAt: ago(2) }),
      n({ priority: "high", createdAt: ago(1) }),
      n({ priority: "urgent", createdAt: ago(0, 2) }),
    ];
    expect(sortNotifications(items, "priority").map((i) => [i.priority, i.createdAt])).toEqual([
      ["urgent", ago(0, 2)],
      ["urgent", ago(2)],
      ["high", ago(1)],
      ["normal", ago(0, 1)],
      ["low", ago(0, 1)],
    ]);
    expect(priorityRank("bogus")).toBe(priorityRank("normal"));
  });
});

describe("filters and search", () => {
  const unread = n({ isRead: false });
  const read = n({ isRead: true });
  const urgent = n({ priority: "urgent" });
  const high = n({ priority: "high", isRead: true });
  const archived = n({ isArchived: true, priority: "urgent" });
  const all = [unread, read, urgent, high, archived];
  const keep = (f: (typeof NOTIFICATION_FILTERS)[number]) => all.filter((x) => matchesFilter(x, f));
  it("all: everything not archived", () => expect(keep("all")).toEqual([unread, read, urgent, high]));
  it("unread: not read, not archived", () => expect(keep("unread")).toEqual([unread, urgent]));
  it("read: read, not archived", () => expect(keep("read")).toEqual([read, high]));
  it("priority: urgent or high, not archived", () => expect(keep("priority")).toEqual([urgent, high]));
  it("archived: only archived", () => expect(keep("archived")).toEqual([archived]));
  it("search matches title or body, case-insensitive", () => {
    expect(matchesSearch({ title: "Proposal RECEIVED", body: null }, "received")).toBe(true);
    expect(matchesSearch({ title: "Hello", body: "Lobby Renovation bid" }, "lobby")).toBe(true);
    expect(matchesSearch({ title: "Hello", body: "World" }, "pool")).toBe(false);
    expect(matchesSearch({ title: "Hello", body: null }, "  ")).toBe(true);
  });
  it("expired notifications are never shown, under any filter", () => {
    const expired = n({ expiresAt: ago(0, 1) });
    const later = n({ expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString() });
    for (const filter of NOTIFICATION_FILTERS)
      expect(visibleNotifications([expired], { filter, query: "", now: NOW })).toEqual([]);
    expect(visibleNotifications([expired, later], { filter: "all", query: "", now: NOW })).toEqual([later]);
  });
});

describe("empty states", () => {
  it("nothing yet", () =>
    expect(emptyStateFor({ total: 0, query: "", shown: 0 })).toBe("No notifications yet"));
  it("a search that finds nothing", () =>
    expect(emptyStateFor({ total: 3, query: "pool", shown: 0 })).toBe("No notifications match your search"));
  it("a filter with nothing left", () =>
    expect(emptyStateFor({ total: 3, query: "", shown: 0 })).toBe("You're all caught up!"));
  it("none when something shows", () => expect(emptyStateFor({ total: 3, query: "", shown: 1 })).toBeNull());
});

describe("unread count, stream ids, signals, parameters", () => {
  it("the unread count never goes below 0", () => {
    expect(nextUnreadCount(0, -1)).toBe(0);
    expect(nextUnreadCount(2, 1)).toBe(3);
  });
  it("a cursor survives a round trip; garbage is refused", () => {
    const cursor = { createdAt: "2026-11-23T15:00:00.123456Z", id: "0b7c1d8e-1111-4222-8333-444455556666" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of [null, "", "x_y", "2026-11-23T15:00:00Z_not-a-uuid", "'; drop table_x"])
      expect(decodeCursor(bad)).toBeNull();
  });
  it("parses NOTIFY payloads, refusing anything else", () => {
    expect(parseLiveSignal('{"user":"u","kind":"notification","id":"i"}')).toEqual({
      user: "u",
      kind: "notification",
      id: "i",
    });
    expect(parseLiveSignal('{"user":"u","kind":"context"}')).toEqual({ user: "u", kind: "context" });
    expect(parseLiveSignal('{"user":"u","kind":"notification"}')).toBeNull();
    expect(parseLiveSignal("not json")).toBeNull();
  });
  it("unknown page parameters fall back to the defaults", () => {
    expect(parseListParams(new URLSearchParams("filter=bogus&group=x&sort=y&q=%20Pool%20"))).toEqual({
      q: "Pool",
      filter: "all",
      group: "none",
      sort: "recent",
    });
    expect(parseListParams(new URLSearchParams("filter=archived&group=date&sort=priority"))).toMatchObject({
      filter: "archived",
      group: "date",
      sort: "priority",
    });
  });
});

describe("an unknown time zone", () => {
  it("counts days in UTC instead of failing", () => {
    expect(dateGroupOf("2026-11-23T02:00:00Z", new Date("2026-11-23T15:00:00Z"), "Not/AZone")).toBe("Today");
  });
});
