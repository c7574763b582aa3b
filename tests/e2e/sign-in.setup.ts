// The "sign-in" setup project (playwright.config.ts; the other projects depend on it): signs each
// demo persona in once per app server, through the sign-in form (JavaScript off), and saves the browser's state
// (session and device cookies) for signInAs in ./helpers.ts. A session lasts 30 days and is only ended
// by signing out, a password change or reset, or "sign out other sessions" (app/auth/session.server.ts,
// app/commands/security.server.ts), so the saved states stay valid for the run as long as no test does
// those to a persona: such tests sign in with signInWithForm and get a session of their own.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test as setup } from "@playwright/test";
import { E2E_SERVERS, serverURL, storageStatePath } from "../support/e2e-layout";
import { DEMO, PERSONAS, signIn } from "./helpers";

setup.describe.configure({ mode: "parallel" });

for (let index = 0; index < E2E_SERVERS; index++) {
  for (const email of PERSONAS) {
    setup(`${email} on server ${index}`, async ({ browser }) => {
      // Without JavaScript: the form posts as a plain HTML form and no page loads the app's scripts,
      // which is all this needs (the cookies) and several seconds less per persona.
      const context = await browser.newContext({ baseURL: serverURL(index), javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto("/auth/sign-in");
      await signIn(page, email, DEMO.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      const file = storageStatePath(index, email);
      mkdirSync(path.dirname(file), { recursive: true });
      await context.storageState({ path: file });
      await context.close();
    });
  }
}
