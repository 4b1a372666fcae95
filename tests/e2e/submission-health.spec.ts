import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  screenshotToLookAt,
  signInStaff,
  staffOfSpec,
  test,
  turnSystemDark,
} from "./fixtures";

// A parent writes their child's medical information on the athletics form; a staff member sees
// the submission without it, and opens it with a button that records the read (decision 054):
// with JavaScript and without, at 390 and 1280 px, in English and Spanish, light and dark.
const STAFF = staffOfSpec("health", "Hana Health", { role: "STAFF" });
const MEDICAL = `Peanut allergy, EpiPen in the red bag ${STAFF.run}`;
const PARENT = `Ana Health ${STAFF.run}`;
const SHOTS = "/tmp/childforms-shots";

async function registerForAthletics(page: Page) {
  await page.goto("/forms/athletics");
  const form = page.getByRole("main");
  await form.getByLabel(/^Student's name/).fill("Leo Health");
  await form.getByLabel(/^Parent or guardian's name/).fill(PARENT);
  await form.getByLabel(/^Age/).selectOption("14");
  await form.getByLabel(/^Current grade/).selectOption("9");
  await form.getByLabel(/^Email/).fill("ana.health@example.com");
  await form.getByLabel(/^Phone/).fill("212-555-0100");
  await form.getByLabel(/^Emergency contact/).fill("Luis (212) 555-0199");
  await form.getByLabel(/^Medical information/).fill(MEDICAL);
  await form.getByLabel(/^I am this child's parent/).check();
  await form.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Registration Successful")).toBeVisible();
}

async function openSubmission(page: Page) {
  await page.goto(`/admin/submissions?kind=athletics&q=${encodeURIComponent(PARENT)}&lng=en`);
  await page.getByRole("link", { name: PARENT }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: `Submission from ${PARENT}` })).toBeVisible();
}

test("staff open a child's health answers on request, with and without JavaScript", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.71" });
  await registerForAthletics(page);
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/submissions");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openSubmission(page);
    const health = page.getByRole("region", { name: "Health information" });
    await expect(health).toContainText("Shown on request; the read is recorded.");
    await expect(page.locator("main")).not.toContainText(MEDICAL);
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SHOTS}/closed-${width}.png`, { fullPage: true });
    await screenshotToLookAt(health, `${SHOTS}/region-closed-${width}.png`);
    await health.getByRole("button", { name: "Show health information" }).click();
    await expect(health).toContainText(MEDICAL);
    await expect(health).toContainText("Medical information");
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SHOTS}/open-${width}.png`, { fullPage: true });
    await screenshotToLookAt(health, `${SHOTS}/region-open-${width}.png`);
  }

  // Keyboard only: the button takes focus and opens it.
  await openSubmission(page);
  const button = page.getByRole("button", { name: "Show health information" });
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Health information" })).toContainText(MEDICAL);

  // Spanish, dark.
  await turnSystemDark(page);
  await page.goto(`/admin/submissions?kind=athletics&q=${encodeURIComponent(PARENT)}&lng=es`);
  await page.getByRole("link", { name: PARENT }).first().click();
  const salud = page.getByRole("region", { name: "Información de salud" });
  await expect(salud).toContainText("la consulta queda registrada");
  await salud.getByRole("button", { name: "Mostrar la información de salud" }).click();
  await expect(salud).toContainText(MEDICAL);
  await expectNoAxeViolations(page);
  await screenshotToLookAt(page, `${SHOTS}/open-es-dark.png`, { fullPage: true });
  await screenshotToLookAt(salud, `${SHOTS}/region-open-es-dark.png`);

  // Without JavaScript: the same post, answered with the page.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 900 },
  });
  const plain = await noScript.newPage();
  await openSubmission(plain);
  await plain.getByRole("button", { name: "Show health information" }).click();
  await expect(plain.getByRole("region", { name: "Health information" })).toContainText(MEDICAL);
  await screenshotToLookAt(
    plain.getByRole("region", { name: "Health information" }),
    `${SHOTS}/region-open-nojs-390.png`,
  );
  await noScript.close();

  // The audit log says in words who opened it.
  await page.goto("/admin/audit");
  await expect(page.locator("main")).toContainText(
    /Opened the health information of|Abrió la información de salud de/,
  );
});
