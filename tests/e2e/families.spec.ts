import type { Page } from "@playwright/test";
import {
  addChild,
  COLOUR_RULES,
  expect,
  expectNoAxeViolations,
  latestMail,
  logIn,
  openUntilShown,
  screenshotToLookAt,
  signInStaff,
  staffOfSpec,
  test,
  turnSystemDark,
  usersOfSpec,
  visitorPage,
} from "./fixtures";

// Families and programs (decision 054): staff write a session of one place in the editor; a guardian
// without JavaScript takes the place; a guardian on a phone finds the session on /education, signs
// in, adds a child and joins the waitlist; the first family withdraws, the second gets the offer by
// e-mail and takes the place; staff take attendance on a phone.
const STAFF = staffOfSpec("families", "Fran Families", { role: "STAFF" });
const [FIRST, SECOND] = usersOfSpec([
  ["guardian-a", "Alma Guardian"],
  ["guardian-b", "Beto Guardian"],
]);
const RUN = STAFF.run;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const TITLE = `Chess Club ${RUN}`;
const SHOTS = "/tmp/families-shots";
let sessionId = "";

test.describe.configure({ mode: "serial", timeout: 180_000 });
// A refused enrolment or child form is the page's own answer (409, 400), shown on the page.
test.use({ allowConsoleErrors: [/^(400|409) .*\/account\/children/], actionTimeout: 30_000 });

function addDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test("staff write a session in both languages in the editor", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/program-sessions/new");
  await expect(page.getByRole("heading", { name: "New session", level: 1 })).toBeVisible();
  await page.getByRole("combobox", { name: /^Program/ }).selectOption("education");
  await page.getByRole("textbox", { name: /^Name in English/ }).fill(TITLE);
  await page.getByRole("textbox", { name: /^Name in Spanish/ }).fill(`Club de ajedrez ${RUN}`);
  await page.getByRole("textbox", { name: /^Place in English/ }).fill("Library, 2nd floor");
  await page.getByRole("textbox", { name: /^Place in Spanish/ }).fill("Biblioteca, segundo piso");
  await page.getByRole("textbox", { name: /^Starts at/ }).fill("4pm");
  await page.getByRole("textbox", { name: /^Ends at/ }).fill("3pm");
  await page.getByRole("button", { name: "Create session" }).click();
  // Checked on submit: the summary takes focus and names each problem, what was typed stays.
  await expect(page.getByRole("link", { name: /Choose at least one day/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /The end must be after the start/ })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^Name in English/ })).toHaveValue(TITLE);
  await screenshotToLookAt(page, `${SHOTS}/editor-errors-1280.png`, { fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole("checkbox", { name: "Tuesday" }).check();
  await page.getByRole("checkbox", { name: "Thursday" }).check();
  await page.getByRole("textbox", { name: /^Ends at/ }).fill("5:30pm");
  await page.getByLabel(/^First day/).fill(addDays(10));
  await page.getByLabel(/^Last day/).fill(addDays(100));
  await page.getByRole("textbox", { name: /^Youngest age/ }).fill("6");
  await page.getByRole("textbox", { name: /^Oldest age/ }).fill("12");
  await page.getByRole("combobox", { name: /^Lowest grade/ }).selectOption("1");
  await page.getByRole("combobox", { name: /^Highest grade/ }).selectOption("6");
  await page.getByRole("textbox", { name: /^Places/ }).fill("1");
  await page.getByRole("checkbox", { name: /^Published/ }).check();
  await page.getByRole("button", { name: "Create session" }).click();
  await expect(page.getByText("Session saved.")).toBeVisible();
  sessionId = /\/admin\/program-sessions\/([^/?]+)/.exec(page.url())![1]!;
});

test.describe("a guardian without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signs in from the session's link, adds a child after a refused try, and takes the place", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/account/children?session=${sessionId}`);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByRole("textbox", { name: "Email (required)", exact: true }).fill(FIRST.email);
    await page.getByRole("textbox", { name: "Password (required)", exact: true }).fill(FIRST.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(new RegExp(`/account/children\\?session=${sessionId}$`));
    await expect(page.getByText(`To ask for a place in ${TITLE}, first add your child below`)).toBeVisible();
    // Refused without the consent: the message in the summary, the name kept.
    await page.getByLabel(/^Child's full name/).fill("Ana Guardian");
    await page.getByRole("button", { name: "Save child" }).click();
    await expect(page.getByRole("link", { name: /Date of birth/ })).toBeVisible();
    await expect(page.getByLabel(/^Child's full name/)).toHaveValue("Ana Guardian");
    await addChild(page, "Ana Guardian", "peanuts");
    await page.goto(`/account/children?session=${sessionId}`);
    await page.getByRole("button", { name: "Ask for the place" }).click();
    await expect(page.getByText("Your child has a place.")).toBeVisible();
    // axe runs in the page's JavaScript: the same page is scanned in the phone test below.
    await screenshotToLookAt(page, `${SHOTS}/children-nojs-1280.png`, { fullPage: true });
  });
});

test("a guardian on a phone finds the full session, signs in, adds a child and joins the waitlist", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const card = page.locator(`#session-${sessionId}`);
  await openUntilShown(page, "/education#sessions", card.getByText("Full: join the waitlist"));
  await screenshotToLookAt(page, `${SHOTS}/education-390.png`, { fullPage: true });
  await expectNoAxeViolations(page);
  await card.getByRole("link", { name: `Join the waitlist: ${TITLE}`, exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await logIn(page, SECOND, page.url().replace(/^https?:\/\/[^/]+/, ""));
  await expect(page).toHaveURL(new RegExp(`/account/children\\?session=${sessionId}$`));
  await addChild(page, "Bruno Guardian", "peanuts");
  await page.getByRole("button", { name: "Ask for the place" }).click();
  await expect(page.getByText("your child is number 1 on the waitlist")).toBeVisible();
  await screenshotToLookAt(page, `${SHOTS}/children-390.png`, { fullPage: true });
  await expectNoAxeViolations(page);
  await turnSystemDark(page);
  await expectNoAxeViolations(page, COLOUR_RULES);
});

test("the first family withdraws; the next gets the offer by e-mail and takes the place on the phone", async ({
  browser,
}) => {
  const first = await visitorPage(browser, { viewport: DESKTOP, javaScriptEnabled: false });
  await first.goto("/login?redirectTo=/account/children");
  await first.getByRole("textbox", { name: "Email (required)", exact: true }).fill(FIRST.email);
  await first.getByRole("textbox", { name: "Password (required)", exact: true }).fill(FIRST.password);
  await first.getByRole("button", { name: "Log in" }).click();
  await first.getByRole("button", { name: "Leave this session" }).click();
  await expect(first.getByText("Your child has left the session")).toBeVisible();

  const offer = latestMail(SECOND.email, "families.offer");
  expect(offer?.subject).toBe(`A place is free for you: ${TITLE}`);
  expect(offer!.text).not.toContain("peanuts");
  const link = new URL(/https?:\/\/\S+\/account\/offer\S*/.exec(offer!.text)![0]);
  const phone = await visitorPage(browser, { viewport: PHONE, colorScheme: "dark" });
  await phone.goto(`${link.pathname}${link.search}`);
  await expect(phone.getByText(`A place is free for Bruno in ${TITLE}.`)).toBeVisible();
  await screenshotToLookAt(phone, `${SHOTS}/offer-390-dark.png`, { fullPage: true });
  await expectNoAxeViolations(phone);
  await phone.getByRole("button", { name: "Take the place" }).click();
  await expect(phone.getByText("The place is yours.")).toBeVisible();
});

test("staff take attendance on a phone with one tap", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInStaff(page, STAFF, `/login?redirectTo=/admin/program-sessions/${sessionId}`);
  const bruno = page.getByTestId("roster-child").filter({ hasText: "Bruno Guardian" });
  await expect(bruno.getByText("Has a place")).toBeVisible();
  await expect(bruno.getByText("peanuts")).toBeVisible();
  await bruno.getByRole("button", { name: "Present" }).click();
  await expect(bruno.getByRole("button", { name: "Present" })).toHaveAttribute("aria-pressed", "true");
  await screenshotToLookAt(page, `${SHOTS}/roster-390.png`, { fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/admin/program-sessions/${sessionId}/edit`);
  await expect(page.getByRole("textbox", { name: /^Name in English/ })).toHaveValue(TITLE);
  await expectNoAxeViolations(page);
});

test("the sessions in Spanish at 1280 px, light and dark, reached by keyboard", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/education?lng=es");
  // The heading carries the section's id (#sessions, where the forms' links land).
  const sessions = page.getByRole("region", { name: "Sesiones con lugares abiertos" });
  await expect(sessions).toBeVisible();
  await expect(page.locator(`#session-${sessionId}`).getByText("Sin lugares libres")).toBeVisible();
  await expectNoAxeViolations(page);
  // Keyboard only: Tab reaches the session's call to enrol, and its focus ring shows.
  const enrol = page.locator(`#session-${sessionId}`).getByRole("link");
  for (
    let presses = 0;
    presses < 120 && !(await enrol.evaluate((link) => link === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(enrol).toBeFocused();
  await screenshotToLookAt(sessions, `${SHOTS}/education-sessions-es-1280.png`);
  await turnSystemDark(page);
  await expectNoAxeViolations(page, COLOUR_RULES);
  await screenshotToLookAt(sessions, `${SHOTS}/education-sessions-es-1280-dark.png`);
  await page.setViewportSize(PHONE);
  await screenshotToLookAt(sessions, `${SHOTS}/education-sessions-es-390-dark.png`);
});

/** Each width, then dark at the last: zero axe violations, a screenshot of each to look at. */
async function walkWidths(page: Page, name: string) {
  for (const [viewport, width] of [
    [PHONE, 390],
    [DESKTOP, 1280],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, `${SHOTS}/${name}-${width}.png`, { fullPage: true });
  }
  await turnSystemDark(page);
  await expectNoAxeViolations(page, COLOUR_RULES);
  await screenshotToLookAt(page, `${SHOTS}/${name}-1280-dark.png`, { fullPage: true });
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, COLOUR_RULES);
  await screenshotToLookAt(page, `${SHOTS}/${name}-390-dark.png`, { fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
}

test("/programs and /mentorship in both languages, 390 and 1280, light and dark", async ({ page }) => {
  for (const [language, waitlist, title] of [
    ["en", "Join the waitlist", TITLE],
    ["es", "Entrar en la lista de espera", `Club de ajedrez ${RUN}`],
  ] as const) {
    await page.goto(`/programs?lng=${language}`);
    // The call to enrol is named with its session, in one phrase ("Join the waitlist: …").
    await expect(
      page.locator(`#session-${sessionId}`).getByRole("link", { name: `${waitlist}: ${title}`, exact: true }),
    ).toBeVisible();
    await walkWidths(page, `programs-${language}`);
    await page.goto(`/mentorship?lng=${language}`);
    await expect(page.locator("#sessions")).toBeVisible();
    await walkWidths(page, `mentorship-${language}`);
  }
});

test("a guardian's children page in Spanish, by keyboard, 390 and 1280, light and dark", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await logIn(page, SECOND, "/login?redirectTo=/account/children");
  await expect(page).toHaveURL(/\/account\/children$/);
  await page.goto("/account/children?lng=es");
  await expect(page.getByRole("heading", { name: "Sus hijos", level: 1 })).toBeVisible();
  const edit = page.getByRole("link", {
    name: "Cambiar datos y registro de salud: Bruno Guardian",
    exact: true,
  });
  for (
    let presses = 0;
    presses < 120 && !(await edit.evaluate((link) => link === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(edit).toBeFocused();
  await screenshotToLookAt(page, `${SHOTS}/children-es-390-focus.png`);
  await walkWidths(page, "children-es");
  await page.goto(`${await edit.getAttribute("href")}?lng=es`);
  await expect(
    page.getByRole("heading", { name: "Cambiar los datos de su hijo o hija", level: 1 }),
  ).toBeVisible();
  await walkWidths(page, "child-edit-es");
});

test.describe("a guardian changing a child without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const [language, refused, save, saved] of [
    ["en", "Date of birth", "Save changes", "Saved. Your child's details and health record are up to date."],
    [
      "es",
      "Fecha de nacimiento",
      "Guardar los cambios",
      "Guardado. Los datos y el registro de salud de su hijo o hija están al día.",
    ],
  ] as const)
    test(`in ${language}: a refused change keeps what was typed, a valid one is saved`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto("/login?redirectTo=/account/children");
      await page.getByRole("textbox", { name: "Email (required)", exact: true }).fill(SECOND.email);
      await page.getByRole("textbox", { name: "Password (required)", exact: true }).fill(SECOND.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(/\/account\/children$/);
      const editPath = await page
        .getByRole("link", { name: /: Bruno Guardian$/ })
        .first()
        .getAttribute("href");
      await page.goto(`${editPath}?lng=${language}`);
      const birthDate = page.getByLabel(new RegExp(`^${refused}`));
      const allergies = page.locator("[name=allergies]");
      await birthDate.fill("");
      await allergies.fill("peanuts, sesame");
      await page.getByRole("button", { name: save, exact: true }).click();
      await expect(page.getByRole("link", { name: new RegExp(refused) })).toBeVisible();
      await expect(allergies).toHaveValue("peanuts, sesame");
      await screenshotToLookAt(page, `${SHOTS}/child-edit-nojs-refused-${language}-390.png`, {
        fullPage: true,
      });
      await birthDate.fill("2017-03-14");
      await page.getByRole("button", { name: save, exact: true }).click();
      await expect(page.getByText(saved)).toBeVisible();
      if (language !== "es") return;
      // Adding a child in Spanish: refused in Spanish, the name kept.
      await page.getByLabel(/^Nombre completo del niño o la niña/).fill("Carla Guardian");
      await page.getByRole("button", { name: "Guardar", exact: true }).click();
      await expect(page.getByRole("link", { name: /Fecha de nacimiento/ })).toBeVisible();
      await expect(page.getByLabel(/^Nombre completo del niño o la niña/)).toHaveValue("Carla Guardian");
    });
});

test("the staff list of sessions in both languages, 390 and 1280, light and dark", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/program-sessions");
  await expect(page.getByRole("heading", { name: "Program sessions", level: 1 })).toBeVisible();
  // Keyboard only: Tab reaches the session's link, its focus ring showing.
  const session = page.getByRole("link", { name: TITLE });
  for (
    let presses = 0;
    presses < 120 && !(await session.evaluate((link) => link === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(session).toBeFocused();
  await screenshotToLookAt(page, `${SHOTS}/admin-sessions-en-1280-focus.png`);
  await walkWidths(page, "admin-sessions-en");
  await page.goto("/admin/program-sessions?lng=es");
  await expect(page.getByRole("heading", { name: "Sesiones de los programas", level: 1 })).toBeVisible();
  await walkWidths(page, "admin-sessions-es");
});

test("the session editor in Spanish on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/program-sessions/new");
  await page.goto("/admin/program-sessions/new?lng=es");
  await expect(page.getByRole("heading", { name: "Nueva sesión", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Crear la sesión" }).click();
  await expect(page.getByRole("link", { name: /Elija al menos un día/ })).toBeVisible();
  await screenshotToLookAt(page, `${SHOTS}/editor-es-390.png`, { fullPage: true });
  await expectNoAxeViolations(page);
});
