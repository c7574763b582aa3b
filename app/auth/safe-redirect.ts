/**
 * The one safe-redirect check (docs/decisions/020-web-headers-csrf-redirects.md): a redirect target
 * must be a path on this site. Browsers drop tab, newline and carriage return from URLs and read "\" as
 * "/", so "/\t/evil.example" and "/\\evil.example" become "//evil.example" (another host). Accepted: a
 * string that starts with exactly one "/", followed by neither "/" nor "\", with no control character
 * and no backslash anywhere, and that still passes once percent-decoded (so "/%09/evil" and
 * "/%2F%2Fevil" are refused too, whatever layer decodes them later).
 */
export function isSafeRedirectPath(to: string): boolean {
  if (!passes(to)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return false;
  }
  if (!passes(decoded)) return false;
  // Belt and braces: the URL parser agrees that it stays on this origin.
  const base = "http://app.invalid";
  try {
    return new URL(to, base).origin === base && new URL(decoded, base).origin === base;
  } catch {
    return false;
  }
}

function passes(path: string): boolean {
  if (!path.startsWith("/")) return false;
  const second = path[1];
  if (second === "/" || second === "\\") return false;
  if (path.includes("\\")) return false;
  // C0 controls (tab, newline, carriage return among them), DEL and C1 controls; also the Unicode
  // line and paragraph separators.
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return false;
  }
  return true;
}

/** The target when it is a safe same-site path, else the fallback. */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/dashboard",
): string {
  return typeof to === "string" && isSafeRedirectPath(to) ? to : fallback;
}
