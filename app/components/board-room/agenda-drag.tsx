import { useNavigation, useSubmit } from "@remix-run/react";
import { type DragEvent, useEffect, useState } from "react";

/**
 * Drag and drop reordering of a meeting's agenda, on top of the up and down buttons (which stay, for
 * the keyboard and for browsers without JavaScript). Native HTML5 drag and drop: dropping an item on
 * another puts it at that item's place, shows the new order at once, and posts the same reorder the
 * buttons post (intent "place-agenda" with the item, its new position and the stream version the page
 * was rendered from: a stale page is refused with 409 rather than reordering what someone else changed).
 */
export function useAgendaDrag(ids: readonly string[], version: number, enabled: boolean) {
  const submit = useSubmit();
  const idle = useNavigation().state === "idle";
  const [hydrated, setHydrated] = useState(false);
  const [order, setOrder] = useState<readonly string[]>(ids);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const key = ids.join(",");
  useEffect(() => setHydrated(true), []);
  // The server's agenda replaces the local order whenever a post is done: the new order, or the old
  // one again after a refusal (a stale page's 409).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids`
  useEffect(() => {
    if (idle) setOrder(ids);
  }, [key, idle]);

  const active = hydrated && enabled && ids.length > 1;

  function drop(targetId: string) {
    const from = dragged;
    setDragged(null);
    setOver(null);
    if (!from || from === targetId || !idle) return;
    const to = order.indexOf(targetId);
    if (to < 0 || !order.includes(from)) return;
    const next = order.filter((id) => id !== from);
    next.splice(to, 0, from);
    setOrder(next);
    submit(
      { intent: "place-agenda", item_id: from, position: String(to + 1), version: String(version) },
      { method: "post", preventScrollReset: true },
    );
  }

  return {
    active,
    /** The items in the order shown (the local order while a reorder is on its way). */
    sorted<T extends { id: string }>(items: readonly T[]): T[] {
      if (!active) return [...items];
      const byId = new Map(items.map((i) => [i.id, i]));
      const shown = order.map((id) => byId.get(id)).filter((i): i is T => i !== undefined);
      return shown.length === items.length ? shown : [...items];
    },
    itemProps(id: string) {
      if (!active) return {};
      return {
        draggable: true,
        "data-dragging": dragged === id ? "true" : undefined,
        "data-drop-target": over === id && dragged !== id ? "true" : undefined,
        onDragStart(event: DragEvent<HTMLElement>) {
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", id);
          setDragged(id);
        },
        onDragOver(event: DragEvent<HTMLElement>) {
          if (!dragged) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "move";
          if (over !== id) setOver(id);
        },
        onDragLeave() {
          if (over === id) setOver(null);
        },
        onDrop(event: DragEvent<HTMLElement>) {
          event.preventDefault();
          drop(id);
        },
        onDragEnd() {
          setDragged(null);
          setOver(null);
        },
      };
    },
  };
}
