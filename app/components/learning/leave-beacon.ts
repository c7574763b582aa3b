import { useEffect } from "react";

/**
 * Tells the server when the person leaves a lesson or quiz page (closes the tab, goes elsewhere), so
 * the time they spent on it counts up to that moment (decision 081). Moving on inside the app needs no
 * beacon: the next page's loader is a learning action that credits the time itself.
 */
export function useLeaveBeacon(itemId: string) {
  useEffect(() => {
    const leave = () => {
      if (typeof navigator.sendBeacon === "function")
        navigator.sendBeacon("/api/learning-activity", new URLSearchParams({ item: itemId }));
    };
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, [itemId]);
}
