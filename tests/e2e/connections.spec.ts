import { expect, type Page, test } from "./fixtures";
import { signInAs } from "./helpers";

/**
 * Connect -> accept in two browsers (issue 28 part 3), with JavaScript (the accept dialog) and without
 * (the accept form as a page): the requester finds the other in Suggestions (a shared association and
 * the real mutual count), sends the request, sees it under Sent Requests; the other accepts with a
 * welcome message; both then see the connection, with Message; the requester removes it again so a
 * rerun starts alike. Each project uses its own pair of demo board members (the seed leaves them
 * unconnected).
 */
const PAIRS = {
  chromium: {
    from: { email: "treasurer@demo.test", name: "Taylor Treasurer" },
    to: { email: "director@demo.test", name: "Dana Director" },
  },
  "no-js": {
    from: { email: "secretary@demo.test", name: "Sam Secretary" },
    to: { email: "homeowner@demo.test", name: "Harper Homeowner" },
  },
} as const;

type Project = keyof typeof PAIRS;

async function openConnections(page: Page, query = "") {
  await page.goto(`/connections${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Connections" })).toBeVisible();
}

test.describe("connections", () => {
  test.describe.configure({ timeout: 180_000 });

  test("connect, accept with a welcome message, message link, remove", async ({
    page,
    browser,
  }, testInfo) => {
    const project = (testInfo.project.name === "no-js" ? "no-js" : "chromium") as Project;
    const { from, to } = PAIRS[project];

    // The requester: the other is suggested (same association, one mutual connection: Blair Board).
    await signInAs(page, from.email);
    await page.getByRole("link", { name: "Connections", exact: true }).first().click();
    await expect(page).toHaveURL(/\/connections$/);
    await page.getByRole("link", { name: /^Suggestions \(\d+\)$/ }).click();
    const suggestion = page.getByTestId("suggestion-card").filter({ hasText: to.name });
    await expect(suggestion).toContainText(
      "Member of the same association: Bayview Towers Condominium Association",
    );
    await expect(suggestion.getByTestId("mutual-count")).toContainText("1 mutual connection");
    await suggestion.getByRole("button", { name: `Connect with ${to.name}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Connection request sent");
    await expect(page.getByTestId("suggestion-card").filter({ hasText: to.name })).toHaveCount(0);
    await openConnections(page);
    await expect(page.getByTestId("sent-request").filter({ hasText: to.name })).toBeVisible();

    // The addressee, in another browser.
    const other = await browser.newContext({ javaScriptEnabled: project !== "no-js" });
    try {
      const theirs = await other.newPage();
      await signInAs(theirs, to.email);
      await openConnections(theirs);
      const incoming = theirs.getByTestId("incoming-request").filter({ hasText: from.name });
      await expect(incoming).toContainText("I would like to connect with you professionally");
      await incoming.getByRole("link", { name: `Accept ${from.name}'s request` }).click();
      if (project === "no-js") {
        await expect(theirs).toHaveURL(/respond=.*answer=accept/);
        await expect(theirs.getByRole("heading", { name: `Accept ${from.name}'s request` })).toBeVisible();
      } else {
        await expect(theirs.getByRole("dialog", { name: `Accept ${from.name}'s request` })).toBeVisible();
      }
      await theirs.getByLabel("Welcome message (optional)").fill("Glad to be connected!");
      await theirs.getByRole("button", { name: "Accept", exact: true }).click();
      await expect(theirs.getByTestId("toast")).toContainText("Connection request accepted");
      const card = theirs.getByTestId("connection-card").filter({ hasText: from.name });
      await expect(card.getByTestId("connection-status")).toHaveText("Connected");
      await expect(theirs.getByTestId("incoming-request").filter({ hasText: from.name })).toHaveCount(0);
    } finally {
      await other.close();
    }

    // The requester sees the connection (filtered on the server), with Message, then removes it.
    await openConnections(page, "?status=connected");
    const card = page.getByTestId("connection-card").filter({ hasText: to.name });
    await expect(card.getByTestId("connection-status")).toHaveText("Connected");
    await expect(card).toContainText("Connected ");
    await expect(card.getByRole("link", { name: `Message ${to.name}` })).toHaveAttribute(
      "href",
      /^\/messages\?user=[0-9a-f-]{36}$/,
    );
    await openConnections(page, "?status=pending");
    await expect(page.getByTestId("connection-card").filter({ hasText: to.name })).toHaveCount(0);
    await openConnections(page, `?q=${encodeURIComponent(to.name.split(" ")[0] ?? "")}`);
    const found = page.getByTestId("connection-card").filter({ hasText: to.name });
    await found.getByLabel(`More actions for ${to.name}`).click();
    await found.getByRole("button", { name: "Remove Connection" }).click();
    await expect(page.getByTestId("toast")).toContainText("Connection removed");
    await expect(page.getByTestId("connection-card").filter({ hasText: to.name })).toHaveCount(0);
  });
});
