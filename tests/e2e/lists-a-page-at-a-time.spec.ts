import type { Page } from "@playwright/test";
import {
  countDown,
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  LIST_VIEWS,
  openUntilShown,
  putLocalKv,
  screenshotToLookAt,
  test,
  waitForHydration,
} from "./fixtures";
import { followByKeyboard, signInStaffIn, staffListSpec, withoutJavaScript } from "./staff-lists";

// /admin/registrations and /admin/volunteers a page at a time
// (docs/decisions/073-lists-that-page-what-they-draw.md): 30 past galas of this run after the
// sample's events, and 30 volunteers of this run, the newest; the next page of each reached by
// keyboard, in English and Spanish, light and dark, at 1280 and 390 px, and with JavaScript off.
const { staff: STAFF, screens: SCREENS } = staffListSpec("paged", "Pia Paged", "lists-paged");
const GALA = `e2e-gala-${STAFF.run}`;
const PERSON = `Vic${STAFF.run}`;
const WORDS = {
  en: { next: "Next", previous: "Previous", older: "Older", newest: "Newest", page: "Page 1 of" },
  es: {
    next: "Siguiente",
    previous: "Anterior",
    older: "Más antiguos",
    newest: "Lo más reciente",
    page: "Página 1 de",
  },
} as const;

test.beforeAll(() => {
  executeLocalD1(
    `INSERT INTO content_entries (id, type, slug, status, sort_date, fields, created_at, updated_at)
     SELECT '${GALA}-' || value, 'event', '${GALA}-' || value, 'published', date('2014-01-01', '+' || value || ' days'),
       json_set(entry.fields, '$.date', date('2014-01-01', '+' || value || ' days'),
         '$.title.en', 'Archive gala ' || value, '$.title.es', 'Gala de archivo ' || value),
       entry.created_at, entry.updated_at
     FROM content_entries entry, json_each('[${Array.from({ length: 30 }, (_, i) => i + 1).join(",")}]')
     WHERE entry.type = 'event' AND entry.slug = 'gala';`,
  );
  putLocalKv("content:version", `e2e-${STAFF.run}-${Date.now()}`);
  // The newest volunteers when the spec runs: a second apart from now on.
  const now = Date.now();
  const people = Array.from({ length: 30 }, (_, n) => {
    const at = new Date(now + n * 1_000).toISOString();
    const id = `${PERSON}-${n}`;
    return `('${id}', '${id}@example.com', '${PERSON} ${String(n).padStart(2, "0")}', 'en', '${at}', '${at}')`;
  });
  executeLocalD1(
    `INSERT INTO volunteers (id, email, name, locale, created_at, updated_at) VALUES ${people.join(", ")};`,
  );
});

test.afterAll(() => {
  // Out of the shared e2e database, so other specs meet the sample's events and their own volunteers.
  executeLocalD1(`DELETE FROM content_entries WHERE id LIKE '${GALA}-%';`);
  executeLocalD1(`DELETE FROM volunteers WHERE id LIKE '${PERSON}-%';`);
  putLocalKv("content:version", `e2e-${STAFF.run}-done-${Date.now()}`);
});

/** This run's volunteers the list shows, by number, in order. */
async function volunteersListed(page: Page): Promise<number[]> {
  const names = await page.getByRole("link", { name: new RegExp(`^${PERSON} \\d\\d$`) }).allTextContents();
  return names.map((name) => Number(name.slice(-2)));
}

/** The names of this run's galas in a language. */
const galaName = (lng: "en" | "es") =>
  new RegExp(`^${lng === "en" ? "Archive gala" : "Gala de archivo"} \\d+$`);

for (const view of LIST_VIEWS) {
  test(`${view.name}: events and volunteers a page at a time by keyboard; no axe violation`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const words = WORDS[view.lng];
    await signInStaffIn(page, view, STAFF, `/admin/registrations?lng=${view.lng}`);
    // The list reads the isolate's cached events, which see this run's galas once the isolate
    // reads the content version again (within 30 s): until then there is one page.
    await openUntilShown(
      page,
      `/admin/registrations?lng=${view.lng}`,
      page.getByRole("link", { name: words.next }),
    );
    await waitForHydration(page);
    // Other specs' events share the database and may stand between the upcoming ones and this
    // run's galas, so the pages are followed until the oldest gala: every gala once, newest first.
    const galas = async () =>
      (await page.getByRole("link", { name: galaName(view.lng) }).allTextContents()).map((name) =>
        Number(name.split(" ").at(-1)),
      );
    await expect(page.getByText(words.page)).toBeVisible();
    const shown = await galas();
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/${view.name}-events.png`, { fullPage: true });
    await followByKeyboard(
      page,
      page.getByRole("link", { name: words.next }),
      `${SCREENS}/${view.name}-events-next-focused.png`,
    );
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("link", { name: words.previous })).toBeVisible();
    await expectNoAxeViolations(page);
    shown.push(...(await galas()));
    for (let pages = 2; !shown.includes(1) && pages < 10; pages++) {
      await page.getByRole("link", { name: words.next }).click();
      await expect(page).toHaveURL(new RegExp(`page=${pages + 1}`));
      shown.push(...(await galas()));
    }
    expect(shown).toEqual(countDown(30, 1));
    await screenshotToLookAt(page, `${SCREENS}/${view.name}-events-2.png`, { fullPage: true });

    await page.goto(`/admin/volunteers?lng=${view.lng}`);
    await waitForHydration(page);
    await expect.poll(() => volunteersListed(page)).toEqual(countDown(29, 5));
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/${view.name}-volunteers.png`, { fullPage: true });
    await followByKeyboard(
      page,
      page.getByRole("link", { name: words.older }),
      `${SCREENS}/${view.name}-volunteers-older-focused.png`,
    );
    await expect(page).toHaveURL(/older=.*#volunteers-title$/);
    await expect.poll(() => volunteersListed(page)).toEqual(countDown(4, 0));
    await expect(page.getByRole("link", { name: words.newest })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/${view.name}-volunteers-older.png`, { fullPage: true });
  });
}

test("JavaScript off: the pages' links and the hours' period are plain requests", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInStaffIn(page, LIST_VIEWS[0], STAFF, "/admin/registrations");
  const plain = await withoutJavaScript(page, browser);
  await openUntilShown(plain, "/admin/registrations?lng=es", plain.getByRole("link", { name: "Siguiente" }));
  // Next, as a plain link, until the oldest gala (other specs' events may stand before it).
  const oldest = plain.getByRole("link", { name: "Gala de archivo 1", exact: true });
  for (let pages = 1; (await oldest.count()) === 0 && pages < 10; pages++)
    await plain.getByRole("link", { name: "Siguiente" }).click();
  await expect(oldest).toBeVisible();
  await expect(plain.getByText("Ingresos por entradas, todos los eventos")).toBeVisible();
  await screenshotToLookAt(plain, `${SCREENS}/no-js-events-2.png`, { fullPage: true });

  // The Spanish above is remembered: English asked for by name.
  await plain.goto("/admin/volunteers?lng=en");
  await plain.getByRole("link", { name: "Older" }).click();
  await expect.poll(() => volunteersListed(plain)).toEqual(countDown(4, 0));
  // The hours' period is a GET form: the days sent stay in their fields, and a day that is not
  // one (sent by hand) is this year's first, never an error.
  await plain.getByLabel("From", { exact: true }).fill("2026-01-01");
  await plain.getByLabel("To", { exact: true }).fill("2026-12-31");
  await plain.getByRole("button", { name: "Show" }).click();
  await expect(plain).toHaveURL(/from=2026-01-01&to=2026-12-31/);
  await expect(plain.getByLabel("From", { exact: true })).toHaveValue("2026-01-01");
  await expect(plain.getByLabel("To", { exact: true })).toHaveValue("2026-12-31");
  const wrong = await plain.goto("/admin/volunteers?lng=en&from=31%2F12%2F2026&to=soon");
  expect(wrong?.status()).toBe(200);
  await expect(plain.getByLabel("From", { exact: true })).toHaveValue(/^\d{4}-01-01$/);
  await screenshotToLookAt(plain, `${SCREENS}/no-js-volunteers.png`, { fullPage: true });
  await plain.context().close();
});
