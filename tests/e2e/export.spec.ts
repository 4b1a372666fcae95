import { readFile } from "node:fs/promises";
import type { Browser, Locator, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import {
  COLOUR_RULES,
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  rememberCookieChoice,
  screenshotToLookAt,
  signInStaff,
  staffOfSpec,
  test,
  turnSystemDark,
  waitForHydration,
} from "./fixtures";

// Leaving with everything and the totals per campaign (docs/decisions/070-leaving-with-everything.md):
// an admin downloads the export and opens the zip; the campaigns page is read at 1280 and 390 px,
// in English and Spanish, light and dark, by keyboard, and with JavaScript off. Screenshots go to
// test-results/export/, to be looked at.
const ADMIN = staffOfSpec("export", "Ada Export");
const CAMPAIGN = `leave-${ADMIN.run}`;
const HEALTH = `Peanut allergy ${ADMIN.run}`;
const SHOTS = "test-results/export";

test.beforeAll(() => {
  const attribution = JSON.stringify({ utm_source: "newsletter", utm_campaign: CAMPAIGN }).replace(
    /'/g,
    "''",
  );
  // Under the test Worker's current key id, so the Cron's key rotation leaves it alone (decision 054).
  const sealed = JSON.stringify({ keyId: "e2e-1", ciphertext: HEALTH });
  executeLocalD1(
    `INSERT OR IGNORE INTO submissions (id, kind, status, locale, name, email, payload, health_data, idempotency_key, attribution, created_at, updated_at) VALUES ` +
      `('export-${ADMIN.run}', 'athletics', 'new', 'es', 'Leo ${ADMIN.run}', 'leo-${ADMIN.run}@example.com', '{}', '${sealed}', 'export-${ADMIN.run}', '${attribution}', '2026-03-10T15:00:00.000Z', '2026-03-10T15:00:00.000Z');`,
  );
});

/** Presses Tab until `target` has the focus (at most eight times), and checks its focus ring shows. */
async function tabTo(page: Page, target: Locator) {
  for (
    let presses = 0;
    presses < 8 && !(await target.evaluate((element) => element === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
  expect(await target.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
}

/** A page of its own browser context, the cookie choice remembered and the admin's session carried in. */
async function adminPage(browser: Browser, signedIn: Page, options: Parameters<Browser["newContext"]>[0]) {
  const context = await browser.newContext({
    ...options,
    storageState: await signedIn.context().storageState(),
  });
  const page = await context.newPage();
  await rememberCookieChoice(page);
  return page;
}

test("an admin downloads everything and the zip holds every table, its description, and no health", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInStaff(page, ADMIN, "/login?redirectTo=/admin/export");
  await expect(page.getByRole("heading", { level: 1, name: "Export everything" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotToLookAt(page, `${SHOTS}/export-1280-en.png`, { fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download everything (zip)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const names = Object.keys(zip);
  expect(names[0]).toBe("README.md");
  expect(strFromU8(zip["README.md"]!)).toContain("# The export of everything: its format");
  for (const table of ["users", "submissions", "donations", "subscribers", "children", "files", "audit_log"])
    expect(names).toContain(`data/${table}.csv`);
  const submissions = strFromU8(zip["data/submissions.csv"]!);
  expect(submissions).toContain(`leo-${ADMIN.run}@example.com`);
  expect(submissions.split("\r\n")[0]).not.toContain("health_data");
  const everything = names.map((name) => strFromU8(zip[name]!)).join("\n");
  expect(everything).not.toContain(HEALTH);
});

test("the export page and the totals per campaign: 390 and 1280 px, English and Spanish, light and dark, keyboard", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInStaff(page, ADMIN, "/login?redirectTo=/admin/campaigns");
  await waitForHydration(page);
  for (const view of [
    { name: "1280-en", width: 1280, height: 900, lng: "en" },
    { name: "390-es", width: 390, height: 844, lng: "es" },
  ] as const) {
    await page.setViewportSize(view);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`/admin/campaigns?from=2026-03-01&to=2026-03-31&lng=${view.lng}`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: CAMPAIGN });
    await expect(row).toBeVisible();
    await expect(row.getByRole("cell")).toHaveText([
      CAMPAIGN,
      "newsletter",
      "1",
      "0",
      "0",
      "0",
      "0",
      "$0.00",
    ]);
    await screenshotToLookAt(page, `${SHOTS}/campaigns-${view.name}.png`, { fullPage: true });
    await expectNoAxeViolations(page);
    await turnSystemDark(page);
    await screenshotToLookAt(page, `${SHOTS}/campaigns-${view.name}-dark.png`, { fullPage: true });
    await expectNoAxeViolations(page, COLOUR_RULES);

    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`/admin/export?lng=${view.lng}`);
    await waitForHydration(page);
    await screenshotToLookAt(page, `${SHOTS}/export-${view.name}.png`, { fullPage: true });
    await expectNoAxeViolations(page);
    await turnSystemDark(page);
    await screenshotToLookAt(page, `${SHOTS}/export-${view.name}-dark.png`, { fullPage: true });
    await expectNoAxeViolations(page, COLOUR_RULES);
  }

  // The message of a period that ends before it starts (the page without JavaScript is the same HTML).
  await page.goto("/admin/campaigns?from=2026-03-31&to=2026-03-01&lng=es");
  await waitForHydration(page);
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page);

  // Keyboard only: the period's fields, "Show" and the CSV link are reached by Tab (a date field's
  // day, month and year take a Tab each in Chromium), each with its focus ring.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/admin/campaigns?lng=en");
  await waitForHydration(page);
  await page.getByLabel("From", { exact: true }).fill("2026-03-01");
  await page.getByLabel("To", { exact: true }).fill("2026-03-31");
  await page.getByLabel("From", { exact: true }).focus();
  await tabTo(page, page.getByRole("button", { name: "Show" }));
  await screenshotToLookAt(page, `${SHOTS}/campaigns-keyboard-focus.png`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/from=2026-03-01&to=2026-03-31/);
  await expect(page.getByRole("row").filter({ hasText: CAMPAIGN })).toBeVisible();
  await page.getByLabel("To", { exact: true }).focus();
  await tabTo(page, page.getByRole("link", { name: "Export CSV" }));
  const [csv] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(csv.suggestedFilename()).toBe("campaigns-2026-03-01-2026-03-31.csv");
  const lines = (await readFile((await csv.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("campaign,source,submissions,rsvps,tickets,subscriptions,gifts,gift_amount");
  expect(lines).toContain(`${CAMPAIGN},newsletter,1,0,0,0,0,0.00`);
});

test("without JavaScript: a period that ends before it starts gets its message in Spanish, the days kept", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInStaff(page, ADMIN, "/login?redirectTo=/admin/campaigns");
  // The session cookie is carried into the page without JavaScript once the sign-in has landed.
  await expect(page.getByRole("heading", { level: 1, name: "Totals per campaign" })).toBeVisible();
  const noScript = await adminPage(browser, page, {
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  await noScript.goto("/admin/campaigns?lng=es");
  await expect(noScript.getByRole("heading", { level: 1, name: "Totales por campaña" })).toBeVisible();
  await noScript.getByLabel("Desde", { exact: true }).fill("2026-03-31");
  await noScript.getByLabel("Hasta", { exact: true }).fill("2026-03-01");
  await noScript.getByRole("button", { name: "Mostrar" }).click();
  await expect(noScript.getByRole("alert")).toHaveText(
    "El período termina antes de empezar. Elija un día «Hasta» igual o posterior al día «Desde».",
  );
  await expect(noScript.getByLabel("Desde", { exact: true })).toHaveValue("2026-03-31");
  await expect(noScript.getByLabel("Hasta", { exact: true })).toHaveValue("2026-03-01");
  await screenshotToLookAt(noScript, `${SHOTS}/campaigns-reversed-390-es-nojs.png`, { fullPage: true });
  await noScript.getByLabel("Desde", { exact: true }).fill("2026-03-01");
  await noScript.getByLabel("Hasta", { exact: true }).fill("2026-03-31");
  await noScript.getByRole("button", { name: "Mostrar" }).click();
  await expect(noScript.getByRole("row").filter({ hasText: CAMPAIGN })).toBeVisible();
  await screenshotToLookAt(noScript, `${SHOTS}/campaigns-390-es-nojs.png`, { fullPage: true });
});
