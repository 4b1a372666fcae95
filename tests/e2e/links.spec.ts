import { documentMark, expect, markDocument, rememberCookieChoice, test, waitForHydration } from "./fixtures";

// React Router's Link and NavLink, and the links inside kept parts (decision 039), in the browser:
// a plain click navigates in place, anything else is left to the browser, and the current page is
// marked. Route discovery finds the routes the page links to.

test.beforeEach(async ({ page }) => rememberCookieChoice(page));

test("a plain click on a site link navigates in place and marks the new page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/contact");
  await waitForHydration(page);
  await markDocument(page);

  const footer = page.locator("footer");
  await footer.getByRole("link", { name: "Event Calendar" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await documentMark(page)).toBe("kept");

  // The header's NavLinks follow the address: Events is current, Home no longer.
  // (The phone menu is closed, so it is found by its label rather than its role.)
  const mobileMenu = page.locator('nav[aria-label="Mobile"]');
  await expect(mobileMenu.locator('a[href="/events"]')).toHaveAttribute("aria-current", "page");
  await expect(mobileMenu.locator('a[href="/"]')).not.toHaveAttribute("aria-current", /.*/);

  // Back returns to the first page, still in the same document.
  await page.goBack();
  await expect(page).toHaveURL(/\/contact$/);
  expect(await documentMark(page)).toBe("kept");
});

test("the same address again replaces the history entry", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const entries = await page.evaluate(() => history.length);
  await page.locator("footer").getByRole("link", { name: "Contact Form", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  expect(await page.evaluate(() => history.length)).toBe(entries);
});

// Privacy is a site link in the legal list; Volunteer sits in a kept column (decision 039).
for (const [name, path] of [
  ["Privacy", "/privacy"],
  ["Volunteer", "/volunteer"],
]) {
  test(`a modified click is the browser's: the page stays and ${name} opens in a new one`, async ({
    page,
    context,
  }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await markDocument(page);
    const opened = context.waitForEvent("page");
    await page
      .locator("footer")
      .getByRole("link", { name, exact: true })
      .click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(path);
    expect(new URL(page.url()).pathname).toBe("/contact");
    expect(await documentMark(page)).toBe("kept");
    await tab.close();
  });
}

test("without JavaScript the same links load their pages", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("footer").getByRole("link", { name: "Event Calendar" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.locator('nav[aria-label="Mobile"] a[href="/events"]')).toHaveAttribute(
    "aria-current",
    "page",
  );
  await context.close();
});

test("links are announced to React Router's route discovery", async ({ page }) => {
  const discovered = page.waitForRequest((request) => request.url().includes("/__manifest"));
  await page.goto("/contact");
  const url = new URL((await discovered).url());
  expect(url.searchParams.get("paths")?.split(",")).toEqual(
    expect.arrayContaining(["/events", "/privacy", "/volunteer"]),
  );
});

test("the routes discovery finds serve the next navigation, in the same document", async ({ page }) => {
  const discovered = page.waitForResponse((response) => response.url().includes("/__manifest"));
  await page.goto("/contact");
  await waitForHydration(page);
  await discovered;
  await markDocument(page);
  await page.locator("footer").getByRole("link", { name: "Volunteer", exact: true }).click();
  await expect(page).toHaveURL(/\/volunteer$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Volunteer");
  expect(await documentMark(page)).toBe("kept");
});
