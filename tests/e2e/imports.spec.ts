import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import {
  COLOUR_RULES,
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  screenshotToLookAt,
  signInStaff,
  staffOfSpec,
  test,
  turnSystemDark,
  waitForHydration,
} from "./fixtures";

/**
 * Imports from spreadsheets (docs/decisions/069-imports.md): a 5,000-row gifts file with 12 bad
 * rows mapped, dry-run, imported, its bad-rows report downloaded and the import undone; a
 * contacts file all the way without JavaScript; the pages checked with axe at 390 and 1280 px,
 * in English and Spanish, light and dark, and walked by keyboard.
 */
const ADMIN = staffOfSpec("imports", "Iris Imports");
const RUN = ADMIN.run;
const SHOTS = "/tmp/import-shots";
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: "serial" });

/** 5,000 gifts from a platform's export; every 400th row (12 of them) has an amount that is not money. */
function giftsFile() {
  const lines = ["Date,Amount,E-mail Address,Donor Name,Transaction ID"];
  for (let n = 1; n <= 5000; n++)
    lines.push(
      `2026-02-${String((n % 28) + 1).padStart(2, "0")},${n % 400 === 0 ? "n/a" : (n % 90) + 10},donor${n % 300}-${RUN}@gifts.example,Donor ${n % 300},TX-${RUN}-${n}`,
    );
  return Buffer.from(lines.join("\r\n"));
}

const CONTACTS_FILE = Buffer.from(
  [
    "Full Name,Email,Company,Phone",
    `Nora Diaz,nora-${RUN}@contacts.example,Acme,212-555-0101`,
    `Omar Ruiz,omar-${RUN}@contacts.example,,`,
    `No Address,,Acme,`,
  ].join("\n"),
);

async function upload(page: Page, kind: RegExp, name: string, buffer: Buffer) {
  await page.goto("/admin/imports");
  await page.getByRole("radio", { name: kind }).check();
  await page.getByLabel(/^CSV file/).setInputFiles({ name, mimeType: "text/csv", buffer });
  await page.getByRole("button", { name: "Upload and map the columns" }).click();
  await expect(page.getByRole("heading", { name: "Map the columns" })).toBeVisible();
}

test("a 5,000-row gifts file with 12 bad rows: mapped, dry-run, imported, its report downloaded, undone", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInStaff(page, ADMIN);
  await upload(page, /^Gifts/, "platform.csv", giftsFile());
  // The loose matching has suggested every column; the method is the file's.
  await expect(page.getByLabel("Column “Transaction ID”")).toHaveValue("reference");
  await page.getByLabel("How the gifts were given, for rows that do not say").selectOption("bank_transfer");
  await screenshotToLookAt(page, `${SHOTS}/gifts-mapping-1280.png`, { fullPage: true });
  await page.getByRole("button", { name: "Save the mapping and start the dry run" }).click();
  // With JavaScript the page moves the dry run on by itself.
  await expect(page.getByRole("heading", { name: "Dry run: what the import would do" })).toBeVisible({
    timeout: 120_000,
  });
  await expect(page.getByText("4,988 rows would be created")).toBeVisible();
  await expect(page.getByText("12 rows would be skipped")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Skipped: Amount:" })).toHaveCount(12);
  await screenshotToLookAt(page, `${SHOTS}/gifts-checked-1280.png`, { fullPage: true });

  await page.getByRole("button", { name: "Import 4,988 rows" }).click();
  await expect(page.getByText("4,988 created, 0 matched (left as they were), 12 skipped.")).toBeVisible({
    timeout: 120_000,
  });
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the skipped rows (CSV)" }).click();
  const report = readFileSync(await (await download).path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(report).toHaveLength(13);
  expect(report[0]).toBe("Row,Why it was skipped,Date,Amount,E-mail Address,Donor Name,Transaction ID");
  expect(report[1]).toMatch(/^401,"Amount: .+",2026-02-09,n\/a,/);

  await page.getByRole("link", { name: "Undo this import" }).click();
  await expect(
    page.getByRole("heading", { name: "Remove the 4,988 records this import created?" }),
  ).toBeFocused();
  await page.getByRole("button", { name: "Yes, undo the import" }).click();
  await expect(page.getByText("Import undone: 4,988 records removed.")).toBeVisible();
  await screenshotToLookAt(page, `${SHOTS}/gifts-undone-1280.png`, { fullPage: true });
});

test("a contacts file without JavaScript, in Spanish at 390 px: refusals in words, then every step by its button", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInStaff(page, ADMIN);
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 900 },
  });
  const nojs = await context.newPage();
  await nojs.goto("/admin/imports?lng=es");
  // No kind chosen: said on the form, in Spanish.
  await nojs
    .getByLabel(/^Archivo CSV/)
    .setInputFiles({ name: "junta.csv", mimeType: "text/csv", buffer: CONTACTS_FILE });
  await nojs.getByRole("button", { name: "Subir y asignar las columnas" }).click();
  await expect(nojs.getByText("Elija qué contiene el archivo.")).toBeVisible();
  await screenshotToLookAt(nojs, `${SHOTS}/upload-refused-nojs-es-390.png`, { fullPage: true });

  await nojs.getByRole("radio", { name: "Contactos" }).check();
  await nojs
    .getByLabel(/^Archivo CSV/)
    .setInputFiles({ name: "junta.csv", mimeType: "text/csv", buffer: CONTACTS_FILE });
  await nojs.getByRole("button", { name: "Subir y asignar las columnas" }).click();
  // A mapping without the e-mail is refused by name, and the choices made are kept.
  await nojs.getByLabel("Columna «Email»").selectOption("");
  await nojs.getByLabel("Columna «Company»").selectOption("organization");
  await nojs.getByRole("button", { name: "Guardar la asignación e iniciar la simulación" }).click();
  await expect(nojs.getByText("Asigne una columna para: Correo electrónico.")).toBeVisible();
  await expect(nojs.getByLabel("Columna «Company»")).toHaveValue("organization");
  await screenshotToLookAt(nojs, `${SHOTS}/mapping-refused-nojs-es-390.png`, { fullPage: true });
  await nojs.getByLabel("Columna «Email»").selectOption("email");
  await nojs.getByRole("button", { name: "Guardar la asignación e iniciar la simulación" }).click();
  await nojs.getByRole("button", { name: "Continuar" }).click();
  await expect(nojs.getByText("Se crearían 2 filas")).toBeVisible();
  await expect(nojs.getByText("Se omitiría 1 fila")).toBeVisible();
  await screenshotToLookAt(nojs, `${SHOTS}/contacts-checked-nojs-es-390.png`, { fullPage: true });
  await nojs.getByRole("button", { name: "Importar 2 filas" }).click();
  await nojs.getByRole("button", { name: "Continuar" }).click();
  await expect(
    nojs.getByText("2 creadas, 0 coincidentes (se dejaron como estaban), 1 omitidas."),
  ).toBeVisible();
  await screenshotToLookAt(nojs, `${SHOTS}/contacts-imported-nojs-es-390.png`, { fullPage: true });
  await context.close();
});

test("the import pages pass axe at 390 and 1280 px, in English and Spanish, light and dark, and Tab reaches every control with its focus seen", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await signInStaff(page, ADMIN);
  // Other people than the contacts file's, which the test before imported.
  await upload(
    page,
    /^Contacts/,
    "walk.csv",
    Buffer.from(`Name,Email\nWalt Kerr,walt-${RUN}@contacts.example\nNo Address,\n`),
  );
  const mapping = page.url();
  for (const [step, path] of [
    ["imports", "/admin/imports"],
    ["mapping", mapping],
  ] as const)
    for (const lng of ["en", "es"]) {
      await page.emulateMedia({ colorScheme: "light" });
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${path}?lng=${lng}`);
      await waitForHydration(page);
      await expectNoAxeViolationsAtBothWidths(page, (width) =>
        screenshotToLookAt(page, `${SHOTS}/${step}-${lng}-${width}-light.png`, { fullPage: true }),
      );
      await screenshotToLookAt(page, `${SHOTS}/${step}-${lng}-390-dark.png`, { fullPage: true });
    }

  // The dry run's page and the imported page, with their tables, at both widths.
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`${mapping}?lng=en`);
  await page.getByRole("button", { name: "Save the mapping and start the dry run" }).click();
  await expect(page.getByRole("heading", { name: "Dry run: what the import would do" })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.getByRole("button", { name: /^Import \d+ rows?$/ }).click();
  await expect(page.getByRole("heading", { name: "Imported" })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await turnSystemDark(page);
    await expectNoAxeViolations(page, COLOUR_RULES);
    await page.emulateMedia({ colorScheme: "light" });
    await screenshotToLookAt(page, `${SHOTS}/imported-en-${width}.png`, { fullPage: true });
  }

  // Keyboard only: Tab reaches the upload form's every control, each with a visible focus ring.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/imports");
    await waitForHydration(page);
    const reached: string[] = [];
    for (let presses = 0; presses < 80; presses++) {
      await page.keyboard.press("Tab");
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const ring =
          (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
        return {
          name: `${element.tagName} ${element.getAttribute("name") ?? element.textContent?.trim()}`,
          ring,
        };
      });
      if (!stop) break;
      expect(stop.ring, `${stop.name} at ${width} px`).toBe(true);
      reached.push(stop.name);
      if (/Upload and map the columns/.test(stop.name)) {
        await screenshotToLookAt(page, `${SHOTS}/keyboard-upload-${width}.png`);
        break;
      }
    }
    expect(reached).toContain("INPUT kind");
    expect(reached).toContain("INPUT file");
    expect(reached.some((name) => /Upload and map the columns/.test(name))).toBe(true);
  }
});
