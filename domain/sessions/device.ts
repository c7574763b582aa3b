/**
 * A session's device in plain words ("Chrome on macOS", "Safari on iPhone") from its User-Agent, parsed by
 * bowser (a pure parser kept up to date with new browsers and systems); its names are shortened here.
 * Anything it does not recognise reads "Unknown browser" or "unknown system".
 */
import Bowser from "bowser";

const BROWSER_NAMES: Record<string, string> = {
  "Microsoft Edge": "Edge",
  "Samsung Internet for Android": "Samsung Internet",
};
const SYSTEM_NAMES: Record<string, string> = { "Chrome OS": "ChromeOS" };

export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return "Unknown device";
  const { browser, os, platform } = Bowser.parse(userAgent);
  const browserName = browser.name
    ? (BROWSER_NAMES[browser.name] ?? browser.name)
    : /^curl\//i.test(userAgent)
      ? "curl"
      : "Unknown browser";
  // iOS names the device itself: "Safari on iPhone", "Safari on iPad".
  const systemName =
    os.name === "iOS" && platform.model
      ? platform.model
      : os.name
        ? (SYSTEM_NAMES[os.name] ?? os.name)
        : "unknown system";
  return `${browserName} on ${systemName}`;
}
