/**
 * A session's device in plain words ("Chrome on macOS", "Safari on iPhone") from its User-Agent.
 * Only the common browsers and systems are named; anything else reads "Unknown browser" or system.
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return "Unknown device";
  return `${browserOf(userAgent)} on ${systemOf(userAgent)}`;
}

function browserOf(ua: string): string {
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return "Edge";
  if (/\b(OPR|Opera)\//.test(ua)) return "Opera";
  if (/\bSamsungBrowser\//.test(ua)) return "Samsung Internet";
  if (/\b(Firefox|FxiOS)\//.test(ua)) return "Firefox";
  if (/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//.test(ua)) return "Chrome";
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua) || /\bAppleWebKit\/.*\bMobile\//.test(ua)) return "Safari";
  if (/\bcurl\//i.test(ua)) return "curl";
  return "Unknown browser";
}

function systemOf(ua: string): string {
  if (/\biPhone\b/.test(ua)) return "iPhone";
  if (/\biPad\b/.test(ua)) return "iPad";
  if (/\bAndroid\b/.test(ua)) return "Android";
  if (/\bCrOS\b/.test(ua)) return "ChromeOS";
  if (/\bWindows\b/.test(ua)) return "Windows";
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return "macOS";
  if (/\bLinux\b/.test(ua)) return "Linux";
  return "unknown system";
}
