/**
 * The one edit path's pure part (domain/shared.ts, used by db/event-store/edit.ts runEdit): given what a
 * form showed (base), what is there now (current) and what it posted, when merged, then only the
 * person's changes remain and a field someone else changed meanwhile is a conflict.
 */
import { EDIT_VERSION_REQUIRED, mergeEdit, renderedVersionField } from "@domain/shared";
import { describe, expect, it } from "vitest";

type Item = { title: string; minutes: number; note: string | null };
const shown: Item = { title: "Pool", minutes: 15, note: null };

describe("mergeEdit", () => {
  it("at the rendered version: only the fields the person changed", () => {
    expect(mergeEdit(shown, { title: "Pool", minutes: 30, note: null }, shown)).toEqual({
      changes: { minutes: 30 },
      conflicts: [],
    });
  });

  it("stale: a field someone else changed and the person changed too is a conflict", () => {
    const current = { ...shown, title: "Pool and deck" };
    expect(mergeEdit(current, { title: "Pool fence", minutes: 15 }, shown)).toEqual({
      changes: { title: "Pool fence" },
      conflicts: ["title"],
    });
  });

  it("stale: a field only someone else changed stays theirs; the person's other change merges", () => {
    const current = { ...shown, title: "Pool and deck" };
    expect(mergeEdit(current, { title: "Pool", minutes: 30 }, shown)).toEqual({
      changes: { minutes: 30 },
      conflicts: [],
    });
  });

  it("stale: the same change made by both is neither a change nor a conflict", () => {
    const current = { ...shown, title: "Pool fence" };
    expect(mergeEdit(current, { title: "Pool fence" }, shown)).toEqual({ changes: {}, conflicts: [] });
  });

  it("null and undefined are the same empty value; a custom equality is used when given", () => {
    expect(mergeEdit(shown, { note: undefined }, shown).changes).toEqual({});
    const caseless = (_k: keyof Item, a: unknown, b: unknown) =>
      String(a ?? "").toLowerCase() === String(b ?? "").toLowerCase();
    expect(mergeEdit(shown, { title: "POOL" }, shown, caseless).changes).toEqual({});
  });
});

describe("renderedVersionField", () => {
  it("is required: missing, empty or not a positive integer is refused with one clear message", () => {
    for (const bad of [undefined, Number.NaN, 0, -1, 1.5, "3"]) {
      const parsed = renderedVersionField.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(EDIT_VERSION_REQUIRED);
    }
    expect(renderedVersionField.parse(7)).toBe(7);
  });
});
