import type { Page } from "@playwright/test";
import {
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  signInStaff,
  staffOfSpec,
  test,
  waitForHydration,
} from "./fixtures";

// The inbox read by keyset and searched through its index (docs/decisions/057-years-of-data.md):
// 30 submissions of this run, found by a word of their names; the newest 25, then the older 5
// by the "Older" link, reached by keyboard; the oldest page and back; in English and Spanish,
// light and dark, at 1280 and 390 px, and with JavaScript off. Screenshots go to
// test-results/scale/, to be looked at.
// One worker runs this file's tests in order (not "serial": one failing does not skip the others),
// so its account and its 30 rows are made once, not once per worker (decision 072).
test.describe.configure({ mode: "default" });
const STAFF = staffOfSpec("scale", "Sam Scale");
const WORD = `keyset${STAFF.run}`;
const SCREENS = "test-results/scale";
const VIEWS = [
  { name: "desktop-en-light", width: 1280, height: 900, lng: "en", dark: false },
  { name: "phone-es-dark", width: 390, height: 844, lng: "es", dark: true },
] as const;
const LINKS = {
  en: { older: "Older", newer: "Newer", newest: "Newest", oldest: "Oldest" },
  es: { older: "Más antiguos", newer: "Más recientes", newest: "Lo más reciente", oldest: "Lo más antiguo" },
} as const;

test.beforeAll(() => {
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

const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

for (const view of VIEWS) {
  test(`${view.name}: search, older by keyboard, oldest, newer; no axe violation`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(view);
    await page.emulateMedia({ colorScheme: view.dark ? "dark" : "light" });
    await signInStaff(
      page,
      STAFF,
      `/login?redirectTo=${encodeURIComponent(`/admin/submissions?lng=${view.lng}`)}`,
    );
    const links = LINKS[view.lng];
    await page.goto(`/admin/submissions?lng=${view.lng}&q=${WORD}`);
    await waitForHydration(page);
    await expect.poll(() => listed(page)).toEqual(range(29, 5));
    await expect(page.getByRole("link", { name: links.newer })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}/${view.name}-newest.png`, fullPage: true });

    // Keyboard only: Tab reaches "Older" with its focus shown, Enter follows it.
    const older = page.getByRole("link", { name: links.older });
    for (let i = 0; i < 200 && !(await older.evaluate((link) => link === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(older).toBeFocused();
    const outline = await older.evaluate((link) => getComputedStyle(link).outlineStyle);
    expect(outline).not.toBe("none");
    await page.screenshot({ path: `${SCREENS}/${view.name}-older-focused.png` });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/older=/);
    await expect.poll(() => listed(page)).toEqual(range(4, 0));
    await expect(page.getByRole("link", { name: links.oldest })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}/${view.name}-older.png`, fullPage: true });

    await page.getByRole("link", { name: links.newest }).click();
    await page.getByRole("link", { name: links.oldest }).click();
    await expect(page).toHaveURL(/oldest=1/);
    await expect.poll(() => listed(page)).toEqual(range(24, 0));
    await page.getByRole("link", { name: links.newer }).click();
    await expect.poll(() => listed(page)).toEqual(range(29, 25));
  });
}

test("JavaScript off: the search and the links work as plain pages", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/submissions");
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();
  await plain.setViewportSize({ width: 390, height: 844 });
  await plain.goto("/admin/submissions");
  // The filter bar is a GET form: typed into and sent without JavaScript, the word stays in it.
  await plain.getByRole("searchbox").first().fill(WORD);
  await plain.getByRole("button", { name: "Filter" }).click();
  await expect(plain).toHaveURL(new RegExp(`q=${WORD}`));
  await expect(plain.getByRole("searchbox").first()).toHaveValue(WORD);
  await expect.poll(() => listed(plain)).toEqual(range(29, 5));
  await plain.getByRole("link", { name: "Older" }).click();
  await expect.poll(() => listed(plain)).toEqual(range(4, 0));
  await plain.screenshot({ path: `${SCREENS}/no-js-older.png`, fullPage: true });
  // A search with nothing to find says so, and keeps what was typed.
  await plain.goto("/admin/submissions?q=%22%2A%29%28");
  await expect(plain.getByText("Nothing to show.")).toBeVisible();
  await expect(plain.getByRole("searchbox").first()).toHaveValue('"*)(');
  await context.close();
});
