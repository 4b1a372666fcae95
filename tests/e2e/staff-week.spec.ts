import {
  expect,
  expectNoAxeViolations,
  latestMail,
  officeOfSpec,
  screenshotToLookAt,
  signInStaff,
  test,
  visitorPage,
  waitForHydration,
} from "./fixtures";

// A week of an office manager (ADMIN) and a part-time communications person (STAFF), decision 052:
// the STAFF menu and a refused page, an invitation taken up to the second step, the audit log
// and the site wording editor, at 390 and 1280 px.
const { admin: ADMIN, staff: STAFF } = officeOfSpec("Week");
const RUN = ADMIN.run;
const INVITED = `nuevo-${RUN}@example.org`;

// One worker runs this file's tests in order, so its two accounts are made once, not once per
// worker (decision 072); not "serial": one failing does not skip the others.
test.describe.configure({ mode: "default", timeout: 180_000 });
test.use({ allowConsoleErrors: [/^403 .*\/admin\/(users|donations)/] });

for (const width of [1280, 390]) {
  test(`STAFF see their sections only, and a refused page keeps the menu and a way back (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInStaff(page, STAFF);
    await expect(page).toHaveURL(/\/admin$/);
    const sections = page.getByRole("navigation", { name: "Admin sections" });
    await expect(sections.getByRole("link", { name: "Audit log" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "Site wording" })).toBeVisible();
    for (const hidden of ["Events and tickets", "Donations", "Users", "Outbox"])
      await expect(sections.getByRole("link", { name: hidden })).toHaveCount(0);
    await screenshotToLookAt(page, test.info().outputPath(`staff-menu-${width}.png`), { fullPage: true });

    const refused = await page.goto("/admin/donations");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "This section is for administrators" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "Submissions" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotToLookAt(page, test.info().outputPath(`staff-refused-${width}.png`), { fullPage: true });
    await page.getByRole("link", { name: "Back to the overview" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
}

test("an ADMIN invites a staff member, who creates the account and goes on to the second step; the audit log says so", async ({
  page,
  browser,
}) => {
  await signInStaff(page, ADMIN);
  await page.goto("/admin/users");
  await waitForHydration(page);
  const form = page.getByRole("region", { name: "Invite a staff member" });
  await form.getByRole("textbox", { name: "Name (required)" }).fill(`Nuevo ${RUN}`);
  await form.getByRole("textbox", { name: "E-mail (required)" }).fill(INVITED);
  await form.getByLabel("Language of the e-mail").selectOption("es");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`The invitation to ${INVITED} is on its way.`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Send again: the invitation to ${INVITED}` })).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = latestMail(INVITED, "account.staff-invite");
  expect(mail?.subject).toBe("Su invitación a la administración de product");
  const link = /https?:\/\/[^/\s]+(\/invite\?token=\S+)/.exec(mail!.text)![1]!;
  const invitee = await visitorPage(browser);
  await invitee.goto(link);
  await waitForHydration(invitee);
  await expect(invitee.getByRole("heading", { name: "Únase al equipo" })).toBeVisible();
  await expectNoAxeViolations(invitee);
  await invitee.getByRole("textbox", { name: /^Nueva contraseña/ }).fill(`e2e invited ${RUN}`);
  await invitee.getByRole("button", { name: "Crear mi cuenta" }).click();
  await expect(invitee).toHaveURL(/\/login\/second-factor$/);

  await page.goto("/admin/audit");
  await expect(page.getByText(`Invited`).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: /Accepted the invitation:/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotToLookAt(page, test.info().outputPath("audit-1280.png"), { fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoAxeViolations(page);
  await screenshotToLookAt(page, test.info().outputPath("audit-390.png"), { fullPage: true });
});

test("the site wording editor opens in the reader's language, names pages, and flags the other language", async ({
  page,
}) => {
  await signInStaff(page, STAFF);
  await page.goto("/admin/content?lng=es&namespace=common&q=nav.home");
  await waitForHydration(page);
  // The language of the texts shown, in the filters: the reader's own.
  await expect(page.locator('select[name="locale"]')).toHaveValue("es");
  await page.getByRole("button", { name: "Guardar nav.home" }).click();
  await expect(page.getByText("Último cambio:")).toBeVisible();
  await page.goto("/admin/content?lng=es&locale=en&review=1");
  await expect(page.getByText("common:nav.home")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotToLookAt(page, test.info().outputPath("copy-editor-es-1280.png"), { fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoAxeViolations(page);
  await screenshotToLookAt(page, test.info().outputPath("copy-editor-es-390.png"), { fullPage: true });
});
