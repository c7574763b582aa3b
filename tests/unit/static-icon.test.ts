import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { staticIcon } from "~/components/ui/static-icon";

const ICONS = {
  Search: lucide.Search,
  LayoutDashboard: lucide.LayoutDashboard,
  FileText: lucide.FileText,
  Bell: lucide.Bell,
  ChevronDown: lucide.ChevronDown,
  CircleHelp: lucide.CircleHelp,
  Home: lucide.Home,
  Filter: lucide.Filter,
  X: lucide.X,
} satisfies Record<string, lucide.LucideIcon>;
const NAMES = Object.keys(ICONS) as (keyof typeof ICONS)[];
const html = (Icon: lucide.LucideIcon, props: lucide.LucideProps) =>
  renderToStaticMarkup(createElement(Icon, props));

describe("staticIcon draws exactly what lucide-react draws (issue 11, part 6)", () => {
  it.each(NAMES)("%s, with a class and aria-hidden, with a class only, and bare", (name) => {
    const Icon: lucide.LucideIcon = ICONS[name];
    const Static = staticIcon(Icon);
    expect(Static).not.toBe(Icon);
    for (const props of [
      { className: "h-4 w-4", "aria-hidden": true as const },
      { className: "shrink-0 h-5 w-5" },
      // The RFP cards' category mark (app/components/rfps/category-icon.tsx) carries a data attribute.
      {
        className: "inline-block shrink-0 h-4 w-4",
        "aria-hidden": "true" as const,
        "data-category-icon": "roofing",
      },
      {},
    ]) {
      expect(html(Static, props)).toBe(html(Icon, props));
    }
  });

  it("draws data-* attributes itself (the RFP cards' category mark), without lucide's component", () => {
    const Static = staticIcon(lucide.Trees) as unknown as (props: object) => { type: unknown };
    const props = { className: "h-4 w-4", "aria-hidden": "true", "data-category-icon": "landscaping" };
    expect(Static(props).type).toBe("svg");
    expect(Static({ ...props, size: 16 }).type).toBe(lucide.Trees);
  });

  it("falls back to lucide's component for any other prop", () => {
    const Static = staticIcon(lucide.Search);
    const props = { className: "h-4 w-4", size: 16, strokeWidth: 3 };
    expect(html(Static, props)).toBe(html(lucide.Search, props));
  });
});
