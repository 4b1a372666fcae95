import type { Browser, Page } from "@playwright/test";
import {
  createAccount,
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  latestMail,
  rememberCookieChoice,
  runId,
  signInStaff,
  test,
  testAccount,
} from "./fixtures";

// Volunteers (decision 055): staff add a weekly tutoring series and accept an application; the
// volunteer signs up for the series from the e-mailed link on a phone, gets the day-before reminder
// when the Cron runs, is checked in and sees their hours; a coach without first aid is refused; a
// 16-year-old peer mentor's guardian consents through their own link.
const RUN = runId();
const STAFF = testAccount("shifts", RUN);
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: "serial" });
// A refused sign-up is the page's answer 409, shown on the page.
test.use({ allowConsoleErrors: [/^409 .*\/volunteer\/me\.data/], actionTimeout: 15_000 });
test.beforeAll(() => createAccount(STAFF.email, "Sam Shifts", STAFF.password));

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
  await staff.getByRole("link", { name: "Tutor", exact: true }).click();
  await staff.getByLabel(/^Title \(English\)/).fill(title);
  await staff.getByLabel(/^Title \(Spanish\)/).fill(`Tutoría de los martes ${RUN}`);
  await staff.getByLabel(/^Date \(first date/).fill(start.date);
  await staff.getByLabel(/^Last date of a weekly series/).fill(addDays(start.date, 21));
  await staff.getByLabel(/^Starts/).fill(`${start.hour}:00`);
  await staff.getByLabel(/^Ends/).fill(`${start.hour + 2}:00`);
  await staff.getByLabel(/^Places/).fill("6");
  // The tutor role's requirements tick its clearances.
  await expect(staff.getByRole("checkbox", { name: "Background check" })).toBeChecked();
  await expect(staff.getByRole("checkbox", { name: "Training" })).toBeChecked();
  await staff.getByRole("button", { name: "Add", exact: true }).click();
  await expect(staff.getByText("4 shifts added.")).toBeVisible();
  await expectNoAxeViolations(staff);

  const email = `tutor-${RUN}@example.org`;
  await accept(staff, application("volunteer", "Taylor Tutor", email, { variant: "page" }));
  await recordClearance(staff, "Background check");
  await recordClearance(staff, "Training");

  // The volunteer, on a phone: the link, then one tap.
  const volunteer = await onPhone(page);
  await volunteer.goto(linkIn(latestMail(email, "volunteer.welcome")!.text, "/volunteer/me"));
  await expect(volunteer.getByRole("heading", { level: 1, name: "Your volunteer shifts" })).toBeVisible();
  await expectNoAxeViolations(volunteer);
  await volunteer
    .getByRole("button", { name: new RegExp(`^Sign up for the whole series\\s*: ${title}$`) })
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

  // Staff check the volunteer in with one tap on the shift's page.
  await staff.goto("/admin/volunteers");
  await staff.getByRole("link", { name: title }).first().click();
  await staff.getByRole("button", { name: /^Attended \(whole shift\)\s*: Taylor Tutor$/ }).click();
  await expect(staff.getByText("Saved.")).toBeVisible();
  await expectNoAxeViolations(staff);

  await staff.screenshot({ path: "test-results/volunteers-roster-390.png", fullPage: true });

  await volunteer.reload();
  await expect(volunteer.getByText("2 hours in all")).toBeVisible();
  await volunteer.screenshot({ path: "test-results/volunteers-me-390.png", fullPage: true });
  await volunteer.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(volunteer);
  // The public page lists the series with its places left, at both widths.
  await volunteer.goto("/volunteer#shifts");
  await expect(volunteer.getByRole("heading", { name: title }).first()).toBeVisible();
  await expectNoAxeViolations(volunteer);
  await volunteer.screenshot({ path: "test-results/volunteers-public-1280.png" });
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
    await staff.getByRole("link", { name: "Coach", exact: true }).click();
    await staff.getByLabel(/^Title \(English\)/).fill(title);
    await staff.getByLabel(/^Date \(first date/).fill(start.date);
    await staff.getByLabel(/^Starts/).fill("5pm");
    await staff.getByLabel(/^Ends/).fill("7pm");
    await expect(staff.getByRole("checkbox", { name: "First aid" })).toBeChecked();
    await staff.getByRole("button", { name: "Add", exact: true }).click();
    await expect(staff.getByText("1 shift added.")).toBeVisible();

    const email = `coach-${RUN}@example.org`;
    await accept(staff, application("volunteer", "Casey Coach", email, { variant: "page" }));
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

test("a 16-year-old peer mentor signs up once their guardian consents", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const staff = await staffPage(browser);
  const start = newYorkIn(24 * 6);
  const title = `Peer mentoring ${RUN}`;
  await staff.getByRole("link", { name: "Mentor", exact: true }).click();
  await staff.getByLabel(/^Title \(English\)/).fill(title);
  await staff.getByLabel(/^Date \(first date/).fill(start.date);
  await staff.getByLabel(/^Starts/).fill("3:30 PM");
  await staff.getByLabel(/^Ends/).fill("5pm");
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

  const parent = await (await browser.newContext({ viewport: PHONE })).newPage();
  await rememberCookieChoice(parent);
  await parent.goto(linkIn(latestMail(guardian, "volunteer.guardian")!.text, "/volunteer/guardian"));
  await expectNoAxeViolations(parent);
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
