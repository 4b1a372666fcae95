import type { Page } from "@playwright/test";
import { STRIPE_ORIGIN } from "../../playwright.config";
import {
  createAccount,
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  latestMail,
  rememberCookieChoice,
  runId,
  screenshotToLookAt,
  signInStaff,
  test,
  testAccount,
  waitForHydration,
} from "./fixtures";

/**
 * Every gift counted (decision 056): a card gift on the local Stripe stand-in, a cheque, an
 * in-kind gift, a four-instalment pledge paid once offline and once online, and an employer match
 * credited to the employee. The goal, the donor's page and the statement agree to the cent.
 */
const RUN = runId();
const ADMIN = testAccount("gifts", RUN);
const DONOR = `ines-${RUN}@example.com`;
const YEAR = new Date().getUTCFullYear();

test.describe.configure({ mode: "serial" });

test.beforeAll(() => createAccount(ADMIN.email, "Gloria Staff", ADMIN.password));
// A refused gift answers 400 on purpose.
test.use({ allowConsoleErrors: [/^400 .*\/admin\/donations\/new\.data/], otherOrigins: [STRIPE_ORIGIN] });

test.beforeEach(async ({ page }) => {
  test.slow();
  await rememberCookieChoice(page);
  const address = `198.51.100.${150 + (RUN.charCodeAt(RUN.length - 1) % 40)}`;
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": address, "X-Forwarded-For": address });
});

/** A campaign only this run's card gifts come from, so its total is theirs alone. */
const CAMPAIGN = `gifts-${RUN}`;

/** A card gift on /donate, reached by this run's campaign link, paid on the stand-in's page. */
async function giveByCard(page: Page, dollars: string) {
  await page.goto(`/donate?utm_source=e2e&utm_campaign=${CAMPAIGN}`);
  await waitForHydration(page);
  await page.getByLabel("Other amount in US dollars").fill(dollars);
  await page.getByRole("button", { name: "Next" }).click();
  const main = page.getByRole("main");
  await main.getByLabel("First name").fill("Inés");
  await main.getByLabel("Last name").fill("Ortega");
  await main.getByLabel(/^Email/).fill(DONOR);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Process Donation" }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_ORIGIN}/pay/cs_`), { timeout: 20_000 });
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/donate\/thank-you\?session_id=cs_/, { timeout: 20_000 });
}

/** Staff record an offline gift for `email` on the form, as typed by hand. */
async function recordGift(page: Page, email: string, fill: (page: Page) => Promise<void>) {
  await page.goto(`/admin/donations/new?email=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  await fill(page);
  await page.getByRole("button", { name: "Record the gift" }).click();
  await expect(page.getByRole("heading", { name: /^Gift from/ })).toBeVisible({ timeout: 20_000 });
}

test("a card gift, a cheque, an in-kind gift, a pledge paid online and offline, a match: goal, donor page and statement agree", async ({
  page,
}) => {
  await giveByCard(page, "100");
  await signInStaff(page, ADMIN);

  await recordGift(page, DONOR, async (page) => {
    await page.getByLabel("How it was given").selectOption("check");
    await page.getByLabel("Amount (US dollars)").fill("250.25");
    await page.getByLabel("Cheque number (for a cheque)").fill("1042");
  });
  await expect(page.getByText("Cheque · 1042")).toBeVisible();
  await expect.poll(() => latestMail(DONOR, "donation.receipt")?.subject).toContain("$250.25");

  await recordGift(page, DONOR, async (page) => {
    await page.getByLabel("How it was given").selectOption("in_kind");
    await page.getByLabel("What was given (for an in-kind gift)").fill("Two laptops");
    await page.getByLabel(/^Our estimate in dollars/).fill("1200");
  });
  await expect.poll(() => latestMail(DONOR, "donation.receipt.in-kind")?.text).toContain("Two laptops");

  // A pledge of $1,000 in four quarterly instalments.
  await page.goto(`/admin/pledges/new?email=${encodeURIComponent(DONOR)}`);
  await waitForHydration(page);
  await page.getByLabel("Amount promised (US dollars)").fill("1000");
  await page.getByRole("button", { name: "Record the pledge" }).click();
  await expect(page.getByTestId("donor-pledge")).toContainText("$0.00 paid, $1,000.00 outstanding");

  // One instalment by bank transfer, recorded against the pledge.
  await recordGift(page, DONOR, async (page) => {
    await page.getByLabel("How it was given").selectOption("bank_transfer");
    await page.getByLabel("Amount (US dollars)").fill("250");
    await page.getByLabel("Pledge this payment applies to").selectOption({ index: 1 });
  });

  // One instalment online, applied to the pledge from the gift's change page.
  await page.context().clearCookies();
  await rememberCookieChoice(page);
  await giveByCard(page, "250");
  await signInStaff(page, ADMIN);
  // On the donor's page an online gift shows its frequency, a recorded one its method.
  await page.goto(`/admin/donors/${encodeURIComponent(DONOR)}`);
  await page
    .getByRole("row")
    .filter({ hasText: "$250.00" })
    .filter({ hasText: "One-time" })
    .getByRole("link")
    .first()
    .click();
  await page.getByRole("link", { name: "Change or void" }).click();
  await page.getByLabel("Pledge this payment applies to").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("The gift now applies to the pledge.")).toBeVisible();

  // An employer match, paid by the employer, credited to the donor.
  await recordGift(page, `matching-${RUN}@acme.example`, async (page) => {
    await page.getByLabel("Name", { exact: true }).fill("Acme Matching Gifts");
    await page.getByLabel("How it was given").selectOption("check");
    await page.getByLabel("Amount (US dollars)").fill("100");
    await page.getByLabel("Cheque number (for a cheque)").fill("77001");
    await page.getByLabel("Their e-mail").fill(DONOR);
    await page.getByLabel("Their name").fill("Inés Ortega");
    await page.getByLabel("Why").selectOption("employer_match");
  });

  // Money: card 100 + cheque 250.25 + transfer 250 + card 250, and the match 100, once. The
  // goal bar is the whole site's (other specs give at the same time), so the figure read is the
  // admin total of this run's gifts: the same rule sums both (countedCents, decision 017). The
  // in-kind gift is listed and counts for nothing.
  await page.goto(`/admin/donations?q=${encodeURIComponent(RUN)}`);
  await expect(page.getByText("6 gifts match; $950.25 received.")).toBeVisible();
  // The two card gifts came from this run's campaign link, and count in its total.
  await expect(
    page.getByTestId("campaign-totals").getByRole("listitem").filter({ hasText: CAMPAIGN }),
  ).toHaveText(`${CAMPAIGN}: $350.00 from 2 gifts`);
  await page.goto(`/admin/donors/${encodeURIComponent(DONOR)}`);
  await expect(page.getByTestId("donor-lifetime")).toHaveText("$850.25");
  await expect(page.getByTestId("donor-recognition")).toHaveText("$950.25");
  await expect(page.getByTestId("donor-pledge")).toContainText("$500.00 paid, $500.00 outstanding");
  await expect(page.getByText("In-kind: Two laptops")).toBeVisible();
  await expectNoAxeViolations(page);

  // The statement the donor asks for lists the four gifts of money and what the pledge was paid.
  await page.goto("/donate/statement");
  await waitForHydration(page);
  await page
    .getByRole("main")
    .getByLabel(/^Email/)
    .fill(DONOR);
  await page.getByLabel("Year").selectOption(String(YEAR));
  await page.getByRole("button", { name: "Email my statement" }).click();
  await expect
    .poll(() => latestMail(DONOR, "donation.statement")?.text)
    .toContain("Total: $850.25 (4 gifts)");
});

test("the record form refuses a gift without its amount, keeps what was typed, and passes axe at 390 and 1280 px", async ({
  page,
}) => {
  await signInStaff(page, ADMIN);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/donations/new?email=${encodeURIComponent(DONOR)}`);
    await waitForHydration(page);
    await page.getByLabel("How it was given").selectOption("daf");
    await page.getByLabel("Designation (optional)").fill("Mentoring");
    await page.getByRole("button", { name: "Record the gift" }).click();
    await expect(page.getByText("Please correct the fields marked below.")).toBeVisible();
    await expect(page.getByLabel("Amount (US dollars)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(/^Fund sponsor/)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Designation (optional)")).toHaveValue("Mentoring");
    await expectNoAxeViolations(page);
    await page.goto(`/admin/pledges/new?email=${encodeURIComponent(DONOR)}`);
    await expectNoAxeViolations(page);
  }
});

test("the gift pages pass axe at 390 and 1280 px, in English and Spanish, light and dark", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await signInStaff(page, ADMIN);
  for (const path of ["/admin/donations/new", "/admin/pledges/new", "/admin/donations"])
    for (const lng of ["en", "es"]) {
      await page.emulateMedia({ colorScheme: "light" });
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${path}?lng=${lng}`);
      await waitForHydration(page);
      const name = `${path.slice(1).replace(/\//g, "-")}-${lng}`;
      await expectNoAxeViolationsAtBothWidths(page, (width) =>
        screenshotToLookAt(page, `/tmp/gifts-shots/${name}-${width}-light.png`, { fullPage: true }),
      );
      await screenshotToLookAt(page, `/tmp/gifts-shots/${name}-390-dark.png`, { fullPage: true });
    }
});

/**
 * What Tab reaches on a page, in order, and each stop where the focus is not seen: no focus ring
 * (an outline or a shadow), outside the window, or covered by something else (WCAG 2.4.7, 2.4.11).
 */
async function tabThrough(page: Page, shot: { at: RegExp; path: string }) {
  await page.locator("body").focus();
  const stops: string[] = [];
  const unseen: string[] = [];
  for (let presses = 0; presses < 200; presses++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      // Back at the first control: Tab has gone round the page. A date field keeps the focus
      // for its month, day and year, so a control reached again is one stop.
      if (element.dataset.tabStop) return element.dataset.tabStop === "first" ? null : { again: true };
      element.dataset.tabStop = document.querySelector("[data-tab-stop]") ? "next" : "first";
      const name = `${element.tagName.toLowerCase()} ${(element.getAttribute("aria-label") ?? element.textContent ?? element.getAttribute("name") ?? "").trim().slice(0, 40)}#${element.id}`;
      const style = getComputedStyle(element);
      const ring =
        (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      const box = element.getBoundingClientRect();
      const inWindow =
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.top < innerHeight &&
        box.right > 0 &&
        box.left < innerWidth;
      const atCentre = document.elementFromPoint(
        Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1),
        Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1),
      );
      const uncovered =
        !!atCentre &&
        (element.contains(atCentre) || atCentre.contains(element) || atCentre === element.closest("label"));
      return {
        name,
        problem: !ring ? "no focus ring" : !inWindow ? "outside the window" : !uncovered ? "covered" : null,
      };
    });
    if (!stop) break;
    if ("again" in stop) continue;
    stops.push(stop.name);
    if (shot.at.test(stop.name) && !stops.slice(0, -1).some((name) => shot.at.test(name)))
      await screenshotToLookAt(page, shot.path);
    if (stop.problem) unseen.push(`${stop.name}: ${stop.problem}`);
  }
  return { stops, unseen };
}

test("keyboard only: every control of the gift pages is reached by Tab and its focus is seen, at 390 and 1280 px", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInStaff(page, ADMIN);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, last] of [
      ["/admin/donations", /Export|Exportar/],
      [`/admin/donations/new?email=${encodeURIComponent(DONOR)}`, /Record the gift/],
      [`/admin/pledges/new?email=${encodeURIComponent(DONOR)}`, /Record the pledge/],
      [`/admin/donors/${encodeURIComponent(DONOR)}`, /Record a gift/],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      const { stops, unseen } = await tabThrough(page, {
        at: last,
        path: `/tmp/gifts2-shots/keyboard-${path.split("?")[0]!.slice(1).replace(/[/@%]/g, "-")}-${width}.png`,
      });
      expect(unseen, `${path} at ${width} px`).toEqual([]);
      expect(
        stops.some((stop) => last.test(stop)),
        `${path} at ${width} px reaches ${last}`,
      ).toBe(true);
    }
  }
});
