import type { Page } from "@playwright/test";
import {
  createAccount,
  expect,
  expectNoAxeViolations,
  signInStaff,
  rememberCookieChoice,
  runId,
  test,
  testAccount,
  waitForHydration,
} from "./fixtures";

// A staff member on a phone adds an open house in both languages as they would type it: times
// as they say them, no address to invent, the venue already there (decision 049); a second
// entry of the same title on the same day is flagged and can be confirmed. With JavaScript and
// without, at 390 px.
const RUN = runId();
const STAFF = testAccount("forms", RUN);
const PHONE = { width: 390, height: 844 };

// The same-title warning is the editor's answer 400, with the form as typed.
test.use({ allowConsoleErrors: [/^400 .*\/admin\/entries\/event\/new\.data$/] });
test.beforeAll(() => createAccount(STAFF.email, "Fran Forms", STAFF.password));
test.beforeEach(async ({ page }) => {
  await rememberCookieChoice(page);
  await page.setViewportSize(PHONE);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.61" });
});

/** The fields of an open house a person has to type, in both languages. */
async function fillOpenHouse(page: Page, title: string, date: string) {
  await page.getByLabel(/^Title \(English\)/).fill(title);
  await page.getByLabel(/^Title \(Spanish\)/).fill(`Puertas abiertas ${RUN}`);
  await page.getByLabel(/^Description \(English\)/).fill("Meet the tutors and enroll for spring.");
  await page
    .getByLabel(/^Description \(Spanish\)/)
    .fill("Conozca a los tutores e inscríbase para la primavera.");
  await page.getByLabel(/^Date/).fill(date);
  await page.getByLabel(/^Starts/).fill("10:00 AM");
  await page.getByLabel(/^Ends/).fill("1:30 p. m.");
  await page.getByLabel(/^Place \(English\)/).fill("Learning Center");
  await page.getByLabel(/^Place \(Spanish\)/).fill("Centro de aprendizaje");
  await page.getByLabel(/^Category/).selectOption("community");
  await page.getByLabel(/^Status/).selectOption("published");
}

test("with JavaScript: times as typed, the address from the title, the venue given, a twin flagged", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/entries/event/new");
  await expect(page.getByRole("heading", { level: 1, name: "New event" })).toBeVisible();
  await waitForHydration(page);
  // The venue starts at the organisation's address.
  await expect(page.getByLabel(/^Street address/)).toHaveValue(/\S/);
  await expect(page.getByLabel(/^ZIP code/)).toHaveValue(/^\d{5}/);
  await expectNoAxeViolations(page);

  const title = `Spring Open House ${RUN}`;
  await fillOpenHouse(page, title, "2027-03-13");
  // The address is suggested as the title is typed; the field itself stays empty.
  await expect(page.getByText(`Leave it empty to use “spring-open-house-${RUN}”`)).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved and published.")).toBeVisible();
  await expect(page.getByLabel(/^Address \(slug\)/)).toHaveValue(`spring-open-house-${RUN}`);
  await expect(page.getByLabel(/^Starts/)).toHaveValue("10:00");
  await expect(page.getByLabel(/^Ends/)).toHaveValue("13:30");
  await expect(page.getByTestId("entry-preview")).toContainText("10:00 AM – 1:30 PM");

  // The same title on the same day: flagged with a way to the other one, then confirmed.
  await page.goto("/admin/entries/event/new");
  await waitForHydration(page);
  await fillOpenHouse(page, title, "2027-03-13");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toBeFocused();
  await expect(
    summary.getByRole("link", { name: /^Title \(English\): “.+” has the same title/ }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: `Open “${title}”` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Save anyway: this is a different entry with the same title and date").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved and published.")).toBeVisible();
  await expect(page.getByLabel(/^Address \(slug\)/)).toHaveValue(`spring-open-house-${RUN}-2`);
});

test("without JavaScript: a bad time is named in the summary, a draft saves in Spanish alone", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInStaff(page, STAFF);
  await expect(page).toHaveURL(/\/admin$/);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noJs = await context.newPage();
  await noJs.setViewportSize(PHONE);
  await noJs.goto("/admin/entries/event/new");
  await fillOpenHouse(noJs, `Night Open House ${RUN}`, "2027-03-20");
  await noJs.getByLabel(/^Ends/).fill("half past one");
  await noJs.getByRole("button", { name: "Save", exact: true }).click();
  const summary = noJs.getByRole("alert");
  await expect(summary.getByRole("link")).toHaveText(
    "Ends (New York time): Enter a time such as 6:30 PM, 10am or 18:30.",
  );
  await expect(summary.getByRole("link")).toHaveAttribute("href", "#entry-event-end");
  // What was typed is kept.
  await expect(noJs.getByLabel(/^Ends/)).toHaveValue("half past one");
  await expect(noJs.getByLabel(/^Title \(English\)/)).toHaveValue(`Night Open House ${RUN}`);

  // A draft with only the Spanish written saves; its address comes from the Spanish title.
  await noJs.getByLabel(/^Ends/).fill("2 pm");
  await noJs.getByLabel(/^Title \(English\)/).fill("");
  await noJs.getByLabel(/^Description \(English\)/).fill("");
  await noJs.getByLabel(/^Place \(English\)/).fill("");
  await noJs.getByLabel(/^Status/).selectOption("draft");
  await noJs.getByRole("button", { name: "Save", exact: true }).click();
  await expect(noJs.getByText("Saved.", { exact: true })).toBeVisible();
  await expect(noJs.getByLabel(/^Address \(slug\)/)).toHaveValue(`puertas-abiertas-${RUN}`);
  await expect(noJs.getByLabel(/^Ends/)).toHaveValue("14:00");

  // Publishing it says which language is missing, on the field.
  await noJs.getByLabel(/^Status/).selectOption("published");
  await noJs.getByRole("button", { name: "Save", exact: true }).click();
  await expect(noJs.getByRole("alert").getByRole("link").first()).toHaveText(
    /^Title \(English\): Publishing needs the English text/,
  );
  await context.close();
});

test("what visitors found, at the width and language they found it: no axe violation", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The cookie banner at 390 px in Spanish (a first visit: no choice stored): its words fit its buttons.
  // Sections below the fold fade in as they scroll into view: axe judges the settled page.
  const fresh = await browser.newContext({ viewport: PHONE, reducedMotion: "reduce" });
  const banner = await fresh.newPage();
  await banner.goto("/contact?lng=es");
  await waitForHydration(banner);
  for (const name of ["Solo las necesarias", "Configuración", "Aceptar todas"]) {
    const button = banner.getByRole("button", { name, exact: true });
    await expect(button).toBeVisible();
    expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  await expectNoAxeViolations(banner);
  await fresh.close();

  // The 404 page's search hint is text above the box, whole at 390 px in Spanish.
  await page.goto("/no-existe?lng=es");
  await waitForHydration(page);
  await expect(page.getByRole("searchbox", { name: "Buscar en el sitio" })).toHaveAccessibleDescription(
    "Pruebe con “mentoría” o “voluntariado”.",
  );
  await expectNoAxeViolations(page);

  // The events' places left and the RSVP page's place, in English at 1280.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/events?lng=en");
  await expect(page.locator('[data-event="volunteerTraining"]')).toContainText(/Places left:\s*\d+ of 40/);
  await expectNoAxeViolations(page);
  await page.goto("/events/volunteerTraining/register?lng=en");
  await expect(page.locator("main")).toContainText(
    /Where:\s*product Learning Center, Harlem, 125 West 125th/,
  );
  await expectNoAxeViolations(page);

  // An admin list at 390 px: e-mails whole, in a labelled region that scrolls by keyboard.
  await page.setViewportSize(PHONE);
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  const email = page.getByRole("cell", { name: STAFF.email, exact: true });
  // One line box: the address is not broken a few letters a line.
  const lines = await email.evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  await expect(page.getByRole("region", { name: "Users" })).toHaveAttribute("tabindex", "0");
  await expectNoAxeViolations(page);
});
