import { expect, rememberCookieChoice, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page }) => rememberCookieChoice(page));

test("the mobile menu opens, navigates and closes on the route change", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.locator("summary[aria-label='Menu']").click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Mentorship" }).click();
  await expect(page).toHaveURL(/\/mentorship$/);
  await expect(menu).toBeHidden();
});

test("the Donate button is in the header on a phone", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("header").getByRole("link", { name: "Donate" })).toBeVisible();
});

test("no page scrolls sideways at phone width", async ({ page }) => {
  for (const path of ["/", "/about", "/missing-page", "/search?q=programs"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
