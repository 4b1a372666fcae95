import type { Page } from "@playwright/test";
import {
  countDown,
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  LIST_VIEWS,
  putLocalKv,
  screenshotToLookAt,
  test,
  waitForHydration,
} from "./fixtures";
import { followByKeyboard, signInStaffIn, staffListSpec, withoutJavaScript } from "./staff-lists";

// The inbox read by keyset and searched through its index (docs/decisions/057-years-of-data.md):
// 30 submissions of this run, found by a word of their names; the newest 25, then the older 5
// by the "Older" link, reached by keyboard; the oldest page and back; in English and Spanish,
// light and dark, at 1280 and 390 px, and with JavaScript off.
const { staff: STAFF, screens: SCREENS } = staffListSpec("scale", "Sam Scale", "scale");
const WORD = `keyset${STAFF.run}`;
const LINKS = {
  en: { older: "Older", newer: "Newer", newest: "Newest", oldest: "Oldest" },
  es: { older: "Más antiguos", newer: "Más recientes", newest: "Lo más reciente", oldest: "Lo más antiguo" },
} as const;

/** 30 gifts of this run, one an hour of 2025-01-01 (the day each counts for), by a donor named with the word. */
const DONOR = `gifter${STAFF.run}`;
/** 14 past events of this run, on the first days of 2015, older than every sample event. */
const PAST = `e2e-past-${STAFF.run}`;

/** A new content version, as a publish makes it: the site's isolates read the events again. */
function bumpContentVersion() {
  putLocalKv("content:version", `e2e-${STAFF.run}-${Date.now()}`);
}

test.beforeAll(() => {
  const gifts = Array.from({ length: 30 }, (_, n) => {
    const at = new Date(Date.UTC(2025, 0, 1, n)).toISOString();
    return `('${DONOR}-${n}', 'one-time', ${1_000 + n}, 'succeeded', 'Dee ${DONOR} ${String(n).padStart(2, "0")}', 'd${n}@example.com', 'en', '${at}', '${at}', '${at}')`;
  });
  executeLocalD1(
    `INSERT INTO donations (id, frequency, amount_cents, status, donor_name, donor_email, locale, paid_at, created_at, updated_at) VALUES ${gifts.join(", ")};`,
  );
  executeLocalD1(
    `INSERT INTO content_entries (id, type, slug, status, sort_date, fields, created_at, updated_at)
     SELECT '${PAST}-' || value, 'event', '${PAST}-' || value, 'published', '2015-01-' || printf('%02d', value),
       json_set(entry.fields, '$.date', '2015-01-' || printf('%02d', value),
         '$.title.en', 'Archive evening ' || value, '$.title.es', 'Velada de archivo ' || value),
       entry.created_at, entry.updated_at
     FROM content_entries entry, json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14]')
     WHERE entry.type = 'event' AND entry.slug = 'launch';`,
  );
  bumpContentVersion();
  const rows = Array.from({ length: 30 }, (_, n) => {
    const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
    const id = `scale-${STAFF.run}-${n}`;
    return `('${id}', 'contact', 'new', 'en', 'Pat ${WORD} ${String(n).padStart(2, "0")}', 'p${n}@example.com', '{}', '${id}', '${at}', '${at}')`;
  });
  executeLocalD1(
    `INSERT INTO submissions (id, kind, status, locale, name, email, payload, idempotency_key, created_at, updated_at) VALUES ${rows.join(", ")};`,
  );
});

/** The numbers of this run's people the page lists, in order. */
async function listed(page: Page): Promise<number[]> {
  const names = await page.getByRole("cell", { name: new RegExp(WORD) }).allTextContents();
  return names.map((name) => Number(name.slice(-2)));
}

for (const view of LIST_VIEWS) {
  test(`${view.name}: search, older by keyboard, oldest, newer; no axe violation`, async ({ page }) => {
    test.setTimeout(180_000);
    await signInStaffIn(page, view, STAFF, `/admin/submissions?lng=${view.lng}`);
    const links = LINKS[view.lng];
    await page.goto(`/admin/submissions?lng=${view.lng}&q=${WORD}`);
    await waitForHydration(page);
    await expect.poll(() => listed(page)).toEqual(countDown(29, 5));
    await expect(page.getByRole("link", { name: links.newer })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/${view.name}-newest.png`, { fullPage: true });

    // Keyboard only: Tab reaches "Older" with its focus shown, Enter follows it.
    await followByKeyboard(
      page,
      page.getByRole("link", { name: links.older }),
      `${SCREENS}/${view.name}-older-focused.png`,
    );
    await expect(page).toHaveURL(/older=/);
    await expect.poll(() => listed(page)).toEqual(countDown(4, 0));
    await expect(page.getByRole("link", { name: links.oldest })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/${view.name}-older.png`, { fullPage: true });

    await page.getByRole("link", { name: links.newest }).click();
    await page.getByRole("link", { name: links.oldest }).click();
    await expect(page).toHaveURL(/oldest=1/);
    await expect.poll(() => listed(page)).toEqual(countDown(24, 0));
    await page.getByRole("link", { name: links.newer }).click();
    await expect.poll(() => listed(page)).toEqual(countDown(29, 25));
  });
}

test("JavaScript off: the search and the links work as plain pages", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInStaffIn(page, LIST_VIEWS[0], STAFF, "/admin/submissions");
  const plain = await withoutJavaScript(page, browser);
  await plain.goto("/admin/submissions");
  // The filter bar is a GET form: typed into and sent without JavaScript, the word stays in it.
  await plain.getByRole("searchbox").first().fill(WORD);
  await plain.getByRole("button", { name: "Filter" }).click();
  await expect(plain).toHaveURL(new RegExp(`q=${WORD}`));
  await expect(plain.getByRole("searchbox").first()).toHaveValue(WORD);
  await expect.poll(() => listed(plain)).toEqual(countDown(29, 5));
  await plain.getByRole("link", { name: "Older" }).click();
  await expect.poll(() => listed(plain)).toEqual(countDown(4, 0));
  await screenshotToLookAt(plain, `${SCREENS}/no-js-older.png`, { fullPage: true });
  // A search with nothing to find says so, and keeps what was typed.
  await plain.goto("/admin/submissions?q=%22%2A%29%28");
  await expect(plain.getByText("Nothing to show.")).toBeVisible();
  await expect(plain.getByRole("searchbox").first()).toHaveValue('"*)(');
  await plain.context().close();
});

test.afterAll(() => {
  // The events leave the shared e2e database, so other specs meet the sample's events only.
  executeLocalD1(`DELETE FROM content_entries WHERE id LIKE '${PAST}-%';`);
  bumpContentVersion();
});

/** The numbers of this run's donors the gifts list shows, in order. */
async function donorsListed(page: Page): Promise<number[]> {
  const names = await page.getByRole("link", { name: new RegExp(DONOR) }).allTextContents();
  return names.map((name) => Number(name.slice(-2)));
}

test("the gifts list goes older and oldest by keyset, with and without JavaScript", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInStaffIn(page, LIST_VIEWS[0], STAFF, "/admin/donations");
  await page.goto(`/admin/donations?q=${DONOR}`);
  await waitForHydration(page);
  await expect.poll(() => donorsListed(page)).toEqual(countDown(29, 5));
  await expect(page.getByText("30 results")).toBeVisible();
  await page.getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/older=2025-01-01T05/);
  await expect.poll(() => donorsListed(page)).toEqual(countDown(4, 0));
  await expectNoAxeViolations(page);
  await screenshotToLookAt(page, `${SCREENS}/gifts-older.png`, { fullPage: true });

  const plain = await withoutJavaScript(page, browser);
  await plain.goto(`/admin/donations?q=${DONOR}&lng=es`);
  await plain.getByRole("link", { name: "Lo más antiguo" }).click();
  await expect.poll(() => donorsListed(plain)).toEqual(countDown(24, 0));
  await plain.getByRole("link", { name: "Más recientes" }).click();
  await expect.poll(() => donorsListed(plain)).toEqual(countDown(29, 25));
  await screenshotToLookAt(plain, `${SCREENS}/gifts-no-js-es.png`, { fullPage: true });
  await plain.context().close();

  // The oldest page on a phone, in Spanish and dark, with its scripts (axe runs in the page).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/admin/donations?q=${DONOR}&lng=es&oldest=1`);
  await waitForHydration(page);
  await expect.poll(() => donorsListed(page)).toEqual(countDown(24, 0));
  await expectNoAxeViolations(page);
  await screenshotToLookAt(page, `${SCREENS}/gifts-phone-es-dark-oldest.png`, { fullPage: true });
});

const EVENT_VIEWS = [
  {
    name: "events-desktop-en-light",
    width: 1280,
    height: 900,
    lng: "en",
    dark: false,
    older: "Older events",
    newer: "More recent events",
  },
  {
    name: "events-phone-es-dark",
    width: 390,
    height: 844,
    lng: "es",
    dark: true,
    older: "Eventos anteriores",
    newer: "Eventos más recientes",
  },
] as const;

for (const view of EVENT_VIEWS) {
  test(`${view.name}: twelve past events, the older ones by keyboard; no axe violation`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(view);
    await page.emulateMedia({ colorScheme: view.dark ? "dark" : "light" });
    const past = page.getByTestId("past-events").locator("[data-event]");
    // An isolate reads the new content version within 30 s of the bump.
    await expect
      .poll(
        async () => {
          await page.goto(`/events?lng=${view.lng}`);
          return page.getByRole("link", { name: view.older }).count();
        },
        { timeout: 90_000, intervals: [2_000, 5_000] },
      )
      .toBe(1);
    await waitForHydration(page);
    await expect(past).toHaveCount(12);
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/${view.name}.png`, { fullPage: true });

    await followByKeyboard(
      page,
      page.getByRole("link", { name: view.older }),
      `${SCREENS}/${view.name}-older-focused.png`,
    );
    await expect(page).toHaveURL(/past=2/);
    await expect(page.getByTestId("past-events").locator(`[data-event^="${PAST}-"]`).first()).toBeVisible();
    await expect(page.getByRole("link", { name: view.newer })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/${view.name}-page-2.png`, { fullPage: true });
  });
}

test("JavaScript off: the older past events are a plain link", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await expect
    .poll(
      async () => {
        await plain.goto("/events");
        return plain.getByRole("link", { name: "Older events" }).count();
      },
      { timeout: 90_000, intervals: [2_000, 5_000] },
    )
    .toBe(1);
  await plain.getByRole("link", { name: "Older events" }).click();
  await expect(plain).toHaveURL(/\/events\?past=2#past$/);
  await expect(plain.getByTestId("past-events").locator(`[data-event="${PAST}-1"]`)).toHaveCount(1);
  await plain.getByRole("link", { name: "More recent events" }).click();
  await expect(plain).toHaveURL(/\/events#past$/);
  await context.close();
});

/** A session of this run in a program year long past, copied from a sample session. */
const OLD_SESSION = `e2e-old-session-${STAFF.run}`;
const OLD_TERM = "2015-16";
const SESSION_COLUMNS =
  "program, description_en, description_es, weekdays, start_time, end_time, location, location_es, min_age, max_age, min_grade, max_grade, capacity, fee_cents, scholarship, needs_approval, status";

const TOTALS_VIEWS = [
  { name: "totals-desktop-en-light", width: 1280, height: 900, lng: "en", dark: false },
  { name: "totals-desktop-es-dark", width: 1280, height: 900, lng: "es", dark: true },
  { name: "totals-phone-en-dark", width: 390, height: 844, lng: "en", dark: true },
  { name: "totals-phone-es-light", width: 390, height: 844, lng: "es", dark: false },
] as const;
const TOTALS_WORDS = {
  en: {
    totals: /\d[\d,]* gifts? match; \$[\d,.]+ received\./,
    campaigns: "By campaign",
    year: "Program year",
    earlier: `Earlier year: ${OLD_TERM}`,
    later: "Later year:",
    session: `Archive club ${STAFF.run}`,
  },
  es: {
    totals: /\d[\d.]* donaciones? coinciden?; .+ recibidos\./,
    campaigns: "Por campaña",
    year: "Año del programa",
    earlier: `Año anterior: ${OLD_TERM}`,
    later: "Año siguiente:",
    session: `Club de archivo ${STAFF.run}`,
  },
} as const;

test.describe("the gifts list's totals and the sessions a program year at a time (decision 057)", () => {
  test.beforeAll(() => {
    executeLocalD1(
      `INSERT INTO program_sessions (id, title_en, title_es, term, start_date, end_date, ${SESSION_COLUMNS})
       SELECT '${OLD_SESSION}', 'Archive club ${STAFF.run}', 'Club de archivo ${STAFF.run}', '${OLD_TERM}', '2015-09-14', '2016-06-10', ${SESSION_COLUMNS}
       FROM program_sessions WHERE id NOT LIKE 'e2e-old-session-%' LIMIT 1;`,
    );
  });
  test.afterAll(() => executeLocalD1(`DELETE FROM program_sessions WHERE id = '${OLD_SESSION}';`));

  for (const view of TOTALS_VIEWS)
    test(`${view.name}: the figures, the years by keyboard; no axe violation`, async ({ page }) => {
      test.setTimeout(180_000);
      const words = TOTALS_WORDS[view.lng];
      await signInStaffIn(page, view, STAFF, `/admin/donations?lng=${view.lng}`);
      // The kept totals on the first and on the last page, the same figures.
      await page.goto(`/admin/donations?lng=${view.lng}`);
      await waitForHydration(page);
      const totals = await page.getByText(words.totals).textContent();
      await expect(page.getByRole("heading", { name: words.campaigns })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshotToLookAt(page, `${SCREENS}/${view.name}-gifts.png`, { fullPage: true });
      await page.goto(`/admin/donations?lng=${view.lng}&oldest=1`);
      await expect(page.getByText(words.totals)).toHaveText(totals!);

      // This program year's sessions; the earlier year by keyboard, its link 44 px high.
      await page.goto(`/admin/program-sessions?lng=${view.lng}`);
      await waitForHydration(page);
      await expect(
        page.getByRole("heading", { name: new RegExp(`^${words.year} \\d{4}-\\d{2}$`) }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: words.session })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await screenshotToLookAt(page, `${SCREENS}/${view.name}-sessions.png`, { fullPage: true });
      await followByKeyboard(
        page,
        page.getByRole("link", { name: words.earlier }),
        `${SCREENS}/${view.name}-sessions-focused.png`,
      );
      await expect(page).toHaveURL(new RegExp(`term=${OLD_TERM}`));
      await expect(page.getByRole("heading", { name: `${words.year} ${OLD_TERM}` })).toBeVisible();
      await expect(page.getByRole("link", { name: words.session })).toBeVisible();
      await expect(page.getByRole("link", { name: new RegExp(`^${words.later}`) })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshotToLookAt(page, `${SCREENS}/${view.name}-sessions-${OLD_TERM}.png`, { fullPage: true });
    });

  test("JavaScript off: the years are plain links, and a capacity saved stays on its year", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signInStaffIn(page, LIST_VIEWS[0], STAFF, "/admin/program-sessions");
    const plain = await withoutJavaScript(page, browser);
    await plain.goto("/admin/program-sessions?lng=es");
    await plain.getByRole("link", { name: TOTALS_WORDS.es.earlier }).click();
    await expect(plain).toHaveURL(new RegExp(`term=${OLD_TERM}`));
    const card = plain.getByRole("listitem").filter({ hasText: TOTALS_WORDS.es.session });
    // A wrong number is refused with a translated message; a right one is saved, on the same year.
    await card.getByLabel("Lugares").fill("-3");
    await card.getByRole("button", { name: "Guardar lugares" }).click();
    await expect(plain.getByText("Escriba un número entero de lugares de 0 a 10.000.")).toBeVisible();
    await expect(plain.getByRole("heading", { name: `Año del programa ${OLD_TERM}` })).toBeVisible();
    await plain
      .getByRole("listitem")
      .filter({ hasText: TOTALS_WORDS.es.session })
      .getByLabel("Lugares")
      .fill("7");
    await plain
      .getByRole("listitem")
      .filter({ hasText: TOTALS_WORDS.es.session })
      .getByRole("button", { name: "Guardar lugares" })
      .click();
    await expect(plain.getByText(/Capacidad guardada/)).toBeVisible();
    await expect(plain.getByRole("heading", { name: `Año del programa ${OLD_TERM}` })).toBeVisible();
    await expect(
      plain.getByRole("listitem").filter({ hasText: TOTALS_WORDS.es.session }).getByLabel("Lugares"),
    ).toHaveValue("7");
    await screenshotToLookAt(plain, `${SCREENS}/sessions-no-js-es-${OLD_TERM}.png`, { fullPage: true });
    await plain.context().close();
  });
});
