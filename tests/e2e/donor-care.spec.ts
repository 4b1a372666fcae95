import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { STRIPE_ORIGIN } from "../../playwright.config";
import { DISPUTE_STATUSES, FUNDS_WITHDRAWN_DISPUTE_STATUSES } from "../../app/lib/vocabulary";
import {
  COLOUR_RULES,
  createAccount,
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  latestMail,
  mailCount,
  rememberCookieChoice,
  runId,
  screenshotToLookAt,
  signInStaff,
  test,
  testAccount,
  waitForHydration,
} from "./fixtures";

/**
 * Staff caring for donors: a memorial gift given on /donate and paid on the local
 * Stripe-compatible server's stand-in page, seen on its admin page and in the CSV; a partial
 * refund from the gift page; the January statements sent from the admin.
 */
const RUN = runId();
const ADMIN = testAccount("care", RUN);
const LAST_YEAR = new Date().getUTCFullYear() - 1;
const STATEMENT_DONORS = [`stmt-a-${RUN}@example.com`, `stmt-b-${RUN}@example.com`];

// One worker: the statements test counts what one seeding queued.
test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createAccount(ADMIN.email, "Carmen Staff", ADMIN.password);
  // Last year's gifts (one partly refunded), as the webhook would have stored them; a run of last
  // year's statements already made on this server is forgotten, so the donors above get theirs.
  const [a, b] = STATEMENT_DONORS;
  executeLocalD1(
    `DELETE FROM statement_runs WHERE year = ${LAST_YEAR};
     INSERT INTO donations (id, frequency, amount_cents, currency, status, donor_name, donor_email, locale, paid_at, refunded_cents)
     VALUES ('stmt-a-${RUN}', 'one-time', 12000, 'usd', 'succeeded', 'Ana Statement', '${a}', 'en', '${LAST_YEAR}-06-01T15:00:00.000Z', 2000),
            ('stmt-b-${RUN}', 'one-time', 4500, 'usd', 'succeeded', 'Beto Statement', '${b}', 'es', '${LAST_YEAR + 1}-01-01T03:00:00.000Z', 0);`,
  );
});

test.beforeEach(async ({ page }, testInfo) => {
  test.slow();
  await rememberCookieChoice(page);
  const address = `198.51.100.${200 + ((testInfo.workerIndex * 7 + testInfo.retry * 3 + testInfo.title.length) % 50)}`;
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": address, "X-Forwarded-For": address });
});
// A refused refund answers 400 on purpose.
test.use({ allowConsoleErrors: [/^400 .*\/admin\/donations\/[\w-]+\.data$/], otherOrigins: [STRIPE_ORIGIN] });

async function logInAsAdmin(page: Page) {
  await signInStaff(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Gives a gift on /donate with a custom amount and whatever `step1` fills, paid on the stand-in page. */
async function give(
  page: Page,
  email: string,
  dollars: string,
  step1: (page: Page) => Promise<void> = async () => {},
) {
  await page.goto("/donate");
  await waitForHydration(page);
  await page.getByLabel("Other amount in US dollars").fill(dollars);
  await step1(page);
  await page.getByRole("button", { name: "Next" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Your information" })).toBeVisible();
  await main.getByLabel("First name").fill("Rosa");
  await main.getByLabel("Last name").fill("Diaz");
  await main.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Process Donation" }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_ORIGIN}/pay/cs_`), { timeout: 20_000 });
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/donate\/thank-you\?session_id=cs_/, { timeout: 20_000 });
}

async function openGift(page: Page, email: string) {
  await page.goto(`/admin/donations?q=${encodeURIComponent(email)}`);
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Gift from Rosa Diaz" })).toBeVisible({ timeout: 20_000 });
}

test("a memorial gift: staff see every field on the gift page and in the CSV", async ({ page }) => {
  const email = `memorial-${RUN}@example.com`;
  await give(page, email, "100", async (page) => {
    await page.getByRole("checkbox", { name: /cover the card processing fee/ }).check();
    await page.getByLabel("Dedication").selectOption("memory");
    await page.getByLabel("Name of the person").fill("Abuela Carmen");
    await page.getByLabel("E-mail to notify (optional)").fill(`family-${RUN}@example.com`);
    await page.getByLabel("Employer (optional, for matching gifts)").fill("Acme Corp");
  });
  // The family's notice and the team's e-mail, worded for a memorial.
  await expect
    .poll(() => latestMail(`family-${RUN}@example.com`, "donation.dedication")?.subject)
    .toBe("A gift in memory of Abuela Carmen");

  await logInAsAdmin(page);
  await openGift(page, email);
  const details = page.getByRole("region", { name: "What the donor gave" });
  await expect(details).toContainText("$102.56");
  await expect(details).toContainText("$2.56");
  await expect(details).toContainText("In memory of Abuela Carmen");
  await expect(details).toContainText(`family-${RUN}@example.com`);
  await expect(details).toContainText("Acme Corp");
  await expect(page.getByRole("region", { name: "E-mails sent about this gift" })).toContainText(
    "donation.team",
  );
  await expectNoAxeViolations(page);

  await page.goto(`/admin/donations?q=${encodeURIComponent(email)}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const [header, row] = csv.trim().split("\r\n");
  expect(header).toBe(
    "id,date,amount,currency,frequency,status,refunded,dispute,donor_name,donor_email,phone,language,anonymous,covered_fee,tribute_type,honoree,tribute_notify_email,employer_matching_gift,stripe_payment_intent,method,check_number,daf_sponsor,in_kind_description,staff_estimate,designation,note,pledge_id,soft_credits,utm_source,utm_medium,utm_campaign,utm_term,utm_content,referrer",
  );
  expect(row).toContain(",102.56,usd,one-time,succeeded,0.00,,Rosa Diaz,");
  expect(row).toContain(`,en,no,2.56,memory,Abuela Carmen,family-${RUN}@example.com,Acme Corp,pi_`);
});

test("a partial refund from the gift page: the page and the totals show it", async ({ page }) => {
  const email = `refund-${RUN}@example.com`;
  await give(page, email, "80");
  await logInAsAdmin(page);
  await openGift(page, email);

  await page.getByLabel("Amount to refund (US dollars)").fill("90");
  await page.getByRole("button", { name: "Refund through Stripe" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That is more than is left to refund. At most $80.00 can be refunded.",
  );
  await expect(page.getByLabel("Amount to refund (US dollars)")).toHaveValue("90");

  await page.getByLabel("Amount to refund (US dollars)").fill("30");
  await page.getByRole("button", { name: "Refund through Stripe" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Refunded $30.00." })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("gift-refunded")).toHaveText("$30.00 refunded in all.");
  await expect(page.getByTestId("gift-net")).toHaveText("$50.00");
  await expect(page.getByText(`$30.00 refunded by ${ADMIN.email},`)).toBeVisible();
  await expect(page.getByLabel("Amount to refund (US dollars)")).toBeVisible();
  await expectNoAxeViolations(page);

  // The list's total counts the gift net of the refund, once (webhook and admin action agree).
  await page.goto(`/admin/donations?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("1 gifts match; $50.00 received.")).toBeVisible();
  await expect(page.getByText("$30.00 refunded")).toBeVisible();
  await page.getByRole("link", { name: "Rosa Diaz" }).click();
  await expect(page.getByTestId("donor-lifetime")).toHaveText("$50.00");
  await expectNoAxeViolations(page);
  await page.goto("/admin/donations/monthly?status=active");
  await expect(page.getByRole("heading", { name: "Monthly donors", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the January statements: one per donor of last year, net of refunds", async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto("/admin/donations");
  await page.getByRole("link", { name: "Year-end statements" }).click();
  await expect(page.getByRole("heading", { name: "Year-end statements", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Send the ${LAST_YEAR} statements now` }).click();
  await expect(page.getByRole("status").filter({ hasText: "every donor has theirs" })).toBeVisible();
  const [a, b] = STATEMENT_DONORS;
  await expect.poll(() => latestMail(a!, "donation.statement")?.text).toContain("$100");
  expect(latestMail(a!, "donation.statement")!.text).not.toContain("$120");
  // 10 pm on 31 December in New York (already 1 January in UTC) counts for that year.
  expect(latestMail(b!, "donation.statement")!.subject).toContain(String(LAST_YEAR));
  expect(latestMail(b!, "donation.statement")!.text).toContain("$45");

  // Again: nobody gets a second statement.
  await page.getByRole("button", { name: `Send the ${LAST_YEAR} statements now` }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `${LAST_YEAR}: 0 statements queued` }),
  ).toBeVisible();
  expect(mailCount(a!, "donation.statement")).toBe(1);
  expect(mailCount(b!, "donation.statement")).toBe(1);
  await expect(page.getByRole("cell", { name: String(LAST_YEAR), exact: true })).toBeVisible();
});

/**
 * A gift's dispute badge looks like a loss only when Stripe has taken the money back (decision
 * 044): an inquiry, a closed inquiry, a prevented dispute and a won one do not, in either theme.
 */
const LABELS = {
  inquiry: "Card issuer inquiry",
  inquiry_closed: "Inquiry closed",
  prevented: "Dispute prevented",
  open: "Disputed",
  won: "Dispute won",
  lost: "Dispute lost",
} as const;

function seedDisputedGifts() {
  executeLocalD1(
    `INSERT INTO donations (id, frequency, amount_cents, currency, status, donor_name, donor_email, locale, paid_at, dispute_status)
     VALUES ${DISPUTE_STATUSES.map(
       (status) =>
         `('dispute-${status}-${RUN}', 'one-time', 5000, 'usd', 'succeeded', 'Dispute ${RUN}', 'dispute-${status}-${RUN}@example.com', 'en', '${LAST_YEAR + 1}-01-15T15:00:00.000Z', '${status}')`,
     ).join(", ")};`,
  );
}

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
  seedDisputedGifts();
  await logInAsAdmin(page);
  await page.goto(`/admin/donations?q=${RUN}&lng=en`);
  await waitForHydration(page);
  expectLossOnlyWhereWithdrawn(await badgeColours(page));
  await expectNoAxeViolations(page);
  await screenshotToLookAt(page, test.info().outputPath("dispute-badges-1280.png"), { fullPage: true });
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
  await screenshotToLookAt(page, test.info().outputPath("dispute-badges-1280-dark.png"), { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, COLOUR_RULES);
  await page.goto(`/admin/donations/dispute-lost-${RUN}?lng=en`);
  await expect(page.getByText(LABELS.lost, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, COLOUR_RULES);
});
