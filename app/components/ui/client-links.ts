import { useNavigate } from "@remix-run/react";
import { type MouseEvent, useCallback } from "react";

/**
 * Plain anchors that navigate in the app as `<Link>` does, once the page has hydrated: one click
 * handler on an element around them, for pages of a few hundred links (the calendar month's chips,
 * "+N more" and day links, its lists), where a `<Link>` each cost about a seventh of the page's server
 * rendering (decision 095). The anchors stay real links: without JavaScript, with a modifier key, a
 * middle click, a `target`, `download` or another origin, the browser follows them itself; a `<Link>`
 * inside is left to itself (it handles its click first and prevents the default). Give the anchors
 * `data-discover="true"` so that Remix finds their routes ahead, as it does for `<Link>`; a link to a
 * resource route (a download, a feed) inside needs `download`, or it would be navigated to as a page.
 */
export function useClientLinks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      if (anchor.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
    },
    [navigate],
  );
}
