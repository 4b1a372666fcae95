import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  officeOfSpec,
  rememberCookieChoice,
  screenshotToLookAt,
  signInStaff,
  test,
} from "./fixtures";

// Issue 34's last parts, walked as its "What done means" asks (decision 065): the audit log's
// detail in words, the invitation form and the footer's newsletter box without JavaScript, the
// footer's targets, exact names of the event cards' buttons; the audit log, the wording editor
// and the STAFF menu at 390 and 1280 px, in English and Spanish, light and dark, with axe.
const { admin: ADMIN, staff: STAFF } = officeOfSpec("Walk");
const RUN = ADMIN.run;
const WIDTHS = [1280, 390] as const;
const SHOTS = "/tmp/staff-shots";
const WAIT = { timeout: 20_000 };

test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 20_000 });
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** The signed-in page's cookies in a browser without JavaScript, as a person with it turned off. */
async function withoutJavaScript(browser: Browser, page: Page, width: number) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width, height: 900 },
  });
  return context.newPage();
}

test("the audit log says which field changed in words; it, the wording editor and the STAFF menu pass axe at both widths, both languages, light and dark", async ({
  page,
}) => {
  await signInStaff(page, STAFF);
  const title = `Spring fair ${RUN}`;
  await page.goto("/admin/entries/post/new");
  await page.getByLabel(/^Title \(English\)/).fill(title);
  await page.getByLabel(/^Summary \(English\)/).fill("Games and books.");
  await page.getByLabel(/^Text \(English\)/).fill("Come along.");
  await page.getByLabel(/^Date/).first().fill("2026-12-20");
  await page.getByLabel(/^Author \(English\)/).fill("Dana");
  await page.getByLabel(/^Category/).selectOption("news");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByLabel(/^Address \(slug\)/)).not.toHaveValue("", WAIT);
  await page.getByLabel(/^Title \(English\)/).fill(`${title} (moved)`);
  await page.getByLabel(/^Publish on: date/).fill("2030-04-02");
  await page.getByLabel(/^Publish on: time/).fill("9am");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByLabel(/^Publish on: time/)).toHaveValue("09:00", WAIT);

  await page.goto("/admin/audit");
  const changed = page
    .getByRole("row")
    .filter({ hasText: `Changed ${title}` })
    .first();
  await expect(changed).toContainText("Title (English)");
  await expect(changed).toContainText("Publish on");
  await expect(changed).not.toContainText("title.en");
  await expect(changed).not.toContainText("publishAt");
  await page.goto("/admin/audit?lng=es");
  await expect(page.getByRole("row").filter({ hasText: "Título (Inglés)" }).first()).toBeVisible();

  for (const lng of ["en", "es"] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [name, path] of [
        ["audit", "/admin/audit"],
        ["wording", "/admin/content"],
        ["staff-menu", "/admin"],
      ] as const) {
        // The system's scheme before the page loads: the head script themes the page from it.
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
        await page.goto(`${path}?lng=${lng}`);
        await expect(page.locator("html")).toHaveClass(
          scheme === "dark" ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/,
        );
        // Both widths in one load: the layout follows the width through CSS alone (decision 072).
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await expectNoAxeViolations(page);
          await screenshotToLookAt(page, `${SHOTS}/${name}-${lng}-${width}-${scheme}.png`, {
            fullPage: true,
          });
        }
      }
    }
  }
});

test("the invitation form without JavaScript: a summary naming each field, in Spanish, with what was typed", async ({
  page,
  browser,
}) => {
  await signInStaff(page, ADMIN);
  for (const width of WIDTHS) {
    const plain = await withoutJavaScript(browser, page, width);
    await plain.goto("/admin/users?lng=es");
    const form = plain.getByRole("region", { name: "Invitar a un miembro del personal" });
    await form.getByLabel(/^Correo electrónico/).fill(`nuevo-${RUN}@`);
    await form.getByLabel(/^Rol/).selectOption("ADMIN");
    await form.getByRole("button", { name: "Enviar invitación" }).click();
    const summary = plain.getByRole("alert").filter({ hasText: "Hay un problema" });
    await expect(summary.getByRole("link", { name: "Nombre: Campo obligatorio" })).toBeVisible();
    await expect(
      summary.getByRole("link", {
        name: "Correo electrónico: Por favor, escriba un correo electrónico válido",
      }),
    ).toBeVisible();
    await expect(form.getByLabel(/^Correo electrónico/)).toHaveValue(`nuevo-${RUN}@`);
    await expect(form.getByLabel(/^Rol/)).toHaveValue("ADMIN");
    await screenshotToLookAt(plain, `${SHOTS}/invite-errors-nojs-es-${width}.png`, { fullPage: true });
    // The summary's link leads to its field.
    await summary.getByRole("link", { name: "Nombre: Campo obligatorio" }).click();
    await expect(form.getByLabel(/^Nombre/)).toBeFocused();
    await plain.context().close();
  }

  // With JavaScript the same summary (the same component) comes before the post and takes focus;
  // axe reads it here, since it runs in the page's JavaScript.
  await page.goto("/admin/users");
  const form = page.getByRole("region", { name: "Invite a staff member" });
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
  await expect(page.getByRole("link", { name: "Name: Required field" })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
});

test("the footer: its newsletter box answers in words without JavaScript, and every target is 44 px at 390 and 1280", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 900 },
  });
  const plain = await context.newPage();
  await plain.goto("/?lng=es");
  const box = plain.getByRole("region", { name: "Boletín" });
  await box.getByLabel("Correo electrónico").fill("rosa@");
  await box.getByRole("button", { name: "Suscribirme" }).click();
  await expect(plain).toHaveURL(/\/newsletter$/);
  await expect(plain.getByText("Por favor, escriba un correo electrónico válido").first()).toBeVisible();
  await expect(plain.getByRole("main").getByRole("textbox", { name: /^Correo electrónico/ })).toHaveValue(
    "rosa@",
  );
  await screenshotToLookAt(plain, `${SHOTS}/footer-newsletter-nojs-es-390.png`, { fullPage: true });
  await plain.goto("/?lng=es");
  await plain.getByRole("region", { name: "Boletín" }).getByRole("button", { name: "Suscribirme" }).click();
  await expect(plain.getByText("Campo obligatorio").first()).toBeVisible();
  await context.close();

  const page = await (await browser.newContext()).newPage();
  await rememberCookieChoice(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const footer = page.locator("footer");
    const targets = footer.locator("a:visible, button:visible, summary:visible, input:visible");
    const small: string[] = [];
    for (const target of await targets.all()) {
      const size = await target.boundingBox();
      if (size && (size.height < 44 || size.width < 44))
        small.push(`${(await target.textContent())?.trim()} ${size.width}×${size.height}`);
    }
    expect(small, `targets under 44 px at ${width}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshotToLookAt(footer, `${SHOTS}/footer-${width}.png`);
  }
});

test("an event card's buttons are named in one phrase, with no stray space", async ({ page }) => {
  await page.goto("/events");
  const calendar = page.getByRole("link", { name: /^Add to calendar/ }).first();
  await expect(calendar).toHaveAccessibleName(/^Add to calendar: \S.* \(\.ics\)$/);
  await expect(page.getByRole("link", { name: / :/ })).toHaveCount(0);
});
