import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { DEMO_COURSES } from "../../db/learning-content";
import { FAKE_STRIPE_WEBHOOK_SECRET } from "../support/fake-stripe";
import { expect, type Page, test } from "./fixtures";
import { signInTo, signInWithForm, waitForHydration } from "./helpers";

/**
 * Held checkout sessions (decision 086), with and without JavaScript: a buyer opens Checkout for the
 * paid demo course; a completion whose amount is not the price (and one naming nobody) arrives signed
 * at the webhook and is held; the administrator finds them under Admin Panel > Learning payments,
 * enrols the buyer of the first and refunds the second, each once.
 */
const COURSE = DEMO_COURSES.find((c) => c.slug === "vendor-insurance-certificates");
if (!COURSE) throw new Error("the paid demo course is missing");

/** Posts a signed checkout.session.completed for `session` (as Stripe would) to the app's webhook. */
async function deliverCompleted(page: Page, session: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: "checkout.session.completed",
    data: { object: session },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET });
  const answer = await page.request.post("/api/stripe/webhook", {
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    data: payload,
  });
  expect(answer.status()).toBe(200);
  expect((await answer.json()).outcome).toBe("needs_review");
}

test("an administrator enrols the buyer of a held session and refunds another", async ({
  page,
}, testInfo) => {
  const noJs = testInfo.project.name === "no-js";
  await signInWithForm(page, noJs ? "attorney@demo.test" : "cpa@demo.test");
  await page.goto(`/learning-hub/courses/${COURSE.slug}`);
  await page.getByRole("button", { name: "Enroll Now" }).click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  // The session as the (fake) Stripe holds it; its completion arrives with another amount.
  const payUrl = new URL(page.url());
  const sessionId = payUrl.pathname.split("/").pop() as string;
  const session = (await (
    await page.request.get(`${payUrl.origin}/v1/checkout/sessions/${sessionId}`)
  ).json()) as Record<string, unknown>;
  const paid = {
    ...session,
    status: "complete",
    payment_status: "paid",
    payment_intent: `pi_e2e_${sessionId.slice(8)}`,
  };
  await deliverCompleted(page, { ...paid, amount_total: 100 });
  const nobodyId = `cs_test_e2e_${randomBytes(8).toString("hex")}`;
  await deliverCompleted(page, {
    ...paid,
    id: nobodyId,
    client_reference_id: "someone-else",
    metadata: { ...(session.metadata as Record<string, string>), userId: "someone-else" },
  });

  await signInTo(page, "admin@demo.test", "/admin");
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Learning payments" })
    .click();
  await expect(page).toHaveURL(/\/admin\/learning-payments$/);
  await waitForHydration(page);
  const held = page.getByTestId("held-session").filter({ hasText: sessionId });
  await expect(held).toContainText("The amount paid is not the price quoted");
  await expect(held).toContainText(COURSE.title);
  await expect(held).toContainText("$1.00");
  await held.getByRole("button", { name: /^Enrol / }).click();
  await expect(page.getByText("Enrolled. The session is no longer held.")).toBeVisible();
  await expect(page.getByTestId("held-session").filter({ hasText: sessionId })).toHaveCount(0);
  await expect(page.getByTestId("resolved-session").filter({ hasText: sessionId })).toContainText("Enrolled");

  // The one naming nobody can only be refunded.
  const nobody = page.getByTestId("held-session").filter({ hasText: nobodyId });
  await expect(nobody).toContainText("someone-else");
  await expect(nobody.getByRole("button", { name: /^Enrol / })).toHaveCount(0);
  await nobody.getByRole("button", { name: /^Refund / }).click();
  await expect(page.getByText("Refund requested.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("resolved-session").filter({ hasText: nobodyId })).toContainText("Refunded");
  await expect(page.getByTestId("learning-refund").filter({ hasText: nobodyId })).toContainText(
    "Held session",
  );
});
