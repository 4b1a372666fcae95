import type { Page } from "@playwright/test";
import {
  createAccount,
  executeLocalD1,
  expect,
  logIn,
  rememberCookieChoice,
  runId,
  screenshotToLookAt,
  signInStaff,
  test,
  testAccount,
  waitForHydration,
} from "./fixtures";

/**
 * Reflow at 390 px (WCAG 1.4.10, which axe does not check): the page itself never scrolls
 * sideways; a wide table scrolls inside its own labelled region (docs/conventions.md).
 */

const PHONE = { width: 390, height: 844 };

/** The document's width, and what sticks out past the viewport when it is too wide (the failure message). */
async function pageWidth(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    // inside a scroll region that itself fits, only an absolutely positioned box can escape.
    const clipped = (element: Element) => {
      if (getComputedStyle(element).position === "absolute") return false;
      const region = element.parentElement?.closest<HTMLElement>(".overflow-x-auto");
      return region !== null && region !== undefined && region.getBoundingClientRect().right <= width;
    };
    const outside = [...document.querySelectorAll("body *")]
      .filter((element) => !clipped(element))
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      // past the document's own width: clipped by something, so not what widens it.
      .filter(({ right }) => right > width + 0.5 && right <= scrollWidth + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(
        ({ element, right }) =>
          `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.trim().slice(0, 30)}" → ${Math.round(right)}`,
      );
    return { scrollWidth, outside };
  });
}

async function expectNoSidewaysScroll(page: Page, shot: string) {
  await screenshotToLookAt(page, test.info().outputPath(`${shot}-390.png`), { fullPage: true });
  const { scrollWidth, outside } = await pageWidth(page);
  expect
    .soft(scrollWidth, `${page.url()} is ${scrollWidth} px wide: ${outside.join("; ")}`)
    .toBeLessThanOrEqual(PHONE.width);
}

test.beforeEach(async ({ page }) => {
  test.slow();
  await rememberCookieChoice(page);
  await page.setViewportSize(PHONE);
});

test("the security page, the admin lists and the attendee list fit a 390 px screen in both languages", async ({
  page,
}) => {
  const run = runId();
  const admin = testAccount("reflow-admin", run);
  createAccount(admin.email, "Reflow Admin", admin.password);
  executeLocalD1(
    `INSERT INTO event_registrations (id, event_slug, kind, status, name, email, locale, quantity, confirmed_at, hold_expires_at) VALUES ('e2e-reflow-${run}', 'basketballClinic', 'rsvp', 'confirmed', 'Guest ${run}', 'guest-${run}@example.com', 'en', 2, '2026-01-01T00:00:00.000Z', '2027-02-13T17:00:00.000Z');`,
  );
  await signInStaff(page, admin);
  await expect(page).toHaveURL(/\/admin$/);

  for (const locale of ["en", "es"]) {
    for (const [path, name] of [
      ["/account/security", "security"],
      ["/admin/users", "users"],
      ["/admin/registrations/basketballClinic", "registrations-event"],
      ["/admin/registrations", "registrations"],
      ["/admin/outbox", "outbox"],
    ]) {
      await page.goto(`${path}?lng=${locale}`);
      await waitForHydration(page);
      await expectNoSidewaysScroll(page, `${name}-${locale}`);
    }
  }
  await page.goto("/account/security?lng=en");
  const back = await page.getByRole("link", { name: "Back to my account" }).boundingBox();
  expect(back!.height).toBeGreaterThanOrEqual(44);
});

test("the second step of a staff sign-in, in Spanish, fits 390 px and its way back is a 44 px target", async ({
  page,
  browser,
}) => {
  const run = runId();
  const admin = testAccount("reflow-second", run);
  createAccount(admin.email, "Reflow Second", admin.password);
  await signInStaff(page, admin);
  await expect(page).toHaveURL(/\/admin$/);

  const context = await browser.newContext({ viewport: PHONE });
  const visitor = await context.newPage();
  await rememberCookieChoice(visitor);
  await logIn(visitor, admin);
  await expect(visitor).toHaveURL(/\/login\/second-factor$/);
  await visitor.goto("/login/second-factor?lng=es");
  await waitForHydration(visitor);
  await expectNoSidewaysScroll(visitor, "second-factor-es");
  const back = await visitor
    .getByRole("link", { name: "Volver a iniciar sesión desde el principio" })
    .boundingBox();
  expect(back!.height).toBeGreaterThanOrEqual(44);
  await context.close();
});
