import { expect } from "@playwright/test";
import { expectNoAxeViolations, openInPlace, rememberCookieChoice, test } from "./fixtures";

// Decision 066: the site frame and the home page call useTranslation once and hand `t` to their
// parts, and the kept parts read the language from react-i18next's context. A language switch in
// place must still reach every part: the header, the home page's sections and carousels, the footer.
test.use({ reducedMotion: "reduce" });

for (const width of [390, 1280] as const) {
  test(`at ${width} px a switch to Spanish in place reaches the frame and every part of the home page`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await rememberCookieChoice(page);
    // The home page is a reading page: its parts switch language once React renders it (decision 074).
    await openInPlace(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where NYC kids learn, play and grow");
    const selector = page.locator("footer details").filter({ hasText: "English" });
    await selector.locator("summary").click();
    await selector.getByRole("link", { name: /Español/ }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Donde los chicos de NYC aprenden, juegan y crecen",
    );
    await expect(page.locator("header").getByRole("link", { name: "Donar", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Lo que dice nuestra comunidad" })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Ayude a un joven neoyorquino a salir adelante" }),
    ).toBeVisible();
    await expect(page.locator("footer").getByRole("heading", { name: "Boletín" })).toBeVisible();
    await expect(page.locator("footer").getByRole("heading", { name: "Enlaces rápidos" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
