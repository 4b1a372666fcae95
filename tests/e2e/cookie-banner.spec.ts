import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, rememberCookieChoice, test, waitForHydration } from "./fixtures";

/**
 * The cookie banner is fixed to the bottom of the window; a keyboard user must never lose the
 * focused element under it (WCAG 2.2 SC 2.4.11, decision 015).
 */
const banner = (page: Page) => page.getByRole("region", { name: "We respect your privacy" });
const settings = (page: Page) => page.getByRole("region", { name: "Cookie settings" });

/** Tabs through the whole page once; returns the Tab stops whose box meets the open banner's. */
async function tabStopsUnderBanner(page: Page): Promise<{ stops: number; hidden: string[] }> {
  let stops = 0;
  const hidden: string[] = [];
  for (let presses = 0; presses < 250; presses++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const seen = ((window as unknown as { tabSeen?: WeakSet<Element> }).tabSeen ??= new WeakSet());
      if (seen.has(element)) return { repeat: true, hidden: false, label: "" };
      seen.add(element);
      const bannerElement = document.querySelector(".cookie-banner")!;
      const box = element.getBoundingClientRect();
      const under = bannerElement.getBoundingClientRect();
      const visible = getComputedStyle(bannerElement).display !== "none";
      const hidden =
        visible &&
        !bannerElement.contains(element) &&
        box.bottom > under.top &&
        box.top < under.bottom &&
        box.right > under.left &&
        box.left < under.right;
      const label = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
      return { repeat: false, hidden, label: `${element.tagName} ${label}` };
    });
    if (!stop) continue;
    if (stop.repeat) break;
    stops++;
    if (stop.hidden) hidden.push(stop.label);
  }
  return { stops, hidden };
}

for (const width of [390, 1280]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 1000 ? 844 : 800 }, reducedMotion: "reduce" });

    for (const path of ["/give", "/contact", "/donate"]) {
      test(`on a first visit to ${path}, no Tab stop is under the banner`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        await expect(banner(page)).toBeVisible();
        const { stops, hidden } = await tabStopsUnderBanner(page);
        expect(stops).toBeGreaterThan(20);
        expect(hidden).toEqual([]);
      });
    }

    test("axe passes with the banner open, and with its settings reopened from the footer", async ({
      page,
    }) => {
      await page.goto("/contact");
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await banner(page).getByRole("button", { name: "Necessary Only" }).click();
      await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
      await expect(settings(page)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test("Escape in an open menu closes the menu and leaves the banner unanswered", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/give");
  await waitForHydration(page);
  const programs = page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Programs" });
  await programs.click();
  await page.keyboard.press("Escape");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Athletics" }),
  ).toBeHidden();
  await expect(programs).toBeFocused();
  await expect(banner(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBeNull();
});

test("Escape closes the banner as necessary only", async ({ page }) => {
  await page.goto("/give");
  await waitForHydration(page);
  await expect(banner(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(banner(page)).toBeHidden();
  const stored = await page.evaluate(() => ({
    consent: localStorage.getItem("cookieConsent"),
    preferences: JSON.parse(localStorage.getItem("cookiePreferences.v2")!),
  }));
  expect(stored).toEqual({
    consent: "necessary",
    preferences: {
      necessary: true,
      functional: false,
      performance: false,
      analytics: false,
      marketing: false,
    },
  });
  await page.reload();
  await expect(banner(page)).toBeHidden();
});

test("after Accept All, every page still comes from the edge cache and the banner stays closed", async ({
  page,
}) => {
  // The answer is kept in the browser, not in a cookie, so it never varies the HTML (decision 030).
  await page.goto("/contact");
  await waitForHydration(page);
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  await expect(banner(page)).toBeHidden();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("cookieConsent");
  for (const path of ["/partner", "/partner"]) {
    const response = await page.goto(path);
    await waitForHydration(page);
    await expect(banner(page)).toBeHidden();
    expect(response!.headers()["x-page-cache"]).toMatch(/^(miss|hit)$/);
  }
  const last = await page.goto("/partner");
  expect(last!.headers()["x-page-cache"]).toBe("hit");
  await expect(banner(page)).toBeHidden();
});

test("Cookie settings in the footer reopens the banner, and a new choice is kept", async ({ page }) => {
  await rememberCookieChoice(page);
  await page.goto("/give");
  await waitForHydration(page);
  await expect(banner(page)).toBeHidden();
  const footerButton = page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" });
  await footerButton.click();
  await expect(settings(page)).toBeVisible();
  await expect(settings(page).getByRole("heading", { name: "Cookie settings" })).toBeFocused();

  // Escape after a reopen keeps the saved choice.
  await page.keyboard.press("Escape");
  await expect(settings(page)).toBeHidden();
  await expect(footerButton).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("necessary");

  await footerButton.press("Enter");
  await settings(page)
    .getByRole("checkbox", { name: /Analytics/ })
    .check();
  await settings(page).getByRole("button", { name: "Save Preferences" }).click();
  await expect(settings(page)).toBeHidden();
  await expect(footerButton).toBeFocused();
  const stored = await page.evaluate(() => ({
    consent: localStorage.getItem("cookieConsent"),
    preferences: JSON.parse(localStorage.getItem("cookiePreferences.v2")!),
  }));
  expect(stored.consent).toBe("custom");
  expect(stored.preferences).toMatchObject({ analytics: true, marketing: false });

  await page.reload();
  // The footer button opens the settings from the hydrated page: a click before it is lost.
  await waitForHydration(page);
  await expect(settings(page)).toBeHidden();
  await footerButton.click();
  await expect(settings(page).getByRole("checkbox", { name: /Analytics/ })).toBeChecked();
});

test("the footer's Configuración de cookies reopens the banner in Spanish", async ({ page }) => {
  await rememberCookieChoice(page);
  await page.goto("/give?lng=es");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("button", { name: "Configuración de cookies" }).click();
  await expect(page.getByRole("region", { name: "Configuración de cookies" })).toBeVisible();
});

test("the banner's privacy link lands on the cookie section", async ({ page }) => {
  await page.goto("/give");
  await waitForHydration(page);
  await banner(page).getByRole("link", { name: "Read our privacy policy" }).click();
  await expect(page).toHaveURL(/\/privacy#cookies$/);
  await expect(page.locator("#cookies").getByRole("heading", { name: "Cookies" })).toBeInViewport();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Cookie settings leads to the privacy page's cookie section", async ({ page }) => {
    await page.goto("/");
    await expect(banner(page)).toBeHidden();
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    await expect(page).toHaveURL(/\/privacy#cookies$/);
    await expect(page.locator("#cookies").getByRole("heading", { name: "Cookies" })).toBeVisible();
    await expect(page.locator("#cookies")).toContainText("Without JavaScript the site stores nothing");
  });
});

test("the theme is stored only for an explicit light or dark choice", async ({ page }) => {
  await rememberCookieChoice(page);
  await page.goto("/give");
  await waitForHydration(page);
  const themes = page.locator("header").getByRole("group", { name: "Theme" });
  await themes.getByRole("button", { name: "Dark" }).click();
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await themes.getByRole("button", { name: "System" }).click();
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
});
