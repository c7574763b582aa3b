import { expect, type Page, test } from "./fixtures";
import { signInAs, signInTo, waitForHydration } from "./helpers";

/**
 * Notifications (issue 5 parts 1 and 2): the manager's bell counts up live when a vendor's proposal
 * notifies them (in another browser), and /notifications filters, searches and archives without
 * JavaScript. The seeded manager has three proposal_received notifications and a role_added one.
 */
const MANAGER = { email: "manager@demo.test", password: "demo-password-2026" };
const VENDOR = { email: "vendor@demo.test", password: "demo-password-2026" };

async function unreadCount(page: Page): Promise<number> {
  const badge = page.getByTestId("unread-count");
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

test("the unread count changes live when another person's action notifies", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "live updates need JavaScript; the no-js run checks the page instead");
  await signInAs(page, MANAGER.email);
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications/stream");
  await page.goto("/notifications");
  await streamOpen;
  const before = await unreadCount(page);
  // A marker that a reload would wipe: the count must change without one.
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });

  const vendorContext = await browser.newContext();
  try {
    const vendor = await vendorContext.newPage();
    await signInTo(vendor, VENDOR.email, "/rfps?q=Elevator");
    await vendor.getByRole("link", { name: "Submit Proposal for Elevator modernization study" }).click();
    const form = vendor.getByRole("region", { name: "Submit a Proposal" });
    await form.getByLabel("Your total price ($)").fill("12,400");
    await form.getByLabel("Timeline (days)").fill("45");
    await form
      .getByLabel("Cover letter")
      .fill("Our elevator engineers have studied over thirty hydraulic units in Pinellas County since 2012.");
    await form.getByRole("button", { name: "Submit Proposal" }).click();
    await expect(vendor.getByTestId("my-proposal-status")).toHaveText("Under Review");

    await expect(page.getByTestId("unread-count")).toHaveText(String(before + 1));
    // The page's own list shows it too.
    await expect(
      page.getByRole("main").getByRole("button", { name: /New proposal: Elevator modernization study/ }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await page.getByRole("button", { name: `Notifications, ${before + 1} unread` }).click();
    const item = page.getByRole("menuitem", { name: /New proposal: Elevator modernization study/ });
    await expect(item).toBeVisible();
    // Clicking it marks it read and opens its link.
    await item.click();
    await expect(page).toHaveURL(/\/rfps\/[0-9a-f-]+\/proposals/);
    await expect(page.getByTestId("unread-count")).toHaveText(String(before));

    // The demo vendor's figures are other specs' business: the bid goes again (withdrawn, not active).
    vendor.once("dialog", (dialog) => dialog.accept());
    await vendor.getByRole("button", { name: "Withdraw Proposal" }).click();
    await expect(vendor.getByRole("button", { name: "Withdraw Proposal" })).toHaveCount(0);
  } finally {
    await vendorContext.close();
  }
});

test("/notifications searches, filters and archives, with or without JavaScript", async ({
  page,
  javaScriptEnabled,
}) => {
  // Each run works on a notification of its own, so the two runs do not meet.
  const title = javaScriptEnabled
    ? "New proposal: Roof replacement for Building A"
    : "New proposal: Exterior painting of three buildings";
  const word = javaScriptEnabled ? "roof" : "PAINTING";
  await signInAs(page, MANAGER.email);

  // The bell (a plain link without JavaScript) shows the server's count and leads to the page.
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByRole("menuitem", { name: "View all" }).click();
  } else {
    await page.getByRole("link", { name: /^Notifications, \d+ unread$/ }).click();
  }
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();

  await page.getByLabel("Search notifications").fill(word);
  await page.getByLabel("Show").selectOption("unread");
  await page.getByLabel("Group by").selectOption("type");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}&filter=unread&group=type`));
  await expect(page.getByRole("heading", { name: "Proposal received", level: 2 })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(title) })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);

  // Nothing ticked: the server refuses it, its message beside the boxes, the page as it was.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Archive" }).click();
  const box = page.getByRole("checkbox", { name: `Select ${title}` });
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(box).toHaveAccessibleDescription("Select at least one notification.");
  await expect(page).toHaveURL(new RegExp(`q=${word}&filter=unread&group=type`));

  await box.check();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("1 notification archived");
  // Back on the same filters, where nothing matches any more.
  await expect(page).toHaveURL(new RegExp(`q=${word}&filter=unread&group=type`));
  await expect(page.getByText("No notifications match your search")).toBeVisible();

  await page.getByLabel("Search notifications").fill("");
  await page.getByLabel("Show").selectOption("archived");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("button", { name: new RegExp(title) })).toBeVisible();
  await page.getByRole("checkbox", { name: `Select ${title}` }).check();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("1 notification deleted");
  await expect(page.getByRole("button", { name: new RegExp(title) })).toHaveCount(0);
});
