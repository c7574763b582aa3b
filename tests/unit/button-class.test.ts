import { describe, expect, it } from "vitest";
import { buttonClass } from "~/components/ui/button";

describe("buttonClass: the component classes and the caller's extras (issue 27, part 3)", () => {
  it("gives the component classes, then the extras as written", () => {
    expect(buttonClass()).toBe("btn btn-primary");
    expect(buttonClass("secondary")).toBe("btn btn-secondary");
    expect(buttonClass("ghost", " js-only ")).toBe("btn btn-ghost js-only");
    // Extras that compete with the button's own utilities are kept: the components layer comes before
    // every utility, so they win (the browser check is in tests/e2e/small-screens.spec.ts).
    expect(buttonClass("ghost", "px-2 py-1 text-xs text-red-700 dark:text-red-400")).toBe(
      "btn btn-ghost px-2 py-1 text-xs text-red-700 dark:text-red-400",
    );
  });
});
