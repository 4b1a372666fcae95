import { STRIPE_ORIGIN } from "../../playwright.config";
import {
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  latestMail,
  rememberCookieChoice,
  runId,
  signInStaff,
  staffOfSpec,
  test,
  waitForHydration,
} from "./fixtures";

/**
 * Fewer lost gifts and event registration (decisions 024 and 046): a gala ticket bought through
 * the local Stripe-compatible server's stand-in Checkout, an RSVP to a free event confirmed by
 * its e-mailed link, and the monthly offer on /donate.
 */
const ADMIN = staffOfSpec("events-admin", "Events Admin");

// The stand-in Checkout page lives on its own origin, like Stripe's.
test.use({ otherOrigins: [STRIPE_ORIGIN] });

test.beforeEach(async ({ page }) => {
  test.slow();
  await rememberCookieChoice(page);
});

let counter = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++counter}@example.com`;

test("buys two gala tickets and gets a receipt with the dinner's value and the deductible part", async ({
  page,
}) => {
  const email = uniqueEmail("gala");
  await page.goto("/events");
  await waitForHydration(page);
  await page.getByRole("link", { name: /^Buy tickets\W+Annual Gala/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Tickets: Annual Gala/ })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText("$150 per person. Of each ticket, $60 is the fair-market value")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Your name").fill("Grace Hopper");
  await page.getByRole("main").getByLabel("Email").fill(email);
  await page.getByLabel("Number of tickets").fill("2");
  await expect(page.getByText("Total: $300")).toBeVisible();
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(new RegExp(`^${STRIPE_ORIGIN}/pay/cs_`), { timeout: 20_000 });
  await expect(page.getByTestId("checkout-amount")).toHaveText("$300.00");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/events\/gala\/register\?session_id=cs_/, { timeout: 20_000 });
  await expect(
    page.getByText(`Your 2 tickets ($300) are confirmed; a receipt is on its way to ${email}.`),
  ).toBeVisible();

  await expect.poll(() => latestMail(email, "event.ticket")?.text).toContain("2 tickets × $150: $300 paid");
  const receipt = latestMail(email, "event.ticket")!.text;
  expect(receipt).toContain(
    "Fair-market value of the goods and services you receive (dinner): $120 ($60 per ticket).",
  );
  expect(receipt).toContain("Tax-deductible part of your payment: $180.");
  expect(receipt).toContain("Under Internal Revenue Service rules");
  expect(receipt).toContain("/events/gala/calendar.ics?lng=en");
});

test("RSVPs to a free event in Spanish and confirms it through the e-mailed link", async ({ page }) => {
  const email = uniqueEmail("rsvp");
  await page.goto("/events/openHouse/register?lng=es");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: /^Confirme su asistencia/ })).toBeVisible();
  await page.getByRole("button", { name: "Enviar confirmación" }).click();
  // Nothing typed: the error summary, in Spanish.
  await expect(page.getByRole("alert").first()).toBeVisible();
  await page.getByLabel("Su nombre").fill("Rosa Díaz");
  await page
    .getByRole("main")
    .getByLabel(/^Correo electrónico/)
    .fill(email);
  await page.getByLabel("Personas que vienen, incluido usted").fill("3");
  await page.getByRole("button", { name: "Enviar confirmación" }).click();
  await expect(
    page.getByText(
      `Gracias. Para confirmar su asistencia para 3 personas, abra el enlace que le enviamos a ${email}`,
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The mail says nothing that was typed, and its link opens a page whose button confirms.
  await expect
    .poll(() => latestMail(email, "event.rsvp")?.text)
    .toContain("para 3 personas, abra este enlace");
  const mail = latestMail(email, "event.rsvp")!.text;
  expect(mail).not.toContain("Rosa");
  expect(mail).toContain("/events/openHouse/calendar.ics?lng=es");
  const link = new URL(/https?:\/\/\S+[?&]rsvp=\S+/.exec(mail)![0]);
  await page.goto(link.pathname + link.search);
  await waitForHydration(page);
  await expect(page.getByText("Confirme su asistencia para 3 personas.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirmar mi asistencia" }).click();
  await expect(page.getByText("Su asistencia para 3 personas está confirmada.")).toBeVisible();
});

test("confirms an RSVP without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail("rsvp-nojs");
  await page.goto("/events/familyNight/register");
  await page.getByLabel("Your name").fill("Sam Lee");
  await page.getByRole("main").getByLabel("Email").fill(email);
  await page.getByLabel("People coming, including you").fill("2");
  await page.getByRole("button", { name: "Send RSVP" }).click();
  await expect(page.getByText("To confirm your RSVP for 2 people, follow the link we sent to")).toBeVisible();
  await expect.poll(() => latestMail(email, "event.rsvp")?.text).toContain("rsvp=");
  const link = new URL(/https?:\/\/\S+[?&]rsvp=\S+/.exec(latestMail(email, "event.rsvp")!.text)![0]);
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Confirm my RSVP" }).click();
  await expect(page.getByText("Your RSVP for 2 people is confirmed.")).toBeVisible();
  await context.close();
});

test("an admin cancels an RSVP from the attendee list, without JavaScript too, and its seats come back", async ({
  page,
  browser,
}) => {
  const run = runId();
  const name = `Guest ${run}`;
  const cancelButton = new RegExp(`^Cancel RSVP\\W+${name}$`);
  executeLocalD1(
    `INSERT INTO event_registrations (id, event_slug, kind, status, name, email, locale, quantity, confirmed_at, hold_expires_at) VALUES ('e2e-rsvp-${run}', 'basketballClinic', 'rsvp', 'confirmed', '${name}', 'guest-${run}@example.com', 'en', 4, '2026-01-01T00:00:00.000Z', '2027-02-13T17:00:00.000Z');`,
  );
  await signInStaff(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/registrations/basketballClinic");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: cancelButton })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  // With JavaScript the button asks the same question, and "Keep" leaves the RSVP as it was.
  const question = new RegExp(`^Cancel the RSVP of ${name} \\(guest-${run}@example\\.com\\) for 4 seats\\?$`);
  await page.getByRole("button", { name: cancelButton }).click();
  await expect(page.getByRole("heading", { name: question })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Keep" }).click();
  await expect(page.getByRole("heading", { name: question })).toHaveCount(0);
  await expect(page.getByRole("button", { name: cancelButton })).toBeVisible();

  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await context.newPage();
  await noScript.goto("/admin/registrations/basketballClinic");
  const seats = async () => Number(/Seats taken: (\d+)/.exec(await noScript.locator("main").innerText())![1]);
  const before = await seats();
  await noScript.getByRole("button", { name: cancelButton }).click();
  await expect(noScript.getByRole("heading", { name: question })).toBeVisible();
  expect(await seats()).toBe(before);
  await noScript.getByRole("button", { name: "Yes, cancel", exact: true }).click();
  await expect(
    noScript.getByText("The registration is canceled and its seats are free again."),
  ).toBeVisible();
  await expect(noScript.getByRole("button", { name: cancelButton })).toHaveCount(0);
  expect(await seats()).toBe(before - 4);
  await context.close();
});

test("offers a one-time donor a monthly gift before paying; yes makes it monthly", async ({ page }) => {
  const email = uniqueEmail("upsell");
  await page.goto("/donate");
  await waitForHydration(page);
  await page.getByRole("radio", { name: /^\$100\b/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("First name").fill("Maya");
  await page.getByLabel("Last name").fill("Rivera");
  await page
    .getByRole("main")
    .getByLabel(/^Email/)
    .fill(email);
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Give $35 monthly instead?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Yes, give $35 monthly" }).click();
  await expect(page.getByText("Your gift is now $35 a month.")).toBeVisible();
  await expect(page.getByTestId("donation-total")).toHaveText("$35 / month");
  await expect(page.getByRole("heading", { name: "Give $35 monthly instead?" })).toHaveCount(0);
  await page.getByRole("button", { name: "Process Donation" }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_ORIGIN}/pay/cs_`), { timeout: 20_000 });
  await expect(page.getByTestId("checkout-amount")).toHaveText("$35.00 per month");
});

test("declines the monthly offer in one tap, without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/donate?amount=60");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("First name").fill("Maya");
  await page.getByLabel("Last name").fill("Rivera");
  await page
    .getByRole("main")
    .getByLabel(/^Email/)
    .fill(uniqueEmail("decline"));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Give $20 monthly instead?" })).toBeVisible();
  await page.getByRole("button", { name: "No thanks, give once" }).click();
  await expect(page.getByRole("heading", { name: "Your donation" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Give $20 monthly instead?" })).toHaveCount(0);
  await expect(page.getByTestId("donation-total")).toHaveText("$60");
  await context.close();
});
