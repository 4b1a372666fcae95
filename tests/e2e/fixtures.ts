import { pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import AxeBuilder from "@axe-core/playwright";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import {
  test as base,
  expect,
  type Browser,
  type BrowserContextOptions,
  type Cookie,
  type Locator,
  type Page,
} from "@playwright/test";
import { BASE_URL } from "../../playwright.config";

/**
 * Every test fails on an unexpected console error or a request that leaves the site
 * (docs/conventions.md, Tests). A test that expects an error says so with `allowConsoleErrors`;
 * one that goes to another of the tests' own servers (the stand-in Checkout page) names its
 * origin in `otherOrigins`.
 */
type SiteFixtures = { allowConsoleErrors: RegExp[]; otherOrigins: string[]; consoleGuard: void };

export const test = base.extend<SiteFixtures>({
  allowConsoleErrors: [[], { option: true }],
  otherOrigins: [[], { option: true }],
  // Each test posts from its own address (as the worker tests do): every public form shares
  // one allowance per visitor (decision 012), and the suite sends more than ten forms.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    const hash = [...`${testInfo.testId}:${testInfo.retry}`].reduce(
      (sum, char) => (sum * 31 + char.charCodeAt(0)) % 65_536,
      7,
    );
    await provide({ "CF-Connecting-IP": `198.18.${hash >> 8}.${hash & 255}` });
  },
  consoleGuard: [
    async ({ page, allowConsoleErrors, otherOrigins, baseURL }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        // The browser reports every 4xx/5xx this way; responses are checked below instead,
        // so that a not-found page (a document answering 404 on purpose) is not an error.
        if (text.startsWith("Failed to load resource")) return;
        if (!allowConsoleErrors.some((pattern) => pattern.test(text))) problems.push(text);
      });
      page.on("response", (response) => {
        const request = response.request();
        if (response.status() >= 400 && request.resourceType() !== "document") {
          const line = `${response.status()} ${request.url()}`;
          if (!allowConsoleErrors.some((pattern) => pattern.test(line))) problems.push(line);
        }
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      // Seen, not intercepted: a route (`page.route`) turns the browser's cache off and sends every
      // request through the test process, which made each page load about twice as long
      // (docs/decisions/072-a-faster-suite.md). The site's CSP already keeps a page's own requests
      // at home; this catches what would slip past it.
      const ownOrigins = new Set([new URL(baseURL!).origin, ...otherOrigins]);
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (/^(https?|wss?):$/.test(url.protocol) && !ownOrigins.has(url.origin))
          problems.push(`outbound request: ${url.href}`);
      });
      await use();
      expect(problems, "console errors or outbound requests").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The axe rules that read colours. The dark theme changes colours only (every `dark:` class sets a
 * colour), so on a page already checked in full, these are what the other theme can fail.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Zero WCAG 2.2 AA violations (axe), or none of the given rules when the page is checked in part.
 * axe runs in the page itself (`axe.run`, "legacy mode"): the default opens a blank page in the
 * context for every check to merge results from cross-origin frames, which the site never has
 * (strict CSP, no third parties); the same rules judge the same page, a second sooner per check.
 * Only violations are gathered (`resultTypes`): axe still runs every rule on every node, but skips
 * the CSS selectors of each node that passed, which nothing here reads, a quarter of a check's
 * time (docs/decisions/072-a-faster-suite.md). `options` comes first: it replaces the options
 * that `withRules`/`withTags` add to.
 */
export async function expectNoAxeViolations(page: Page, rules?: readonly string[]) {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  const results = await (
    rules
      ? builder.withRules([...rules])
      : builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
  ).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

/**
 * A page's check at both widths in one load (decision 072), the page open at 390 px in the light
 * theme: every rule; resized to 1280 px, every rule; turned dark, the rules that read colours
 * (the dark theme changes colours only) at 1280, then at 390 px. The site's layout follows the
 * width through CSS alone, so resizing shows what opening the page at that width would.
 * `atEachWidth` runs first at each width, in the light theme: what the test itself reads there.
 */
export async function expectNoAxeViolationsAtBothWidths(
  page: Page,
  atEachWidth: (width: 390 | 1280) => Promise<void> = async () => {},
) {
  const height = page.viewportSize()?.height ?? 900;
  await page.setViewportSize({ width: 390, height });
  await atEachWidth(390);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height });
  await atEachWidth(1280);
  await expectNoAxeViolations(page);
  await turnSystemDark(page);
  await expectNoAxeViolations(page, COLOUR_RULES);
  await page.setViewportSize({ width: 390, height });
  await expectNoAxeViolations(page, COLOUR_RULES);
}

/**
 * A screenshot for a person walking the pages to look at, where `path` says.
 * Nothing asserts on it, so a run nobody looks at (`CI`, as `npm test` runs the suite) takes none:
 * a full-page one cost 0.3–0.9 s, some 250 a run (docs/decisions/072-a-faster-suite.md).
 */
export async function screenshotToLookAt(
  target: Page | Locator,
  path: string,
  { fullPage = false }: { fullPage?: boolean } = {},
) {
  if (process.env.CI) return;
  await ("goto" in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}

/** The two views a list's walk takes: a desktop in English, light, and a phone in Spanish, dark. */
export const LIST_VIEWS = [
  { name: "desktop-en-light", width: 1280, height: 900, lng: "en", dark: false },
  { name: "phone-es-dark", width: 390, height: 844, lng: "es", dark: true },
] as const;

/** `from`, `from - 1`, … `to`: the numbers of a run's rows as a list newest first shows them. */
export const countDown = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => from - i);

/**
 * The system turning dark: a page on the system theme follows it. Reduced motion gives every
 * element a 0.01 ms transition (app.css), so each colour moves through one; axe must read the
 * colours at their end, and waiting for them, the test browser sometimes never ended them within
 * a test's 30 s, so each is finished here.
 */
export async function turnSystemDark(page: Page) {
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.evaluate(() => {
    for (const animation of document.getAnimations())
      if (animation instanceof CSSTransition) animation.finish();
  });
}

/**
 * Waits until React has hydrated the page, so clicks reach their handlers. While a new document
 * loads, the check may run before it has a root element: then it is simply not hydrated yet. A
 * reading page (decision 074) has nothing to hydrate: once parsed, it has no module script.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement?.dataset.hydrated === "true" ||
      (document.readyState !== "loading" && !document.querySelector('script[type="module"]')),
  );
}

/**
 * Opens a reading page (decision 074) as React Router renders it in the browser: its JavaScript
 * behaviours (carousels, dialogs) run only after a client navigation from a page that hydrated,
 * here /contact, by a link to `path` in the frame.
 */
export async function openInPlace(page: Page, path: string) {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.locator(`header a[href="${path}"]:visible, footer a[href="${path}"]:visible`).first().click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, "\\$&")}$`));
}

/**
 * Opens `path` again until `shown` is on it. A program page keeps a session's places left for up
 * to 60 s (the page cache, decision 054), so a page another spec opened moments before may still
 * show a place that was just taken, as a visitor would see it.
 */
export async function openUntilShown(page: Page, path: string, shown: Locator) {
  await page.goto(path);
  // Reloaded, not opened again: going to the same address with a #fragment loads nothing.
  await expect(async () => {
    if (!(await shown.isVisible())) await page.reload();
    await expect(shown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 75_000, intervals: [5_000] });
}

/** A mark on the page's window, gone if the browser loads a new document. */
export async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { documentMark: "kept" }));
}
export const documentMark = (page: Page) =>
  page.evaluate(() => (window as unknown as { documentMark?: string }).documentMark ?? null);

/** Dismisses the cookie banner the way a returning visitor would have, before any page loads. */
export async function rememberCookieChoice(page: Page) {
  await page.addInitScript(() => {
    if (localStorage.getItem("cookieConsent") === null) localStorage.setItem("cookieConsent", "necessary");
  });
}

/** How long a look at the outbox waits for the running Worker's own write to end: SQLite's busy timeout. */
const LOCAL_D1_LOCK_WAIT_MS = 30_000;

/** A visitor of their own: a page in a new browser context, the cookie choice remembered. */
export async function visitorPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await rememberCookieChoice(page);
  return page;
}

/** A guardian adds a child on /account/children (decision 054): the form filled and saved. */
export async function addChild(page: Page, name: string, allergies: string) {
  await page.getByLabel(/^Child's full name/).fill(name);
  await page.getByLabel(/^Date of birth/).fill("2017-03-14");
  await page.getByLabel(/^Grade this school year/).selectOption("4");
  await page.getByLabel(/^Allergies/).fill(allergies);
  await page.getByLabel(/^Emergency contact's name/).fill("Rosa Guardian");
  await page.getByLabel(/^Emergency contact's phone/).fill("212 555 0142");
  await page.getByLabel(/^I agree to my child taking part/).check();
  await page.getByRole("button", { name: "Save child" }).click();
  await expect(page.getByText("Saved. You can now ask for a place in a session.")).toBeVisible();
}

/**
 * The file of the e2e Worker's local D1 (scripts/e2e-server.mjs keeps it per port): miniflare's
 * D1 is a SQLite database in WAL mode, where a reader in another process never stops the Worker's
 * writes.
 */
function localD1File(): string {
  const dir = `${PERSIST_TO}/v3/d1/miniflare-D1DatabaseObject`;
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected the one D1 database of the e2e Worker in ${dir}`);
  return `${dir}/${files[0]}`;
}

/** The outbox of the e2e Worker's local D1. */
function outboxMails(to: string, template: string): { text: string; subject: string }[] {
  const db = new DatabaseSync(localD1File(), { readOnly: true, timeout: LOCAL_D1_LOCK_WAIT_MS });
  try {
    return db
      .prepare('SELECT text, subject FROM outbox WHERE "to" = ? AND template = ? ORDER BY created_at DESC')
      .all(to, template) as { text: string; subject: string }[];
  } finally {
    db.close();
  }
}

/** The newest message of one template to one address. */
export function latestMail(to: string, template: string): { text: string; subject: string } | undefined {
  return outboxMails(to, template)[0];
}

/** How many messages of one template went to one address. */
export function mailCount(to: string, template: string): number {
  return outboxMails(to, template).length;
}

/** Where the e2e Worker keeps its local D1, KV and R2 (scripts/e2e-server.mjs, one folder per port). */
export const PERSIST_TO = `.wrangler/e2e-${process.env.E2E_PORT ?? "8788"}`;

/** The local D1 and KV of the e2e Worker, by the ids wrangler.toml gives them for local runs. */
const LOCAL_D1_ID = "00000000-0000-0000-0000-000000000000";
const LOCAL_KV_ID = "00000000000000000000000000000000";

/**
 * Sends one request to the Local Explorer API of the e2e Worker's own `wrangler dev` (its local
 * copy of Cloudflare's REST API for D1 and KV, under /cdn-cgi/local/explorer/api) and checks its
 * answer. Synchronous, as the specs' seeds are: a child Node process makes the request.
 */
function askLocalExplorer(method: "POST" | "PUT", path: string, body: string) {
  const answer = execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const body = await new Response(process.stdin).text();
       const response = await fetch(process.argv[1], { method: process.argv[2], body, headers: { "content-type": "application/json" } });
       process.stdout.write(await response.text());`,
      `${BASE_URL}/cdn-cgi/local/explorer/api${path}`,
      method,
    ],
    { input: body, encoding: "utf8" },
  );
  let result: { success: boolean; errors?: { message: string }[] };
  try {
    result = JSON.parse(answer) as typeof result;
  } catch {
    throw new Error(
      `${method} ${path}: no answer from wrangler dev's Local Explorer (X_LOCAL_EXPLORER off?)`,
    );
  }
  if (!result.success)
    throw new Error(`${method} ${path}: ${result.errors?.map((error) => error.message).join("; ")}`);
}

/**
 * Runs SQL (one statement or several) on the e2e Worker's local D1 as one transaction, through
 * the Worker's own workerd (the Local Explorer's D1 `raw`, as Cloudflare's REST API takes it): its
 * D1 runs the seed between the site's own queries. A second process writing the file (a
 * `wrangler d1 execute`, a `node:sqlite` write) held SQLite's write lock now and then while the
 * Worker wrote, and workerd, which sets no busy timeout, answered that page with a 500
 * (`SQLITE_BUSY`, docs/decisions/072-a-faster-suite.md).
 */
export function executeLocalD1(sql: string) {
  askLocalExplorer("POST", `/d1/database/${LOCAL_D1_ID}/raw`, JSON.stringify({ sql }));
}

/** Puts one value into the e2e Worker's local KV (`CACHE`), through its own workerd, as `executeLocalD1` does. */
export function putLocalKv(key: string, value: string) {
  askLocalExplorer("PUT", `/storage/kv/namespaces/${LOCAL_KV_ID}/values/${encodeURIComponent(key)}`, value);
}

/** A spec's own tag for the names, addresses and ids it makes, so reruns and parallel workers never meet. */
export function runId(): string {
  return `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
}

/** Sign-in details for an account a spec makes (`createAccount`): its own address and a random password. */
export function testAccount(prefix: string, run: string): { email: string; password: string } {
  return { email: `${prefix}-${run}@example.org`, password: `e2e ${randomBytes(12).toString("hex")}` };
}

/** PBKDF2's iterations for a password, as app/server/auth/password.server.ts and admin:create hash it. */
const PASSWORD_ITERATIONS = 100_000;
const quoteSql = (text: string) => `'${text.replace(/'/g, "''")}'`;
type Role = "ADMIN" | "STAFF" | "USER";

/**
 * The rows `npm run admin:create` writes for an account with its e-mail confirmed (made again: a
 * new password, signed out), in the given role. launch.spec runs that command itself; the other
 * specs send these rows through the Worker's own workerd (`executeLocalD1`): a `wrangler d1
 * execute` of its own, about 5 s of a core per account, was a second process writing the Worker's
 * database file (docs/decisions/072-a-faster-suite.md).
 */
function accountSql(email: string, name: string, password: string, role: Role): string {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, PASSWORD_ITERATIONS, 32, "sha256");
  const now = quoteSql(new Date().toISOString());
  return `INSERT INTO users (id, email, name, password_hash, password_salt, password_iterations, role, locale, email_verified_at, created_at, updated_at)
     VALUES (${quoteSql(randomUUID())}, ${quoteSql(email)}, ${quoteSql(name)}, ${quoteSql(hash.toString("base64"))}, ${quoteSql(salt.toString("base64"))}, ${PASSWORD_ITERATIONS}, '${role}', 'en', ${now}, ${now}, ${now})
     ON CONFLICT(email) DO UPDATE SET role = excluded.role, password_hash = excluded.password_hash,
       password_salt = excluded.password_salt, password_iterations = excluded.password_iterations,
       email_verified_at = COALESCE(users.email_verified_at, excluded.email_verified_at), updated_at = excluded.updated_at;
     DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ${quoteSql(email)});`;
}

/** An ADMIN account with its e-mail confirmed, as `npm run admin:create` makes it (`accountSql`). */
export function createAccount(email: string, name: string, password: string) {
  executeLocalD1(accountSql(email, name, password, "ADMIN"));
}

/**
 * A spec's own staff account, made before its tests as a maintainer makes one (`accountSql`, in
 * the given role), with the cookie choice remembered before each test. `run` is the spec's run
 * id, for names of its own.
 */
export function staffOfSpec(
  prefix: string,
  name: string,
  { role = "ADMIN" }: { role?: "ADMIN" | "STAFF" } = {},
) {
  const run = runId();
  const account = { ...testAccount(prefix, run), run };
  test.beforeAll(() => executeLocalD1(accountSql(account.email, name, account.password, role)));
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));
  return account;
}

/**
 * A small office's two accounts for a spec (decision 052): Olga, an ADMIN, and Dana, a part-time
 * STAFF member, both of the spec's own run (`officeOfSpec("walk")` makes "Olga Walk").
 */
export function officeOfSpec(tag: string) {
  const admin = staffOfSpec(`olga-${tag.toLowerCase()}`, `Olga ${tag}`);
  const staff = staffOfSpec(`dana-${tag.toLowerCase()}`, `Dana ${tag}`, { role: "STAFF" });
  return { admin, staff };
}

/**
 * Visitors' own accounts (USER, the address confirmed, as signing up and following the link
 * leaves them), made before a spec's tests: one for each `[prefix, name]`, with addresses of a run
 * of their own.
 */
export function usersOfSpec(people: readonly (readonly [prefix: string, name: string])[]) {
  const run = runId();
  const accounts = people.map(([prefix, name]) => ({ ...testAccount(prefix, run), name }));
  test.beforeAll(() =>
    executeLocalD1(
      accounts.map((account) => accountSql(account.email, account.name, account.password, "USER")).join("\n"),
    ),
  );
  return accounts;
}

/** Signs in on the login page (`path` may carry a `redirectTo`) as a person would. */
export async function logIn(page: Page, account: { email: string; password: string }, path = "/login") {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Email (required)", exact: true }).fill(account.email);
  await page.getByRole("textbox", { name: "Password (required)", exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** What a staff member's authenticator app holds: the key the enrolment page showed, and the recovery codes it listed once. */
type AuthenticatorApp = { key: Uint8Array; lastStep: number; recoveryCodes: string[] };

/**
 * The "phone" of each staff account this test process signed in: filled at the first sign-in
 * (enrolment) from the key the page shows as text. Each worker makes its own accounts (`runId`),
 * so nothing here is shared between processes.
 */
const authenticatorApps = new Map<string, AuthenticatorApp>();

const TOTP_STEP_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / TOTP_STEP_MS);

/**
 * A code the server has not seen for this account: this step's, else the next one's (the
 * server accepts one step either way, decision 048), else the last one's while it has time left;
 * when a test signs in more often than that, a recovery code, as a person without their phone.
 */
function nextCode(app: AuthenticatorApp): string {
  const now = Date.now();
  const step = currentStep();
  const laterInStep = now % TOTP_STEP_MS > TOTP_STEP_MS - 5_000;
  const candidates = laterInStep ? [step + 1] : [step, step + 1, step - 1];
  const free = candidates.find((candidate) => candidate > app.lastStep);
  if (free === undefined) {
    const recovery = app.recoveryCodes.shift();
    if (!recovery) throw new Error("no unused code left for this account");
    return recovery;
  }
  app.lastStep = free;
  return generateHOTP(app.key, BigInt(free), 6);
}

/**
 * The second step of a staff sign-in, on /login/second-factor, as staff do it (decision 048): the
 * first time, add the account to the "app" from the key shown as text, confirm with its code and
 * keep the recovery codes; afterwards, the app's code. Ends once the browser has left the step:
 * the session cookie comes with that answer, and a test that went on before it (a `goto`, reading
 * the cookies) raced the sign-in and found itself signed out (decision 072).
 */
export async function passSecondFactor(page: Page, account: { email: string }) {
  await expect(page).toHaveURL(/\/login\/second-factor$/);
  await waitForHydration(page);
  const known = authenticatorApps.get(account.email);
  if (known) {
    await page.getByRole("textbox", { name: /^Code/ }).fill(nextCode(known));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).not.toHaveURL(/\/login\/second-factor$/);
    return;
  }
  const keyText = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent())!;
  const app: AuthenticatorApp = {
    key: decodeBase32IgnorePadding(keyText.replace(/ /g, "")),
    lastStep: 0,
    recoveryCodes: [],
  };
  await page.getByRole("textbox", { name: /^Code from the app/ }).fill(nextCode(app));
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  const codes = page.getByRole("list", { name: "Save your recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  app.recoveryCodes = await codes.allTextContents();
  authenticatorApps.set(account.email, app);
  await page.getByRole("link", { name: "I have saved them, continue" }).click();
  await expect(page).not.toHaveURL(/\/login\/second-factor$/);
}

/**
 * The session cookie of each staff account this test process signed in, kept from its first
 * sign-in. Each worker makes its own accounts (`runId`), so nothing here is shared between
 * processes; the cookie alone is kept (not the page's storage: a cookie choice or a theme stays
 * each test's own).
 */
const staffSessions = new Map<string, Cookie>();
const SESSION_COOKIE = "session";

/**
 * Signs a staff member (ADMIN or STAFF) in: the password on the login page (`path` may carry a
 * `redirectTo`), then the second step. Every spec that signs staff in uses this. The first time
 * in a test process an account signs in the whole way, as staff do; afterwards its session is
 * brought back, as a browser that kept its cookie does, and `path` opened: signed in, the login
 * page sends the person on to where the sign-in would have (`redirectIfSignedIn`). A session
 * ended since (signed out, the account made again) leaves the person on the login page, where
 * they sign in the whole way again (docs/decisions/072-a-faster-suite.md).
 */
export async function signInStaff(page: Page, account: { email: string; password: string }, path = "/login") {
  const kept = staffSessions.get(account.email);
  if (kept) {
    await page.context().addCookies([kept]);
    await page.goto(path);
    if (new URL(page.url()).pathname !== "/login") {
      await waitForHydration(page);
      return;
    }
  }
  await logIn(page, account, path);
  await passSecondFactor(page, account);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  if (session) staffSessions.set(account.email, session);
}
