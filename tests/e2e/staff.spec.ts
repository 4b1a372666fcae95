import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import {
  createAccount,
  executeLocalD1,
  expect,
  expectNoAxeViolations,
  PERSIST_TO,
  rememberCookieChoice,
  runId,
  signInStaff,
  test,
  testAccount,
  waitForHydration,
} from "./fixtures";

// A STAFF member of a small team (docs/decisions/022-staff-role.md): the account
// `npm run admin:create` makes, given the STAFF role in D1, with two confirmed subscribers.
const RUN = runId();
// Other specs make staff accounts too; a name of this run picks this one in "Assigned to".
const STAFF_NAME = `Sam Staff ${RUN}`;
const STAFF = testAccount("staff", RUN);
const READERS = [`reader-a-${RUN}@example.com`, `reader-b-${RUN}@example.com`];
const SUBJECT = `Fall news ${RUN}`;

/** Rows of the e2e Worker's local D1 (scripts/e2e-server.mjs keeps it per port). */
function query<Row>(sql: string, ...params: string[]): Row[] {
  const dir = `${PERSIST_TO}/v3/d1/miniflare-D1DatabaseObject`;
  for (const file of readdirSync(dir).filter(
    (name) => name.endsWith(".sqlite") && name !== "metadata.sqlite",
  )) {
    const db = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
    try {
      return db.prepare(sql).all(...params) as Row[];
    } catch {
      // Another database of the same Worker.
    } finally {
      db.close();
    }
  }
  return [];
}

// A worker that comes back to this file's tests after another file's runs this again with the
// same RUN (fully parallel), so the seed is written to be run twice.
test.beforeAll(() => {
  createAccount(STAFF.email, STAFF_NAME, STAFF.password);
  executeLocalD1(
    [
      `UPDATE users SET role = 'STAFF' WHERE email = '${STAFF.email}';`,
      ...READERS.map(
        (email, index) =>
          `INSERT OR IGNORE INTO subscribers (id, email, locale, status, confirmed_at) VALUES ('${RUN}-${index}', '${email}', '${index === 0 ? "en" : "es"}', 'confirmed', '2026-01-01T00:00:00.000Z');`,
      ),
      `INSERT OR IGNORE INTO submissions (id, kind, locale, name, email, payload, idempotency_key) VALUES ('e2e-staff-${RUN}', 'contact', 'es', 'Rosa ${RUN}', 'rosa-${RUN}@example.com', '{"fullName":"Rosa ${RUN}","subject":"program","message":"Hola"}', 'e2e-staff-${RUN}');`,
    ].join(" "),
  );
});

test.beforeEach(async ({ page }) => rememberCookieChoice(page));
// Each journey signs in and walks several pages; on a busy machine that takes over 30 seconds.
test.describe.configure({ timeout: 120_000 });
test.use({ allowConsoleErrors: [/^403 .*\/admin\/users/] });

async function logInAsStaff(page: Page) {
  await signInStaff(page, STAFF);
  await expect(page).toHaveURL(/\/admin$/);
}

test("a staff member works the inbox but is refused the users page", async ({ page }) => {
  await logInAsStaff(page);
  const sections = page.getByRole("navigation", { name: "Admin sections" });
  await expect(sections.getByRole("link", { name: "Submissions" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Newsletters" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(sections.getByRole("link", { name: "Donations" })).toHaveCount(0);

  await sections.getByRole("link", { name: "Submissions" }).click();
  await page.getByRole("link", { name: `Open submission from Rosa ${RUN}` }).click();
  await expect(page.getByRole("definition").filter({ hasText: /^Program information$/ })).toBeVisible();
  await page.getByLabel("Assigned to").selectOption({ label: STAFF_NAME });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await page.getByLabel("Add a note").fill("Called Rosa, will call again.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText(`Note by ${STAFF_NAME}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/admin/submissions?assigned=me");
  await expect(page.getByRole("link", { name: `Open submission from Rosa ${RUN}` })).toBeVisible();

  const refused = await page.goto("/admin/users");
  expect(refused?.status()).toBe(403);
  // The refusal keeps the admin frame, its menu and the way back (decision 052).
  await expect(page.getByRole("heading", { name: "This section is for administrators" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Submissions" })).toBeVisible();
});

test("a staff member sends a newsletter: one message per subscriber, each with a working unsubscribe", async ({
  page,
}) => {
  await logInAsStaff(page);
  await page.goto("/admin/newsletters");
  await waitForHydration(page);
  const english = page.getByRole("group", { name: "English" });
  const spanish = page.getByRole("group", { name: "Spanish" });
  await english.getByLabel("Subject").fill(SUBJECT);
  await english.getByLabel("Text").fill("Hello families,\n\nSee [our events](https://example.org/events).");
  await spanish.getByLabel("Subject").fill(`Noticias ${RUN}`);
  await spanish.getByLabel("Text").fill("Estimadas familias:\n\nVea los eventos.");
  // The preview shows the link as a link before anything is saved.
  await expect(english.getByRole("link", { name: "our events" })).toHaveAttribute(
    "href",
    "https://example.org/events",
  );
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { name: SUBJECT })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: `Send a test to ${STAFF.email}` }).click();
  await expect(
    page.getByText(`A test in English and one in Spanish are on their way to ${STAFF.email}.`),
  ).toBeVisible();

  await page.getByRole("checkbox", { name: /Yes, send this issue to/ }).check();
  await page.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
  await expect(page.getByText("Sending has started.")).toBeVisible();

  const issueId = new URL(page.url()).pathname.split("/").pop()!;
  const mails = query<{ to: string; text: string; subject: string }>(
    `SELECT "to", text, subject FROM outbox WHERE id LIKE ? AND "to" IN (?, ?)`,
    `newsletter:${issueId}:%`,
    ...READERS,
  );
  expect(mails.map((mail) => mail.to).sort()).toEqual([...READERS].sort());
  expect(mails.find((mail) => mail.to === READERS[1])!.subject).toBe(`Noticias ${RUN}`);
  // Every confirmed subscriber got it once: as many messages as the send recorded.
  const [issue] = query<{ sent_count: number; status: string }>(
    "SELECT sent_count, status FROM newsletters WHERE id = ?",
    issueId,
  );
  const all = query<{ n: number }>(
    "SELECT count(*) AS n FROM outbox WHERE id LIKE ?",
    `newsletter:${issueId}:%`,
  );
  expect(all[0]!.n).toBe(issue!.sent_count);
  expect(issue!.status).toBe("sent");

  for (const mail of mails) {
    const link = /https?:\/\/\S+\/newsletter\/unsubscribe\?\S+/.exec(mail.text)![0];
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: /^(Unsubscribe|Darme de baja)$/ }).click();
    await expect(page.getByRole("heading", { name: /^(You.re unsubscribed|Se dio de baja)$/ })).toBeVisible();
  }
  const statuses = query<{ status: string }>(
    "SELECT status FROM subscribers WHERE email IN (?, ?)",
    ...READERS,
  );
  expect(statuses.map((row) => row.status)).toEqual(["unsubscribed", "unsubscribed"]);
});
