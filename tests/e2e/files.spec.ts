import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { pdf } from "../support/sample-files";
import { expect, expectNoAxeViolations, signInStaff, staffOfSpec, test, waitForHydration } from "./fixtures";

// Staff upload the annual report in /admin and a visitor downloads it from /reports (decision 021).
// The server under test keeps its D1 and R2 here (scripts/e2e-server.mjs).
const ADMIN = staffOfSpec("files", "Fran Files");
const RUN = ADMIN.run;

async function logInAsAdmin(page: Page) {
  await signInStaff(page, ADMIN, "/login?redirectTo=%2Fadmin%2Ffiles");
  await expect(page).toHaveURL(/\/admin\/files$/);
}

test("staff upload the annual report PDF in /admin and visitors download the same bytes from /reports", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const bytes = Buffer.from(pdf(`Annual report ${RUN}`));
  const title = `Annual Report ${RUN}`;
  await logInAsAdmin(page);
  await expectNoAxeViolations(page);

  await page.getByLabel("File (required)").setInputFiles({
    name: `annual-report-${RUN}.pdf`,
    mimeType: "application/pdf",
    buffer: bytes,
  });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Uploaded" })).toContainText(
    `Uploaded annual-report-${RUN}.pdf`,
  );

  await page.goto("/admin/entries/report/new");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: /^Address \(slug\)/ }).fill(`annual-report-${RUN}`);
  await page.getByRole("combobox", { name: /^Status/ }).selectOption("published");
  await page.getByRole("textbox", { name: /^Title \(English\)/ }).fill(title);
  await page.getByRole("textbox", { name: /^Title \(Spanish\)/ }).fill(`Informe anual ${RUN}`);
  await page.getByRole("textbox", { name: /^Year/ }).fill("2030");
  await page.getByRole("textbox", { name: /^Summary \(English\)/ }).fill("Our year in one report.");
  const pdfField = page.getByRole("combobox", { name: /^PDF/ });
  const uploadedKey = await pdfField
    .locator("option", { hasText: `annual-report-${RUN}.pdf` })
    .getAttribute("value");
  await pdfField.selectOption(uploadedKey!);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toContainText("Saved and published.");

  await page.goto("/reports");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toBeVisible();
  // An imported report without its PDF says so instead of promising a date already past.
  await expect(
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "2025 Annual Report" }) }),
  ).toContainText("Not yet published");
  await expectNoAxeViolations(page);
  const downloaded = page.waitForEvent("download");
  await card.getByRole("link", { name: new RegExp(`^Download the PDF \\(1 KB\\)\\s*: ${title}$`) }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`annual-report-${RUN}.pdf`);
  const path = testInfo.outputPath("report.pdf");
  await download.saveAs(path);
  expect(Buffer.compare(await readFile(path), bytes)).toBe(0);
});
