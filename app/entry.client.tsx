import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Remix's default browser entry, with one change: the server's HTML is painted before React hydrates
 * it (issue 27, part 3: first paint does not wait for the scripts). The module scripts run as soon as
 * the document is parsed, and hydrating a signed-in page is the longest task of its load; started in
 * the task after the next frame, it no longer holds back the first and largest contentful paint. A
 * page opened in a background tab (no frames until it is shown) hydrates at once.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
