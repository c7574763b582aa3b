import { DEMO_COURSES, DEMO_PATHS } from "../../db/learning-content";
import { expect, test } from "./fixtures";
import { mailFromOutbox, signInTo, waitForHydration } from "./helpers";

/**
 * Paid enrolment and ratings (issue 30, parts 1 and 3; decision 078), with and without JavaScript: the
 * paid demo course shows its price and Enroll Now, the (fake, local) hosted Checkout takes the payment
 * and posts the signed webhook, the purchase page says the person is enrolled, a lesson is completed and
 * the course is rated; then the paid path costs only what the course did not already cover.
 */
const COURSE = DEMO_COURSES.find((c) => c.slug === "vendor-insurance-certificates");
const PATH = DEMO_PATHS.find((p) => p.slug === "vendor-oversight-toolkit");
if (!COURSE || !PATH) throw new Error("the paid demo course or path is missing");
const FIRST_LESSON = COURSE.modules[0]?.lessons[0];

test("buy a course through Stripe Checkout, learn, rate it, then buy its path at the discounted price", async ({
  page,
}, testInfo) => {
  const noJs = testInfo.project.name === "no-js";
  const buyer = noJs ? "vendor2@demo.test" : "homeowner@demo.test";
  await signInTo(page, buyer, `/learning-hub/courses/${COURSE.slug}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: COURSE.title })).toBeVisible();
  await expect(page.getByTestId("your-price")).toContainText("$29");
  await expect(page.getByRole("button", { name: "Start Course" })).toHaveCount(0);
  await page.getByRole("button", { name: "Enroll Now" }).click();

  // The hosted checkout (tests/support/fake-stripe.ts): paying posts the signed webhook, then returns.
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Pay $29.00" }).click();
  await expect(page).toHaveURL(/\/learning-hub\/purchases\/cs_test_/);
  await expect(page.getByTestId("purchase-status")).toContainText("Payment received: you're enrolled.");
  // The receipt by e-mail (decision 092), with the amount and a link back to this purchase.
  const session = new URL(page.url()).pathname.split("/").pop() as string;
  const receipt = await mailFromOutbox(buyer, `Your receipt for ${COURSE.title}`);
  expect(receipt.text).toContain("Amount paid: $29.00 USD");
  expect(receipt.text).toContain(`/learning-hub/purchases/${session}`);
  await page.getByRole("link", { name: "Go to the course" }).click();

  // Enrolled: the course opens; the first lesson is completed.
  await expect(page.getByRole("heading", { level: 1, name: COURSE.title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enroll Now" })).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: FIRST_LESSON?.title })).toBeVisible();
  await page.getByRole("button", { name: "Mark Complete" }).click();
  // The completion is saved before anything else is opened (its answer goes on to the next item).
  await expect(page.getByText(/^Lesson complete$/).first()).toBeVisible();

  // Rate it: 4 stars and a review; a refused review keeps what was written.
  await page.goto(`/learning-hub/courses/${COURSE.slug}`);
  await page.getByRole("link", { name: "Rate this course" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rate this course" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("4 stars").check();
  const review = `Clear on additional insured wording (${testInfo.project.name}).`;
  await page.getByLabel("Your review (optional)").fill(`${review} <b>bold</b>`);
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByText("HTML tags are not allowed in reviews")).toBeVisible();
  await expect(page.getByLabel("Your review (optional)")).toHaveValue(`${review} <b>bold</b>`);
  await page.getByLabel("4 stars").check();
  await page.getByLabel("Your review (optional)").fill(review);
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page).toHaveURL(new RegExp(`/learning-hub/courses/${COURSE.slug}`));
  await expect(page.getByText("Thanks: your rating is saved.")).toBeVisible();
  await expect(page.getByText("You rated this course 4 of 5.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent reviews" })).toContainText(review);
  await expect(page.getByRole("link", { name: "Edit your review" })).toBeVisible();

  // The path: its price less the course already bought ($24.00 - $29.00 at 20% off = $0.80).
  await page.goto(`/learning-hub/paths/${PATH.slug}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: PATH.title })).toBeVisible();
  await expect(page.getByTestId("your-price")).toContainText("$0.80");
  await page.getByRole("button", { name: "Enroll Now" }).click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Pay $0.80" }).click();
  await expect(page.getByTestId("purchase-status")).toContainText("Payment received: you're enrolled.");
  await page.getByRole("link", { name: "Go to the path" }).click();
  await expect(page.getByRole("heading", { level: 1, name: PATH.title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Learning" })).toBeVisible();
});
