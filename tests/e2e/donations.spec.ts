import type { Page } from "@playwright/test";
import { STRIPE_ORIGIN } from "../../playwright.config";
import { TEST_SECRET_KEY } from "../support/stripe-server";
import {
  expect,
  expectNoAxeViolations,
  latestMail,
  rememberCookieChoice,
  test,
  waitForHydration,
} from "./fixtures";

/**
 * Donations from /donate to the thank-you page, through the local Stripe-compatible server's
 * stand-in Checkout page (tests/support/stripe-server.ts, started by playwright.config.ts).
 */

// The stand-in Checkout page lives on its own origin, like Stripe's: the browser may go there.
test.use({ otherOrigins: [STRIPE_ORIGIN] });

test.beforeEach(async ({ page }, testInfo) => {
  // Whole journeys through two servers on a shared 2-core machine: give them time.
  test.slow();
  await rememberCookieChoice(page);
  // Each test is its own visitor for the checkout rate limit (3 sessions per 5 minutes per address).
  const address = `198.51.100.${(testInfo.workerIndex * 50 + testInfo.retry * 10 + (hash(testInfo.title) % 10)) % 250}`;
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": address, "X-Forwarded-For": address });
});

function hash(text: string) {
  let value = 0;
  for (const character of text) value = (value * 31 + character.charCodeAt(0)) >>> 0;
  return value;
}

let donorCounter = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++donorCounter}@example.com`;

async function fillDetails(page: Page, email: string, names = { first: "First name", last: "Last name" }) {
  const main = page.getByRole("main");
  // Step 1 also has a "name" field (the dedication's): wait for step 2 first.
  await expect(main.getByRole("heading", { name: /^(Your information|Sus datos)$/ })).toBeVisible();
  await main.getByLabel(names.first).fill("Maya");
  await main.getByLabel(names.last).fill("Rivera");
  await main.getByLabel(/^Email|^Correo/).fill(email);
}

async function payOnStandIn(page: Page) {
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_ORIGIN}/pay/cs_`), { timeout: 20_000 });
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/donate\/thank-you\?session_id=cs_/, { timeout: 20_000 });
}

test("a one-time gift with a preset amount, from /donate to the thank-you page", async ({ page }) => {
  const email = uniqueEmail("one-time");
  await page.goto("/donate");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Donate", level: 1 })).toBeVisible();
  await page.getByRole("radio", { name: /^\$100\b/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Your information" })).toBeVisible();

  // Next with nothing typed: the §8 message; Back and Next keep what was typed.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await fillDetails(page, email);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("radio", { name: /^\$100\b/ })).toBeChecked();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("First name")).toHaveValue("Maya");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Your donation" })).toBeVisible();
  await expect(page.getByTestId("donation-total")).toHaveText("$100");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Process Donation" }).click();
  await payOnStandIn(page);
  await expect(page.getByRole("heading", { name: "Thank you for your donation!" })).toBeVisible();
  await expect(page.getByText("Your gift of $100 has been received.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Make Another Donation" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  await expect.poll(() => latestMail(email, "donation.receipt")?.text).toContain("No goods or services");
});

test("a monthly gift with a custom amount and the fee covered; links preselect", async ({ page }) => {
  const email = uniqueEmail("monthly");
  await page.goto("/donate?amount=42&frequency=monthly");
  await waitForHydration(page);
  await expect(page.getByRole("radio", { name: "Monthly" })).toBeChecked();
  await expect(page.getByLabel("Other amount in US dollars")).toHaveValue("42");
  await expect(page.getByTestId("live-total")).toHaveText("Total: $42 per month");
  await page.getByRole("checkbox", { name: /cover the card processing fee/ }).check();
  // (4200 + 30) / 0.978 = 4325.15… → $43.26 (Stripe's nonprofit rate, 2.2% + 30¢)
  await expect(page.getByTestId("live-total")).toHaveText("Total: $43.26 per month");
  await page.getByRole("button", { name: "Next" }).click();
  await fillDetails(page, email);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("donation-total")).toHaveText("$43.26 / month");
  await page.getByRole("button", { name: "Process Donation" }).click();
  await expect(page.getByTestId("checkout-amount")).toHaveText("$43.26 per month");
  await payOnStandIn(page);
  await expect(page.getByText("Your monthly gift of $43.26 has started.")).toBeVisible();
});

test("a custom amount out of bounds is refused; a cancel comes back to step 3", async ({ page }) => {
  await page.goto("/donate");
  await waitForHydration(page);
  await page.getByLabel("Other amount in US dollars").fill("3");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert").first()).toContainText(
    "Please select or enter a valid donation amount.",
  );
  await page.getByLabel("Other amount in US dollars").fill("27.50");
  await page.getByRole("button", { name: "Next" }).click();
  await fillDetails(page, uniqueEmail("cancel"));
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Process Donation" }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_ORIGIN}/pay/`));
  await page.getByRole("link", { name: /cancel/ }).click();
  await expect(page).toHaveURL(/\/donate\?resume=/);
  await expect(page.getByText("Your payment was canceled and nothing was charged.")).toBeVisible();
  await expect(page.getByTestId("donation-total")).toHaveText("$27.50");
  await expect(page.getByText("Maya Rivera")).toBeVisible();
});

test("in Spanish, with the Spanish presets and messages", async ({ page }) => {
  await page.goto("/donate?lng=es");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Donar", level: 1 })).toBeVisible();
  await expect(page.getByRole("radio", { name: /^\$25\b/ })).toBeVisible();
  await expect(page.getByRole("radio", { name: /^\$1,000\b/ })).toBeVisible();
  await page.getByLabel("Otro monto en dólares estadounidenses").fill("60000");
  await page.getByRole("button", { name: "Siguiente" }).click();
  await expect(page.getByRole("alert").first()).toContainText(
    "Por favor, elija o escriba un monto de donación válido.",
  );
  await page.getByRole("radio", { name: /^\$25\b/ }).check();
  await page.getByRole("button", { name: "Siguiente" }).click();
  await fillDetails(page, uniqueEmail("es"), { first: "Nombre", last: "Apellido" });
  await page.getByRole("button", { name: "Siguiente" }).click();
  await page.getByRole("button", { name: "Procesar donación" }).click();
  await payOnStandIn(page);
  await expect(page.getByRole("heading", { name: "¡Gracias por su donación!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Hacer otra donación" })).toBeVisible();
});

test("a donor changes a monthly amount through the e-mailed link", async ({ page, request }) => {
  const email = uniqueEmail("manage");
  await page.goto("/donate?amount=50&frequency=monthly");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Next" }).click();
  await fillDetails(page, email);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Process Donation" }).click();
  await payOnStandIn(page);

  await expect.poll(() => latestMail(email, "donation.receipt.monthly")?.text).toContain("/donate/manage/");
  const link = /https?:\/\/\S+\/donate\/manage\/\S+/.exec(
    latestMail(email, "donation.receipt.monthly")!.text,
  )![0];
  await page.goto(new URL(link).pathname);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "$50 / month" })).toBeVisible();
  await page.getByLabel("New monthly amount in US dollars").fill("65");
  await page.getByRole("button", { name: "Change amount" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your monthly amount is now $65" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "$65 / month" })).toBeVisible();

  // Stripe's subscription holds the new amount.
  const events = (await (await request.get(`${STRIPE_ORIGIN}/__test/events`)).json()) as {
    type: string;
    data: { object: { subscription?: string; customer_email?: string } };
  }[];
  const session = events.find(
    (event) => event.type === "checkout.session.completed" && event.data.object.customer_email === email,
  )!;
  const subscription = await request.get(
    `${STRIPE_ORIGIN}/v1/subscriptions/${session.data.object.subscription}`,
    {
      headers: { Authorization: `Bearer ${TEST_SECRET_KEY}` },
    },
  );
  expect(
    ((await subscription.json()) as { items: { data: { price: { unit_amount: number } }[] } }).items.data[0]!
      .price.unit_amount,
  ).toBe(6500);

  // A tampered link is refused.
  await page.goto(`${new URL(link).pathname}x`);
  await expect(page).toHaveURL(/\/donate\/manage\?expired=1/);
  await expect(page.getByText("This link has expired or is not valid")).toBeVisible();
});
