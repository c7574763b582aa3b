import type { LucideIcon, LucideProps } from "lucide-react";
import type { ReactElement } from "react";

/** What a lucide-react icon is made of: its name and its SVG children (tag, attributes). */
interface IconData {
  name: string;
  size?: number;
  aliases?: unknown[];
  node: [string, Record<string, string | number>, unknown?][];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The icon's data, read from the component lucide made for it (it passes it to its base Icon). */
function iconData(Icon: LucideIcon): IconData | null {
  const render = (Icon as unknown as { render?: (props: object, ref: null) => ReactElement }).render;
  const data = render?.({}, null)?.props?.icon as IconData | undefined;
  return data && typeof data.name === "string" && Array.isArray(data.node) ? data : null;
}

/**
 * A lucide-react icon drawn as the same SVG with its shapes as one string (dangerouslySetInnerHTML),
 * for icons on every page (the navigation, the shell, the RFP cards): lucide builds each icon's
 * attributes and each shape as React elements on every render, about 60 icons and 200 shapes on the
 * /rfps page (issue 11, part 6). The markup is the same as lucide's (tests/unit/static-icon.test.tsx
 * checks every icon wrapped this way). Besides className, aria-hidden and data-* attributes, any prop
 * (a size, a stroke width, a title child) falls back to lucide's own component.
 */
export function staticIcon(Icon: LucideIcon): LucideIcon {
  const data = iconData(Icon);
  // Nested shapes or a viewBox other than 24: lucide's component draws those.
  if (!data || (data.size ?? 24) !== 24 || data.node.some((shape) => shape[2] !== undefined)) return Icon;
  const shapes = {
    __html: data.node
      .map(
        ([tag, attributes]) =>
          `<${tag}${Object.entries(attributes)
            .filter(([name]) => name !== "key")
            .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
            .join("")}></${tag}>`,
      )
      .join(""),
  };
  // As lucide's mergeClasses: "lucide", the name's and the aliases' classes, then the given ones, each once.
  const base = [
    "lucide",
    `lucide-${data.name}`,
    ...(data.aliases ?? [])
      .filter((alias): alias is string => typeof alias === "string" && alias.trim() !== "")
      .map((alias) => `lucide-${alias}`),
  ];
  const classes = new Map<string, string>();
  const classOf = (className: string | undefined) => {
    const key = className ?? "";
    let value = classes.get(key);
    if (value === undefined) {
      value = [...new Set([...base, ...key.split(/\s+/).filter(Boolean)])].join(" ");
      if (classes.size < 100) classes.set(key, value);
    }
    return value;
  };
  function StaticIcon(props: LucideProps) {
    const { className, "aria-hidden": ariaHidden, ...rest } = props;
    // data-* attributes come after aria-hidden, as lucide places them; anything else is lucide's to draw.
    for (const name in rest) if (!name.startsWith("data-")) return <Icon {...props} />;
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={classOf(className)}
        aria-hidden={ariaHidden ?? "true"}
        {...rest}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: lucide's own shapes, built once from its data
        dangerouslySetInnerHTML={shapes}
      />
    );
  }
  StaticIcon.displayName = Icon.displayName;
  return StaticIcon as unknown as LucideIcon;
}
