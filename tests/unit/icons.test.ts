import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/components/ui/icon-names";
import * as icons from "~/components/ui/icons";
import { buildSprite, SPRITE_PATH } from "../../scripts/build-icons";

const sprite = readFileSync(SPRITE_PATH, "utf8");
const symbols = [...sprite.matchAll(/<symbol id="(\w+)"[^>]*>(.*?)<\/symbol>/g)].map((m) => ({
  id: m[1] as string,
  shapes: m[2] as string,
}));
const components = Object.entries(icons).filter(([name]) => name !== "spriteHref");

/** Every name the app imports from the icon module (app/**, by its import lines). */
function namesImportedByApp(): { names: Set<string>; lucideImporters: string[] } {
  const names = new Set<string>();
  const lucideImporters: string[] = [];
  for (const entry of readdirSync("app", { recursive: true })) {
    const file = path.join("app", String(entry));
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(file, "utf8");
    if (source.includes('from "lucide-react"')) lucideImporters.push(file);
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"~\/components\/ui\/icons"/g)) {
      for (const part of (match[1] as string).split(",")) {
        const name = part.trim().split(/\s+as\s+/)[0] as string;
        if (name && !name.startsWith("type ") && name !== "spriteHref") names.add(name);
      }
    }
  }
  return { names, lucideImporters };
}

describe("icons from one SVG sprite (issue 27, part 3)", () => {
  it("the sprite is the one scripts/build-icons.ts makes from lucide-react (npm run build:icons)", () => {
    expect(sprite).toBe(buildSprite());
  });

  it("has a symbol for each listed name, and the module an icon for each, nothing more", () => {
    expect(symbols.map((s) => s.id)).toEqual([...ICON_NAMES]);
    expect(components.map(([name]) => name).sort()).toEqual([...ICON_NAMES].sort());
  });

  it("lists exactly the icons the app uses, and the app imports no icon from lucide-react itself", () => {
    const { names, lucideImporters } = namesImportedByApp();
    expect([...names].sort()).toEqual([...ICON_NAMES].sort());
    expect(lucideImporters).toEqual([]);
  });

  it.each([...ICON_NAMES])(
    "%s: the symbol draws lucide's shapes, with lucide's viewBox and stroke",
    (name) => {
      const Lucide = (lucide as unknown as Record<string, lucide.LucideIcon>)[name] as lucide.LucideIcon;
      const drawn = renderToStaticMarkup(createElement(Lucide));
      const [, attributes, shapes] = drawn.match(/^<svg([^>]*)>(.*)<\/svg>$/) ?? [];
      const symbol = sprite.match(new RegExp(`<symbol id="${name}"([^>]*)>`))?.[1] ?? "";
      for (const attribute of [
        "viewBox",
        "fill",
        "stroke",
        "stroke-width",
        "stroke-linecap",
        "stroke-linejoin",
      ]) {
        expect(symbol).toContain(attributes?.match(new RegExp(` ${attribute}="[^"]*"`))?.[0]);
      }
      expect(symbols.find((s) => s.id === name)?.shapes).toBe(shapes?.replace(/><\/\w+>/g, "/>"));
    },
  );

  it("draws <svg><use href=sprite#name/></svg> with the given props, hidden unless labelled", () => {
    const html = (props: icons.IconProps) => renderToStaticMarkup(createElement(icons.Bell, props));
    const use = `<use href="${icons.spriteHref}#Bell"></use>`;
    expect(icons.spriteHref).toMatch(/icons.*\.svg$/);
    expect(html({ className: "h-4 w-4" })).toBe(`<svg aria-hidden="true" class="h-4 w-4">${use}</svg>`);
    expect(html({ "aria-hidden": "true", className: "h-5 w-5", "data-x": "1" } as icons.IconProps)).toBe(
      `<svg aria-hidden="true" class="h-5 w-5" data-x="1">${use}</svg>`,
    );
    expect(html({ "aria-label": "Notifications", role: "img" })).toBe(
      `<svg aria-label="Notifications" role="img">${use}</svg>`,
    );
  });
});
