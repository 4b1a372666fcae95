import type { Page } from "@playwright/test";
import { expect, rememberCookieChoice, test, waitForHydration } from "./fixtures";

test.describe("header", () => {
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));

  for (const width of [1024, 1280, 1440]) {
    test(`every header control is on screen at ${width}px, in both languages`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const language of ["en", "es"]) {
        await page.goto(`/give?lng=${language}`);
        const header = page.locator("header").first();
        for (const control of await header.locator("a:visible, summary:visible, button:visible").all()) {
          const box = (await control.boundingBox())!;
          expect(box.x, await control.innerText()).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, await control.innerText()).toBeLessThanOrEqual(width);
        }
      }
    });
  }

  test("compacts after 50px of scroll and returns at the top", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-compact", "false");
    const tallHeight = (await header.boundingBox())!.height;
    await page.evaluate(() => {
      document.body.style.minHeight = "3000px";
      window.scrollTo(0, 120);
    });
    await expect(header).toHaveAttribute("data-compact", "true");
    await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThan(tallHeight);
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).toHaveAttribute("data-compact", "false");
  });

  test("dropdowns open by keyboard, Escape closes and returns focus", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const programs = nav.locator("summary", { hasText: "Programs" });
    await programs.focus();
    await page.keyboard.press("Enter");
    const athletics = nav.getByRole("link", { name: "Athletics" });
    await expect(athletics).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "All programs" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(athletics).toBeHidden();
    await expect(programs).toBeFocused();
  });

  test("a click or a focus elsewhere closes an open menu", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const programs = nav.locator("summary", { hasText: "Programs" });
    const athletics = nav.getByRole("link", { name: "Athletics" });
    await programs.click();
    await expect(athletics).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(athletics).toBeHidden();
    await programs.focus();
    await page.keyboard.press("Enter");
    await expect(athletics).toBeVisible();
    await page.locator("main").focus();
    await expect(athletics).toBeHidden();
  });

  test("dropdown links navigate and the menu closes; the page scrolls to the top", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.evaluate(() => {
      document.body.style.minHeight = "3000px";
      window.scrollTo(0, 400);
    });
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Impact" }).click();
    await nav.getByRole("link", { name: "Calculator" }).click();
    await expect(page).toHaveURL(/\/calculator$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impact Calculator");
    await expect(nav.getByRole("link", { name: "Calculator" })).toBeHidden();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a visitor sees the Donate button to /give", async ({ page }) => {
    await page.goto("/");
    const donate = page.locator("header").getByRole("link", { name: "Donate" });
    await expect(donate).toHaveAttribute("href", "/give");
  });
});

test.describe("language", () => {
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));

  test("switching to Spanish persists across reload, rendered by the server", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.locator("header summary:visible", { hasText: "Language" }).click();
    await page
      .locator("header")
      .getByRole("link", { name: /Español/ })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contáctenos");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(/Contáctenos/);
    expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBe("es");

    // The server renders Spanish straight away: the first HTML already says so (no flash).
    const response = await page.reload();
    const html = await response!.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Contáctenos");
  });

  test("the first view hydrates from its own HTML; other copy comes from /locales", async ({ page }) => {
    const copyRequests: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/locales/")) copyRequests.push(pathname);
    });
    await page.goto("/calculator");
    await waitForHydration(page);
    expect(copyRequests).toEqual([]);

    // A page with a namespace the first view did not carry fetches just that one.
    await page.locator("footer").getByRole("link", { name: "Donate Now" }).click();
    await expect(page).toHaveURL(/\/give$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ways to Give");
    // Each namespace is asked for as the part of the page that uses it renders.
    await expect
      .poll(() => [...copyRequests].sort())
      .toEqual(["/locales/en/donate.json", "/locales/en/forms.json", "/locales/en/give.json"]);

    await page.locator("header summary:visible", { hasText: "Language" }).click();
    await page
      .locator("header")
      .getByRole("link", { name: /Español/ })
      .click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(copyRequests).toEqual(
      expect.arrayContaining(["/locales/es/common.json", "/locales/es/give.json"]),
    );
  });

  test("without JavaScript the language links still work", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/mission");
    await page.locator("header summary:visible", { hasText: "Language" }).click();
    await page
      .locator("header")
      .getByRole("link", { name: /Español/ })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuestra misión");
    await page.goto("/team");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuestro equipo");
    await context.close();
  });

  test("a saved localStorage choice wins over the browser language", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("preferredLanguage", "es"));
    await page.goto("/contact");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contáctenos");
  });
});

test.describe("theme", () => {
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));

  test("dark persists across reload and is applied before first paint", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const themes = page.locator("header").getByRole("group", { name: "Theme" });
    await themes.getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    // Record the class at the first moment the body exists, before any React code runs.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body) {
          (window as unknown as { firstPaintDark: boolean }).firstPaintDark =
            document.documentElement.classList.contains("dark");
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { firstPaintDark: boolean }).firstPaintDark)).toBe(
      true,
    );
    await expect(themes.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
  });

  test("system follows the device setting", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  });
});

test.describe("cookie banner", () => {
  const banner = (page: Page) => page.getByRole("region", { name: "We respect your privacy" });

  test("Necessary Only stores the choice, broadcasts it and hides the banner for good", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.evaluate(() => {
      window.addEventListener("cookiePreferencesUpdated", (event) => {
        (window as unknown as { received: unknown }).received = (event as CustomEvent).detail;
      });
    });
    await banner(page).getByRole("button", { name: "Necessary Only" }).click();
    await expect(banner(page)).toBeHidden();
    const stored = await page.evaluate(() => ({
      preferences: JSON.parse(localStorage.getItem("cookiePreferences.v2")!),
      consent: localStorage.getItem("cookieConsent"),
      received: (window as unknown as { received: unknown }).received,
    }));
    const expected = {
      necessary: true,
      functional: false,
      performance: false,
      analytics: false,
      marketing: false,
    };
    expect(stored).toEqual({ preferences: expected, consent: "necessary", received: expected });
    await page.reload();
    await expect(banner(page)).toBeHidden();
  });

  test("Accept All turns every category on", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cookiePreferences.v2")!));
    expect(stored).toEqual({
      necessary: true,
      functional: true,
      performance: true,
      analytics: true,
      marketing: true,
    });
  });

  test("Settings then Save Preferences stores a custom choice", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("region", { name: "Cookie settings" });
    await expect(settings.getByRole("checkbox", { name: /Necessary/ })).toBeDisabled();
    await expect(settings.getByRole("checkbox", { name: /Necessary/ })).toBeChecked();
    await settings.getByRole("checkbox", { name: /Analytics/ }).check();
    await settings.getByRole("button", { name: "Save Preferences" }).click();
    await expect(settings).toBeHidden();
    const stored = await page.evaluate(() => ({
      preferences: JSON.parse(localStorage.getItem("cookiePreferences.v2")!),
      consent: localStorage.getItem("cookieConsent"),
    }));
    expect(stored.preferences.analytics).toBe(true);
    expect(stored.preferences.marketing).toBe(false);
    expect(stored.consent).toBe("custom");
  });

  test("reads the legacy key, and ignores corrupt preferences", async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem("cookiePreferences", JSON.stringify({ analytics: true, functional: true }));
    });
    await page.goto("/contact");
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("region", { name: "Cookie settings" });
    await expect(settings.getByRole("checkbox", { name: /Analytics/ })).toBeChecked();

    await page.evaluate(() => localStorage.setItem("cookiePreferences.v2", "{not json"));
    await page.reload();
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Settings" }).click();
    // The corrupt current key is ignored; the legacy key is the next source.
    await expect(
      page.getByRole("region", { name: "Cookie settings" }).getByRole("checkbox", { name: /Analytics/ }),
    ).toBeChecked();
  });
});

test.describe("not found and errors", () => {
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));

  test("an unknown path shows the not-found page with status 404 and a working search", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    for (const name of ["About", "Services", "Contact", "Events"]) {
      await expect(
        page.getByRole("navigation", { name: "Helpful links" }).getByRole("link", { name }),
      ).toBeVisible();
    }
    await page.getByRole("searchbox", { name: "Search the site" }).fill("volunteer");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=volunteer/);
    await expect(page.getByRole("link", { name: "Volunteer", exact: true }).last()).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Volunteer", exact: true }).click();
    await expect(page).toHaveURL(/\/volunteer$/);
  });

  test("Go Back returns to the previous page", async ({ page }) => {
    await page.goto("/about");
    await page.goto("/missing");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test.describe("error boundary", () => {
    test.use({ allowConsoleErrors: [/500/] });

    test("a failing page shows the error screen; Try Again clears it, Go Home goes home", async ({
      page,
    }) => {
      await page.goto("/contact");
      await waitForHydration(page);
      let fail = true;
      await page.route("**/team.data*", (route) =>
        fail ? route.fulfill({ status: 500, body: "boom" }) : route.fallback(),
      );
      await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "About" }).click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Something went wrong.");
      await expect(page.getByText("our team has been notified")).toBeVisible();

      fail = false;
      await page.getByRole("link", { name: "Try Again" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Team");

      fail = true;
      await page.goto("/contact");
      await waitForHydration(page);
      await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "About" }).click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }).click();
      await page.getByRole("main").getByRole("link", { name: "Go Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});

test("pages announce their render-blocking stylesheet in a preload Link header", async ({ request }) => {
  for (const path of ["/", "/events"]) {
    const response = await request.get(path);
    const stylesheet = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/.exec(await response.text())?.[1];
    expect(stylesheet, path).toBeTruthy();
    expect(response.headers()["link"]).toContain(`<${stylesheet}>; rel=preload; as=style`);
  }
});

test("static files carry the security headers, and built assets are cached for good", async ({
  request,
  page,
}) => {
  const favicon = await request.get("/favicon.svg");
  expect(favicon.headers()["x-content-type-options"]).toBe("nosniff");
  await page.goto("/");
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  const asset = await request.get(stylesheet!);
  expect(asset.headers()["cache-control"]).toContain("immutable");
});
