import { spawn, spawnSync } from "node:child_process";
import {
  COLOUR_RULES,
  expect,
  expectNoAxeViolations,
  PERSIST_TO,
  rememberCookieChoice,
  runId,
  screenshotToLookAt,
  signInStaff,
  test,
  testAccount,
  turnSystemDark,
  waitForHydration,
} from "./fixtures";

// A maintainer makes the first admin the way docs/deploy.md says, typing the password at
// admin:create's hidden prompt, and finds the launch checklist on the overview
// (docs/decisions/043-production-settings-and-launch-checks.md). The e2e database holds the seed's
// example facts; other specs change the phone and the goal, never the EIN or the legal name.
const RUN = runId();
const ADMIN = testAccount("launch", RUN);
// Without ADMIN_PASSWORD, so admin:create has only the prompt to read the password from.
const { ADMIN_PASSWORD: _unused, ...parentEnv } = process.env;
const env = { ...parentEnv, WRANGLER_SEND_METRICS: "false", CI: "true", WRANGLER_PERSIST_TO: PERSIST_TO };

/**
 * Runs admin:create in a terminal (util-linux `script` gives it one), answering each password
 * prompt once it shows. Returns everything the terminal showed.
 */
function typeAtPrompt(email: string, password: string): Promise<{ status: number | null; shown: string }> {
  const command = `${process.execPath} scripts/admin-create.mjs --email ${email} --name 'Lee Launch'`;
  const terminal = spawn("script", ["-qec", command, "/dev/null"], { env });
  let shown = "";
  let answered = 0;
  terminal.stdout.on("data", (chunk: Buffer) => {
    shown += chunk.toString();
    const prompts = shown.match(/Password for|The same password again/g)?.length ?? 0;
    if (prompts > answered) {
      answered = prompts;
      terminal.stdin.write(`${password}\r`);
    }
  });
  return new Promise((resolve) => terminal.on("close", (status) => resolve({ status, shown })));
}

test.beforeEach(async ({ page }) => rememberCookieChoice(page));

test("admin:create takes the password hidden; the new admin's overview lists what is not ready, with its fix", async ({
  page,
}) => {
  // Two wrangler runs and a full axe scan of the overview.
  test.setTimeout(90_000);
  // The running Worker shares the local database: a busy moment fails wrangler, so try again.
  let run = await typeAtPrompt(ADMIN.email, ADMIN.password);
  for (let attempt = 1; run.status !== 0 && attempt < 5; attempt++) {
    run = await typeAtPrompt(ADMIN.email, ADMIN.password);
  }
  expect(run.shown).toContain(`Password for ${ADMIN.email} (hidden;`);
  expect(run.shown).toContain(`admin:create: ${ADMIN.email} is an admin with the given password`);
  expect(run.shown).not.toContain(ADMIN.password);
  expect(run.status).toBe(0);

  // Its first sign-in enrols the authenticator app, as every staff member's does (decision 048).
  await signInStaff(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin?lng=en");
  const checklist = page.getByRole("region", { name: /things? to do before launch$/ });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByText("The EIN is still the example one")).toBeVisible();
  await expect(checklist.getByText("The legal name is still the example one")).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await screenshotToLookAt(checklist, test.info().outputPath("launch-checklist-390.png"));
  // The system turning dark changes colours only (docs/conventions.md, Tests).
  await turnSystemDark(page);
  await expectNoAxeViolations(page, COLOUR_RULES);
  await screenshotToLookAt(checklist, test.info().outputPath("launch-checklist-390-dark.png"));

  await checklist.getByRole("link", { name: "Edit the EIN" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
});

test("admin:create refuses a password on the command line, which npm would print", () => {
  const refused = spawnSync(
    process.execPath,
    ["scripts/admin-create.mjs", "--email", `never-${RUN}@example.org`, "--password", ADMIN.password],
    { env, encoding: "utf8" },
  );
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain("admin:create: --password is refused");
  expect(`${refused.stdout}${refused.stderr}`).not.toContain(ADMIN.password);
});
