import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { serverDataDir, storageStatePath } from "../support/e2e-layout";
import { serverIndex } from "./fixtures";

/** The seeded demo account (db/seed). */
export const DEMO = {
  email: "vendor@demo.test",
  password: "demo-password-2026",
  name: "Val Vendor",
} as const;

export const MESSAGES = {
  signInFailed: "Sign-in failed",
  signUpFailed: "Sign-up failed",
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  emailTaken: "An account with this email already exists. Sign in instead.",
  passwordTooShort: "Password must be at least 12 characters",
  emailNotConfirmed: "Please check your email and click the confirmation link before signing in.",
  oauthFailed: "OAuth sign in failed",
  passwordResetFailed: "Password reset failed",
} as const;

/** An e-mail address no other test (or project) uses. */
/**
 * Today in a demo association's zone (both are in New York), as a date field takes it: a meeting starts
 * on its day, so the meetings the tests start are held today.
 */
export const associationToday = (timeZone = "America/New_York") =>
  new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());

export function uniqueEmail(label = "user") {
  return `e2e-${label}-${Date.now()}-${randomBytes(3).toString("hex")}@example.test`;
}

/** The path a browser asks for: `pathname` as a document, or Remix's single fetch of it (`.data`). */
export function isPathOrData(url: string, pathname: string) {
  const asked = new URL(url).pathname;
  return asked === pathname || asked === `${pathname === "/" ? "/_root" : pathname}.data`;
}

/** Resolves with the response to the next POST to `pathname` (the document or Remix's `.data` fetch). */
export function nextPost(page: Page, pathname: string) {
  return page.waitForResponse((r) => r.request().method() === "POST" && isPathOrData(r.url(), pathname));
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * With JavaScript on, waits until React has hydrated or rendered the page at the current location
 * and run its effects (app/root.tsx marks <html data-hydrated> with that location): server-rendered
 * controls are visible before their handlers are attached, and after a client-side navigation the
 * URL changes before the next page renders, so a key press or a click on a JavaScript-only control
 * must wait for this. Without JavaScript it returns.
 */
export async function waitForHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.dataset.hydrated === `${location.pathname}${location.search}`,
      ),
    )
    .toBe(true);
}

/**
 * The demo accounts the "sign-in" setup project signs in once per server (./sign-in.setup.ts), whose
 * saved sessions signInAs reuses. Not attorney@ and cpa@: tests/e2e/settings.spec.ts signs their other
 * sessions out.
 */
export const PERSONAS = [
  "admin@demo.test",
  "board@demo.test",
  "manager@demo.test",
  "vendor@demo.test",
  "vendor2@demo.test",
  "homeowner@demo.test",
  "treasurer@demo.test",
  "secretary@demo.test",
  "director@demo.test",
  "other@demo.test",
] as const;

const isPersona = (email: string) => (PERSONAS as readonly string[]).includes(email);

/** The saved browser state of a persona on this worker's server (./sign-in.setup.ts). */
function savedState(email: string) {
  const file = storageStatePath(serverIndex(test.info().parallelIndex), email);
  return JSON.parse(readFileSync(file, "utf8")) as {
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
}

/**
 * Signs an account in from the sign-in page (demo accounts share DEMO.password) and waits for
 * /dashboard, hydrated when JavaScript is on. A session of its own: for tests that sign it out.
 */
export async function signInWithForm(page: Page, email: string, password: string = DEMO.password) {
  await page.context().clearCookies();
  await page.goto("/auth/sign-in");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForHydration(page);
}

/**
 * Signs a demo persona in with the session the "sign-in" setup project saved (no form, no password
 * hashing; it replaces whoever was signed in) and opens /dashboard, hydrated when JavaScript is on.
 * Any other account signs in through the form. The session is shared with the worker's later tests:
 * a test that signs it out (or signs out the other sessions) must use signInWithForm.
 */
export async function signInAs(page: Page, email: string, password: string = DEMO.password) {
  if (!isPersona(email) || password !== DEMO.password) return signInWithForm(page, email, password);
  await page.context().clearCookies();
  await page.context().addCookies(savedState(email).cookies);
  await page.goto("/dashboard");
  if (new URL(page.url()).pathname !== "/dashboard") {
    throw new Error(
      `the saved session of ${email} has ended (now at ${page.url()}): a test signed it out; tests that sign out must sign in with signInWithForm`,
    );
  }
  await waitForHydration(page);
}

/**
 * signInAs, then straight to `path` (one page load instead of the dashboard's and then the page's): the
 * saved session of a demo persona, checked by where the page load ends. With JavaScript it returns once
 * the page has hydrated, as signInAs does: a click on a client-side control before then is lost or
 * undone (CI met it on the purchase dialog's package choice).
 */
export async function signInTo(page: Page, email: string, path: string) {
  if (!isPersona(email)) {
    await signInWithForm(page, email, DEMO.password);
    await page.goto(path);
    await waitForHydration(page);
    return;
  }
  await page.context().clearCookies();
  await page.context().addCookies(savedState(email).cookies);
  await page.goto(path);
  if (new URL(page.url()).pathname.startsWith("/auth/")) {
    throw new Error(
      `the saved session of ${email} has ended (now at ${page.url()}): a test signed it out; tests that sign out must sign in with signInWithForm`,
    );
  }
  await waitForHydration(page);
}

/** Makes the role labelled `label` the active one through /settings/roles (with or without JavaScript). */
export async function switchRole(page: Page, label: string) {
  await page.goto("/settings/roles");
  const item = page.getByTestId("role-item").filter({ hasText: label });
  const button = item.getByRole("button", { name: "Switch to this role" });
  if (await button.count()) {
    await button.click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
}

/** Makes the admin's System Administrator role the active one. */
export const useAdminRole = (page: Page) => switchRole(page, "System Administrator");

/**
 * The account menu's trigger: the Radix menu button with JavaScript, without it a link to the menu
 * page's account section, /menu#account (app/components/shell/user-menu.tsx).
 */
export function accountMenu(page: Page, name: string) {
  return page
    .getByRole("button", { name: `Account menu for ${name}` })
    .or(page.getByRole("link", { name: `Account menu for ${name}` }))
    .filter({ visible: true });
}

/** The menu page's account section (/menu#account), where the account menu leads without JavaScript. */
export const accountSection = (page: Page) => page.locator("section#account");

export async function expectDashboard(page: Page, name: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${name}`);
  // Sign Out lives in the account menu (without JavaScript, on the menu page it links to).
  await expect(accountMenu(page, name)).toBeVisible();
}

/**
 * Signs out through the account menu (with JavaScript a Radix menu, without it the menu page). Refuses
 * to end a persona's saved session (signInAs), which the worker's later tests reuse: to change who is
 * signed in, call signInAs again; to test signing out, sign in with signInWithForm.
 */
export async function signOut(page: Page, name: string, javaScriptEnabled: boolean) {
  const session = (await page.context().cookies()).find((c) => /^(__Host-)?session$/.test(c.name));
  for (const email of PERSONAS) {
    if (
      session &&
      savedState(email).cookies.some((c) => c.name === session.name && c.value === session.value)
    ) {
      throw new Error(`signOut would end the saved session of ${email}: sign in with signInWithForm first`);
    }
  }
  await waitForHydration(page);
  await accountMenu(page, name).click();
  if (javaScriptEnabled) {
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
  } else {
    await expect(page).toHaveURL(/\/menu\?from=.*#account$/);
    await accountSection(page).getByRole("button", { name: "Sign Out" }).click();
  }
  // Signed out once the home page is back (the next navigation must not race the sign-out post).
  await page.waitForURL((url) => url.pathname === "/");
}

/**
 * Where the mail outbox of this worker's e2e server is (tests/support/e2e-server.ts; mailer.server.ts
 * writes *.json).
 */
export const outboxDir = () => path.join(serverDataDir(serverIndex(test.info().parallelIndex)), "outbox");

/** The link with a token in the newest mail to `to` in the outbox (waits for it to arrive). */
export async function linkFromOutbox(to: string, pathname: string): Promise<string> {
  const dir = outboxDir();
  let link: string | undefined;
  await expect
    .poll(() => {
      const mails = existsSync(dir)
        ? readdirSync(dir)
            .filter((n) => n.endsWith(".json"))
            .sort()
            .map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")) as { to: string; text: string })
            .filter((m) => m.to === to)
        : [];
      // The newest mail with a link to `pathname` (notification e-mails to the same person may follow it).
      link = mails
        .map((m) => m.text.match(/https?:\/\/\S+token=\S+/)?.[0])
        .filter((l): l is string => !!l && new URL(l).pathname === pathname)
        .at(-1);
      return link ? new URL(link).pathname : null;
    })
    .toBe(pathname);
  // The app's APP_URL may differ from the test's base URL: keep the path and query only.
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

/** The newest mail to `to` with `subject` in the outbox, waiting up to `timeout` ms for it to arrive. */
export async function mailFromOutbox(to: string, subject: string, timeout = 25_000) {
  type OutboxMail = { to: string; subject: string; text: string; headers?: Record<string, string> };
  const dir = outboxDir();
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        const mails = existsSync(dir)
          ? readdirSync(dir)
              .filter((n) => n.endsWith(".json"))
              .sort()
              .map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")) as OutboxMail)
          : [];
        found = mails.filter((m) => m.to === to && m.subject === subject).at(-1);
        return Boolean(found);
      },
      { timeout },
    )
    .toBe(true);
  return found as OutboxMail;
}

/**
 * Signs a new person up and confirms the address through the link in the outbox: they end signed in,
 * on the onboarding wizard. Returns the credentials.
 */
export async function signUpConfirmed(
  page: Page,
  options: { label?: string; fullName?: string; password?: string } = {},
) {
  const email = uniqueEmail(options.label ?? "onboarding");
  const password = options.password ?? "correct-horse-battery-staple";
  await page.goto("/auth/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  if (options.fullName) await page.getByLabel("Full name (optional)").fill(options.fullName);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/auth\/confirm$/);
  await page.goto(await linkFromOutbox(email, "/auth/confirm"));
  await page.getByRole("button", { name: "Confirm email" }).click();
  await expect(page).toHaveURL(/\/onboarding(\/welcome)?$/);
  return { email, password };
}

/**
 * Publishes a public RFP through the wizard (works with JavaScript on and off) and returns its id.
 * `association` attaches it to one of the author's associations (wizard step 1).
 */
export async function publishRfp(
  page: Page,
  rfp: { title: string; category: string; description: string; city: string; association?: string },
): Promise<string> {
  await page.goto("/rfps/new");
  await page.getByLabel("RFP title").fill(rfp.title);
  await page.getByLabel("Category").selectOption(rfp.category);
  await page.getByLabel("Description", { exact: true }).fill(rfp.description);
  if (rfp.association)
    await page.getByLabel("Association (optional)").selectOption({ label: rfp.association });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step=location$/);
  await page.getByLabel("City").fill(rfp.city);
  await page.getByLabel("State").selectOption("FL");
  await page.getByLabel("Proposal deadline").fill("2030-03-01T17:00");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step=budget$/);
  await page.getByLabel("Minimum budget").fill("8000");
  await page.getByLabel("Maximum budget").fill("12000");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step=requirements$/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step=settings$/);
  await page.getByLabel("Public (all verified vendors)").check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step=review$/);
  await page.getByRole("button", { name: "Publish RFP" }).click();
  await expect(page).toHaveURL(/\/rfps\/[0-9a-f-]{36}$/);
  return /\/rfps\/([0-9a-f-]{36})$/.exec(page.url())?.[1] as string;
}

const BLOCKING = new Set(["critical", "serious"]);

/**
 * axe-core's own script, of the version @axe-core/playwright pins (the accessibility spec checks it).
 * It is run in the page directly: AxeBuilder.analyze() sends the 0.5 MB script over on every call and
 * gathers the results in a second, blank page (for cross-origin frames, which the product has none
 * of), about 1.5 s a page against 0.3 s for axe.run itself (measured over the accessibility sweep).
 */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as {
    source: string;
  }
).source;
const pagesWithAxe = new WeakSet<Page>();

// label-content-name-mismatch (WCAG 2.5.3, an accessible name must contain the visible label) is
// one of axe's experimental rules, off unless asked for. Only the violations are collected and sent
// back: the passes and incomplete nodes of a whole page are most of axe's result and of its time.
// The product's pages hold no frames to look into.
const AXE_OPTIONS: RunOptions = {
  resultTypes: ["violations"],
  iframes: false,
  rules: { "label-content-name-mismatch": { enabled: true } },
};

/**
 * axe-core on the page as it is: a readable line per critical or serious violation (rule, impact, the
 * first few elements). The bar of tests/e2e/accessibility.spec.ts, for any page state a spec reaches.
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  // Registered once per page, the script is there in every page it opens next; the page open now gets it
  // at once when it does not have it yet.
  if (!pagesWithAxe.has(page)) {
    await page.addInitScript(AXE_SOURCE);
    pagesWithAxe.add(page);
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    AXE_OPTIONS,
  );
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n      ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`)
          .join("\n      ")}`,
    );
}

/** Creates an association through /properties/new (it becomes the creator's active one); its URL. */
export async function createAssociation(page: Page, name: string) {
  await page.goto("/properties");
  await page.getByRole("link", { name: "Create Association" }).first().click();
  await expect(page).toHaveURL(/\/properties\/new$/);
  await page.getByLabel("Association name").fill(name);
  await page.getByLabel("Property type").selectOption({ label: "Cooperative" });
  await page.getByLabel("Number of units").fill("24");
  await page.getByLabel("City (optional)").fill("Clearwater");
  await page.getByLabel("Fiscal year starts in").selectOption({ label: "July" });
  await page.getByRole("button", { name: "Create Association" }).click();
  await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status")).toHaveText("Association created");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  return page.url();
}
