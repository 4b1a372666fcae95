import { pdf } from "../support/sample-files";
import {
  expect,
  expectNoAxeViolations,
  screenshotToLookAt,
  signInStaff,
  staffOfSpec,
  test,
  waitForHydration,
} from "./fixtures";

// The staff week's files (decision 059): a part-time communications person (STAFF) opens an
// upload's page, sees where it is used, replaces it and deletes it, in English at 1280 px and in
// Spanish at 390 px, with axe on every step.
const STAFF = staffOfSpec("weekfiles", "Dana Files", { role: "STAFF" });
const RUN = STAFF.run;

test.describe.configure({ timeout: 180_000 });

const WALKS = [
  {
    lng: "en",
    width: 1280,
    file: "File (required)",
    manage: "Replace or delete",
    upload: "Upload",
    newFile: "New file (required)",
    replace: "Replace",
    replaced: "Replaced. 0 entries now use the new file.",
    unused: "No entry of the site uses this file.",
    delete: "Delete this file",
    confirm: "Yes, delete it",
    deleted: "Deleted",
  },
  {
    lng: "es",
    width: 390,
    file: "Archivo (obligatorio)",
    manage: "Reemplazar o eliminar",
    upload: "Subir",
    newFile: "Archivo nuevo (obligatorio)",
    replace: "Reemplazar",
    replaced: "Reemplazado. 0 entradas usan ahora el archivo nuevo.",
    unused: "Ninguna entrada del sitio usa este archivo.",
    delete: "Eliminar este archivo",
    confirm: "Sí, eliminarlo",
    deleted: "Se eliminó",
  },
] as const;

for (const walk of WALKS) {
  test(`an upload is replaced, then deleted after a question (${walk.lng}, ${walk.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: walk.width, height: 900 });
    await signInStaff(page, STAFF);
    await page.goto(`/admin/files?lng=${walk.lng}`);
    await waitForHydration(page);
    const name = `flyer-${walk.lng}-${RUN}.pdf`;
    await page.getByLabel(walk.file).setInputFiles({
      name,
      mimeType: "application/pdf",
      buffer: Buffer.from(pdf(`Flyer ${walk.lng} ${RUN}`)),
    });
    await page.getByRole("button", { name: walk.upload, exact: true }).click();
    await expect(page.getByRole("status").first()).toContainText(name);

    await page.getByRole("link", { name: `${walk.manage} ${name}`, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(walk.unused)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, test.info().outputPath(`file-page-${walk.lng}-${walk.width}.png`), {
      fullPage: true,
    });

    const newName = `flyer-${walk.lng}-v2-${RUN}.pdf`;
    await page.getByLabel(walk.newFile).setInputFiles({
      name: newName,
      mimeType: "application/pdf",
      buffer: Buffer.from(pdf(`Flyer ${walk.lng} ${RUN}, corrected`)),
    });
    await page.getByRole("button", { name: walk.replace, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: walk.replaced })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();

    await page.getByRole("button", { name: walk.delete }).click();
    const question = page.getByRole("region", { name: new RegExp(newName) });
    await expect(question).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, test.info().outputPath(`file-delete-${walk.lng}-${walk.width}.png`), {
      fullPage: true,
    });
    await question.getByRole("button", { name: walk.confirm }).click();
    await expect(page).toHaveURL(/\/admin\/files\?deleted=/);
    await expect(page.getByRole("status").filter({ hasText: `${walk.deleted} ${newName}` })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
