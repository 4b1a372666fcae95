import { readFile } from "node:fs/promises";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Page } from "@playwright/test";
import {
  COLOUR_RULES,
  createAccount,
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  latestMail,
  logIn,
  passSecondFactor,
  rememberCookieChoice,
  runId,
  signInStaff,
  test,
  testAccount,
  waitForHydration,
} from "./fixtures";

// The server under test keeps its D1 here (scripts/e2e-server.mjs); an admin is the account
// `npm run admin:create` makes (`createAccount`), and a visitor's submission is inserted as the
// forms would store it.
const RUN = runId();
const ADMIN = testAccount("admin", RUN);
const SUBMITTER = `Rosa Submitter ${RUN}`;
const PASSWORD = "a long e2e password";

test.beforeAll(() => {
  createAccount(ADMIN.email, "Eve Admin", ADMIN.password);
  const payload = JSON.stringify({ subject: "program", message: `=cmd|' /C calc'!A0 from ${RUN}` }).replace(
    /'/g,
    "''",
  );
  executeLocalD1(
    `INSERT OR IGNORE INTO submissions (id, kind, locale, name, email, payload, idempotency_key) VALUES ('e2e-${RUN}', 'contact', 'es', '${SUBMITTER}', 'rosa-${RUN}@example.com', '${payload}', 'e2e-${RUN}');`,
  );
});

test.beforeEach(async ({ page }) => rememberCookieChoice(page));
// A rejected login answers 400 and a signed-out /api/v1/auth/me 401, on purpose.
// (One pattern: Playwright reads a two-item array as [value, options].)
test.use({
  allowConsoleErrors: [/^(400 .*\/(login|signup|login\/second-factor)\.data|401 .*\/api\/v1\/auth\/me)$/],
});

async function signUp(page: Page, name: string, email: string) {
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Full name (required)", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Email (required)", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password (required)", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  // Not signed in yet: the account is confirmed through the link e-mailed to it (decision 013).
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect(userMenu(page)).toHaveCount(0);
  await page.goto(verificationLink(email));
  await expect(page.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Password (required)", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm my e-mail" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** The confirmation link the site queued for `email`, read from the outbox in D1. */
function verificationLink(email: string): string {
  const mail = latestMail(email, "account.verify-email");
  const link = new URL(/https?:\/\/\S*\/verify-email\?\S+/.exec(mail!.text)![0]);
  return `${link.pathname}${link.search}`;
}

const userMenu = (page: Page) =>
  page.locator("header summary").filter({ has: page.locator("[title^='Signed in as']") });

test("sign up, log out, log in: the header follows", async ({ page }) => {
  const email = `new-${RUN}@example.com`;
  await page.goto("/");
  await expect(page.locator("header").getByRole("link", { name: "Donate" })).toBeVisible();

  await signUp(page, "Nora New", email);
  await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
  await expect(userMenu(page)).toHaveText("Nora Newuser");
  await expect(userMenu(page).locator("[title]")).toHaveAttribute(
    "title",
    "Signed in as Nora New, role user",
  );
  await expect(page.locator("header").getByRole("link", { name: "Donate" })).toHaveCount(0);
  await userMenu(page).click();
  await expect(
    page.locator("header").getByRole("link", { name: "Admin Dashboard", exact: true }),
  ).toHaveCount(0);
  await page.locator("header").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenu(page)).toHaveCount(0);
  await expect(page.locator("header").getByRole("link", { name: "Donate" })).toBeVisible();
  expect(await page.evaluate(() => fetch("/api/v1/auth/me").then((response) => response.status))).toBe(401);

  await logIn(page, { email, password: "wrong password!" });
  await expect(page.getByRole("alert")).toContainText("The e-mail or password is incorrect.");
  await expect(page.getByRole("textbox", { name: "Email (required)", exact: true })).toHaveValue(email);
  await expect(page.getByRole("textbox", { name: "Password (required)", exact: true })).toHaveValue("");
  await page.getByRole("textbox", { name: "Password (required)", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(userMenu(page)).toBeVisible();
  const me = await page.evaluate(() => fetch("/api/v1/auth/me").then((response) => response.json()));
  expect(me).toEqual({ name: "Nora New", email, role: "USER" });
});

test("logout clears the user in the header even if the call fails (docs/product.md §4)", async ({ page }) => {
  await signUp(page, "Fay Failing", `fail-${RUN}@example.com`);
  await page.route("**/api/v1/auth/logout", (route) => route.abort());
  await userMenu(page).click();
  await page.locator("header").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenu(page)).toHaveCount(0);
  await expect(page.locator("header").getByRole("link", { name: "Donate" })).toBeVisible();
});

test("login and signup pages pass axe and show errors in a summary", async ({ page }) => {
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(page).toHaveTitle(/^Error: /);
  await expectNoAxeViolations(page);
  await page.goto("/login");
  await expectNoAxeViolations(page);
});

test("before the link is followed, /account says so and offers it again; the pages pass axe", async ({
  page,
}) => {
  const email = `unverified-${RUN}@example.com`;
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Full name (required)", exact: true }).fill("Ursula Unverified");
  await page.getByRole("textbox", { name: "Email (required)", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password (required)", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expectNoAxeViolations(page);

  await logIn(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "My gifts" })).toHaveCount(0);
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText(`We have sent a new link to ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(verificationLink(email));
  await expect(page.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
  await expectNoAxeViolations(page);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Password (required)", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm my e-mail" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "My gifts" })).toBeVisible();
});

test("a USER is refused at /admin", async ({ page }) => {
  await signUp(page, "Uri User", `user-${RUN}@example.com`);
  const response = await page.goto("/admin/submissions");
  expect(response!.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  await expect(page.getByText(SUBMITTER)).toHaveCount(0);
});

test("a visitor at /admin is sent to log in, then back", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusers$/);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Email (required)", exact: true }).fill(ADMIN.email);
  await page.getByRole("textbox", { name: "Password (required)", exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await passSecondFactor(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
});

test("a new staff member adds an authenticator app, then signs in with its code and with a recovery code", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = testAccount("enrol", RUN);
  createAccount(member.email, "Enzo Enrol", member.password);
  executeLocalD1(`UPDATE users SET role = 'STAFF' WHERE email = '${member.email}';`);
  const signOut = async () => {
    await userMenu(page).click();
    await page.locator("header").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
  };

  // The password alone leads to enrolment, not to /admin; the key is shown as text too.
  await logIn(page, member);
  await expect(page).toHaveURL(/\/login\/second-factor$/);
  await expect(page.getByRole("heading", { name: "Add an authenticator app" })).toBeVisible();
  await expect(
    page.getByRole("img", { name: "QR code with the key for your authenticator app" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoAxeViolations(page, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: "light" });
  const keyText = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent())!;
  const key = decodeBase32IgnorePadding(keyText.replace(/ /g, ""));
  const codeAt = (step: number) => generateHOTP(key, BigInt(step), 6);
  const enrolStep = Math.floor(Date.now() / 30_000);

  await waitForHydration(page);
  const appCode = page.getByRole("textbox", { name: /^Code from the app/ });
  await appCode.fill("12345");
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter the six digits your app shows.");
  await appCode.fill(codeAt(enrolStep));
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  const codes = page.getByRole("list", { name: "Save your recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "I have saved them, continue" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Their sessions, this one marked.
  await page.goto("/account/security");
  await expect(page.getByRole("cell", { name: /\(this device\)/ })).toBeVisible();
  await expect(page.getByText("10 recovery codes left.")).toBeVisible();
  await expectNoAxeViolations(page);
  await signOut();

  // Next time: password, then the app's code (the next step's: the enrolment used this one).
  await logIn(page, member);
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  await expect(page.getByText(keyText)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: /^Code/ }).fill(codeAt(enrolStep + 1));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await signOut();

  // Without the phone: a recovery code, once.
  await logIn(page, member);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: /^Code/ }).fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await signOut();
  await logIn(page, member);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: /^Code/ }).fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right, or it has already been used.");
  await expect(page).toHaveURL(/\/login\/second-factor$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a staff member enrols and signs in with a code from the app", async ({ page }) => {
    test.setTimeout(90_000);
    const member = testAccount("nojs", RUN);
    createAccount(member.email, "Noa NoScript", member.password);
    const password = async () => {
      await page.goto("/login");
      await page.getByRole("textbox", { name: "Email (required)", exact: true }).fill(member.email);
      await page.getByRole("textbox", { name: "Password (required)", exact: true }).fill(member.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(/\/login\/second-factor$/);
    };
    await password();
    const keyText = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent())!;
    const key = decodeBase32IgnorePadding(keyText.replace(/ /g, ""));
    const step = Math.floor(Date.now() / 30_000);
    await page.getByRole("textbox", { name: /^Code from the app/ }).fill(generateHOTP(key, BigInt(step), 6));
    await page.getByRole("button", { name: "Confirm and continue" }).click();
    await expect(
      page.getByRole("list", { name: "Save your recovery codes" }).getByRole("listitem"),
    ).toHaveCount(10);
    await page.getByRole("link", { name: "I have saved them, continue" }).click();
    await expect(page).toHaveURL(/\/admin$/);

    await page.context().clearCookies();
    await password();
    await page.getByRole("textbox", { name: /^Code/ }).fill("000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not right");
    await page.getByRole("textbox", { name: /^Code/ }).fill(generateHOTP(key, BigInt(step + 1), 6));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test("an admin's second-factor reset asks first; Keep changes nothing, Yes resets", async ({ page }) => {
  // Two sign-in steps and four axe scans.
  test.setTimeout(60_000);
  const target = testAccount("reset-target", RUN);
  createAccount(target.email, "Rae Reset", target.password);
  executeLocalD1(
    `INSERT OR IGNORE INTO totp_credentials (user_id, encrypted_key, confirmed_at) SELECT id, 'e2e', '2026-01-01T00:00:00.000Z' FROM users WHERE email = '${target.email}';`,
  );
  await signInStaff(page, ADMIN);
  await page.goto(`/admin/users?q=${encodeURIComponent(target.email)}`);
  await waitForHydration(page);
  const reset = page.getByRole("button", { name: `Reset the second step of ${target.email}` });
  const question = page.getByRole("heading", {
    name: `Reset the second step of ${target.email}?`,
    exact: false,
  });
  await reset.click();
  await expect(question).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Keep" }).click();
  await expect(question).toHaveCount(0);
  await expect(reset).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await reset.click();
  await expect(question).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Yes, reset" }).click();
  await expect(page.getByText(`The second step of ${target.email} is reset`)).toBeVisible();
  await expect(reset).toHaveCount(0);
});

test("a staff member adds a passkey and signs in with it (a virtual authenticator)", async ({ page }) => {
  test.setTimeout(90_000);
  const member = testAccount("passkey", RUN);
  createAccount(member.email, "Pat Passkey", member.password);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await signInStaff(page, member);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/account/security");
  await waitForHydration(page);
  await expect(page.getByText("No passkey yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add a passkey on this device" }).click();
  await expect(page.getByText("Your passkey is added.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove passkey 1" })).toBeVisible();
  await expectNoAxeViolations(page);

  await userMenu(page).click();
  await page.locator("header").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, member);
  await expect(page).toHaveURL(/\/login\/second-factor$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/account/security");
  await expect(page.getByText(/last used/)).toBeVisible();
});

test("an admin works a submission from new to done and exports CSV", async ({ page }) => {
  // Eleven pages and posts in one journey.
  test.setTimeout(90_000);
  await signInStaff(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await userMenu(page).click();
  await expect(
    page.locator("header").getByRole("link", { name: "Admin Dashboard", exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Submissions" })
    .click();
  await page.getByLabel("Form").selectOption("contact");
  await page.getByLabel("Status").selectOption("new");
  await page.getByLabel("Name, e-mail or text").fill(RUN);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=contact/);
  await page.getByRole("link", { name: `Open submission from ${SUBMITTER}` }).click();
  await expect(page.getByRole("heading", { name: `Submission from ${SUBMITTER}` })).toBeVisible();

  for (const status of ["In progress", "Done"]) {
    await page.getByLabel("Status").selectOption({ label: status });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Changes saved.")).toBeVisible();
    await expect(page.locator("main").getByText(status, { exact: true }).first()).toBeVisible();
  }
  // Notes are kept as a history, each with its author, never overwritten (decision 022).
  for (const note of ["Called Rosa back", "Rosa called again"]) {
    await page.getByLabel("Add a note").fill(note);
    await page.getByRole("button", { name: "Add note" }).click();
    // The first note's message is still shown while the second is saved: wait for the note.
    await expect(
      page.getByRole("region", { name: "Notes and history" }).getByText(note, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText("Note added.")).toBeVisible();
  }
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("done");
  await expect(page.getByText("Called Rosa back", { exact: true })).toBeVisible();
  await expect(page.getByText("Rosa called again", { exact: true })).toBeVisible();
  await expect(page.getByText("Note by Eve Admin")).toHaveCount(2);

  await page.goto("/admin/submissions?kind=contact&status=done");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^submissions-contact-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(SUBMITTER);
  expect(csv).toContain(`'=cmd|`);

  // The audit log shows the status before and after, and the export with its filters and rows.
  await page.goto("/admin/audit");
  await expect(page.getByText("Changed the status or assignee of").first()).toBeVisible();
  const exportRow = page.getByRole("row").filter({ hasText: "Exported submissions (CSV)" }).first();
  await expect(exportRow).toContainText("Kind: Contact, Status: Done");
  await expect(exportRow).toContainText("Rows exported");
  await expect(
    page
      .getByRole("definition")
      .filter({ hasText: /^In progress$/ })
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole("definition")
      .filter({ hasText: /^Done$/ })
      .first(),
  ).toBeVisible();
});

test("an admin edits a Spanish string and the public page shows it", async ({ page, browser }) => {
  const text = `Entre para ver sus donaciones (${RUN}).`;
  await signInStaff(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/content?locale=es&namespace=account&q=login.lead");
  await waitForHydration(page);
  const field = page.getByLabel("Text for login.lead");
  await field.fill(text);
  await page.getByRole("button", { name: "Save login.lead" }).click();
  await expect(page.getByText("Saved login.lead.")).toBeVisible();

  // A visitor (another browser, not signed in) sees it on the next request.
  const visitor = await browser.newPage();
  await visitor.goto("/login?lng=es");
  await expect(visitor.getByText(text)).toBeVisible();

  // Put the original back so that other runs see the shipped copy.
  await page.goto("/admin/content?locale=es&namespace=account&q=login.lead&lng=en");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Restore the original text of login.lead" }).click();
  await expect(page.getByText("Restored the original text of login.lead.")).toBeVisible();
  await visitor.goto("/login?lng=es");
  await expect(visitor.getByText(text)).toHaveCount(0);
  await expect(visitor.getByText("Inicie sesión para ver sus donaciones")).toBeVisible();
  await visitor.close();
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`admin pages, ${colorScheme}`, () => {
    test.use({ colorScheme });
    test("pass axe", async ({ page }) => {
      test.setTimeout(150_000);
      await signInStaff(page, ADMIN);
      await expect(page).toHaveURL(/\/admin$/);
      for (const path of [
        "/admin/submissions",
        `/admin/submissions/e2e-${RUN}`,
        "/admin/donations",
        "/admin/subscribers",
        "/admin/content?locale=es&namespace=account",
        "/admin/outbox",
        "/admin/users",
        "/admin/audit",
        "/account",
        "/account/security",
      ]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
      }
    });
  });
}
