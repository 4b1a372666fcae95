import type { Page } from "@playwright/test";
import {
  executeLocalD1,
  LIST_VIEWS,
  expect,
  expectNoAxeViolations,
  screenshotToLookAt,
  test,
  waitForHydration,
} from "./fixtures";
import { signInStaffIn, staffListSpec, withoutJavaScript } from "./staff-lists";

// The gift list's search through its index (docs/decisions/057-years-of-data.md, round nine):
// a donor found by a name typed without its accents, by part of an address, in English and Spanish,
// light and dark, at 1280 and 390 px, by keyboard and with JavaScript off.
const { staff: STAFF, screens: SCREENS } = staffListSpec("gsearch", "Gia Search", "gift-search");
const RUN = STAFF.run;
const LABEL = { en: "Donor name or e-mail", es: "Nombre o correo del donante" } as const;

test.beforeAll(() => {
  const at = "2025-03-01T15:00:00.000Z";
  executeLocalD1(
    `INSERT INTO donations (id, frequency, amount_cents, status, donor_name, donor_email, locale, paid_at, created_at, updated_at) VALUES
       ('gsearch-${RUN}-1', 'one-time', 5000, 'succeeded', 'Inés Núñez', 'ines.${RUN}@acme-${RUN}.example', 'es', '${at}', '${at}', '${at}'),
       ('gsearch-${RUN}-2', 'one-time', 2500, 'succeeded', 'José Pérez', 'jose.${RUN}@correo.example', 'es', '${at}', '${at}', '${at}');`,
  );
});

/** The donors the list shows. */
const donorsListed = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("link", { name: /Núñez|Pérez/ })
    .allTextContents();

test("finds a donor by a name without its accents and by part of an address, by keyboard and without JavaScript", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  for (const view of LIST_VIEWS) {
    await signInStaffIn(page, view, STAFF, `/admin/donations?lng=${view.lng}`);
    await page.goto(`/admin/donations?lng=${view.lng}`);
    await waitForHydration(page);
    // Typed and sent from the keyboard: the name without its accents and the run's word.
    const search = page.getByLabel(LABEL[view.lng]);
    await search.focus();
    await page.keyboard.type(`NUNEZ ${RUN}`);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=NUNEZ`));
    await expect.poll(() => donorsListed(page)).toEqual(["Inés Núñez"]);
    await expect(search).toHaveValue(`NUNEZ ${RUN}`);
    // The first gift is a Tab away from the search's button, its focus visible.
    await page.getByRole("table").getByRole("link").first().focus();
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/${view.name}.png`, { fullPage: true });
  }

  // Without JavaScript: part of an address finds its donor; a search of nothing but punctuation
  // finds no one and keeps what was typed.
  const plain = await withoutJavaScript(page, browser);
  await plain.goto("/admin/donations?lng=es");
  await plain.getByLabel(LABEL.es).fill(`acme-${RUN}.example`);
  await plain.getByLabel(LABEL.es).press("Enter");
  await expect.poll(() => donorsListed(plain)).toEqual(["Inés Núñez"]);
  await plain.getByLabel(LABEL.es).fill(`jose.${RUN}@`);
  await plain.getByLabel(LABEL.es).press("Enter");
  await expect.poll(() => donorsListed(plain)).toEqual(["José Pérez"]);
  await screenshotToLookAt(plain, `${SCREENS}/no-js-es-address.png`, { fullPage: true });
  await plain.getByLabel(LABEL.es).fill("*)(");
  await plain.getByLabel(LABEL.es).press("Enter");
  await expect(plain.getByLabel(LABEL.es)).toHaveValue("*)(");
  await expect.poll(() => donorsListed(plain)).toEqual([]);
  await screenshotToLookAt(plain, `${SCREENS}/no-js-es-nothing.png`, { fullPage: true });
  await plain.context().close();
});
