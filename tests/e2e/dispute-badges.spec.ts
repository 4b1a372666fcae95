import type { Page } from "@playwright/test";
import { DISPUTE_STATUSES, FUNDS_WITHDRAWN_DISPUTE_STATUSES } from "../../app/lib/vocabulary";
import {
  COLOUR_RULES,
  createAccount,
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  logIn,
  rememberCookieChoice,
  runId,
  test,
  testAccount,
  waitForHydration,
} from "./fixtures";

/**
 * A gift's dispute badge looks like a loss only when Stripe has taken the money back (decision
 * 044): an inquiry, a closed inquiry, a prevented dispute and a won one do not, in either theme.
 */
const RUN = runId();
const ADMIN = testAccount("disputes", RUN);
const LABELS = {
  inquiry: "Card issuer inquiry",
  inquiry_closed: "Inquiry closed",
  prevented: "Dispute prevented",
  open: "Disputed",
  won: "Dispute won",
  lost: "Dispute lost",
} as const;

test.beforeAll(() => {
  createAccount(ADMIN.email, "Dana Disputes", ADMIN.password);
  executeLocalD1(
    `INSERT INTO donations (id, frequency, amount_cents, currency, status, donor_name, donor_email, locale, paid_at, dispute_status)
     VALUES ${DISPUTE_STATUSES.map(
       (status) =>
         `('dispute-${status}-${RUN}', 'one-time', 5000, 'usd', 'succeeded', 'Dispute ${RUN}', 'dispute-${status}-${RUN}@example.com', 'en', '2026-01-15T15:00:00.000Z', '${status}')`,
     ).join(", ")};`,
  );
});

test.beforeEach(async ({ page }) => rememberCookieChoice(page));

/** Each status's badge background on the donations list, by status. */
async function badgeColours(page: Page) {
  const colours: Record<string, string> = {};
  for (const status of DISPUTE_STATUSES) {
    const row = page.getByRole("row").filter({ hasText: `dispute-${status}-${RUN}@example.com` });
    const badge = row.getByText(LABELS[status], { exact: true });
    await expect(badge).toBeVisible();
    colours[status] = await badge.evaluate((element) => getComputedStyle(element).backgroundColor);
  }
  return colours;
}

/** Only the statuses that withdrew the money share the loss colour; the others have none of it. */
function expectLossOnlyWhereWithdrawn(colours: Record<string, string>) {
  const [open, lost] = FUNDS_WITHDRAWN_DISPUTE_STATUSES.map((status) => colours[status]);
  expect(open).toBe(lost);
  const others = DISPUTE_STATUSES.filter(
    (status) => !(FUNDS_WITHDRAWN_DISPUTE_STATUSES as readonly string[]).includes(status),
  );
  expect(others.map((status) => [status, colours[status] === open])).toEqual(
    others.map((status) => [status, false]),
  );
}

test("dispute badges: only a chargeback open or lost looks like a loss, and every badge passes axe in both themes", async ({
  page,
}) => {
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/account|\/admin/);
  await page.goto(`/admin/donations?q=${RUN}&lng=en`);
  await waitForHydration(page);
  expectLossOnlyWhereWithdrawn(await badgeColours(page));
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("dispute-badges-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  // A gift's own page shows the same badge.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/admin/donations/dispute-inquiry_closed-${RUN}?lng=en`);
  await expect(page.getByText(LABELS.inquiry_closed, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // The system dark from the first paint: colours only change (docs/conventions.md, Tests).
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/admin/donations?q=${RUN}&lng=en`);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  expectLossOnlyWhereWithdrawn(await badgeColours(page));
  await expectNoAxeViolations(page, COLOUR_RULES);
  await page.screenshot({ path: test.info().outputPath("dispute-badges-1280-dark.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, COLOUR_RULES);
  await page.goto(`/admin/donations/dispute-lost-${RUN}?lng=en`);
  await expect(page.getByText(LABELS.lost, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, COLOUR_RULES);
});
