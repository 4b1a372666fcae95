import type { Page } from "@playwright/test";
import {
  createAccount,
  expect,
  expectNoAxeViolations,
  rememberCookieChoice,
  runId,
  screenshotToLookAt,
  signInStaff,
  test,
  testAccount,
  waitForHydration,
} from "./fixtures";

// A staff member changes a post, restores the earlier version, deletes it, and finds its old
// address telling visitors it was taken down; a post scheduled for tomorrow waits (decision 053).
// At 1280 and 390 px; the screenshots go to test-results/staff-undo/, to be looked at.
const RUN = runId();
const STAFF = testAccount("undo", RUN);
const SCREENS = "test-results/staff-undo";
const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

test.beforeAll(() => createAccount(STAFF.email, "Uma Undo", STAFF.password));
test.beforeEach(async ({ page }) => {
  await rememberCookieChoice(page);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.71" });
});

async function fillPost(page: Page, title: string, slug: string) {
  await page.getByLabel(/^Address/).fill(slug);
  await page.getByLabel(/^Status/).selectOption("published");
  await page.getByLabel(/^Title \(English\)/).fill(title);
  await page.getByLabel(/^Title \(Spanish\)/).fill(`${title} (es)`);
  await page.getByLabel(/^Summary \(English\)/).fill("Ten books our tutors chose for the break.");
  await page.getByLabel(/^Text \(English\)/).fill("Our tutors chose ten books.");
  await page.getByLabel(/^Date/).first().fill("2026-11-20");
  await page.getByLabel(/^Author \(English\)/).fill("Uma Undo");
  await page.getByLabel(/^Category/).selectOption("news");
}

for (const size of WIDTHS) {
  test(`${size.name}: change, restore, delete; the old address answers 410`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const slug = `undo-${size.name}-${RUN}`.toLowerCase();
    const title = `Winter reading ${size.name} ${RUN}`;
    await signInStaff(page, STAFF, "/login?redirectTo=/admin/entries/post/new");
    await waitForHydration(page);
    await fillPost(page, title, slug);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /saved/i })).toBeVisible();

    await page.getByLabel(/^Title \(English\)/).fill(`${title} — revised`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByLabel(/^Title \(English\)/)).toHaveValue(`${title} — revised`);

    const versions = page.getByRole("region", { name: "Every saved version" });
    await expect(versions.getByRole("row")).toHaveCount(3);
    await expect(versions).toContainText(STAFF.email);
    await versions.getByRole("button", { name: "Restore version 1" }).click();
    await expect(page.getByText("Version 1 is restored as the newest version.")).toBeVisible();
    await expect(page.getByLabel(/^Title \(English\)/)).toHaveValue(title);
    await expect(versions.getByRole("row")).toHaveCount(4);
    await expectNoAxeViolations(page);
    await screenshotToLookAt(
      page.getByRole("heading", { name: "Versions" }),
      `${SCREENS}/versions-heading-${size.width}.png`,
    );
    await screenshotToLookAt(page, `${SCREENS}/entry-versions-${size.width}.png`, { fullPage: true });

    await page.getByRole("button", { name: "Delete this blog post" }).click();
    const question = page.getByRole("heading", { name: `Delete “${title}”?` });
    await expect(question).toBeFocused();
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/delete-question-${size.width}.png`);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText(`“${slug}” was deleted.`)).toBeVisible();

    const gone = await page.goto(`/blog/${slug}`);
    expect(gone?.status()).toBe(410);
    await expect(
      page.getByRole("heading", { level: 1, name: "This page has been taken down" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the blog" })).toHaveAttribute("href", "/blog");
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/gone-en-${size.width}.png`);
    await page.goto(`/blog/${slug}?lng=es`);
    await expect(page.getByRole("heading", { level: 1, name: "Esta página se ha retirado" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SCREENS}/gone-es-${size.width}.png`);
  });
}

test("a post scheduled for tomorrow waits, and a time without its date is refused", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const slug = `scheduled-${RUN}`.toLowerCase();
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/entries/post/new");
  await waitForHydration(page);
  // The address is checked as it is typed, and the answer is read out politely.
  await page.getByLabel(/^Address/).fill("why-we-mentor");
  await expect(page.getByText(/already uses this address/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Open that entry" })).toBeVisible();
  await fillPost(page, `Tomorrow's post ${RUN}`, slug);
  await expect(page.getByText("No other entry uses this address.")).toBeVisible();
  await page.getByLabel(/^Publish on: time/).fill("9am");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("link", { name: /Publish on: date/ })).toBeVisible();
  await expect(page.getByLabel(/^Publish on: time/)).toHaveValue("9am");

  const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByLabel(/^Publish on: date/).fill(tomorrow);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Published, and waiting: visitors see it from")).toBeVisible();
  await expect(page.getByLabel(/^Publish on: time/)).toHaveValue("09:00");
  await expectNoAxeViolations(page);
  await screenshotToLookAt(page, `${SCREENS}/scheduled-390.png`, { fullPage: true });
  const hidden = await page.goto(`/blog/${slug}`);
  expect(hidden?.status()).toBe(404);
});

test("every admin list keeps words whole at 390 px: the page never scrolls sideways", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInStaff(page, STAFF, "/login?redirectTo=/admin");
  const lists = [
    "submissions",
    "donations",
    "subscribers",
    "newsletters",
    "registrations",
    "users",
    "outbox",
    "entries/post",
    "files",
    "audit",
  ];
  for (const list of lists) {
    await page.goto(`/admin/${list}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Wide tables scroll inside their labelled region, never the page (WCAG 1.4.10).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, list).toBeLessThanOrEqual(0);
    await screenshotToLookAt(page, `${SCREENS}/list-${list.replace("/", "-")}-390.png`, { fullPage: true });
  }
});
