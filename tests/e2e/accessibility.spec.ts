import { SITE_PAGES } from "../../app/content/site-pages";
import {
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  rememberCookieChoice,
  test,
  waitForHydration,
} from "./fixtures";

const PATHS = [...SITE_PAGES.map((page) => page.path), "/not-a-page", "/search?q=program"];
const PHONE = { width: 390, height: 900 };

// Every page in both languages and both themes, on a phone (390 px) and a laptop (1280 px).
// The site's layout follows the width through CSS alone (no script reads it), so one load of a
// page is checked at both widths: the page is resized, not opened again
// (docs/decisions/072-a-faster-suite.md).
for (const locale of ["en", "es"] as const) {
  test.describe(locale, () => {
    // Sections below the fold fade in as they scroll into view; axe must judge the settled
    // page, which reduced motion shows at once (and without colour transitions).
    test.use({ colorScheme: "light", reducedMotion: "reduce", viewport: PHONE });
    for (const path of PATHS) {
      test(`${path} has no axe violations at 390 and 1280 px, light or dark`, async ({ page }) => {
        await rememberCookieChoice(page);
        await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);
        await waitForHydration(page);
        await expectNoAxeViolationsAtBothWidths(page);
      });
    }
  });
}

test("the cookie banner itself has no axe violations", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/contact");
  await expect(page.getByRole("region", { name: "We respect your privacy" })).toBeVisible();
  await expectNoAxeViolations(page);
});
