import { readFileSync } from "node:fs";
import { expect, expectNoAxeViolations, rememberCookieChoice, test, waitForHydration } from "./fixtures";

// Each service card's link says which service it opens, to a screen reader and to a search
// engine's link-text check, as other "read more" links do (ActionName): Lighthouse's SEO audit
// failed /services on three "Learn more" links named only by an aria-label (decision 058).
type ServicesCopy = { linkLabel: string; list: { title: string; link: string }[] };
const servicesCopy = (locale: string) =>
  (
    JSON.parse(
      readFileSync(new URL(`../../app/locales/${locale}/programs.json`, import.meta.url), "utf8"),
    ) as { services: ServicesCopy }
  ).services;

for (const [locale, javaScriptEnabled] of [
  ["en", true],
  ["es", false],
] as const) {
  test.describe(`${locale}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 900 }, reducedMotion: "reduce" });

    const axe = javaScriptEnabled ? ", with no axe violations at 390 and 1280 px" : "";
    test(`every service link is named for its service${axe}`, async ({ page }) => {
      await rememberCookieChoice(page);
      await page.goto(`/services?lng=${locale}`);
      if (javaScriptEnabled) await waitForHydration(page);
      const { linkLabel, list } = servicesCopy(locale);
      for (const service of list) {
        const link = page.getByRole("link", { name: `${linkLabel}: ${service.title}`, exact: true });
        await expect(link).toHaveAttribute("href", service.link);
        await expect(link.getByText(linkLabel, { exact: true })).toBeVisible();
      }
      // axe runs in the page, so only with JavaScript (accessibility.spec.ts checks both languages).
      if (!javaScriptEnabled) return;
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectNoAxeViolations(page);
    });
  });
}
