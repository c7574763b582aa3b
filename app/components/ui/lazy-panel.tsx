import { useSearchParams } from "@remix-run/react";
import { type ReactNode, useState } from "react";

/**
 * A panel closed by default whose content is rendered only when opened (decision 039): a page asked
 * for with `?<name>=open` starts with it open (that is how it opens without JavaScript), as does one
 * whose own form was just refused (`forced`).
 */
export function useLazyPanel(name: string, forced = false) {
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(forced || searchParams.get(name) === "open");
  const params = new URLSearchParams(searchParams);
  if (open) params.delete(name);
  else params.set(name, "open");
  const qs = params.toString();
  return { open, toggle: () => setOpen(!open), name, toggleSearch: qs ? `?${qs}` : "?" };
}

export type LazyPanel = ReturnType<typeof useLazyPanel>;

/** The id the toggle's aria-controls names: put it on the panel's content. */
export const lazyPanelId = (panel: LazyPanel) => `${panel.name}-panel`;

/**
 * The panel's control: a button with JavaScript; without it (inside <noscript>, as the shell's menus of
 * decision 037) a link to this page with the panel the other way. `label(true)` is the button's.
 */
export function LazyPanelToggle({
  panel,
  className,
  label,
}: {
  panel: LazyPanel;
  className: string;
  label: (button: boolean) => ReactNode;
}) {
  const id = lazyPanelId(panel);
  return (
    <>
      <button
        type="button"
        className={`js-only ${className}`}
        aria-expanded={panel.open}
        aria-controls={panel.open ? id : undefined}
        onClick={panel.toggle}
      >
        {label(true)}
      </button>
      <noscript>
        <a href={panel.toggleSearch} className={className} aria-expanded={panel.open}>
          {label(false)}
        </a>
      </noscript>
    </>
  );
}
