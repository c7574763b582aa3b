import { expect, type Page, test } from "./fixtures";
import { signInAs } from "./helpers";

/** Issue 11, parts 3.2 and 3.3, against the production build and server.js. */

function expectSecurityHeaders(headers: Record<string, string>) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // Served over plain http here: no HSTS (it comes with https, see tests/integration/web-security.test.ts).
  expect(headers["strict-transport-security"]).toBeUndefined();
}

test("an HTML page, a JSON endpoint and a 404 carry the security headers", async ({ request }) => {
  const page = await request.get("/");
  expect(page.status()).toBe(200);
  expectSecurityHeaders(page.headers());
  const nonce = /'nonce-([^']+)'/.exec(page.headers()["content-security-policy"] ?? "")?.[1];
  // Remix's inline scripts carry this response's nonce.
  expect(await page.text()).toContain(`nonce="${nonce}"`);

  const jsonAnswer = await request.get("/healthz");
  expect(jsonAnswer.headers()["content-type"]).toContain("application/json");
  expectSecurityHeaders(jsonAnswer.headers());

  const missing = await request.get("/no-such-page-here");
  expect(missing.status()).toBe(404);
  expectSecurityHeaders(missing.headers());
});

/** Every CSP violation the page reports, from the console and the securitypolicyviolation event. */
async function collectViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test("pages hydrate under the policy without a single violation", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hydration needs JavaScript");
  const violations = await collectViolations(page);
  await page.goto("/");
  await signInAs(page, "manager@demo.test");
  // Hydrated (signInAs waits for it): the command palette opens from the keyboard (a client-side handler).
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  // Client-side navigation loads route modules and data under the policy.
  await page.goto("/rfps");
  await page.goto("/settings/account");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test("a same-site page on another origin cannot post on the person's behalf", async ({ page, baseURL }) => {
  await signInAs(page, "homeowner@demo.test");
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  const before = await sidebar.getAttribute("data-collapsed");
  const flipped = before === "true" ? "false" : "true";
  const foreignOrigin = (baseURL ?? "").replace("localhost", "127.0.0.1");
  // Single fetch posts an action to `<path>.data` (decision 049); the document post is the form without JavaScript.
  for (const target of ["/preferences.data", "/preferences"]) {
    const refused = await page.request.post(target, {
      form: { intent: "sidebar", collapsed: flipped },
      headers: { Origin: foreignOrigin, "Sec-Fetch-Site": "same-site" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
  }
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-collapsed", before ?? "false");

  // The same post from the app's own origin goes through (so the refusal above is the origin check).
  const allowed = await page.request.post("/preferences.data", {
    form: { intent: "sidebar", collapsed: flipped },
    headers: { Origin: baseURL ?? "", "Sec-Fetch-Site": "same-origin" },
  });
  expect(allowed.status()).toBe(200);
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-collapsed", flipped);
  await page.request.post("/preferences.data", {
    form: { intent: "sidebar", collapsed: before ?? "false" },
    headers: { Origin: baseURL ?? "" },
  });
});
