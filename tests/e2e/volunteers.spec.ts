import type { Browser, Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import {
  COLOUR_RULES,
  createAccount,
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  latestMail,
  logIn,
  rememberCookieChoice,
  screenshotToLookAt,
  signInStaff,
  staffOfSpec,
  test,
  testAccount,
  turnSystemDark,
  waitForHydration,
} from "./fixtures";

// Volunteers (decision 055): staff add a weekly tutoring series and accept an application; the
// volunteer signs up for the series from the e-mailed link on a phone, gets the day-before reminder
// when the Cron runs, is checked in and sees their hours; a coach without first aid is refused; a
// 16-year-old peer mentor's guardian consents through their own link.
const STAFF = staffOfSpec("shifts", "Sam Shifts", { role: "STAFF" });
const RUN = STAFF.run;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** Where the walk's screenshots go, to be looked at. */
const SHOTS = "/tmp/volunteers-shots";

/** What the walk at the end visits: filled in by the journeys before it (the spec runs in order). */
const walk = { volunteerLink: "", guardianLink: "", shiftPath: "", volunteerPath: "", acceptPath: "" };

test.describe.configure({ mode: "serial" });
// A refused sign-up is the page's answer 409, shown on the page.
test.use({ allowConsoleErrors: [/^409 .*\/volunteer\/me\.data/], actionTimeout: 15_000 });

/** A New York day and clock time `hours` from now, as the shift form takes them. */
function newYorkIn(hours: number) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(Date.now() + hours * 3_600_000));
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return { date: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}

/** The first shift starts within the next day (so its reminder is due), early enough to end before midnight. */
function firstShiftStart() {
  for (let hours = 3; hours < 24; hours++) {
    const at = newYorkIn(hours);
    if (at.hour >= 6 && at.hour <= 20) return at;
  }
  throw new Error("no start found");
}

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** An application as the public form stores it. */
function application(kind: "volunteer" | "mentoring", name: string, email: string, payload: object) {
  const id = `e2e-${kind}-${RUN}-${email.split("@")[0]}`;
  executeLocalD1(
    `INSERT INTO submissions (id, kind, locale, name, email, payload, idempotency_key)
     VALUES ('${id}', '${kind}', 'en', '${name}', '${email}', '${JSON.stringify(payload)}', '${id}')`,
  );
  return id;
}

async function staffPage(browser: Browser) {
  const context = await browser.newContext({
    viewport: PHONE,
    // Staff sign in with JavaScript (the second step waits for it), whatever the volunteer's page has.
    javaScriptEnabled: true,
    extraHTTPHeaders: { "CF-Connecting-IP": "203.0.113.71" },
  });
  const page = await context.newPage();
  await rememberCookieChoice(page);
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/volunteers");
  return page;
}

/** Staff fill the shift form of a role on /admin/volunteers: a weekly series when `lastDate` is given. */
async function fillShift(
  staff: Page,
  role: string,
  shift: { title: string; titleEs?: string; date: string; lastDate?: string; start: string; end: string },
) {
  await staff.getByRole("link", { name: role, exact: true }).click();
  await staff.getByLabel(/^Title \(English\)/).fill(shift.title);
  if (shift.titleEs) await staff.getByLabel(/^Title \(Spanish\)/).fill(shift.titleEs);
  await staff.getByLabel(/^Date \(first date/).fill(shift.date);
  if (shift.lastDate) await staff.getByLabel(/^Last date of a weekly series/).fill(shift.lastDate);
  await staff.getByLabel(/^Starts/).fill(shift.start);
  await staff.getByLabel(/^Ends/).fill(shift.end);
}

/** Staff accept an application; the volunteer's (or guardian's) link comes from the outbox. */
async function accept(page: Page, submissionId: string, guardianEmail?: string) {
  await page.goto(`/admin/submissions/${submissionId}`);
  await page.getByRole("link", { name: "Accept as volunteer" }).click();
  if (guardianEmail) await page.getByLabel(/^Parent or guardian's e-mail/).fill(guardianEmail);
  await page.getByRole("button", { name: "Accept as volunteer" }).click();
  await expect(page.getByText("Accepted. The volunteer has been e-mailed their link.")).toBeVisible();
}

async function recordClearance(page: Page, kind: string) {
  await page.getByRole("combobox", { name: /^Clearance/ }).selectOption({ label: kind });
  await page.getByLabel(/^Date completed/).fill(addDays(newYorkIn(0).date, -10));
  await page.getByRole("button", { name: "Record" }).click();
  await expect(page.getByText("Clearance recorded.")).toBeVisible();
  // The list of the volunteer's clearances shows it once the post is done.
  await expect(page.getByRole("listitem").filter({ hasText: new RegExp(`^${kind}: `) })).toBeVisible();
}

function linkIn(text: string, path: string) {
  return new URL(new RegExp(`https?://\\S+${path}\\S+`).exec(text)![0]).toString();
}

/** The volunteer is the test's own page (its console and requests are checked), at 390 px. */
async function onPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await rememberCookieChoice(page);
  return page;
}

test("a weekly tutoring series: signed up by link on a phone, reminded, checked in, hours shown", async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const staff = await staffPage(browser);
  const start = firstShiftStart();
  const title = `Tutoring Tuesdays ${RUN}`;
  await fillShift(staff, "Tutor", {
    title,
    titleEs: `Tutoría de los martes ${RUN}`,
    date: start.date,
    lastDate: addDays(start.date, 21),
    start: `${start.hour}:00`,
    end: `${start.hour + 2}:00`,
  });
  await staff.getByLabel(/^Places/).fill("6");
  // The tutor role's requirements tick its clearances.
  await expect(staff.getByRole("checkbox", { name: "Background check" })).toBeChecked();
  await expect(staff.getByRole("checkbox", { name: "Training" })).toBeChecked();
  await staff.getByRole("button", { name: "Add", exact: true }).click();
  await expect(staff.getByText("4 shifts added.")).toBeVisible();
  await expectNoAxeViolations(staff);

  const email = `tutor-${RUN}@example.org`;
  const submissionId = application("volunteer", "Taylor Tutor", email, { variant: "page", age: 34 });
  walk.acceptPath = `/admin/volunteers/accept/${submissionId}`;
  await accept(staff, submissionId);
  walk.volunteerPath = new URL(staff.url()).pathname;
  await recordClearance(staff, "Background check");
  await recordClearance(staff, "Training");

  // The volunteer, on a phone: the link, then one tap.
  const volunteer = await onPhone(page);
  walk.volunteerLink = linkIn(latestMail(email, "volunteer.welcome")!.text, "/volunteer/me");
  await volunteer.goto(walk.volunteerLink);
  await expect(volunteer.getByRole("heading", { level: 1, name: "Your volunteer shifts" })).toBeVisible();
  await expectNoAxeViolations(volunteer);
  await volunteer
    // The name is exact, one phrase with no stray space before the colon.
    .getByRole("button", { name: `Sign up for the whole series: ${title}`, exact: true })
    .first()
    .click();
  await expect(volunteer.getByRole("status").filter({ hasText: /\S/ })).toHaveText(
    "Signed up for all 4 shifts of the series. We will e-mail you a reminder the day before each.",
  );
  await expect(volunteer.getByRole("heading", { name: title })).toHaveCount(4);

  // The Cron run queues the reminder of the shift within the next day.
  const cron = await volunteer.request.get("/cdn-cgi/handler/scheduled");
  expect(cron.ok()).toBe(true);
  const reminder = latestMail(email, "volunteer.reminder");
  expect(reminder?.subject).toBe(`Reminder: ${title}`);
  expect(reminder?.text).toMatch(/\/volunteer\/shifts\/[\w-]+\/calendar\.ics\?lng=en/);
  const calendar = await volunteer.request.get(linkIn(reminder!.text, "/volunteer/shifts/"));
  expect(await calendar.text()).toContain(`SUMMARY:${title}`);

  // Staff check the volunteer in with one tap on the shift's page, once the shift has started:
  // before, "Attended" is refused with the reason.
  await staff.goto("/admin/volunteers");
  await staff.getByRole("link", { name: title }).first().click();
  await expect(staff).toHaveURL(/\/admin\/volunteers\/shifts\/[\w-]+$/);
  walk.shiftPath = new URL(staff.url()).pathname;
  const attended = staff.getByRole("button", { name: /^Attended \(whole shift\)\s*: Taylor Tutor$/ });
  await attended.click();
  await expect(staff.getByRole("alert")).toHaveText(
    'This shift has not started yet. You can mark "Arrived" now, and "Attended" or "Left" once it has started.',
  );
  // The shift is moved to have begun an hour ago (the volunteer is told), then marked.
  const now = newYorkIn(0);
  const startHour = Math.min(Math.max(now.hour - 1, 0), 21);
  await staff.getByLabel(/^Date/).fill(now.date);
  await staff.getByLabel(/^Starts/).fill(`${startHour}:00`);
  await staff.getByLabel(/^Ends/).fill(`${startHour + 2}:00`);
  await staff.getByRole("button", { name: "Save and tell the volunteers" }).click();
  await expect(staff.getByText("Saved; 1 volunteer told.")).toBeVisible();
  expect(latestMail(email, "volunteer.shift-moved")?.subject).toBe(`Changed: ${title}`);
  await attended.click();
  await expect(staff.getByText("Saved.")).toBeVisible();
  await expectNoAxeViolations(staff);

  await screenshotToLookAt(staff, "test-results/volunteers-roster-390.png", { fullPage: true });

  await volunteer.reload();
  await expect(volunteer.getByText("2 hours in all")).toBeVisible();
  await screenshotToLookAt(volunteer, "test-results/volunteers-me-390.png", { fullPage: true });
  await volunteer.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(volunteer);
  // The public page lists the series with its places left, at both widths.
  await volunteer.goto("/volunteer#shifts");
  await expect(volunteer.getByRole("heading", { name: title }).first()).toBeVisible();
  await expectNoAxeViolations(volunteer);
  await screenshotToLookAt(volunteer, "test-results/volunteers-public-1280.png");
  await volunteer.setViewportSize(PHONE);
  await expectNoAxeViolations(volunteer);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a coach without first aid is refused, with a message naming it", async ({ browser, page }) => {
    test.setTimeout(180_000);
    const staff = await staffPage(browser);
    const start = newYorkIn(24 * 5);
    const title = `Soccer practice ${RUN}`;
    await fillShift(staff, "Coach", { title, date: start.date, start: "5pm", end: "7pm" });
    await expect(staff.getByRole("checkbox", { name: "First aid" })).toBeChecked();
    await staff.getByRole("button", { name: "Add", exact: true }).click();
    await expect(staff.getByText("1 shift added.")).toBeVisible();

    const email = `coach-${RUN}@example.org`;
    await accept(staff, application("volunteer", "Casey Coach", email, { variant: "page", age: 29 }));
    await recordClearance(staff, "Background check");
    await recordClearance(staff, "Training");

    const volunteer = await onPhone(page);
    await volunteer.goto(linkIn(latestMail(email, "volunteer.welcome")!.text, "/volunteer/me"));
    await volunteer.getByRole("button", { name: new RegExp(`^Sign up\\s*: ${title}$`) }).click();
    await expect(volunteer.getByRole("alert")).toHaveText(
      "This shift needs first-aid certification, and we have no record of it valid on the shift's day. Please contact us to complete it first.",
    );
  });
});

test.describe("forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a volunteer whose link expired asks for a new one: a bad address is named, what was typed kept", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const volunteer = await onPhone(page);
    await volunteer.goto("/volunteer/me?lng=es&key=expired");
    await expect(volunteer.getByText("Este enlace venció o no es válido.", { exact: false })).toBeVisible();
    const email = volunteer.getByLabel(/^Su correo electrónico/);
    await email.fill("tutor-at-example");
    await volunteer.getByRole("button", { name: "Envíenme un enlace nuevo" }).click();
    await expect(volunteer.getByRole("heading", { name: "Hay un problema" })).toBeVisible();
    await expect(email).toHaveValue("tutor-at-example");
    await email.fill(`tutor-${RUN}@example.org`);
    await volunteer.getByRole("button", { name: "Envíenme un enlace nuevo" }).click();
    await expect(volunteer.getByRole("status").filter({ hasText: /\S/ })).toContainText(
      "Si esa dirección es la de un voluntario, el enlace nuevo ya va en camino",
    );
    const mail = latestMail(`tutor-${RUN}@example.org`, "volunteer.new-link");
    expect(mail?.subject).toBe("Su nuevo enlace a sus turnos de voluntariado");
    await volunteer.goto(linkIn(mail!.text, "/volunteer/me"));
    await expect(volunteer.getByRole("heading", { level: 2, name: "Sus turnos" })).toBeVisible();
  });

  test("staff's forms answer without JavaScript: errors named, typed values kept", async ({ browser }) => {
    test.setTimeout(180_000);
    const signedIn = await staffPage(browser);
    // The session cookie is set once the second step has landed on the page asked for.
    await expect(signedIn).toHaveURL(/\/admin\/volunteers$/);
    const staff = await (
      await browser.newContext({
        viewport: PHONE,
        javaScriptEnabled: false,
        // The same visitor as the sign-in (sessions are bound to it), now without JavaScript.
        extraHTTPHeaders: { "CF-Connecting-IP": "203.0.113.71" },
        storageState: await signedIn.context().storageState(),
      })
    ).newPage();
    await staff.goto("/admin/volunteers?role=events#add");
    const title = `Book fair ${RUN}`;
    await staff.getByLabel(/^Title \(English\)/).fill(title);
    await staff.getByLabel(/^Title \(Spanish\)/).fill(`Feria del libro ${RUN}`);
    await staff.getByLabel(/^Date \(first date/).fill(newYorkIn(24 * 8).date);
    await staff.getByLabel(/^Starts/).fill("2pm");
    await staff.getByLabel(/^Ends/).fill("1pm");
    await staff.getByRole("button", { name: "Add", exact: true }).click();
    await expect(staff.getByRole("link", { name: /The end must be after the start/ })).toBeVisible();
    await expect(staff.getByLabel(/^Title \(English\)/)).toHaveValue(title);
    await staff.getByLabel(/^Ends/).fill("4pm");
    await staff.getByRole("button", { name: "Add", exact: true }).click();
    await expect(staff.getByText("1 shift added.")).toBeVisible();
    await staff.getByRole("link", { name: title }).click();
    await staff.getByRole("button", { name: "Cancel this shift" }).click();
    await staff.getByRole("button", { name: "Cancel the shift" }).click();
    await expect(staff.getByText("The shift is cancelled and its volunteers are told.")).toBeVisible();

    await staff.goto(walk.volunteerPath);
    await staff.getByRole("combobox", { name: /^Clearance/ }).selectOption({ label: "First aid" });
    await staff.getByLabel(/^Date completed/).fill(addDays(newYorkIn(0).date, -1));
    await staff.getByLabel(/^Expires/).fill(addDays(newYorkIn(0).date, -5));
    await staff.getByRole("button", { name: "Record" }).click();
    await expect(
      staff.getByRole("link", { name: /The expiry must be after the date completed/ }),
    ).toBeVisible();
    await expect(staff.getByLabel(/^Expires/)).toHaveValue(addDays(newYorkIn(0).date, -5));

    const young = application("volunteer", "Robin Young", `young-${RUN}@example.org`, {
      variant: "page",
      age: 16,
    });
    await staff.goto(`/admin/volunteers/accept/${young}`);
    await staff.getByRole("button", { name: "Accept as volunteer" }).click();
    await expect(staff.getByRole("link", { name: /Parent or guardian's e-mail/ })).toBeVisible();
  });
});

test("a 16-year-old peer mentor signs up once their guardian consents", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const staff = await staffPage(browser);
  const start = newYorkIn(24 * 6);
  const title = `Peer mentoring ${RUN}`;
  await fillShift(staff, "Mentor", { title, date: start.date, start: "3:30 PM", end: "5pm" });
  for (const name of ["Background check", "Training", "First aid"])
    await staff.getByRole("checkbox", { name }).uncheck();
  await staff.getByRole("button", { name: "Add", exact: true }).click();
  await expect(staff.getByText("1 shift added.")).toBeVisible();

  const email = `peer-${RUN}@example.org`;
  const guardian = `guardian-${RUN}@example.org`;
  await accept(staff, application("mentoring", "Pat Peer", email, { role: "mentor", age: 16 }), guardian);

  const volunteer = await onPhone(page);
  const link = linkIn(latestMail(email, "volunteer.welcome")!.text, "/volunteer/me");
  await volunteer.goto(link);
  await volunteer.getByRole("button", { name: new RegExp(`^Sign up\\s*: ${title}$`) }).click();
  await expect(volunteer.getByRole("alert")).toContainText("your parent or guardian needs to give consent");

  walk.guardianLink = linkIn(latestMail(guardian, "volunteer.guardian")!.text, "/volunteer/guardian");
  const asked = await (await browser.newContext({ viewport: PHONE })).newPage();
  await rememberCookieChoice(asked);
  await asked.goto(walk.guardianLink);
  await expectNoAxeViolations(asked);
  // The guardian's page is a form that works without JavaScript, as a mail app's browser may have
  // it (axe runs in the page's JavaScript, so the scan above is of the same page with it).
  const parent = await (await browser.newContext({ viewport: PHONE, javaScriptEnabled: false })).newPage();
  await rememberCookieChoice(parent);
  await parent.goto(walk.guardianLink);
  await parent.getByRole("button", { name: "I am their parent or guardian and I give my consent" }).click();
  await expect(parent.getByRole("status").filter({ hasText: /\S/ })).toHaveText(
    "Thank you. Your consent is recorded, and Pat Peer can now sign up for shifts.",
  );

  await volunteer.goto(link);
  await volunteer.getByRole("button", { name: new RegExp(`^Sign up\\s*: ${title}$`) }).click();
  await expect(volunteer.getByRole("status").filter({ hasText: /\S/ })).toHaveText(
    "You are signed up. We will e-mail you a reminder the day before.",
  );
});

/** Tabs through the page: every stop is visible on screen and shows a focus ring. */
async function walkByKeyboard(page: Page, stops: number) {
  for (let stop = 0; stop < stops; stop++) {
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    if ((await focused.count()) === 0) continue;
    await expect(focused).toBeInViewport();
    const ring = await focused.evaluate((element) => {
      const style = getComputedStyle(element);
      return style.outlineStyle !== "none" || style.boxShadow !== "none";
    });
    expect(ring, await focused.evaluate((element) => element.outerHTML.slice(0, 120))).toBe(true);
  }
}

test("every volunteer page at 390 and 1280 px, in English and Spanish, light and dark", async ({
  browser,
  page,
}) => {
  test.setTimeout(600_000);
  mkdirSync(SHOTS, { recursive: true });
  const staff = await staffPage(browser);
  // A volunteer who also has an account with the same verified e-mail opens the same page signed in.
  const person = testAccount("volunteer-account", RUN);
  createAccount(person.email, "Val Account", person.password);
  executeLocalD1(`UPDATE users SET role = 'USER' WHERE email = '${person.email}';`);
  await accept(staff, application("volunteer", "Val Account", person.email, { variant: "page", age: 41 }));
  const account = await (await browser.newContext({ viewport: PHONE })).newPage();
  await rememberCookieChoice(account);
  await logIn(account, person);
  await expect(account).toHaveURL(/\/account$/);
  const withLanguage = (address: string, lng: string) => {
    const url = new URL(address, "http://site");
    url.searchParams.set("lng", lng);
    return `${url.pathname}${url.search}`;
  };
  const pages = [
    { name: "volunteer", on: page, path: "/volunteer" },
    { name: "me", on: page, path: walk.volunteerLink },
    { name: "me-account", on: account, path: "/volunteer/me" },
    { name: "me-new-link", on: page, path: "/volunteer/me?key=expired" },
    { name: "guardian", on: page, path: walk.guardianLink },
    { name: "admin", on: staff, path: "/admin/volunteers" },
    { name: "admin-shift", on: staff, path: walk.shiftPath },
    { name: "admin-volunteer", on: staff, path: walk.volunteerPath },
    { name: "admin-accept", on: staff, path: walk.acceptPath },
  ];
  for (const { name, on, path } of pages) {
    expect(path, name).not.toBe("");
    // English, light, in one load at both widths (every rule), then by keyboard at 1280 px;
    // Spanish, dark, in one load at both widths (the colours): a resize shows what opening the
    // page at that width would, the layout following the width through CSS alone (decision 072).
    // Sections fade in as they scroll into view: axe judges the settled page, as reduced motion shows it.
    await on.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
    await on.setViewportSize(PHONE);
    await on.goto(withLanguage(path, "en"));
    await waitForHydration(on);
    await expectNoAxeViolations(on);
    await screenshotToLookAt(on, `${SHOTS}/${name}-390-en-light.png`, { fullPage: true });
    await on.setViewportSize(DESKTOP);
    await expectNoAxeViolations(on);
    await screenshotToLookAt(on, `${SHOTS}/${name}-1280-en-light.png`, { fullPage: true });
    await walkByKeyboard(on, 25);
    await on.goto(withLanguage(path, "es"));
    await waitForHydration(on);
    await turnSystemDark(on);
    await expectNoAxeViolations(on, COLOUR_RULES);
    await screenshotToLookAt(on, `${SHOTS}/${name}-1280-es-dark.png`, { fullPage: true });
    await on.setViewportSize(PHONE);
    await expectNoAxeViolations(on, COLOUR_RULES);
    await screenshotToLookAt(on, `${SHOTS}/${name}-390-es-dark.png`, { fullPage: true });
    await on.emulateMedia({ colorScheme: "light" });
  }
  // The calendar file and the hours CSV: what a calendar and a spreadsheet open.
  const calendar = await page.request.get(
    `${walk.shiftPath.replace("/admin/volunteers", "/volunteer")}/calendar.ics`,
  );
  expect(calendar.headers()["content-type"]).toContain("text/calendar");
  expect(await calendar.text()).toContain("BEGIN:VEVENT");
  const csv = await staff.request.get("/admin/volunteers/hours.csv");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(`tutor-${RUN}@example.org`);
});
