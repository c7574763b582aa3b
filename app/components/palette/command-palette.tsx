import type { PaletteViewer } from "@domain/palette/items";
import { shortcutFor } from "@domain/palette/shortcuts";
import { useNavigate } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";

/** The dialog, cmdk and the palette's ranking come in a chunk of their own, when it is first opened. */
const loadDialog = () => import("./palette-dialog");
const PaletteDialog = lazy(loadDialog);

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === "TEXTAREA" ||
    target.tagName === "SELECT" ||
    (target.tagName === "INPUT" &&
      !["button", "checkbox", "radio", "submit", "reset"].includes((target as HTMLInputElement).type))
  );
}

/**
 * The command palette (spec 000 section 2.5): Cmd/Ctrl+K, Cmd+P or "/" open it; Cmd+D, Cmd+, and
 * Cmd+Shift+N are handled here too. Only its button and the shortcuts are on the page at first: the
 * dialog (palette-dialog.tsx, with cmdk and Radix Dialog) is loaded when the palette is first opened,
 * or sooner when the pointer or the focus reaches the button (issue 27, part 3).
 */
export function CommandPalette({ userId, viewer }: { userId: string; viewer: PaletteViewer }) {
  const [open, setOpen] = useState(false);
  // Rendered from the first opening on, so closing keeps the dialog's state and its exit.
  const [wanted, setWanted] = useState(false);
  // "Ctrl" until hydrated; the Mac's Cmd key shows as ⌘ there.
  const [mod, setMod] = useState("Ctrl");
  const navigate = useNavigate();

  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)) setMod("⌘");
  }, []);

  const openPalette = useCallback((next: boolean) => {
    if (next) setWanted(true);
    setOpen(next);
  }, []);

  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const result = shortcutFor(
        {
          key: event.key,
          metaKey: event.metaKey,
          ctrlKey: event.ctrlKey,
          shiftKey: event.shiftKey,
          altKey: event.altKey,
          editable: isEditable(event.target),
        },
        { pathname: window.location.pathname, permissions: viewer.permissions, role: viewer.role },
      );
      if (!result) return;
      event.preventDefault();
      if (result.type === "toggle") openPalette(!openRef.current);
      else {
        setOpen(false);
        navigate(result.href);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate, openPalette, viewer.permissions, viewer.role]);

  return (
    <>
      <button
        type="button"
        onClick={() => openPalette(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        aria-label={`Open command palette, ${mod === "⌘" ? "⌘K" : "Ctrl K"}`}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        className="js-only hidden items-center gap-2 rounded-md border border-slate-300 px-2 py-1.5 text-xs text-slate-600 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 md:flex"
      >
        <kbd className="font-sans">{mod === "⌘" ? "⌘K" : "Ctrl K"}</kbd>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <PaletteDialog userId={userId} viewer={viewer} open={open} setOpen={openPalette} mod={mod} />
        </Suspense>
      ) : null}
    </>
  );
}
