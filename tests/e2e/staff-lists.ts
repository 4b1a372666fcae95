import type { Browser, Locator, Page } from "@playwright/test";
import { expect, type LIST_VIEWS, screenshotToLookAt, signInStaff, staffOfSpec, test } from "./fixtures";

/**
 * A spec that walks staff's lists over many rows of its own run, written into the shared e2e
 * database (docs/decisions/057-years-of-data.md). One worker runs its tests in order (not
 * "serial": one failing does not skip the others), so its account and its rows are made once, not
 * once per worker (decision 072). Its screenshots go to `screens`, to be looked at.
 */
export function staffListSpec(prefix: string, name: string, folder: string) {
  test.describe.configure({ mode: "default" });
  return { staff: staffOfSpec(prefix, name), screens: `test-results/${folder}` };
}

/** Signs `staff` in on its way to `path`, at the view's size and in its colour scheme. */
export async function signInStaffIn(
  page: Page,
  view: Pick<(typeof LIST_VIEWS)[number], "width" | "height" | "dark">,
  staff: { email: string; password: string },
  path: string,
) {
  await page.setViewportSize({ width: view.width, height: view.height });
  await page.emulateMedia({ colorScheme: view.dark ? "dark" : "light" });
  await signInStaff(page, staff, `/login?redirectTo=${encodeURIComponent(path)}`);
}

/**
 * The session of `page` in a browser without JavaScript, at a phone's width: the lists' links and
 * GET forms as plain requests. Close its context when done.
 */
export async function withoutJavaScript(page: Page, browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();
  await plain.setViewportSize({ width: 390, height: 844 });
  return plain;
}

/**
 * Tabs to `link` from where the focus is, checks its focus is drawn and it is a 44 px target,
 * takes `screenshot`, and follows it with Enter.
 */
export async function followByKeyboard(page: Page, link: Locator, screenshot: string) {
  for (let i = 0; i < 300 && !(await link.evaluate((one) => one === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  expect(await link.evaluate((one) => getComputedStyle(one).outlineStyle)).not.toBe("none");
  expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await screenshotToLookAt(page, screenshot);
  await page.keyboard.press("Enter");
}
